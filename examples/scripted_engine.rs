//! A scripted test engine for `chuhan match`: it speaks UCCI and/or UCI and
//! plays, move by move, what its script says, so tests can force every way
//! a game ends (an illegal move, a timeout, a crash, a perpetual check, a
//! resignation) between real processes.
//!
//! ```text
//! scripted_engine [--proto ucci|uci|both|none] [--script "ACTION ..."]
//!                 [--score CP] [--log FILE] [--tunable NAME=TARGET]
//! ```
//! Each `go` takes the next ACTION (the script restarts with each new game;
//! once used up, every move is `any`):
//! - a move such as `h2e2`: play it, legal or not;
//! - `any`: the first legal move;
//! - `slow`: think until `stop`, then play `any`;
//! - `sleep:MS`: sleep MS milliseconds without reading input, then play `any`
//!   (a `stop` sent meanwhile is read when idle and, in UCCI, answered by
//!   `nobestmove` as the protocol asks);
//! - `hang`: never answer again (not even `stop` or `quit`);
//! - `crash`: exit at once with status 3;
//! - `resign`, `draw`: play `any` and resign, or offer a draw;
//! - `nomove`: answer `nobestmove`;
//! - `bare`: answer a bare `bestmove` line, with no move;
//! - `garbage`: send noise first (bytes that are not UTF-8, cut-off `info`
//!   and `bestmove`-like words, a very long line), then play `any`.
//!
//! `--tunable NAME=TARGET` announces a spin option NAME, as a tuning build
//! announces a search parameter, and plays worse the farther its value is
//! from TARGET: with the value V set, it resigns at its move
//! `max(1, 4 - |V - TARGET| / 10)` of each game (before the script's action),
//! so that the side nearer TARGET wins and a tuner has a slope to climb.
//!
//! `--proto none` never answers the handshake; `uci` ignores `ucci` and
//! vice versa. Like Fairy-Stockfish, once told `UCI_Variant` xiangqi it
//! writes and reads moves with ranks 1-10 (script moves are written in 0-9
//! and translated). Every score reported is `--score` (0 by default). `--log`
//! appends each command received to FILE, so tests can check what the
//! runner sent.

use chuhan::{Move, Position, Ranks};
use std::io::{BufRead, Write};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Ucci,
    Uci,
}

struct Script {
    actions: Vec<String>,
    next: usize,
    score: i32,
    accepts: (bool, bool),
    tunable: Option<Tunable>,
}

/// An option whose value decides when the engine resigns.
struct Tunable {
    name: String,
    target: i64,
    value: Option<i64>,
}

impl Tunable {
    /// The move (from 1) of a game at which the engine resigns, once set.
    fn resigns_at(&self) -> Option<usize> {
        let distance = (self.value? - self.target).unsigned_abs() as usize;
        Some(4usize.saturating_sub(distance / 10).max(1))
    }

    /// Reads `setoption NAME V` (UCCI) or `setoption name NAME value V` (UCI).
    fn read(&mut self, words: &[&str]) {
        let (name, value) = match words {
            ["setoption", "name", name, "value", value] => (*name, *value),
            ["setoption", name, value] => (*name, *value),
            _ => return,
        };
        if name == self.name {
            self.value = value.parse().ok();
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut accepts = (true, true); // (ucci, uci)
    let mut actions = Vec::new();
    let mut score = 0;
    let mut log = None;
    let mut tunable = None;
    while let Some(arg) = args.next() {
        let value = args.next().unwrap_or_default();
        match arg.as_str() {
            "--proto" => {
                accepts = match value.as_str() {
                    "ucci" => (true, false),
                    "uci" => (false, true),
                    "none" => (false, false),
                    _ => (true, true),
                }
            }
            "--script" => actions = value.split_whitespace().map(String::from).collect(),
            "--score" => score = value.parse().unwrap_or(0),
            "--log" => log = Some(value),
            "--tunable" => {
                let (name, target) = value.split_once('=').unwrap_or((&value, "0"));
                tunable = Some(Tunable {
                    name: name.to_string(),
                    target: target.parse().unwrap_or(0),
                    value: None,
                });
            }
            other => {
                eprintln!("scripted_engine: unknown argument {other}");
                std::process::exit(2);
            }
        }
    }
    let mut script = Script {
        actions,
        next: 0,
        score,
        accepts,
        tunable,
    };
    let mut log = log.and_then(|path| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .ok()
    });
    let mut mode = Mode::Ucci;
    let mut pos = Position::startpos();
    let mut ranks = Ranks::FromZero;
    let mut thinking_slowly = false;
    let mut hung = false;
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if let Some(file) = log.as_mut() {
            let _ = writeln!(file, "{line}");
        }
        if hung {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("ucci") if script.accepts.0 => {
                mode = Mode::Ucci;
                say("id name scripted");
                say("option usemillisec type check default false");
                say("option threads type spin default 1 min 1 max 64");
                say("option newgame type button");
                if let Some(t) = &script.tunable {
                    say(&format!(
                        "option {} type spin default 0 min -100000 max 100000",
                        t.name
                    ));
                }
                say("ucciok");
            }
            Some("uci") if script.accepts.1 => {
                mode = Mode::Uci;
                say("id name scripted");
                say("option name Hash type spin default 16 min 1 max 1024");
                say("option name Threads type spin default 1 min 1 max 64");
                say("option name UCI_Variant type combo default chess var chess var xiangqi");
                if let Some(t) = &script.tunable {
                    say(&format!(
                        "option name {} type spin default 0 min -100000 max 100000",
                        t.name
                    ));
                }
                say("uciok");
            }
            Some("isready") => say("readyok"),
            Some("ucinewgame") => script.next = 0,
            Some("setoption") if words.get(1) == Some(&"newgame") => script.next = 0,
            Some("setoption") if line.contains("UCI_Variant value xiangqi") => {
                ranks = Ranks::FromOne
            }
            Some("setoption") if script.tunable.is_some() => {
                if let Some(t) = script.tunable.as_mut() {
                    t.read(&words)
                }
            }
            Some("position") => {
                pos = read_position(&words[1..], ranks).unwrap_or_else(Position::startpos)
            }
            Some("go") => {
                let mut action = script
                    .actions
                    .get(script.next)
                    .cloned()
                    .unwrap_or_else(|| "any".to_string());
                script.next += 1;
                let resigns_at = script.tunable.as_ref().and_then(Tunable::resigns_at);
                if resigns_at.is_some_and(|at| script.next >= at) {
                    action = "resign".to_string();
                }
                match action.as_str() {
                    "crash" => std::process::exit(3),
                    "hang" => hung = true,
                    "slow" => thinking_slowly = true,
                    "nomove" => say("nobestmove"),
                    "bare" => say("bestmove"),
                    "garbage" => {
                        say_noise();
                        say(&format!("bestmove {}", any_move(&pos, ranks)));
                    }
                    sleep if sleep.starts_with("sleep:") => {
                        let ms = sleep[6..].parse().unwrap_or(0);
                        std::thread::sleep(std::time::Duration::from_millis(ms));
                        say(&format!("bestmove {}", any_move(&pos, ranks)));
                    }
                    _ => {
                        say(&format!(
                            "info depth 1 score {}",
                            score_text(mode, script.score)
                        ));
                        let mv = match action.parse::<Move>() {
                            Ok(mv) => ranks.write(mv),
                            Err(_) => any_move(&pos, ranks),
                        };
                        let suffix = match action.as_str() {
                            "resign" => " resign",
                            "draw" => " draw",
                            _ => "",
                        };
                        say(&format!("bestmove {mv}{suffix}"));
                    }
                }
            }
            Some("stop") if thinking_slowly => {
                thinking_slowly = false;
                say(&format!("bestmove {}", any_move(&pos, ranks)));
            }
            Some("quit") => {
                if mode == Mode::Ucci {
                    say("bye");
                }
                return;
            }
            Some("stop") if mode == Mode::Ucci => say("nobestmove"),
            // Bans are the runner's warning; a script plays what it says.
            Some("stop" | "setoption" | "banmoves") => {}
            // Engines answer unknown commands like this (Pikafish does).
            Some(_) => say(&format!("Unknown command: '{line}'")),
            None => {}
        }
    }
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Output a careless or broken engine might send while thinking.
fn say_noise() {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(b"info string \xff\xfe\xc3 not utf-8 \x80\n");
    let _ = out.write_all(b"info depth\n");
    let _ = out.write_all(b"info score cp\n");
    let _ = out.write_all(b"info score mate -99999999999999999999\n");
    let _ = out.write_all(b"bestmovex\n");
    let _ = out.write_all(b"\xe6\xa5\x9a\n");
    let _ = out.write_all(format!("info string {}\n", "x".repeat(100_000)).as_bytes());
    let _ = out.flush();
}

fn score_text(mode: Mode, score: i32) -> String {
    match mode {
        Mode::Ucci => score.to_string(),
        Mode::Uci => format!("cp {score}"),
    }
}

fn any_move(pos: &Position, ranks: Ranks) -> String {
    pos.legal_moves()
        .first()
        .map_or("a0a0".to_string(), |&m| ranks.write(m))
}

/// `startpos [moves ...]` or `fen FEN... [moves ...]`.
fn read_position(words: &[&str], ranks: Ranks) -> Option<Position> {
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let mut pos = match *words.first()? {
        "startpos" => Position::startpos(),
        "fen" => Position::from_fen(&words[1..moves_at].join(" ")).ok()?,
        _ => return None,
    };
    for text in words.iter().skip(moves_at + 1) {
        pos.try_play(ranks.read(text).ok()?).ok()?;
    }
    Some(pos)
}
