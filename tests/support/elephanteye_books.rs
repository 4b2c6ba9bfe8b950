//! ElephantEye-format books for the tests: a small one of our own making,
//! committed as `tests/data/small-elephanteye.dat`, and ElephantEye's own
//! `BOOK.DAT` where it lies beside the checkout (`../shared/books`, never in
//! this repository).

#![allow(dead_code)]

use chuhan::book::elephanteye;
use chuhan::{Move, Position};
use std::io::Write;
use std::path::PathBuf;

/// The committed small book.
pub fn small_book_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/small-elephanteye.dat")
}

/// What the small book holds, as (moves from the start, book move, weight):
/// three first moves, replies to the right-wing central cannon only (the
/// left wing is found through the mirror image), and one deeper move.
pub const SMALL_BOOK: &[(&[&str], &str, u16)] = &[
    (&[], "h2e2", 60),
    (&[], "h0g2", 25),
    (&[], "c3c4", 15),
    (&["h2e2"], "h9g7", 70),
    (&["h2e2"], "b9c7", 20),
    (&["h2e2"], "g6g5", 10),
    (&["h2e2", "h9g7"], "h0g2", 40),
];

/// The small book's bytes, written by our own writer.
pub fn small_book_bytes() -> Vec<u8> {
    let positions: Vec<Position> = SMALL_BOOK.iter().map(|(line, _, _)| after(line)).collect();
    let moves = SMALL_BOOK
        .iter()
        .zip(&positions)
        .map(|((_, mv, weight), pos)| (pos, mv.parse::<Move>().unwrap(), *weight));
    let mut bytes = Vec::new();
    elephanteye::write_book(&mut bytes, moves).expect("the small book's moves are legal");
    bytes
}

/// The position after `moves` from the start.
pub fn after(moves: &[&str]) -> Position {
    let mut pos = Position::startpos();
    for mv in moves {
        pos.try_play(mv.parse::<Move>().unwrap()).unwrap();
    }
    pos
}

/// ElephantEye's `BOOK.DAT` beside the checkout, or `None` with a note.
pub fn real_book_path() -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/books/BOOK.DAT");
    if path.is_file() {
        Some(path)
    } else {
        // Written to the stream itself, not through `eprintln!`, which the
        // test harness captures: a skipped part is seen, not a silent pass.
        let _ = writeln!(
            std::io::stderr(),
            "note: the checks with ElephantEye's BOOK.DAT are skipped: {} is absent",
            path.display()
        );
        None
    }
}

/// Every ElephantEye-format book at hand: ours, then BOOK.DAT if present.
pub fn book_paths() -> Vec<PathBuf> {
    std::iter::once(small_book_path())
        .chain(real_book_path())
        .collect()
}
