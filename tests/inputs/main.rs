//! Bad input never crashes anything: garbage books, moves and PGN, garbage on the protocol, and the fuzzers of every reader of outside input.
//!
//! One test binary for the room (linking one binary per file cost the
//! CI most of its time); each file below is one subject.

#[path = "../elephanteye_books/mod.rs"]
mod elephanteye_books;
#[path = "../engine_process/mod.rs"]
mod engine_process;
#[path = "../fuzzing/mod.rs"]
mod fuzzing;
#[path = "../tool_run/mod.rs"]
mod tool_run;

mod engine_line_fuzz;
mod fuzz;
mod garbage;
mod protocol;
