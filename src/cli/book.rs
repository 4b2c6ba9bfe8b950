//! `chuhan book`: build a book from game files, or look a position up.
//!
//! ```text
//! chuhan book build [-o OUT] [--min-games N] [--max-plies N] PGN...
//! chuhan book build --analysis [-o OUT] [--plies N] [--depth D] [--margin CP]
//!                   [--max-moves K] [--max-positions P] [--hash MB] [--threads T]
//! chuhan book probe BOOK... [--fen FEN] [--moves MOVE...]
//! ```
//!
//! The analysis build walks the opening tree from the start position with a
//! fixed-depth search (see `book::explore`); it is how `book/chuhan.book` is
//! made.

use super::input::{read_text, EncodingArg};
use super::table::engine_with_table;
use super::values::{fen_words, number};
use super::ToolError;
use crate::book::{
    add_game, explore, write_book, BookBuilder, Books, ExploreLimits, SearchAnalyst,
    DEFAULT_BOOK_NAME,
};
use crate::core::Position;
use crate::notation::{format_move, parse_move, parse_pgn, Notation, Script};
use crate::search::Limits;
use std::path::PathBuf;

/// Build an opening book, or look a position up in one.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan book build -o games.book --min-games 3 games/*.pgn
  chuhan book build --analysis --plies 6 --depth 6 -o mine.book
  chuhan book probe book/chuhan.book --moves h2e2 h9g7")]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Debug, clap::Subcommand)]
enum BookCommand {
    Build(BuildArgs),
    Probe(ProbeArgs),
}

/// Write a book from PGN games, or from the engine's own analysis.
///
/// From games, each move is weighted by how the side that played it did: a
/// win counts 2, a draw 1, a loss 0. With --analysis the opening tree is
/// walked breadth-first from the start position with a fixed-depth search,
/// keeping every move within the margin of the best (how book/chuhan.book is
/// made; see book/README).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan book build -o games.book games/*.pgn
  chuhan book build --analysis --plies 10 --depth 8 --margin 30 --max-moves 3 \\
                    --root-margin 60 --root-moves 16 -o book/chuhan.book")]
struct BuildArgs {
    /// The book file to write.
    #[arg(short = 'o', long = "output", value_name = "OUT", default_value = DEFAULT_BOOK_NAME)]
    output: PathBuf,
    /// PGN files to learn from (`-` reads stdin).
    #[arg(value_name = "PGN")]
    inputs: Vec<String>,
    #[command(flatten)]
    encoding: EncodingArg,
    /// From games: keep a move only if at least this many games played it.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = number::<usize>)]
    min_games: usize,
    /// From games: learn from this many plies of each game.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = number::<usize>)]
    max_plies: usize,
    /// From games: vet each move kept with a search of this depth of the
    /// position after it (in the first game that played it); 0 vets none.
    #[arg(long, value_name = "D", default_value_t = 0, value_parser = number::<u32>)]
    vet_depth: u32,
    /// From games, with --vet-depth: drop a move the search scores below
    /// -CP centipawns for the side that played it.
    #[arg(long, value_name = "CP", default_value_t = 150, value_parser = number::<u32>)]
    vet_margin: u32,
    /// Build from the engine's own analysis instead of games.
    #[arg(long)]
    analysis: bool,
    /// Analysis: how many plies deep the book goes.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = number::<u32>)]
    plies: u32,
    /// Analysis: the search depth for each position.
    #[arg(long, value_name = "D", default_value_t = 8, value_parser = number::<u32>)]
    depth: u32,
    /// Analysis: keep moves within this many centipawns of the best.
    #[arg(long, value_name = "CP", default_value_t = 30, value_parser = number::<u32>)]
    margin: u32,
    /// Analysis: at most this many moves per position.
    #[arg(long, value_name = "K", default_value_t = 4, value_parser = number::<usize>)]
    max_moves: usize,
    /// Analysis: the margin at the start position (default: --margin).
    #[arg(long, value_name = "CP", value_parser = number::<u32>)]
    root_margin: Option<u32>,
    /// Analysis: the most moves at the start position (default: --max-moves).
    #[arg(long, value_name = "K", value_parser = number::<usize>)]
    root_moves: Option<usize>,
    /// Analysis: stop after this many positions.
    #[arg(long, value_name = "P", default_value_t = 20_000, value_parser = number::<usize>)]
    max_positions: usize,
    /// Analysis: the hash table size in MB.
    #[arg(long, value_name = "MB", default_value_t = 64, value_parser = number::<usize>)]
    hash: usize,
    /// Analysis: search threads.
    #[arg(long, value_name = "T", default_value_t = 1, value_parser = number::<usize>)]
    threads: usize,
}

impl BuildArgs {
    /// The analysis limits, when the book is built from analysis.
    fn analysis_limits(&self) -> Result<Option<ExploreLimits>, ToolError> {
        match (self.analysis, self.inputs.is_empty()) {
            (true, false) => Err(ToolError::Usage(
                "book build takes PGN files or --analysis, not both".into(),
            )),
            (false, true) => Err(ToolError::Usage(
                "book build needs PGN files or --analysis".into(),
            )),
            (false, false) => Ok(None),
            (true, true) => {
                let margin_cp = self.margin as i32;
                let max_moves = self.max_moves.max(1);
                Ok(Some(ExploreLimits {
                    plies: self.plies,
                    search_depth: self.depth.max(1),
                    margin_cp,
                    max_moves,
                    max_positions: self.max_positions,
                    // The start position defaults to the general limits.
                    root_margin_cp: self.root_margin.map_or(margin_cp, |m| m as i32),
                    root_max_moves: self.root_moves.map_or(max_moves, |k| k.max(1)),
                }))
            }
        }
    }
}

/// List the book moves of a position, in ICCS, Chinese and WXF.
///
/// Reads our books and ElephantEye's BOOK.DAT alike; with several books the
/// first that knows the position answers.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan book probe book/chuhan.book
  chuhan book probe book/chuhan.book --moves 炮二平五 马８进７
  chuhan book probe mine.book BOOK.DAT --fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1")]
struct ProbeArgs {
    /// The book files, first hit wins.
    #[arg(value_name = "BOOK", required = true)]
    files: Vec<PathBuf>,
    /// The position to look up (default: the start position), quoted or as
    /// its six words.
    #[arg(long, value_name = "FEN", num_args = 1..)]
    fen: Vec<String>,
    /// Moves played from that position first, in any notation.
    #[arg(long, value_name = "MOVE", num_args = 0..)]
    moves: Vec<String>,
}

/// Runs the tool; the error is one line for the user.
pub fn run(args: BookArgs) -> Result<(), ToolError> {
    match args.command {
        BookCommand::Build(args) => build(args),
        BookCommand::Probe(args) => probe(args),
    }
}

fn build(args: BuildArgs) -> Result<(), ToolError> {
    let analysis = args.analysis_limits()?;
    let mut builder = if args.vet_depth > 0 {
        BookBuilder::new().keeping_positions()
    } else {
        BookBuilder::new()
    };
    let entries = match &analysis {
        Some(limits) => {
            let engine = engine_with_table(args.hash.max(1), args.threads.max(1))?;
            let mut analyst = SearchAnalyst::new(engine).verbose(true);
            let start = std::time::Instant::now();
            let analysed = explore(&mut analyst, &Position::startpos(), limits, &mut builder);
            println!(
                "positions analysed {analysed}, searches {}, time {:.1} s",
                analyst.searches(),
                start.elapsed().as_secs_f64()
            );
            println!(
                "plies {}, depth {}, margin {} cp, max moves {}",
                limits.plies, limits.search_depth, limits.margin_cp, limits.max_moves
            );
            builder.entries(0)
        }
        None => {
            let (used, unfinished, bad) = add_games(&mut builder, &args);
            println!("games used {used}, without result {unfinished}, unreadable {bad}");
            if unfinished > 0 {
                eprintln!(
                    "warning: {unfinished} game{} without a result (PGN '*') left out: \
                     a book weighs each move by the game's result",
                    if unfinished == 1 { "" } else { "s" }
                );
            }
            if args.vet_depth > 0 {
                vet(&mut builder, &args)?;
            }
            let entries = builder.entries(args.min_games as u32);
            println!(
                "moves kept {} of {} (min games {}, max plies {})",
                entries.len(),
                builder.len(),
                args.min_games,
                args.max_plies
            );
            // An empty book would answer nothing; writing it would hide that
            // the games gave the book nothing to weigh.
            if entries.is_empty() {
                let why = if used == 0 {
                    "no game with a result was read".to_string()
                } else {
                    format!("no move was played in {} or more games", args.min_games)
                };
                return Err(format!(
                    "the book would be empty ({why}); {} not written",
                    args.output.display()
                )
                .into());
            }
            entries
        }
    };
    let mut bytes = Vec::new();
    write_book(&mut bytes, &entries).map_err(|e| format!("cannot write the book: {e}"))?;
    std::fs::write(&args.output, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    println!(
        "wrote {} ({} entries, {} bytes)",
        args.output.display(),
        entries.len(),
        bytes.len()
    );
    Ok(())
}

/// Drops the moves from games that a search at `--vet-depth` finds losing
/// by more than `--vet-margin` for the side that played them.
fn vet(builder: &mut BookBuilder, args: &BuildArgs) -> Result<(), ToolError> {
    let engine = engine_with_table(args.hash.max(1), args.threads.max(1))?;
    let margin = args.vet_margin as i32;
    let start = std::time::Instant::now();
    let (vetted, dropped) = builder.vet(args.min_games as u32, |pos, mv| {
        let mut after = pos.clone();
        after.make(mv);
        let limits = Limits {
            depth: Some(args.vet_depth as i32),
            ..Limits::default()
        };
        let outcome = engine.search(&after, limits);
        // No answer at all: the move mated or stalemated, a win either way.
        outcome.best.is_none() || -outcome.score.as_centipawns() >= -margin
    });
    println!(
        "moves vetted {vetted} at depth {}, dropped {dropped} (below -{margin} cp for the side \
         that played them), time {:.1} s",
        args.vet_depth,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Reads the PGN files into the builder: (games used, games without a
/// result, unreadable games). Bad files and games are reported and skipped.
fn add_games(builder: &mut BookBuilder, args: &BuildArgs) -> (usize, usize, usize) {
    let (mut used, mut unfinished, mut bad) = (0, 0, 0);
    for path in &args.inputs {
        let text = match read_text(path, &args.encoding) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("warning: {e}");
                continue;
            }
        };
        for game in parse_pgn(&text) {
            match game {
                Ok(game) if add_game(builder, &game, args.max_plies) => used += 1,
                Ok(_) => unfinished += 1,
                Err(e) => {
                    eprintln!("warning: {path}: {e}");
                    bad += 1;
                }
            }
        }
    }
    (used, unfinished, bad)
}

fn probe(args: ProbeArgs) -> Result<(), ToolError> {
    let books = Books::open(&args.files).map_err(|e| e.to_string())?;
    let mut pos = match fen_words(&args.fen) {
        Some(fen) => Position::from_fen(&fen).map_err(|e| format!("bad FEN: {e}"))?,
        None => Position::startpos(),
    };
    for (n, text) in args.moves.iter().enumerate() {
        let mv = parse_move(&pos, text).map_err(|e| format!("move {}: {e}", n + 1))?;
        pos.make(mv);
    }
    let Some((file, mut found)) = books.candidates(&pos, &[]) else {
        println!("out of book");
        return Ok(());
    };
    println!("book {}", file.path().display());
    found.sort_by_key(|c| std::cmp::Reverse(c.weight));
    let total: u32 = found.iter().map(|c| c.weight as u32).sum();
    for c in found {
        let share = 100.0 * c.weight as f64 / total.max(1) as f64;
        let chinese = format_move(&pos, c.mv, Notation::Chinese(Script::Simplified));
        let wxf = format_move(&pos, c.mv, Notation::Wxf);
        println!("{} {chinese} {wxf} weight {} ({share:.1}%)", c.mv, c.weight);
    }
    Ok(())
}
