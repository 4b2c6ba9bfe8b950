//! The command-line tools beside the protocol loop: `perft`, `bench`,
//! `convert`, `book`, `match`.

pub mod bench;
pub mod book;
pub mod convert;
mod input;
pub mod judge;
pub mod r#match;
pub mod perft;
