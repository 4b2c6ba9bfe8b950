//! Opening books: the built-in book, ElephantEye's format, probing, and `chuhan book`.
//!
//! One test binary for the room (linking one binary per file cost the
//! CI most of its time); each file below is one subject.

#[path = "../elephanteye_books/mod.rs"]
mod elephanteye_books;
#[path = "../engine_process/mod.rs"]
mod engine_process;
#[path = "../tool_run/mod.rs"]
mod tool_run;

mod builtin;
mod cli;
mod elephanteye;
mod probe;
