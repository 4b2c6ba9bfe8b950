//! Zobrist keys, generated at compile time from a fixed seed so that hashes
//! are the same in every build (tests and books may rely on them).

use super::{Color, Piece, Square};
use crate::random::splitmix64;

struct Keys {
    pieces: [[[u64; 90]; 7]; 2],
    black_to_move: u64,
}

const fn generate() -> Keys {
    let mut keys = Keys {
        pieces: [[[0; 90]; 7]; 2],
        black_to_move: 0,
    };
    let mut state = 0x4368_7548_616E_2020; // "ChuHan  "
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 7 {
            let mut s = 0;
            while s < 90 {
                let (next, key) = splitmix64(state);
                state = next;
                keys.pieces[c][k][s] = key;
                s += 1;
            }
            k += 1;
        }
        c += 1;
    }
    keys.black_to_move = splitmix64(state).1;
    keys
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
