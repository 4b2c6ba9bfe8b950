//! `chuhan book`: build a book from game files, or look a position up.
//!
//! ```text
//! chuhan book build [-o OUT] [--min-games N] [--max-plies N] PGN...
//! chuhan book probe BOOK... [--fen FEN] [--moves MOVE...]
//! ```

use super::input::read_text;
use crate::book::{add_game, write_book, BookBuilder, Books, DEFAULT_BOOK_NAME};
use crate::core::Position;
use crate::notation::{format_move, parse_move, parse_pgn, Notation, Script};
use std::path::PathBuf;

const USAGE: &str = "usage: chuhan book build [-o OUT] [--min-games N] [--max-plies N] PGN... \
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

fn build(args: &[String]) -> Result<(), String> {
    let mut output = PathBuf::from(DEFAULT_BOOK_NAME);
    let mut min_games = 2;
    let mut max_plies = 20;
    let mut inputs = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "-o" | "--output" => {
                output = args.get(i + 1).ok_or("-o needs a file name")?.into();
                i += 1;
            }
            "--min-games" => {
                min_games = number("--min-games", args.get(i + 1))?;
                i += 1;
            }
            "--max-plies" => {
                max_plies = number("--max-plies", args.get(i + 1))?;
                i += 1;
            }
            other if other == "-" || !other.starts_with('-') => inputs.push(other.to_string()),
            other => return Err(format!("unexpected argument '{other}' ({USAGE})")),
        }
        i += 1;
    }
    if inputs.is_empty() {
        return Err(format!("book build needs PGN files ({USAGE})"));
    }
    let mut builder = BookBuilder::new();
    let (mut used, mut bad, mut unfinished) = (0, 0, 0);
    for path in &inputs {
        let text = match read_text(path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("warning: {e}");
                continue;
            }
        };
        for game in parse_pgn(&text) {
            match game {
                Ok(game) if add_game(&mut builder, &game, max_plies) => used += 1,
                Ok(_) => unfinished += 1,
                Err(e) => {
                    eprintln!("warning: {path}: {e}");
                    bad += 1;
                }
            }
        }
    }
    let entries = builder.entries(min_games as u32);
    let mut bytes = Vec::new();
    write_book(&mut bytes, &entries).map_err(|e| format!("cannot write the book: {e}"))?;
    std::fs::write(&output, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", output.display()))?;
    println!("games used {used}, without result {unfinished}, unreadable {bad}");
    println!(
        "moves kept {} of {} (min games {min_games}, max plies {max_plies})",
        entries.len(),
        builder.len()
    );
    println!("wrote {} ({} bytes)", output.display(), bytes.len());
    Ok(())
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
