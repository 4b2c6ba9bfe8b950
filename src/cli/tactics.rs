//! `chuhan tactics FILE [--movetime MS]... [--nodes N]...`: the engine, with
//! its own evaluation (the built-in network), on a suite of problems. Each
//! problem is searched from a cleared table, once per budget; the tool
//! prints one line per problem and, per budget, how many it solved.
//!
//! The suite is EPD: the board and the side to move, two `-` fields, then
//! operations separated by `;`: `bm` the moves to play, `am` the moves to
//! avoid, `dm` a mate's length in moves, `id` a name in quotes; other
//! operations (such as `c0` comments) are read past. A problem is solved
//! when the move the engine plays is one of its `bm` moves (if it has any)
//! and none of its `am` moves. A mate suite lists every first move that
//! forces the fastest mate as `bm`, so playing any other move delays the
//! mate or loses it; there the mate score the engine reports is shown
//! beside it, and counted on its own ("mate seen"). A suite cut from lost
//! games lists the move that lost as `am`.

use super::table::engine_with_table;
use super::values::{number, positive};
use super::ToolError;
use crate::core::{BadMoveText, FenError, Move, Position};
use crate::eval::Evaluator;
use crate::search::{Engine, Limits, Score, SearchOutcome};
use std::fmt;
use std::time::{Duration, Instant};

/// One mate problem from a suite.
#[derive(Clone, Debug)]
pub struct Problem {
    pub id: String,
    /// The problem's EPD text up to its operations (board and side to move).
    pub fen: String,
    pub position: Position,
    /// The mate's length in moves of the side to move, for a mate problem.
    pub mate_in: Option<u32>,
    /// The moves to play (for a mate problem, every first move that mates
    /// in `mate_in`); empty: any move not to avoid.
    pub best: Vec<Move>,
    /// The moves not to play.
    pub avoid: Vec<Move>,
}

/// What is wrong with one line of a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemError {
    /// Fewer than the four EPD fields before the operations.
    TooFewFields,
    BadFen(FenError),
    /// A `bm` or `am` operand (named) that is not a move.
    BadMove(&'static str, BadMoveText),
    /// A `bm` or `am` move (named) the position does not allow.
    IllegalMove(&'static str, Move),
    /// Neither a `bm` nor an `am` move.
    NoMoves,
    /// A `dm` that is not a number from 1.
    BadMateLength(String),
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::TooFewFields => {
                f.write_str("expected a board, a side to move and two '-' fields")
            }
            ProblemError::BadFen(e) => write!(f, "bad FEN: {e}"),
            ProblemError::BadMove(opcode, e) => write!(f, "{opcode}: {e}"),
            ProblemError::IllegalMove(opcode, mv) => write!(f, "{opcode}: {mv} is not legal here"),
            ProblemError::NoMoves => f.write_str("no 'bm' or 'am' moves"),
            ProblemError::BadMateLength(text) => {
                write!(f, "dm: '{text}' is not a number from 1")
            }
        }
    }
}

/// A bad line of a suite: its number (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteError {
    pub line: usize,
    pub error: ProblemError,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for SuiteError {}

/// The problems of a suite, in order; blank lines and `#` comments are
/// skipped. The first bad line is an error: counts from a suite read in
/// part would mislead.
pub fn parse_suite(text: &str) -> Result<Vec<Problem>, SuiteError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(index, line)| {
            parse_problem(line).map_err(|error| SuiteError {
                line: index + 1,
                error,
            })
        })
        .collect()
}

/// One EPD line: `board side - - bm m1 m2; dm N; id "name";` (or `am m1`
/// in place of `bm`, or both, and `dm` only for a mate).
pub fn parse_problem(line: &str) -> Result<Problem, ProblemError> {
    let mut fields = line.split_whitespace();
    let (Some(board), Some(side), Some(_), Some(_)) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err(ProblemError::TooFewFields);
    };
    let fen = format!("{board} {side}");
    let position = Position::from_fen(&fen).map_err(ProblemError::BadFen)?;
    let operations = fields.collect::<Vec<_>>().join(" ");
    let (mut id, mut best, mut avoid, mut mate_in) = (String::new(), Vec::new(), Vec::new(), None);
    let legal_moves = |opcode: &'static str, operand: &str| -> Result<Vec<Move>, ProblemError> {
        operand
            .split_whitespace()
            .map(|text| {
                let mv: Move = text.parse().map_err(|e| ProblemError::BadMove(opcode, e))?;
                if position.is_legal(mv) {
                    Ok(mv)
                } else {
                    Err(ProblemError::IllegalMove(opcode, mv))
                }
            })
            .collect()
    };
    for operation in operations.split(';').map(str::trim) {
        let (opcode, operand) = operation.split_once(' ').unwrap_or((operation, ""));
        let operand = operand.trim();
        match opcode {
            "bm" => best.extend(legal_moves("bm", operand)?),
            "am" => avoid.extend(legal_moves("am", operand)?),
            "dm" => {
                let n = number::<u32>(operand)
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| ProblemError::BadMateLength(operand.to_string()))?;
                mate_in = Some(n);
            }
            "id" => id = operand.trim_matches('"').to_string(),
            _ => {}
        }
    }
    if best.is_empty() && avoid.is_empty() {
        return Err(ProblemError::NoMoves);
    }
    Ok(Problem {
        id,
        fen,
        position,
        mate_in,
        best,
        avoid,
    })
}

/// What one search of a problem may spend.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// `go movetime`.
    MoveTime(Duration),
    /// `go nodes`, for runs whose result does not depend on the machine.
    Nodes(u64),
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::MoveTime(t) => write!(f, "movetime {} ms", t.as_millis()),
            Budget::Nodes(n) => write!(f, "nodes {n}"),
        }
    }
}

/// How the engine did on one problem.
#[derive(Clone, Debug)]
pub struct Attempt {
    pub outcome: SearchOutcome,
    /// The move played is one of the problem's moves to play (if it lists
    /// any) and none of its moves to avoid.
    pub solved: bool,
    /// The score is the problem's mate, at its distance (a mate problem).
    pub mate_seen: bool,
}

/// Searches `problem` once under `budget` with `engine`, cleared first so
/// that no problem profits from another's table. One engine serves every
/// problem: a fresh table each time cost far more than the searches (the
/// operating system maps and zeroes every page anew).
pub fn attempt(engine: &Engine, problem: &Problem, budget: Budget) -> Attempt {
    let mut limits = Limits::default();
    match budget {
        Budget::MoveTime(t) => limits.move_time = Some(t),
        Budget::Nodes(n) => limits.nodes = Some(n),
    }
    engine.clear();
    let outcome = engine.search(&problem.position, limits);
    let wanted = |mv: &Move| problem.best.is_empty() || problem.best.contains(mv);
    Attempt {
        solved: outcome
            .best
            .is_some_and(|mv| wanted(&mv) && !problem.avoid.contains(&mv)),
        mate_seen: problem
            .mate_in
            .is_some_and(|n| outcome.score == Score::Mate(n as i32)),
        outcome,
    }
}

/// Run the engine on a suite of problems and count the solved ones.
///
/// Reads an EPD suite (`bm` the moves to play, for a mate every first move
/// that mates fastest; `am` the moves to avoid; `dm` a mate's length in
/// moves; `id` a name), searches each problem from a cleared hash table on
/// one thread with the engine's own evaluation (the built-in network), once
/// per budget, and prints one line per problem, the totals, and the time
/// spent searching and in all. Solved: the move played is a `bm` move (if
/// the problem lists any) and no `am` move.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan tactics tests/data/mates.epd --movetime 1000 --movetime 2000
  chuhan tactics tests/data/mates.epd --nodes 200000
  chuhan tactics tests/data/losses.epd --movetime 300 --movetime 1000")]
pub struct TacticsArgs {
    /// The suite (EPD).
    suite: std::path::PathBuf,
    /// Think this many milliseconds per problem (repeatable; with neither
    /// this nor --nodes: 1000 and 2000).
    #[arg(long, value_name = "MS", value_parser = positive::<u64>)]
    movetime: Vec<u64>,
    /// Search this many nodes per problem (repeatable).
    #[arg(long, value_name = "N", value_parser = positive::<u64>)]
    nodes: Vec<u64>,
    /// Hash table size in MB (cleared before each problem, so a larger
    /// table costs time of its own).
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = positive::<usize>)]
    hash: usize,
}

/// Runs the tool.
pub fn run(args: TacticsArgs) -> Result<(), ToolError> {
    let text = std::fs::read_to_string(&args.suite)
        .map_err(|e| format!("{}: {e}", args.suite.display()))?;
    let problems = parse_suite(&text).map_err(|e| format!("{}: {e}", args.suite.display()))?;
    let mut budgets: Vec<Budget> = args
        .movetime
        .iter()
        .map(|&ms| Budget::MoveTime(Duration::from_millis(ms)))
        .chain(args.nodes.iter().map(|&n| Budget::Nodes(n)))
        .collect();
    if budgets.is_empty() {
        budgets = vec![
            Budget::MoveTime(Duration::from_millis(1_000)),
            Budget::MoveTime(Duration::from_millis(2_000)),
        ];
    }
    let started = Instant::now();
    let mut engine = engine_with_table(args.hash, 1)?;
    engine.set_evaluator(Evaluator::engine_default());
    let mut searching = Duration::ZERO;
    let mut totals = Vec::new();
    for &budget in &budgets {
        println!("{budget}:");
        let (mut solved, mut seen) = (0, 0);
        for (index, problem) in problems.iter().enumerate() {
            let attempt = attempt(&engine, problem, budget);
            solved += usize::from(attempt.solved);
            seen += usize::from(attempt.mate_seen);
            searching += attempt.outcome.time;
            println!("{}", problem_line(index + 1, problem, &attempt));
        }
        totals.push((budget, solved, seen));
    }
    let mates = problems.iter().filter(|p| p.mate_in.is_some()).count();
    for (budget, solved, seen) in totals {
        let mate_note = if mates > 0 {
            format!(" (mate seen at its distance: {seen})")
        } else {
            String::new()
        };
        println!("{budget}: solved {solved} of {}{mate_note}", problems.len());
    }
    // What the run cost beyond its searches (reading, clearing the table),
    // so a user sees the figures are the searches'.
    println!(
        "time {:.2} s searching, {:.2} s in all",
        searching.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `  3 ok   a4e4  mate 1    d 9     1.00 s  chongpao 1 (wants a4e4, mate 1)`;
/// a problem of moves to avoid ends `(avoids h2h9)`.
fn problem_line(number: usize, problem: &Problem, attempt: &Attempt) -> String {
    let out = &attempt.outcome;
    let played = out.best.map_or("none".to_string(), |mv| mv.to_string());
    let listed = |moves: &[Move]| {
        moves
            .iter()
            .map(Move::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut asks = Vec::new();
    if !problem.best.is_empty() {
        asks.push(format!("wants {}", listed(&problem.best)));
    }
    if !problem.avoid.is_empty() {
        asks.push(format!("avoids {}", listed(&problem.avoid)));
    }
    if let Some(n) = problem.mate_in {
        asks.push(format!("mate {n}"));
    }
    format!(
        "{number:>3} {:<4} {played:<5} {:<9} d {:<3} {:>5.2} s  {} ({})",
        if attempt.solved { "ok" } else { "miss" },
        out.score.to_string(),
        out.depth,
        out.time.as_secs_f64(),
        problem.id,
        asks.join(", ")
    )
}
