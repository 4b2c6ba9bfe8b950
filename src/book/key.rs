//! The book key: a 64-bit position fingerprint that is part of the book file
//! format and so must never change.
//!
//! It is defined here on its own, not borrowed from the search's Zobrist hash,
//! so that the engine's hashing may change freely. The definition:
//!
//! - a SplitMix64 stream starting from the state `0x4368_7548_616E_426B`
//!   ("ChuHanBk"); each output adds `0x9E37_79B9_7F4A_7C15` to the state and
//!   mixes it with SplitMix64's finaliser;
//! - the first output is the Black-to-move key;
//! - then one key per (colour, kind, square) in the order Red then Black,
//!   king, advisor, elephant, horse, chariot, cannon, pawn, and squares
//!   a0, b0, .. i0, a1, .. i9 (index `rank * 9 + file`);
//! - the key of a position is the XOR of the keys of its pieces, and of the
//!   Black-to-move key when Black is to move.
//!
//! The step is the crate's `random::splitmix64`, and the table after the
//! first output is drawn by `core::zobrist::piece_key_table`.
//! `tests::pinned_values` fixes outputs of this definition; if it fails,
//! books already written would stop working.

use crate::core::zobrist::{piece_key_table, PieceKeyTable};
use crate::core::{Color, Piece, PieceKind, Position, Square};
use crate::random::splitmix64;

const SEED: u64 = 0x4368_7548_616E_426B;

struct Keys {
    black_to_move: u64,
    pieces: PieceKeyTable,
}

const fn generate() -> Keys {
    let (state, black_to_move) = splitmix64(SEED);
    Keys {
        black_to_move,
        pieces: piece_key_table(state).0,
    }
}

static KEYS: Keys = generate();

/// A position's book key (see the module docs for the exact definition).
pub type BookKey = u64;

fn piece_key(piece: Piece, sq: Square) -> u64 {
    let color = match piece.color {
        Color::Red => 0,
        Color::Black => 1,
    };
    let kind = match piece.kind {
        PieceKind::King => 0,
        PieceKind::Advisor => 1,
        PieceKind::Elephant => 2,
        PieceKind::Horse => 3,
        PieceKind::Chariot => 4,
        PieceKind::Cannon => 5,
        PieceKind::Pawn => 6,
    };
    KEYS.pieces[color][kind][sq.rank().index() * 9 + sq.file().index()]
}

/// The book key of `pos`, or of its left-right mirror image when `mirrored`.
pub fn book_key(pos: &Position, mirrored: bool) -> BookKey {
    let mut key = match pos.side_to_move() {
        Color::Red => 0,
        Color::Black => KEYS.black_to_move,
    };
    for sq in pos.occupied() {
        let piece = pos.piece_at(sq).expect("occupied square has a piece");
        key ^= piece_key(piece, if mirrored { sq.mirror() } else { sq });
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pinned_values() {
        assert_eq!(KEYS.black_to_move, PINNED_BLACK);
        assert_eq!(KEYS.pieces[0][0][0], PINNED_RED_KING_A0);
        assert_eq!(KEYS.pieces[1][6][89], PINNED_BLACK_PAWN_I9);
        assert_eq!(book_key(&Position::startpos(), false), PINNED_START);
        let pos = Position::from_fen(AFTER_H2E2).unwrap();
        assert_eq!(book_key(&pos, false), PINNED_AFTER_H2E2);
    }

    const AFTER_H2E2: &str =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
    const PINNED_BLACK: u64 = 0xd398_2083_1c54_ed87;
    const PINNED_RED_KING_A0: u64 = 0x58e0_b09c_0d29_8963;
    const PINNED_BLACK_PAWN_I9: u64 = 0x1b83_d53b_8ae9_73ee;
    const PINNED_START: u64 = 0x7d0a_63a5_c2cc_16c8;
    const PINNED_AFTER_H2E2: u64 = 0x216d_3e27_7dd2_7af6;

    #[test]
    fn mirror_key_is_the_key_of_the_mirror_image() {
        let pos = Position::from_fen(AFTER_H2E2).unwrap();
        let mirror = Position::from_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/4C2C1/9/RNBAKABNR b - - 1 1",
        )
        .unwrap();
        assert_eq!(book_key(&pos, true), book_key(&mirror, false));
        assert_ne!(book_key(&pos, false), book_key(&mirror, false));
        // The start position is its own mirror image.
        let start = Position::startpos();
        assert_eq!(book_key(&start, true), book_key(&start, false));
    }
}
