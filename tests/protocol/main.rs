//! The protocol loop through the binary: UCCI and UCI sessions, search info, clocks, defaults, faults.
//!
//! One test binary for the room (linking one binary per file cost the
//! CI most of its time); each file below is one subject.

#[path = "../support/elephanteye_books.rs"]
mod elephanteye_books;
#[path = "../support/engine_process.rs"]
mod engine_process;

mod clock;
mod defaults;
mod faults;
mod ucci_session;
mod uci_search_info;
mod uci_session;
