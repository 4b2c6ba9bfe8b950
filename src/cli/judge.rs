//! `chuhan judge [--rule chinese|asian|simple] [--json]`: reads games from
//! stdin, one per line, written like the arguments of the UCCI `position`
//! command (`startpos moves h2e2 h9g7` or `fen <FEN> moves ...`), and prints
//! what a referee would rule: the verdict (or `ongoing`), the reason, and
//! each move of a judged cycle with its kind and targets. A bad line gets one
//! error line saying what is wrong, and the tool goes on with the next.

use super::ToolError;
use crate::core::{BadMoveText, FenError, Move, Position, Square};
use crate::rules::material::kind_name;
use crate::rules::{color_name, judge_game, CycleMove, GameError, GameJudgement, RuleSet};
use std::fmt;
use std::io::{self, BufRead, Write};

/// Judge games by the repetition rules, as a referee would.
///
/// Reads games from stdin, one per line, written like the arguments of the
/// UCCI `position` command (`startpos moves h2e2 h9g7 ...` or `fen <FEN>
/// moves ...`), and prints the ruling at each game's first end: red_loses,
/// black_loses, draw or ongoing, with the reason and each move of the judged
/// cycle with its kind (check, mate-threat, chase, idle). A bad line gets one
/// `error: game N: ...` line and the next line is judged.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  echo 'startpos moves h2e2 h9g7' | chuhan judge
  chuhan judge --rule asian --json < games.txt")]
pub struct JudgeArgs {
    /// The rule set: chinese (the Chinese Xiangqi Association rule book),
    /// asian (AXF) or simple (only perpetual check loses).
    #[arg(long, value_name = "RULE", default_value_t = RuleSet::default())]
    rule: RuleSet,
    /// Print one JSON object per input line (fields verdict, reason, plies,
    /// moves) instead of text.
    #[arg(long)]
    json: bool,
}

/// What can be wrong with one line of input.
#[derive(Debug)]
pub enum LineError {
    /// Neither `startpos` nor `fen <FEN>` at the start.
    NoPosition(String),
    BadFen(FenError),
    /// Something other than `moves` after the position.
    ExpectedMoves(String),
    /// Move `number` (from 1) is not ICCS text.
    BadMove {
        number: usize,
        text: BadMoveText,
    },
    Game(GameError),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::NoPosition(word) => {
                write!(f, "expected 'startpos' or 'fen <FEN>', found '{word}'")
            }
            LineError::BadFen(e) => write!(f, "bad FEN: {e}"),
            LineError::ExpectedMoves(word) => write!(f, "expected 'moves', found '{word}'"),
            LineError::BadMove { number, text } => write!(f, "move {number}: {text}"),
            LineError::Game(e) => e.fmt(f),
        }
    }
}

/// A game from one line: the start position and the moves since.
fn parse_game(line: &str) -> Result<(Position, Vec<Move>), LineError> {
    let mut words = line.split_whitespace().peekable();
    if words.peek() == Some(&"position") {
        words.next();
    }
    let start = match words.next() {
        Some("startpos") => Position::startpos(),
        Some("fen") => {
            let mut fen = Vec::new();
            while let Some(&word) = words.peek() {
                if word == "moves" {
                    break;
                }
                fen.push(word);
                words.next();
            }
            Position::from_fen(&fen.join(" ")).map_err(LineError::BadFen)?
        }
        other => return Err(LineError::NoPosition(other.unwrap_or("").to_string())),
    };
    match words.next() {
        None => return Ok((start, Vec::new())),
        Some("moves") => {}
        Some(other) => return Err(LineError::ExpectedMoves(other.to_string())),
    }
    let moves = words
        .enumerate()
        .map(|(i, text)| {
            text.parse::<Move>().map_err(|e| LineError::BadMove {
                number: i + 1,
                text: e,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((start, moves))
}

fn judge_line(line: &str, rules: RuleSet) -> Result<GameJudgement, LineError> {
    let (start, moves) = parse_game(line)?;
    judge_game(&start, &moves, rules).map_err(LineError::Game)
}

/// The pieces a cycle move chases: kind name and point.
fn targets(m: &CycleMove) -> impl Iterator<Item = (&'static str, Square)> + '_ {
    m.class
        .chases
        .iter()
        .map(|t| (kind_name(t.piece.kind), t.square))
}

/// The plain-text report: the verdict and reason, then one line per cycle move.
fn text_report(judgement: &GameJudgement) -> String {
    let mut out = judgement.outcome.name().to_string();
    if !judgement.reason.is_empty() {
        out += &format!(": {}", judgement.reason);
    }
    for m in judgement.cycle.iter().flat_map(|c| &c.moves) {
        out += &format!(
            "\n  {} {} {}",
            m.class.mv,
            color_name(m.color),
            m.class.kind
        );
        let targets: Vec<String> = targets(m)
            .map(|(kind, square)| format!("{kind} {square}"))
            .collect();
        if !targets.is_empty() {
            out += &format!(" ({})", targets.join(", "));
        }
    }
    out
}

/// A JSON string literal.
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            c if (c as u32) < 0x20 => out += &format!("\\u{:04x}", c as u32),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One JSON object for one game.
fn json_report(judgement: &GameJudgement) -> String {
    let moves: Vec<String> = judgement
        .cycle
        .iter()
        .flat_map(|c| &c.moves)
        .map(|m| {
            let targets: Vec<String> = targets(m)
                .map(|(kind, square)| format!("{{\"piece\":\"{kind}\",\"square\":\"{square}\"}}"))
                .collect();
            format!(
                "{{\"move\":\"{}\",\"side\":\"{}\",\"kind\":\"{}\",\"targets\":[{}]}}",
                m.class.mv,
                color_name(m.color).to_lowercase(),
                m.class.kind,
                targets.join(",")
            )
        })
        .collect();
    format!(
        "{{\"verdict\":\"{}\",\"reason\":{},\"plies\":{},\"moves\":[{}]}}",
        judgement.outcome,
        json_string(&judgement.reason),
        judgement.plies,
        moves.join(",")
    )
}

/// Runs the tool over stdin; the error is one line for the user.
pub fn run(args: JudgeArgs) -> Result<(), ToolError> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut game = 0;
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| format!("reading stdin: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        game += 1;
        let report = match (judge_line(&line, args.rule), args.json) {
            (Ok(judgement), false) => text_report(&judgement),
            (Ok(judgement), true) => json_report(&judgement),
            (Err(e), false) => format!("error: game {game}: {e}"),
            (Err(e), true) => format!(
                "{{\"error\":{},\"game\":{game}}}",
                json_string(&e.to_string())
            ),
        };
        // A closed pipe ends the run quietly, like other line tools.
        if writeln!(out, "{report}").is_err() {
            break;
        }
    }
    Ok(())
}
