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

use super::input::read_text;
use crate::book::{
    add_game, explore, write_book, BookBuilder, Books, ExploreLimits, SearchAnalyst,
    DEFAULT_BOOK_NAME,
};
use crate::core::Position;
use crate::notation::{format_move, parse_move, parse_pgn, Notation, Script};
use crate::search::Engine;
use std::path::PathBuf;

const USAGE: &str = "usage: chuhan book build [-o OUT] [--min-games N] [--max-plies N] PGN... \
                     | chuhan book build --analysis [-o OUT] [--plies N] [--depth D] [--margin CP] \
                     [--max-moves K] [--root-margin CP] [--root-moves K] [--max-positions P] [--hash MB] [--threads T] \
                     | chuhan book probe BOOK... [--fen FEN] [--moves MOVE...]";

/// Runs the tool; the error is one line for the user.
pub fn run(args: &[String]) -> Result<(), String> {
    match args.first().map(String::as_str) {
        Some("build") => build(&args[1..]),
        Some("probe") => probe(&args[1..]),
        Some(other) => Err(format!("unknown book command '{other}' ({USAGE})")),
        None => Err(USAGE.into()),
    }
}

fn number(flag: &str, value: Option<&String>) -> Result<usize, String> {
    let value = value.ok_or_else(|| format!("{flag} needs a number"))?;
    value
        .parse()
        .map_err(|_| format!("{flag} '{value}' is not a number"))
}

/// The words after a flag, up to the next flag.
fn words_after(args: &[String], i: usize) -> Vec<&str> {
    args[i + 1..]
        .iter()
        .take_while(|a| !a.starts_with("--"))
        .map(String::as_str)
        .collect()
}

/// Settings of `book build`, from games or from analysis.
struct BuildArgs {
    output: PathBuf,
    inputs: Vec<String>,
    min_games: usize,
    max_plies: usize,
    analysis: Option<ExploreLimits>,
    hash: usize,
    threads: usize,
}

fn parse_build(args: &[String]) -> Result<BuildArgs, String> {
    let mut b = BuildArgs {
        output: PathBuf::from(DEFAULT_BOOK_NAME),
        inputs: Vec::new(),
        min_games: 2,
        max_plies: 20,
        analysis: None,
        hash: 64,
        threads: 1,
    };
    let mut limits = ExploreLimits {
        plies: 10,
        search_depth: 8,
        margin_cp: 30,
        max_moves: 4,
        max_positions: 20_000,
        root_margin_cp: 30,
        root_max_moves: 4,
    };
    // The root defaults to the general limits.
    let mut root_margin = None;
    let mut root_moves = None;
    let mut analysis = false;
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1);
        match args[i].as_str() {
            "-o" | "--output" => b.output = value.ok_or("-o needs a file name")?.into(),
            "--min-games" => b.min_games = number("--min-games", value)?,
            "--max-plies" => b.max_plies = number("--max-plies", value)?,
            "--plies" => limits.plies = number("--plies", value)? as u32,
            "--depth" => limits.search_depth = number("--depth", value)?.max(1) as u32,
            "--margin" => limits.margin_cp = number("--margin", value)? as i32,
            "--max-moves" => limits.max_moves = number("--max-moves", value)?.max(1),
            "--root-margin" => root_margin = Some(number("--root-margin", value)? as i32),
            "--root-moves" => root_moves = Some(number("--root-moves", value)?.max(1)),
            "--max-positions" => limits.max_positions = number("--max-positions", value)?,
            "--hash" => b.hash = number("--hash", value)?.max(1),
            "--threads" => b.threads = number("--threads", value)?.max(1),
            "--analysis" => {
                analysis = true;
                i += 1;
                continue;
            }
            other if other == "-" || !other.starts_with('-') => {
                b.inputs.push(other.to_string());
                i += 1;
                continue;
            }
            other => return Err(format!("unexpected argument '{other}' ({USAGE})")),
        }
        i += 2;
    }
    match (analysis, b.inputs.is_empty()) {
        (true, false) => return Err("book build takes PGN files or --analysis, not both".into()),
        (false, true) => {
            return Err(format!(
                "book build needs PGN files or --analysis ({USAGE})"
            ))
        }
        (true, true) => {
            limits.root_margin_cp = root_margin.unwrap_or(limits.margin_cp);
            limits.root_max_moves = root_moves.unwrap_or(limits.max_moves);
            b.analysis = Some(limits);
        }
        (false, false) => {}
    }
    Ok(b)
}

fn build(args: &[String]) -> Result<(), String> {
    let args = parse_build(args)?;
    let mut builder = BookBuilder::new();
    let entries = match &args.analysis {
        Some(limits) => {
            let engine = Engine::new(args.hash, args.threads);
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
            let entries = builder.entries(args.min_games as u32);
            println!(
                "moves kept {} of {} (min games {}, max plies {})",
                entries.len(),
                builder.len(),
                args.min_games,
                args.max_plies
            );
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

/// Reads the PGN files into the builder: (games used, games without a
/// result, unreadable games). Bad files and games are reported and skipped.
fn add_games(builder: &mut BookBuilder, args: &BuildArgs) -> (usize, usize, usize) {
    let (mut used, mut unfinished, mut bad) = (0, 0, 0);
    for path in &args.inputs {
        let text = match read_text(path) {
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

fn probe(args: &[String]) -> Result<(), String> {
    let mut files = Vec::new();
    let mut fen = None;
    let mut moves = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--fen" => {
                let words = words_after(args, i);
                if words.is_empty() {
                    return Err("--fen needs a FEN".into());
                }
                fen = Some(words.join(" "));
                i += words.len();
            }
            "--moves" => {
                let words = words_after(args, i);
                moves.extend(words.iter().map(|w| w.to_string()));
                i += words.len();
            }
            other if !other.starts_with('-') => files.push(PathBuf::from(other)),
            other => return Err(format!("unexpected argument '{other}' ({USAGE})")),
        }
        i += 1;
    }
    if files.is_empty() {
        return Err(format!("book probe needs a book file ({USAGE})"));
    }
    let books = Books::open(&files).map_err(|e| e.to_string())?;
    let mut pos = match &fen {
        Some(fen) => Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?,
        None => Position::startpos(),
    };
    for (n, text) in moves.iter().enumerate() {
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
