//! Books in ElephantEye's `BOOK.DAT` format: one of our own making, written
//! by `chuhan::book::elephanteye::write_book`, read back through the library,
//! `chuhan book probe` and the engine's `bookfiles` option; and ElephantEye's
//! own `BOOK.DAT` (in ../shared/books, never in this repository) when it is
//! there, skipped with a note when it is not.

use crate::elephanteye_books;
use crate::engine_process;
use crate::tool_run;

use chuhan::book::{BookFile, BookFormat};
use chuhan::{Move, Position};
use elephanteye_books::{after, real_book_path, small_book_bytes, small_book_path, SMALL_BOOK};
use engine_process::Engine;
use std::path::PathBuf;
use std::time::Duration;

fn moves(book: &BookFile, pos: &Position) -> Vec<String> {
    book.candidates(pos)
        .iter()
        .map(|c| c.mv.to_string())
        .collect()
}

fn mirrored(moves: &[&str]) -> Vec<String> {
    moves
        .iter()
        .map(|m| m.parse::<Move>().unwrap().mirror().to_string())
        .collect()
}

/// The small book written afresh into a scratch file of its own (tests run
/// in parallel).
fn fresh_small_book(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chuhan-ee-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, small_book_bytes()).unwrap();
    path
}

#[test]
fn the_committed_small_book_is_what_our_writer_writes() {
    let path = small_book_path();
    if std::env::var_os("CHUHAN_WRITE_TEST_DATA").is_some() {
        std::fs::write(&path, small_book_bytes()).unwrap();
    }
    let committed = std::fs::read(&path).expect("tests/data/small-elephanteye.dat is readable");
    assert!(
        committed == small_book_bytes(),
        "{} differs from what the writer writes now; if the change is meant, \
         rewrite it with CHUHAN_WRITE_TEST_DATA=1 cargo test --release --test book elephanteye",
        path.display()
    );
}

#[test]
fn our_book_reads_back_with_every_move_and_weight() {
    let book = BookFile::open(fresh_small_book("read.dat")).expect("our book opens");
    assert_eq!(book.format(), BookFormat::ElephantEye);
    assert_eq!(book.len(), SMALL_BOOK.len());
    for (line, mv, weight) in SMALL_BOOK {
        let found = book.candidates(&after(line));
        assert!(
            found
                .iter()
                .any(|c| c.mv.to_string() == *mv && c.weight == *weight),
            "{line:?}: {mv} weight {weight} missing from {found:?}"
        );
    }
    // The left wing, never written, is found through the mirror image.
    let left = moves(&book, &after(&["b2e2"]));
    let mut expected = mirrored(&["h9g7", "b9c7", "g6g5"]);
    expected.sort();
    let mut left_sorted = left.clone();
    left_sorted.sort();
    assert_eq!(left_sorted, expected);
    assert!(moves(&book, &after(&["g3g4"])).is_empty());
}

#[test]
fn book_probe_reads_our_book() {
    let path = fresh_small_book("probe.dat");
    let path = path.to_str().unwrap();
    let (ok, out, err) = tool_run::chuhan(&["book", "probe", path]);
    assert!(ok, "{err}");
    assert!(
        out.contains("h2e2 炮二平五 C2.5 weight 60 (60.0%)"),
        "{out}"
    );
    assert!(
        out.contains("c3c4 兵七进一 P7+1 weight 15 (15.0%)"),
        "{out}"
    );
    let (ok, out, err) = tool_run::chuhan(&["book", "probe", path, "--moves", "b2e2"]);
    assert!(ok, "{err}");
    // h9g7 mirrored: the horse on b9 to c7, weight 70 of 100.
    assert!(
        out.contains("b9c7 马２进３ H2+3 weight 70 (70.0%)"),
        "{out}"
    );
    let (ok, out, _) = tool_run::chuhan(&["book", "probe", path, "--moves", "g3g4"]);
    assert!(ok && out.trim() == "out of book", "{out}");
}

#[test]
fn the_engine_plays_from_our_book_through_bookfiles() {
    let path = fresh_small_book("engine.dat");
    let mut e = Engine::ucci();
    e.send(&format!("setoption bookfiles {}", path.display()));
    assert!(e.sync().is_empty(), "{:?}", e.transcript);
    e.send("position startpos moves b2e2");
    e.send("go time 60000 opptime 60000");
    let said = e.until("bestmove", Duration::from_secs(10));
    assert!(
        said.iter().any(|l| l.starts_with("info string book ")),
        "{said:?}"
    );
    let best = said.last().unwrap().split(' ').nth(1).unwrap().to_string();
    assert!(
        mirrored(&["h9g7", "b9c7", "g6g5"]).contains(&best),
        "{best}"
    );
    // Out of the small book the engine searches.
    e.send("position startpos moves g3g4");
    e.send("go time 1000 opptime 1000");
    let said = e.until("bestmove", Duration::from_secs(10));
    assert!(
        !said.iter().any(|l| l.starts_with("info string book ")),
        "{said:?}"
    );
}

#[test]
fn the_start_position_finds_the_classical_openings() {
    let Some(path) = real_book_path() else { return };
    let book = BookFile::open(&path).expect("ElephantEye's book opens");
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
    let Some(path) = real_book_path() else { return };
    let book = BookFile::open(&path).expect("ElephantEye's book opens");
    let right_moves = moves(&book, &after(&["h2e2"]));
    let left_moves = moves(&book, &after(&["b2e2"]));
    assert!(!right_moves.is_empty());
    // One of the two is stored, the other is found through the mirror image,
    // so each reply on one side is the mirrored reply on the other.
    let right: Vec<&str> = right_moves.iter().map(String::as_str).collect();
    let mirrored = mirrored(&right);
    assert_eq!(left_moves.len(), mirrored.len());
    for m in &mirrored {
        assert!(left_moves.contains(m), "{m} missing from {left_moves:?}");
    }
    // The screen-horse defence h9g7 / b9c7 is the classical reply.
    assert!(right_moves.contains(&"h9g7".to_string()) || right_moves.contains(&"b9c7".to_string()));
}
