//! The protocol front end: UCCI 3.0 and UCI on a pair of byte streams.
//! [`command`] reads a line, [`options`] keeps the option table, [`clock`]
//! turns `go` into search limits, [`ending`] decides on draws and
//! resignation, [`reply`] writes the engine's words, [`session`] is the state
//! machine and [`io`] the threads that read and write.

pub mod clock;
pub mod command;
pub mod ending;
pub mod io;
pub mod options;
pub mod reply;
pub mod session;

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
