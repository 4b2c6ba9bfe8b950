//! `chuhan tactics FILE [--movetime MS]... [--nodes N]...`: the engine, with
//! its own evaluation (the built-in network), on a suite of mate problems.
//! Each problem is searched from a cleared table, once per budget; the tool
//! prints one line per problem and, per budget, how many it solved.
//!
//! The suite is EPD: the board and the side to move, two `-` fields, then
//! operations separated by `;`: `bm` the first moves that mate fastest (all
//! of them), `dm` the mate's length in moves, `id` a name in quotes; other
//! operations (such as `c0` comments) are read past. A problem is solved
//! when the move the engine plays is one of its `bm` moves: the suite lists
//! every first move that forces the fastest mate, so playing any other move
//! delays the mate or loses it. The mate score the engine reports is shown
//! beside it, and counted on its own ("mate seen").

use super::table::engine_with_table;
use super::values::number;
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
    /// The mate's length in moves of the side to move.
    pub mate_in: u32,
    /// Every first move that mates in `mate_in`.
    pub best: Vec<Move>,
}

/// What is wrong with one line of a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemError {
    /// Fewer than the four EPD fields before the operations.
    TooFewFields,
    BadFen(FenError),
    BadMove(BadMoveText),
    /// A `bm` move the position does not allow.
    IllegalMove(Move),
    /// No `bm` operation, or one without moves.
    NoBestMove,
    /// No `dm` operation, or one that is not a number from 1.
    NoMateLength,
    BadMateLength(String),
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProblemError::TooFewFields => {
                f.write_str("expected a board, a side to move and two '-' fields")
            }
            ProblemError::BadFen(e) => write!(f, "bad FEN: {e}"),
            ProblemError::BadMove(e) => write!(f, "bm: {e}"),
            ProblemError::IllegalMove(mv) => write!(f, "bm: {mv} is not legal here"),
            ProblemError::NoBestMove => f.write_str("no 'bm' moves"),
            ProblemError::NoMateLength => f.write_str("no 'dm' (mate length)"),
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

/// One EPD line: `board side - - bm m1 m2; dm N; id "name";`.
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
    let (mut id, mut best, mut mate_in) = (String::new(), Vec::new(), None);
    for operation in operations.split(';').map(str::trim) {
        let (opcode, operand) = operation.split_once(' ').unwrap_or((operation, ""));
        let operand = operand.trim();
        match opcode {
            "bm" => {
                for text in operand.split_whitespace() {
                    let mv: Move = text.parse().map_err(ProblemError::BadMove)?;
                    if !position.is_legal(mv) {
                        return Err(ProblemError::IllegalMove(mv));
                    }
                    best.push(mv);
                }
            }
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
    if best.is_empty() {
        return Err(ProblemError::NoBestMove);
    }
    Ok(Problem {
        id,
        fen,
        position,
        mate_in: mate_in.ok_or(ProblemError::NoMateLength)?,
        best,
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
    /// The move played is one of the problem's fastest mating moves.
    pub solved: bool,
    /// The score is the problem's mate, at its distance.
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
    Attempt {
        solved: outcome.best.is_some_and(|mv| problem.best.contains(&mv)),
        mate_seen: outcome.score == Score::Mate(problem.mate_in as i32),
        outcome,
    }
}

/// Run the engine on a suite of mate problems and count the solved ones.
///
/// Reads an EPD suite (`bm` every first move that mates fastest, `dm` the
/// mate's length in moves, `id` a name), searches each problem from a
/// cleared hash table on one thread with the engine's own evaluation (the
/// built-in network), once per budget, and prints one line per problem, the
/// totals, and the time spent searching and in all. Solved: the move played
/// is a `bm` move.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan tactics tests/data/mates.epd --movetime 1000 --movetime 2000
  chuhan tactics tests/data/mates.epd --nodes 200000")]
pub struct TacticsArgs {
    /// The suite (EPD).
    suite: std::path::PathBuf,
    /// Think this many milliseconds per problem (repeatable; with neither
    /// this nor --nodes: 1000 and 2000).
    #[arg(long, value_name = "MS", value_parser = positive)]
    movetime: Vec<u64>,
    /// Search this many nodes per problem (repeatable).
    #[arg(long, value_name = "N", value_parser = positive)]
    nodes: Vec<u64>,
    /// Hash table size in MB (cleared before each problem, so a larger
    /// table costs time of its own).
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = positive_usize)]
    hash: usize,
}

fn positive(text: &str) -> Result<u64, String> {
    number::<u64>(text)
        .ok()
        .filter(|&n| n > 0)
        .ok_or(format!("'{text}' is not a number from 1"))
}

fn positive_usize(text: &str) -> Result<usize, String> {
    positive(text).map(|n| n as usize)
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
    for (budget, solved, seen) in totals {
        println!(
            "{budget}: solved {solved} of {} (mate seen at its distance: {seen})",
            problems.len()
        );
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

/// `  3 ok   a4e4  mate 1    d 9     1.00 s  chongpao 1 (wants a4e4, mate 1)`.
fn problem_line(number: usize, problem: &Problem, attempt: &Attempt) -> String {
    let out = &attempt.outcome;
    let played = out.best.map_or("none".to_string(), |mv| mv.to_string());
    let wanted: Vec<String> = problem.best.iter().map(Move::to_string).collect();
    format!(
        "{number:>3} {:<4} {played:<5} {:<9} d {:<3} {:>5.2} s  {} (wants {}, mate {})",
        if attempt.solved { "ok" } else { "miss" },
        out.score.to_string(),
        out.depth,
        out.time.as_secs_f64(),
        problem.id,
        wanted.join(" "),
        problem.mate_in
    )
}
