//! The two ends of the pipe: a reader thread that turns input into
//! [`Event::Line`]s (so commands are read while the engine thinks), and an
//! [`Output`] that writes whole lines and flushes each one, from any thread.

use super::event::Event;
use std::io::{BufRead, Write};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

/// A line writer shared by the session and the search's progress reports.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    pub fn new(sink: Box<dyn Write + Send>) -> Output {
        Output {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    /// Writes one line and flushes it: GUIs read line by line and would
    /// wait forever on a buffered `bestmove`. A closed pipe is not an error
    /// worth dying for; the reader will see the end of input.
    pub fn line(&self, text: &str) {
        let mut sink = match self.sink.lock() {
            Ok(sink) => sink,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(sink, "{text}");
        let _ = sink.flush();
    }

    pub fn lines(&self, texts: impl IntoIterator<Item = String>) {
        for text in texts {
            self.line(&text);
        }
    }
}

/// Reads `input` line by line on its own thread until it ends. Bytes that
/// are not UTF-8 are replaced rather than ending the session.
pub fn spawn_reader(mut input: impl BufRead + Send + 'static, events: Sender<Event>) {
    std::thread::Builder::new()
        .name("protocol-input".into())
        .spawn(move || {
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match input.read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buffer).into_owned();
                        if events.send(Event::Line(line)).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = events.send(Event::EndOfInput);
        })
        .expect("the input thread starts");
}
