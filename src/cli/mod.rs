//! The command-line tools beside the protocol loop: `perft`, `bench`,
//! `judge`, `match`, `book`, `convert`, `analyse`, `datagen`, `data`, `merge`,
//! `texel`, `spsa`, `train`, `tactics`, `gui`, and the command line that picks one
//! (`command_line.rs`).

pub mod analyse;
pub mod bench;
pub mod book;
mod command_line;
pub mod convert;
pub mod data;
pub mod datagen;
mod error;
pub mod gui;
mod input;
pub mod judge;
pub mod r#match;
pub mod merge;
mod network_arg;
pub mod perft;
pub mod spsa;
mod table;
pub mod tactics;
pub mod texel;
pub mod train;
mod training_data;
mod values;

pub use command_line::run;
pub use error::ToolError;

pub use crate::VERSION;
