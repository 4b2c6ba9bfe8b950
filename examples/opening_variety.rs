//! Counts the different positions a match's games reach after a few plies.
//!
//! How varied the openings an engine plays are, from its book: over the
//! first `--games` games of a PGN file (200 by default), the positions after
//! `--plies` plies (10 by default), told apart by the board and the side to
//! move (move counters left out; a position and its mirror image count
//! twice). Games shorter than that are counted apart. Prints one line, and
//! with `--list` each position with how many games reached it.
//!
//!     cargo run --release --example opening_variety -- games.pgn --plies 10 --games 200

use chuhan::notation::parse_pgn;
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        let at = args.iter().position(|a| a == name)?;
        args.get(at + 1).cloned()
    };
    let number = |name: &str, default: usize| match value(name) {
        None => default,
        Some(text) => text.parse().unwrap_or_else(|_| {
            eprintln!("{name} {text}: not a whole number");
            std::process::exit(2)
        }),
    };
    let plies = number("--plies", 10);
    let games = number("--games", 200);
    let Some(path) = args.first().filter(|a| !a.starts_with("--")) else {
        eprintln!("usage: opening_variety GAMES.pgn [--plies 10] [--games 200] [--list]");
        std::process::exit(2)
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("cannot read {path}: {e}");
        std::process::exit(1)
    });
    let mut reached: BTreeMap<String, usize> = BTreeMap::new();
    let (mut read, mut shorter) = (0, 0);
    for game in parse_pgn(&text).into_iter().take(games) {
        let game = game.unwrap_or_else(|e| {
            eprintln!("{path}: {e}");
            std::process::exit(1)
        });
        read += 1;
        if game.moves.len() < plies {
            shorter += 1;
            continue;
        }
        let mut pos = game.start.clone();
        for &mv in &game.moves[..plies] {
            pos.make(mv);
        }
        let fen = pos.to_fen();
        let board_and_side: Vec<&str> = fen.split(' ').take(2).collect();
        *reached.entry(board_and_side.join(" ")).or_default() += 1;
    }
    println!(
        "games {read}, after {plies} plies: {} different position{} ({shorter} games shorter)",
        reached.len(),
        if reached.len() == 1 { "" } else { "s" }
    );
    if args.iter().any(|a| a == "--list") {
        let mut by_count: Vec<(&String, &usize)> = reached.iter().collect();
        by_count.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (position, count) in by_count {
            println!("{count:4} {position}");
        }
    }
}
