//! Opening books: the built-in book, ElephantEye's format, probing, and `chuhan book`.
//!
//! One test binary for the room (linking one binary per file cost the
//! CI most of its time); each file below is one subject.

#[path = "../support/elephanteye_books.rs"]
mod elephanteye_books;
#[path = "../support/engine_process.rs"]
mod engine_process;
#[path = "../support/tool_run.rs"]
mod tool_run;

mod builtin;
mod cli;
mod elephanteye;
mod probe;
