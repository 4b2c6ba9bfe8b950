//! The command-line tools beside the protocol loop: `perft`, `judge` (and later others).

pub mod judge;
pub mod perft;
