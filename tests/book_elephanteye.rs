//! ElephantEye's own `BOOK.DAT` (in ../shared/books, never in this repository)
//! read through the library: the format is detected and the lock matches.

use chuhan::book::{BookFile, BookFormat};
use chuhan::{Move, Position};
use std::path::PathBuf;

fn book() -> BookFile {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/books/BOOK.DAT");
    BookFile::open(&path).expect("ElephantEye's book opens")
}

fn moves(book: &BookFile, pos: &Position) -> Vec<String> {
    book.candidates(pos)
        .iter()
        .map(|c| c.mv.to_string())
        .collect()
}

#[test]
fn the_start_position_finds_the_classical_openings() {
    let book = book();
    assert_eq!(book.format(), BookFormat::ElephantEye);
    let found = moves(&book, &Position::startpos());
    for mv in [
        "h2e2", "b2e2", "h0g2", "b0c2", "g3g4", "c3c4", "g0e2", "c0e2",
    ] {
        assert!(
            found.contains(&mv.to_string()),
            "{mv} missing from {found:?}"
        );
    }
}

#[test]
fn replies_to_the_central_cannon_are_found_on_both_wings() {
    let book = book();
    let mut right = Position::startpos();
    right.try_play("h2e2".parse::<Move>().unwrap()).unwrap();
    let mut left = Position::startpos();
    left.try_play("b2e2".parse::<Move>().unwrap()).unwrap();
    let right_moves = moves(&book, &right);
    let left_moves = moves(&book, &left);
    assert!(!right_moves.is_empty());
    // One of the two is stored, the other is found through the mirror image,
    // so each reply on one side is the mirrored reply on the other.
    let mirrored: Vec<String> = right_moves
        .iter()
        .map(|m| m.parse::<Move>().unwrap().mirror().to_string())
        .collect();
    assert_eq!(left_moves.len(), mirrored.len());
    for m in &mirrored {
        assert!(left_moves.contains(m), "{m} missing from {left_moves:?}");
    }
    // The screen-horse defence h9g7 / b9c7 is the classical reply.
    assert!(right_moves.contains(&"h9g7".to_string()) || right_moves.contains(&"b9c7".to_string()));
}
