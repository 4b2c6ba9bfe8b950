//! The engine behind a board: the same protocol session a GUI gets from
//! `chuhan`, run in this process on threads of its own and spoken to in UCI
//! lines. So the board's engine plays exactly what `go` plays with the same
//! limits, and every option the protocol has reaches it the same way.

use std::io::{self, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use tokio::sync::mpsc::UnboundedSender;

/// Lines to the engine; dropping it ends the engine's input, and the
/// session stops its search and ends.
pub struct EngineLink {
    to_engine: Sender<String>,
}

impl EngineLink {
    /// Starts a session whose every output line goes to `from_engine`.
    pub fn start(from_engine: UnboundedSender<String>) -> EngineLink {
        let (to_engine, lines) = mpsc::channel::<String>();
        std::thread::Builder::new()
            .name("gui-engine".into())
            .spawn(move || {
                crate::protocol::run(
                    io::BufReader::new(LineReader::new(lines)),
                    Box::new(LineWriter::new(from_engine)),
                );
            })
            .expect("the engine's thread starts");
        let link = EngineLink { to_engine };
        link.send("uci");
        link
    }

    /// Sends one command line (without its newline).
    pub fn send(&self, line: &str) {
        // The session ends only when this link is dropped, so the channel
        // is open; a session ended by a fault has said so on its output.
        let _ = self.to_engine.send(format!("{line}\n"));
    }
}

impl Drop for EngineLink {
    fn drop(&mut self) {
        self.send("stop");
        self.send("quit");
    }
}

/// The engine's input: the lines sent through an [`EngineLink`], read as
/// bytes; the end of input when the link is gone.
struct LineReader {
    lines: Receiver<String>,
    pending: Vec<u8>,
    at: usize,
}

impl LineReader {
    fn new(lines: Receiver<String>) -> LineReader {
        LineReader {
            lines,
            pending: Vec::new(),
            at: 0,
        }
    }
}

impl Read for LineReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.pending.len() {
            match self.lines.recv() {
                Ok(line) => {
                    self.pending = line.into_bytes();
                    self.at = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The engine's output, cut into lines and handed to the board's task.
struct LineWriter {
    to_board: UnboundedSender<String>,
    partial: Vec<u8>,
}

impl LineWriter {
    fn new(to_board: UnboundedSender<String>) -> LineWriter {
        LineWriter {
            to_board,
            partial: Vec::new(),
        }
    }
}

impl Write for LineWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.partial.extend_from_slice(buf);
        while let Some(end) = self.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line).trim_end().to_string();
            // A board that is gone reads nothing more; the session ends
            // when its link is dropped.
            let _ = self.to_board.send(text);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_linked_session_answers_like_the_engine_on_a_pipe() {
        let (to_board, mut from_engine) = tokio::sync::mpsc::unbounded_channel();
        let link = EngineLink::start(to_board);
        link.send("position startpos moves h2e2");
        link.send("go depth 3");
        let mut seen = Vec::new();
        while let Some(line) = from_engine.blocking_recv() {
            let done = line.starts_with("bestmove");
            seen.push(line);
            if done {
                break;
            }
        }
        assert!(seen.iter().any(|l| l == "uciok"), "{seen:?}");
        assert!(
            seen.iter().any(|l| l.starts_with("info depth 3")),
            "{seen:?}"
        );
    }

    #[test]
    fn a_link_dropped_mid_search_stops_the_search_and_ends_the_session() {
        let (to_board, mut from_engine) = tokio::sync::mpsc::unbounded_channel();
        let link = EngineLink::start(to_board);
        link.send("position startpos");
        link.send("go infinite");
        // Thinking: a line with a principal variation has come.
        while let Some(line) = from_engine.blocking_recv() {
            if line.contains(" pv ") {
                break;
            }
        }
        drop(link);
        // The search stops with its move and the session's output closes;
        // an infinite search left running would never close it.
        let (done, closed) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut rest = Vec::new();
            while let Some(line) = from_engine.blocking_recv() {
                rest.push(line);
            }
            let _ = done.send(rest);
        });
        let rest = closed
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("the session ends within 30 s of its link going");
        assert!(rest.iter().any(|l| l.starts_with("bestmove")), "{rest:?}");
    }
}
