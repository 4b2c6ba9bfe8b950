//! The protocol front end: UCCI 3.0 and UCI on a pair of byte streams.
//! [`command`] reads a line, [`options`] keeps the option table, [`clock`]
//! turns `go` into search limits, [`ending`] decides on draws and
//! resignation, [`reply`] writes the engine's words, [`session`] is the state
//! machine, reacting to the [`event`]s that [`io`]'s threads read and write.
//! Inside, `go` plans what a `go` does (refuse, no move, perft, the static
//! score, or a search that may take a book move) for the session to carry
//! out, `thinking` runs a search for the session, `job` runs its other
//! work (`perft`, `bench`), `failure` turns panics into error lines,
//! `memory` admits hash sizes, `numbering` reads moves with ranks from 0
//! or from 1, and `display` and `evaluation` print `d` and
//! `eval`.

mod bench;
pub mod clock;
pub mod command;
mod display;
pub mod ending;
mod evaluation;
pub mod event;
mod failure;
mod go;
pub mod io;
mod job;
mod numbering;
// The tools that build a table of a size the user names ask it too.
pub(crate) mod memory;
pub mod options;
mod perft;
pub mod reply;
pub mod session;
mod thinking;

use session::{Flow, Session};
use std::io::{BufRead, Write};
use std::sync::mpsc;

/// Serves one GUI until `quit` or the end of its input.
pub fn run(input: impl BufRead + Send + 'static, output: Box<dyn Write + Send>) {
    let (events, inbox) = mpsc::channel();
    io::spawn_reader(input, events.clone());
    let mut session = Session::new(io::Output::new(output), events);
    while let Ok(event) = inbox.recv() {
        if session.handle(event) == Flow::Quit {
            break;
        }
    }
}

/// The engine on standard input and output, as GUIs start it.
pub fn run_stdio() {
    run(
        std::io::BufReader::new(std::io::stdin()),
        Box::new(std::io::stdout()),
    );
}
