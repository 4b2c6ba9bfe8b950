//! `chuhan analyse FILE [--depth D | --nodes N | --movetime MS] [--to
//! NOTATION] [--svg FILE] [--game N]`: every game of a PGN file (any
//! notation) reviewed by the engine (see [`crate::analysis`]) and written
//! back as annotated PGN on stdout; progress on stderr.

use super::input::{read_text, EncodingArg};
use super::table::engine_with_table;
use super::values::{positive, search_depth};
use super::{ToolError, VERSION};
use crate::analysis::{annotated_pgn, review_game, svg_plot, GameReview, Summary};
use crate::core::GameResult;
use crate::eval::Evaluator;
use crate::notation::{notation_of, parse_pgn, Game, Notation};
use crate::search::{Engine, Limits};
use crate::signals::interrupt;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Analyse games: each move's score, the engine's better move, marks.
///
/// Reads every game of a PGN file (ICCS, WXF or Chinese notation) and
/// searches each position with the engine's own evaluation under one
/// budget (--depth, --nodes or --movetime; depth 12 by default). Writes the
/// games back as PGN on stdout: after each move its value from Red's side
/// and the depth, and for a move that gave away part of the game's expected
/// result (a win 1, a draw 1/2, by the engine's WDL model) a mark (?! from
/// 0.06 of a point, ? from 0.13, ?? from 0.30; level with all the pieces on,
/// about 50, 100 and 260 centipawns), the mover's expected result before and
/// after, and the engine's better move; then a summary per side (average
/// centipawn loss, inaccuracies, mistakes, blunders). Progress goes to
/// stderr.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan analyse game.pgn > game-analysed.pgn
  chuhan analyse games.pgn --nodes 200000 --to chinese --svg eval.svg
  chuhan analyse game.pgn --movetime 500 --game 2")]
#[command(group(clap::ArgGroup::new("budget").args(["depth", "nodes", "movetime"])))]
pub struct AnalyseArgs {
    /// The game file (PGN in any notation); `-` reads stdin.
    #[arg(value_name = "FILE")]
    file: String,
    #[command(flatten)]
    encoding: EncodingArg,
    /// Search each position to this depth (1 to 60; the default, 12).
    #[arg(long, value_name = "D", value_parser = search_depth)]
    depth: Option<i32>,
    /// Search each position this many nodes.
    #[arg(long, value_name = "N", value_parser = positive::<u64>)]
    nodes: Option<u64>,
    /// Search each position this many milliseconds.
    #[arg(long, value_name = "MS", value_parser = positive::<u64>)]
    movetime: Option<u64>,
    /// The notation to write: iccs, wxf, chinese or traditional (default:
    /// the input's).
    #[arg(long, value_name = "NOTATION")]
    to: Option<Notation>,
    /// Draw the evaluation over each game as an SVG plot in FILE (with
    /// several games, FILE-1.svg, FILE-2.svg, ...).
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Analyse only this game of the file (1 is the first).
    #[arg(long, value_name = "N", value_parser = game_number)]
    game: Option<usize>,
    /// Hash table size in MB (kept through a game, cleared between games).
    #[arg(long, value_name = "MB", default_value_t = 64, value_parser = positive::<usize>)]
    hash: usize,
    /// Search threads (1 gives the same analysis every run).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = positive::<usize>)]
    threads: usize,
}

/// The depth searched when no budget is given.
const DEFAULT_DEPTH: i32 = 12;

fn game_number(text: &str) -> Result<usize, String> {
    text.parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| format!("--game '{text}' is not a game number (1, 2, ..)"))
}

impl AnalyseArgs {
    /// The limits of each search, and how the annotator tag says them.
    fn budget(&self) -> (Limits, String) {
        let mut limits = Limits::default();
        let said = if let Some(n) = self.nodes {
            limits.nodes = Some(n);
            format!("nodes {n}")
        } else if let Some(ms) = self.movetime {
            limits.move_time = Some(Duration::from_millis(ms));
            format!("movetime {ms} ms")
        } else {
            let d = self.depth.unwrap_or(DEFAULT_DEPTH);
            limits.depth = Some(d);
            format!("depth {d}")
        };
        (limits, said)
    }
}

/// `Red vs Black, 1-0` (or the event, or `game N`; the result when known),
/// for titles and progress.
fn title(number: usize, game: &Game) -> String {
    let players = game.players().unwrap_or(format!("game {number}"));
    match game.result {
        Some(result) => format!("{players}, {}", GameResult::as_str(result)),
        None => players,
    }
}

/// Where game `number`'s plot goes: FILE itself when one game is analysed,
/// else FILE with `-number` before its extension.
fn svg_path(file: &Path, number: usize, several: bool) -> PathBuf {
    if !several {
        return file.to_path_buf();
    }
    let stem = file
        .file_stem()
        .map_or("analysis".into(), |s| s.to_string_lossy().into_owned());
    let ext = file
        .extension()
        .map_or("svg".into(), |e| e.to_string_lossy().into_owned());
    file.with_file_name(format!("{stem}-{number}.{ext}"))
}

/// Runs the tool; the error is one line for the user.
pub fn run(args: AnalyseArgs) -> Result<(), ToolError> {
    let text = read_text(&args.file, &args.encoding)?;
    let notation = args
        .to
        .or_else(|| notation_of(&text))
        .unwrap_or(Notation::Iccs);
    let games = parse_pgn(&text);
    let count = games.len();
    if count == 0 {
        return Err(format!("{} holds no game", args.file).into());
    }
    let chosen: Vec<(usize, _)> = match args.game {
        Some(n) if n > count => {
            return Err(format!(
                "{} holds {count} game{}, there is no game {n}",
                args.file,
                if count == 1 { "" } else { "s" }
            )
            .into())
        }
        Some(n) => vec![(n, games.into_iter().nth(n - 1).expect("n is in range"))],
        None => (1..).zip(games).collect(),
    };
    let (limits, budget) = args.budget();
    let annotator = format!("chuhan {VERSION}, {budget}");
    let mut engine = engine_with_table(args.hash, args.threads)?;
    engine.set_evaluator(Evaluator::engine_default());
    let wanted = chosen.len();
    let several = wanted > 1;
    eprintln!(
        "analysing {wanted} game{} with {budget} a position",
        if several { "s" } else { "" }
    );
    let started = Instant::now();
    interrupt::install();
    let stdout = std::io::stdout();
    let mut failed = 0;
    let mut first = true;
    for (index, (number, game)) in chosen.into_iter().enumerate() {
        // A bad move ends its game there: the moves before it are analysed.
        let (game, stopped) = match game {
            Ok(game) => (game, None),
            Err(e) if e.read_so_far.is_some() => {
                failed += 1;
                let game = *e.read_so_far.clone().expect("just checked");
                eprintln!(
                    "error: {e}; analysing the {} moves before it",
                    game.moves.len()
                );
                (game, Some(format!("the game stops here: {}", e.problem)))
            }
            Err(e) if several => {
                failed += 1;
                eprintln!("error: {e}; left out");
                continue;
            }
            Err(e) => return Err(e.to_string().into()),
        };
        let name = title(number, &game);
        engine.clear();
        let review = review_with_progress(&engine, &game, &limits, index + 1, wanted, &name);
        let summary = Summary::of(&review);
        eprintln!(
            "game {} of {wanted} ({name}): Red {}; Black {}",
            index + 1,
            summary.red,
            summary.black
        );
        let pgn = annotated_pgn(&game, &review, notation, &annotator, stopped.as_deref());
        let mut out = stdout.lock();
        let separator = if first { "" } else { "\n" };
        // A closed pipe ends the run quietly, like other line tools.
        if write!(out, "{separator}{pgn}")
            .and_then(|()| out.flush())
            .is_err()
        {
            return Ok(());
        }
        first = false;
        if let Some(file) = &args.svg {
            let path = svg_path(file, number, several);
            let plot = svg_plot(
                &review,
                &name,
                &annotator,
                game.start.fullmove_number(),
                game.start.side_to_move(),
            );
            std::fs::write(&path, plot)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            eprintln!("wrote {}", path.display());
        }
        if interrupt::interrupted() {
            return Err(ToolError::Interrupted(format!(
                "stopped in game {} of {wanted} after {} of its {} moves; what is above is analysed",
                index + 1,
                review.moves.len(),
                game.moves.len()
            )));
        }
    }
    eprintln!("done in {:.1} s", started.elapsed().as_secs_f64());
    if failed > 0 {
        return Err(
            format!("{failed} of {wanted} games could not be read whole (named above)").into(),
        );
    }
    Ok(())
}

/// Reviews one game, telling stderr how far it has come at most once a
/// second (a long game at a deep budget takes minutes).
fn review_with_progress(
    engine: &Engine,
    game: &Game,
    limits: &Limits,
    index: usize,
    wanted: usize,
    name: &str,
) -> GameReview {
    let mut last = Instant::now();
    let mut progress = |done: usize, total: usize| {
        if last.elapsed() >= Duration::from_secs(1) {
            last = Instant::now();
            eprintln!("game {index} of {wanted} ({name}): position {done} of {total}");
        }
        if interrupt::interrupted() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    review_game(engine, game, limits, &mut progress)
}
