//! The command-line tools beside the protocol loop: `perft`, `convert`, `book`.

pub mod book;
pub mod convert;
mod input;
pub mod perft;
