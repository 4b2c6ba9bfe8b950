//! A GUI's view of the engine: spawn the built binary, write command lines,
//! read reply lines with timeouts (so a hung engine fails a test instead of
//! hanging CI), and keep the transcript for failure messages.

#![allow(dead_code)]

use chuhan::{Move, Position};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub const SLOW: Duration = Duration::from_secs(60);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    pub transcript: Vec<String>,
}

impl Engine {
    pub fn start() -> Engine {
        Engine::start_with(&[])
    }

    /// The engine with extra environment variables (such as a test-only fault).
    pub fn start_with(env: &[(&str, &str)]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the engine starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
        }
    }

    /// A UCCI engine after the handshake (clocks in milliseconds, the default).
    pub fn ucci() -> Engine {
        let mut e = Engine::start();
        e.send("ucci");
        e.until("ucciok", SLOW);
        e
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|_| stdin.flush())
            .expect("the engine reads its input");
    }

    /// Raw bytes, for CRLF and invalid UTF-8.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.transcript
            .push(format!("> {}", String::from_utf8_lossy(bytes)));
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).and_then(|_| stdin.flush()).unwrap();
    }

    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` after `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(format!("< {line}"));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Every line up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        self.until_any(&[prefix], timeout)
    }

    /// The lines that arrive within `wait`.
    pub fn quiet(&mut self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut seen = Vec::new();
        while let Some(line) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            seen.push(line);
        }
        seen
    }

    /// Sends `isready` and returns what came before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until("readyok", SLOW);
        lines.pop();
        lines
    }

    /// Sends a `go ...` and returns the `bestmove`/`nobestmove` line.
    pub fn go(&mut self, go: &str) -> String {
        self.send(go);
        self.until_best(SLOW)
    }

    pub fn until_best(&mut self, timeout: Duration) -> String {
        let lines = self.until_any(&["bestmove", "nobestmove"], timeout);
        lines.last().cloned().unwrap_or_default()
    }

    pub fn until_any(&mut self, prefixes: &[&str], timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let done = prefixes.iter().any(|p| line.starts_with(p));
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                None => panic!(
                    "none of {prefixes:?} within {timeout:?}; transcript:\n{}",
                    self.tail()
                ),
            }
        }
    }

    /// Whether the process has exited within `timeout`.
    pub fn exits_within(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        false
    }

    pub fn is_alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    pub fn tail(&self) -> String {
        let from = self.transcript.len().saturating_sub(
            std::env::var("TAIL")
                .ok()
                .and_then(|t| t.parse().ok())
                .unwrap_or(40),
        );
        self.transcript[from..].join("\n")
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line, checked for the exact format GUIs read at
/// fixed columns: `bestmove h2e2[ ponder h9g7][ draw|resign]`.
pub fn best_of(line: &str) -> Move {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words[0], "bestmove", "{line:?}");
    assert!(!line.ends_with(' ') && !line.contains("  "), "{line:?}");
    assert_eq!(words[1].len(), 4, "{line:?}");
    match &words[2..] {
        [] | ["draw"] | ["resign"] => {}
        ["ponder", p] | ["ponder", p, "draw"] | ["ponder", p, "resign"] => {
            assert_eq!(p.len(), 4, "{line:?}");
            p.parse::<Move>().expect("the ponder move is ICCS");
        }
        _ => panic!("unexpected bestmove line {line:?}"),
    }
    words[1].parse().expect("the best move is ICCS")
}

/// The best move, which must be legal in `pos`, and the ponder move, which
/// must be legal after it.
pub fn legal_best(line: &str, pos: &Position) -> Move {
    let best = best_of(line);
    assert!(pos.is_legal(best), "{line} is illegal in {}", pos.to_fen());
    let words: Vec<&str> = line.split(' ').collect();
    if words.get(2) == Some(&"ponder") {
        let mut after = pos.clone();
        after.try_play(best).unwrap();
        let ponder: Move = words[3].parse().unwrap();
        assert!(after.is_legal(ponder), "{line}: ponder illegal");
    }
    best
}

/// A deterministic game of `plies` legal moves from the start (quiet moves
/// where possible, so it does not end early), with the position reached.
pub fn long_game(plies: usize, seed: u64) -> (Vec<Move>, Position) {
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    let mut rng = chuhan::random::Rng::new(seed);
    for _ in 0..plies {
        let all = pos.legal_moves();
        if all.is_empty() {
            break;
        }
        let quiet: Vec<Move> = all
            .iter()
            .copied()
            .filter(|m| pos.piece_at(m.to()).is_none())
            .collect();
        let pool: Vec<Move> = if quiet.is_empty() {
            all.to_vec()
        } else {
            quiet
        };
        let mv = pool[rng.below(pool.len() as u64) as usize];
        pos.try_play(mv).unwrap();
        moves.push(mv);
    }
    (moves, pos)
}

pub fn move_list(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
