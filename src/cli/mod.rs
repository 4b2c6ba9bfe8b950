//! The command-line tools beside the protocol loop: `perft` (and later others).

pub mod bench;
pub mod judge;
pub mod perft;
