//! Garbage in never panics: random and damaged bytes as books, random text
//! as moves and as PGN.

use crate::elephanteye_books;

use chuhan::book::BookFile;
use chuhan::notation::{parse_move, parse_pgn};
use chuhan::random::Rng;
use chuhan::Position;
use std::path::Path;

fn bytes(rng: &mut Rng, len: usize) -> Vec<u8> {
    (0..len).map(|_| rng.next_u64() as u8).collect()
}

#[test]
fn random_and_damaged_books_are_errors_or_books() {
    let mut rng = Rng::new(77);
    let path = Path::new("fuzz.book");
    let start = Position::startpos();
    for n in 0..3000 {
        let len = (rng.next_u64() % 200) as usize;
        let mut data = bytes(&mut rng, len);
        if n % 3 == 0 && data.len() >= 8 {
            data[..8].copy_from_slice(b"CHUHANBK");
        }
        if let Ok(book) = BookFile::from_bytes(path, &data) {
            // Whatever it holds, a lookup only offers legal moves.
            assert!(book.candidates(&start).iter().all(|c| start.is_legal(c.mv)));
        }
    }
    // Damaged ElephantEye books: ours, and ElephantEye's own when present.
    let books = elephanteye_books::book_paths();
    for _ in 0..200 {
        for book in &books {
            let mut data = std::fs::read(book).unwrap();
            for _ in 0..8 {
                let at = (rng.next_u64() as usize) % data.len();
                data[at] = rng.next_u64() as u8;
            }
            // Lose up to 63 bytes at the end, never the whole book.
            let cut = (rng.next_u64() as usize) % data.len().min(64);
            data.truncate(data.len() - cut);
            if let Ok(book) = BookFile::from_bytes(path, &data) {
                assert!(book.candidates(&start).iter().all(|c| start.is_legal(c.mv)));
            }
        }
    }
}

#[test]
fn random_text_is_never_a_panic() {
    let alphabet: Vec<char> = "abcdefghijkHRCPAEK0123456789+-.=/ 1-0*[]{}()\"$;…前后中兵卒马車炮进退平一二三四五六七八九１２３４５６７８９"
        .chars()
        .collect();
    let mut rng = Rng::new(5);
    let start = Position::startpos();
    for _ in 0..20_000 {
        let len = (rng.next_u64() % 6) as usize;
        let text: String = (0..len)
            .map(|_| alphabet[(rng.next_u64() as usize) % alphabet.len()])
            .collect();
        if let Ok(mv) = parse_move(&start, &text) {
            assert!(start.is_legal(mv), "{text}");
        }
    }
    for _ in 0..2_000 {
        let len = (rng.next_u64() % 80) as usize;
        let text: String = (0..len)
            .map(|_| alphabet[(rng.next_u64() as usize) % alphabet.len()])
            .collect();
        let _ = parse_pgn(&text);
    }
}
