//! Bad input never crashes anything: garbage books, moves and PGN, garbage on the protocol, and the fuzzers of every reader of outside input.
//!
//! One test binary for the room (linking one binary per file cost the
//! CI most of its time); each file below is one subject.

#[path = "../support/elephanteye_books.rs"]
mod elephanteye_books;
#[path = "../support/engine_process.rs"]
mod engine_process;
#[path = "../support/fuzzing.rs"]
mod fuzzing;
#[path = "../support/tool_run.rs"]
mod tool_run;

mod engine_line_fuzz;
mod fuzz;
mod garbage;
mod protocol;
