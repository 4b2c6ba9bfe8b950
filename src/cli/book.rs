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

use super::input::{game_files, read_text, EncodingArg};
use super::table::engine_with_table;
use super::values::{fen_words, number};
use super::ToolError;
use crate::book::{
    book_key, explore, write_book, BookBuilder, Books, ExploreLimits, GameUse, SearchAnalyst,
    DEFAULT_BOOK_NAME,
};
use crate::core::Position;
use crate::notation::{format_move, parse_move, parse_pgn, Notation, Script};
use crate::search::Limits;
use std::collections::HashMap;
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
    /// Game files to learn from (PGN or XQF; `-` reads stdin). A folder
    /// stands for every .pgn and .xqf file under it.
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
    /// From games: vet each move kept with searches of this depth, of the
    /// position it was played in (in the first game that played it) and of
    /// the position after it (one ply less); 0 vets none.
    #[arg(long, value_name = "D", default_value_t = 0, value_parser = number::<u32>)]
    vet_depth: u32,
    /// From games, with --vet-depth: drop a move the search scores more than
    /// CP centipawns below the best move of the position it was played in.
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
            let read = add_games(&mut builder, &args)?;
            println!(
                "games used {}, repeated {}, without result {}, unreadable {}",
                read.counted, read.repeated, read.without_result, read.unreadable
            );
            let (used, unfinished) = (read.counted, read.without_result);
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

/// Drops the moves from games that a search at `--vet-depth` finds more than
/// `--vet-margin` worse than the best move of the position they were played
/// in, for the side that played them. The measure is relative, not the
/// score after the move alone: where the engine thinks one side already
/// stands worse, a score below the margin would drop that side's best moves
/// with its worst, and the book would lose whole main lines for one colour.
fn vet(builder: &mut BookBuilder, args: &BuildArgs) -> Result<(), ToolError> {
    let engine = engine_with_table(args.hash.max(1), args.threads.max(1))?;
    let margin = args.vet_margin as i32;
    let depth = args.vet_depth as i32;
    let search = |pos: &Position, depth: i32| {
        let limits = Limits {
            depth: Some(depth.max(1)),
            ..Limits::default()
        };
        engine.search(pos, limits)
    };
    // The best score of each position asked about (its moves come one after
    // another, but a position and its mirror image share one entry).
    let mut best_scores: HashMap<u64, i32> = HashMap::new();
    let start = std::time::Instant::now();
    let (vetted, dropped) = builder.vet(args.min_games as u32, |pos, mv| {
        let key = book_key(pos, false).min(book_key(pos, true));
        let best = *best_scores
            .entry(key)
            .or_insert_with(|| search(pos, depth).score.as_centipawns());
        let mut after = pos.clone();
        after.make(mv);
        // One ply less after the move: the depth the search of the position
        // itself gave each of its moves.
        let outcome = search(&after, depth - 1);
        // No answer at all: the move mated or stalemated, a win either way.
        let Some(_) = outcome.best else {
            return true;
        };
        let score = -outcome.score.as_centipawns();
        let kept = score >= best - margin;
        if !kept {
            eprintln!(
                "dropped {mv} ({score} cp against the best move's {best} for the side to move) \
                 in {}",
                pos.to_fen()
            );
        }
        kept
    });
    println!(
        "moves vetted {vetted} at depth {}, dropped {dropped} (more than {margin} cp worse than \
         the best move for the side that played them), time {:.1} s",
        args.vet_depth,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// What the game files gave the builder.
struct GamesRead {
    counted: usize,
    repeated: usize,
    without_result: usize,
    unreadable: usize,
}

/// Reads the game files into the builder. Bad files and games are reported
/// and skipped.
fn add_games(builder: &mut BookBuilder, args: &BuildArgs) -> Result<GamesRead, ToolError> {
    let mut read = GamesRead {
        counted: 0,
        repeated: 0,
        without_result: 0,
        unreadable: 0,
    };
    for path in game_files(&args.inputs)? {
        let text = match read_text(&path, &args.encoding) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("warning: {e}");
                continue;
            }
        };
        for game in parse_pgn(&text) {
            match game.map(|game| builder.add_game(&game, args.max_plies)) {
                Ok(GameUse::Counted) => read.counted += 1,
                Ok(GameUse::Repeated) => read.repeated += 1,
                Ok(GameUse::WithoutResult) => read.without_result += 1,
                Err(e) => {
                    eprintln!("warning: {path}: {e}");
                    read.unreadable += 1;
                }
            }
        }
    }
    Ok(read)
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
