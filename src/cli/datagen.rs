//! `chuhan datagen --out FILE [--threads N] [--nodes N] [--games N] ...`:
//! self-play games written as training data (see [`crate::learn::datagen::run`]
//! and the format in [`crate::learn::data::games`]), with the recipe that
//! makes them again in the file's header.

use super::network_arg::NetworkArg;
use super::values::number;
use super::{ToolError, VERSION};
use crate::arena::adjudication::{Adjudication, DrawRule, ResignRule};
use crate::book::{Books, BUILT_IN_BOOK};
use crate::checksum::fnv1a;
use crate::eval::Evaluator;
use crate::learn::data::games::Recipe;
use crate::learn::datagen::game::{SelfPlayOpenings, SelfPlaySettings};
use crate::learn::datagen::run::{self, DatagenConfig};
use crate::rules::RuleSet;
use crate::signals::interrupt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Play the engine against itself and write its positions as training data.
///
/// Each game starts from the opening book (a weighted walk) or one of the
/// match runner's built-in openings, then a few random legal plies, all
/// drawn from the seed, then a few plies each drawn among the moves that a
/// multi-PV search scores within a margin of the best (a game whose start
/// was already played in the run is skipped); then every move is a search
/// of a fixed number of nodes on one thread. Positions whose search score
/// is a mate or a win by the repetition rules are not written: such a
/// score is no evaluation. Games end by the rules (mate, no legal move,
/// repetition verdicts, the 60-move rule) or by the resign and draw
/// thresholds. Games go to FILE, a game file (format version 2) whose header
/// holds the run's recipe: the program and its commit, the network, the
/// book and every setting that decides the games. The same recipe writes the
/// same bytes for any thread count. Ctrl-C stops the run and keeps every game
/// finished without a gap before it; the same command with --resume goes on
/// after the file's last game, and a run stopped and resumed writes what a
/// run made at once would have. Progress goes to stderr.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan datagen --out data/selfplay.bin --threads 2 --nodes 5000 --games 100
  chuhan datagen --out data/selfplay.bin --positions 2000000 --seed 7
  chuhan datagen --out data/nnue.bin --network --threads 2 --positions 100000
  chuhan datagen --out data/nnue.bin --network --threads 2 --positions 100000 --resume")]
pub struct DatagenArgs {
    /// The game file to write (new, or one to --resume).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Go on with FILE's games: the same settings, after its last game.
    #[arg(long)]
    resume: bool,
    /// Games played at once, one thread each.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = number::<usize>)]
    threads: usize,
    /// Nodes searched per move.
    #[arg(long, value_name = "N", default_value_t = 5_000, value_parser = number::<u64>)]
    nodes: u64,
    /// Treat --nodes as soft: finish the iteration running when they are
    /// spent (never past four times as many), so every label is a whole depth's.
    #[arg(long)]
    soft_nodes: bool,
    /// Stop after this many games (without --games or --positions: until Ctrl-C).
    #[arg(long, value_name = "N", value_parser = number::<u64>)]
    games: Option<u64>,
    /// Stop once this many positions are written (whole games only).
    #[arg(long, value_name = "N", value_parser = number::<u64>)]
    positions: Option<u64>,
    /// Seeds the openings and random plies.
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = number::<u64>)]
    seed: u64,
    /// The opening book to walk (default: the shipped book/chuhan.book, when found).
    #[arg(long, value_name = "FILE", conflicts_with = "no_book")]
    book: Option<PathBuf>,
    /// Use the built-in openings only.
    #[arg(long)]
    no_book: bool,
    /// The most moves taken from the book.
    #[arg(long, value_name = "N", default_value_t = 16, value_parser = number::<usize>)]
    book_plies: usize,
    /// The most random legal plies after the opening.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = number::<usize>)]
    random_plies: usize,
    /// Plies after those drawn among the best lines within --variety-margin.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = number::<usize>)]
    variety_plies: usize,
    /// The lines the varied plies choose among (a multi-PV search).
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = number::<usize>)]
    variety_lines: usize,
    /// How far below the best line a varied ply's move may score (centipawns).
    #[arg(long, value_name = "CP", default_value_t = 40, value_parser = number::<i32>)]
    variety_margin: i32,
    /// A game is won once the score stays beyond this (centipawns), seen
    /// by both sides...
    #[arg(long, value_name = "CP", default_value_t = 1_000, value_parser = number::<i32>)]
    resign_score: i32,
    /// ...for this many moves of each side in a row (0: never).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = number::<u32>)]
    resign_movecount: u32,
    /// A game is drawn once the score stays within this of 0...
    #[arg(long, value_name = "CP", default_value_t = 10, value_parser = number::<i32>)]
    draw_score: i32,
    /// ...for this many moves of each side in a row (0: never)...
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = number::<u32>)]
    draw_movecount: u32,
    /// ...from this move of the game on.
    #[arg(long, value_name = "N", default_value_t = 40, value_parser = number::<u32>)]
    draw_movenumber: u32,
    /// A game that reaches this ply is a draw.
    #[arg(long, value_name = "N", default_value_t = 400, value_parser = number::<usize>)]
    max_plies: usize,
    /// Hash table per game, in megabytes.
    #[arg(long, value_name = "MB", default_value_t = 16, value_parser = number::<usize>)]
    hash: usize,
    /// The repetition rules: chinese, asian or simple.
    #[arg(long, value_name = "RULE", default_value_t = RuleSet::default())]
    rule: RuleSet,
    #[command(flatten)]
    evaluation: NetworkArg,
    /// Seconds between progress lines.
    #[arg(long, value_name = "S", default_value_t = 5, value_parser = number::<u64>)]
    progress: u64,
}

/// Runs the tool.
pub fn run(args: DatagenArgs) -> Result<(), ToolError> {
    if args.threads == 0 || args.nodes == 0 {
        return Err(ToolError::Usage(
            "--threads and --nodes must be at least 1".into(),
        ));
    }
    let (book, book_path) = book_used(&args)?;
    let evaluator = args.evaluation.evaluator()?;
    let recipe = recipe(&args, &evaluator, &book_path)?;
    let config = DatagenConfig {
        recipe,
        resume: args.resume,
        out: args.out,
        threads: args.threads,
        games: args.games,
        positions: args.positions,
        seed: args.seed,
        game: SelfPlaySettings {
            nodes: args.nodes,
            soft_nodes: args.soft_nodes,
            hash_megabytes: args.hash.max(1),
            book_plies: args.book_plies,
            random_plies: args.random_plies,
            variety_plies: args.variety_plies,
            variety_lines: args.variety_lines.max(1),
            variety_margin: args.variety_margin,
            adjudication: Adjudication {
                resign: (args.resign_movecount > 0).then_some(ResignRule {
                    move_count: args.resign_movecount,
                    score: args.resign_score,
                    two_sided: true,
                }),
                draw: (args.draw_movecount > 0).then_some(DrawRule {
                    move_number: args.draw_movenumber,
                    move_count: args.draw_movecount,
                    score: args.draw_score,
                }),
            },
            max_plies: args.max_plies,
            rules: args.rule,
            evaluator,
        },
        progress_every: Duration::from_secs(args.progress),
    };
    let openings = SelfPlayOpenings::new(book);
    interrupt::install();
    let progress = run::run(&config, &openings, &interrupt::interrupted, &mut |p| {
        // A closed stderr must not end the run.
        let _ = writeln!(std::io::stderr(), "{}", p.line());
    })
    .map_err(|e| e.to_string())?;
    println!(
        "wrote {} positions of {} games to {} ({} positions of {} games before){}",
        progress.positions,
        progress.games,
        config.out.display(),
        progress.existing,
        progress.existing_games,
        if progress.interrupted {
            "; interrupted"
        } else {
            ""
        }
    );
    if progress.interrupted {
        return Err(ToolError::Interrupted(format!(
            "{} holds every whole game played; go on with --resume",
            config.out.display()
        )));
    }
    Ok(())
}

/// The book the games walk and its file: the one asked for, or the shipped
/// one when it is found and reads, or none.
fn book_used(args: &DatagenArgs) -> Result<(Books, Option<PathBuf>), String> {
    if args.no_book {
        return Ok((Books::none(), None));
    }
    if let Some(path) = &args.book {
        let book = Books::open(&[path]).map_err(|e| e.to_string())?;
        return Ok((book, Some(path.clone())));
    }
    Ok(Books::default_path()
        .and_then(|path| Some((Books::open(&[&path]).ok()?, Some(path))))
        .unwrap_or_else(|| (Books::none(), None)))
}

/// How the file is made: what decides its games (the program, the
/// evaluation, the book, every setting of the games and the run's limits),
/// not what only changes the speed (threads) or the reports.
fn recipe(
    args: &DatagenArgs,
    evaluator: &Evaluator,
    book: &Option<PathBuf>,
) -> Result<Recipe, String> {
    let network = match evaluator {
        Evaluator::Classical => "none (the hand-crafted evaluation)".to_string(),
        Evaluator::Network(net) => format!("{:016x}", net.hash()),
    };
    let book = match book {
        None => "none".to_string(),
        Some(path) if path == Path::new(BUILT_IN_BOOK) => {
            "built-in (book/chuhan.book at the program's commit)".to_string()
        }
        Some(path) => describe_file(path)?,
    };
    let limit = |n: Option<u64>| n.map_or("none".to_string(), |n| n.to_string());
    Ok(Recipe::default()
        .with("program", format!("chuhan {VERSION}"))
        .with("network", network)
        .with("book", book)
        .with("nodes", args.nodes)
        .with("node-limit", if args.soft_nodes { "soft" } else { "hard" })
        .with("seed", args.seed)
        .with("games", limit(args.games))
        .with("positions", limit(args.positions))
        .with("book-plies", args.book_plies)
        .with("random-plies", args.random_plies)
        .with("variety-plies", args.variety_plies)
        .with("variety-lines", args.variety_lines.max(1))
        .with("variety-margin", args.variety_margin)
        .with(
            "resign",
            format!(
                "{} cp for {} moves",
                args.resign_score, args.resign_movecount
            ),
        )
        .with(
            "draw",
            format!(
                "{} cp for {} moves from move {}",
                args.draw_score, args.draw_movecount, args.draw_movenumber
            ),
        )
        .with("max-plies", args.max_plies)
        .with("hash", args.hash.max(1))
        .with("rule", args.rule))
}

/// A file by name, size and checksum.
fn describe_file(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = path.file_name().map_or(path.as_os_str(), |n| n);
    Ok(format!(
        "{} ({} bytes, fnv1a {:016x})",
        name.to_string_lossy(),
        bytes.len(),
        fnv1a(&bytes)
    ))
}
