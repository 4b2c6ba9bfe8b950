//! Zobrist keys, generated at compile time from a fixed seed so that hashes
//! are the same in every build (tests and books may rely on them).
//!
//! [`piece_key_table`] is the one generator of such keys: the engine's hash
//! draws its table here, and the opening book's key (`book::key`, part of a
//! file format, so fixed for ever) draws its own from another seed.

use super::{Color, Piece, Square};
use crate::random::splitmix64;

/// A key for each colour (Red, Black), kind (in `PieceKind::index` order)
/// and square (`Square::index`: `rank * 9 + file`).
pub type PieceKeyTable = [[[u64; 90]; 7]; 2];

/// Draws a [`PieceKeyTable`] from the SplitMix64 stream whose state is
/// `state`, colour by colour, kind by kind, square by square, and returns it
/// with the stream's state after the last key.
pub const fn piece_key_table(mut state: u64) -> (PieceKeyTable, u64) {
    let mut table = [[[0; 90]; 7]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 7 {
            let mut s = 0;
            while s < 90 {
                let (next, key) = splitmix64(state);
                state = next;
                table[c][k][s] = key;
                s += 1;
            }
            k += 1;
        }
        c += 1;
    }
    (table, state)
}

struct Keys {
    pieces: PieceKeyTable,
    black_to_move: u64,
}

const fn generate() -> Keys {
    let (pieces, state) = piece_key_table(0x4368_7548_616E_2020); // "ChuHan  "
    Keys {
        pieces,
        black_to_move: splitmix64(state).1,
    }
}

static KEYS: Keys = generate();

/// The key of `piece` standing on `sq`.
#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.color.index()][piece.kind.index()][sq.index()]
}

/// Toggled whenever the side to move changes; part of the hash when Black is to move.
#[inline]
pub fn side_key(side: Color) -> u64 {
    match side {
        Color::Red => 0,
        Color::Black => KEYS.black_to_move,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_key_of_the_table_differs_from_the_others_and_from_the_side_key() {
        // Two equal keys would make two different placements hash alike.
        let mut seen = HashSet::new();
        for colour in &KEYS.pieces {
            for kind in colour {
                for &key in kind {
                    assert!(key != 0 && seen.insert(key), "{key:#x} repeats");
                }
            }
        }
        assert_eq!(seen.len(), 2 * 7 * 90);
        assert!(!seen.contains(&KEYS.black_to_move));
        // Another seed draws another table.
        let (other, _) = piece_key_table(1);
        assert!(other.iter().flatten().flatten().all(|k| !seen.contains(k)));
    }
}
