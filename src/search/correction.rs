//! Correction history: what the search has found the static evaluation gets
//! wrong, by pawn structure and side to move. A node whose searched score
//! disagrees with its static evaluation (in the direction its bound can
//! prove) pulls the entry of its pawn structure towards the error; later
//! nodes with that structure add the entry to their evaluation before
//! pruning on it.
//!
//! All search threads share one table, kept across the moves of a game:
//! what one thread learns corrects the others' evaluations too. Entries are
//! atomics read and written without ordering; two threads updating one
//! entry at once may lose one update, which costs nothing but that update.

use super::tt::Bound;
use crate::core::{Color, PieceKind, Position};
use std::sync::atomic::{AtomicI16, Ordering};

/// Entries per side (a power of two: the pawn key's top bits index it).
const ENTRIES: usize = 1 << 14;
/// Entries hold the error in 1/`GRAIN` of an evaluation unit.
const GRAIN: i32 = 256;
/// The largest correction, in evaluation units.
const MAX_CORRECTION: i32 = 64;
/// An update's weight is at most `MAX_WEIGHT / WEIGHT_SCALE` of the entry.
const WEIGHT_SCALE: i32 = 256;
const MAX_WEIGHT: i32 = 16;

pub struct CorrectionHistory {
    /// By side to move, then by [`pawn_index`].
    pawns: Box<[AtomicI16]>,
}

impl Default for CorrectionHistory {
    fn default() -> CorrectionHistory {
        CorrectionHistory {
            pawns: (0..2 * ENTRIES).map(|_| AtomicI16::new(0)).collect(),
        }
    }
}

/// Both sides' pawns, hashed to an entry index.
fn pawn_index(pos: &Position) -> usize {
    let red = pos.pieces(Color::Red, PieceKind::Pawn).0;
    let black = pos.pieces(Color::Black, PieceKind::Pawn).0;
    let mix = |bits: u128, k: u64| {
        ((bits as u64) ^ ((bits >> 64) as u64).rotate_left(29)).wrapping_mul(k)
    };
    let key = mix(red, 0x9E37_79B9_7F4A_7C15) ^ mix(black, 0xC2B2_AE3D_27D4_EB4F).rotate_left(31);
    (key.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - ENTRIES.trailing_zeros())) as usize
}

impl CorrectionHistory {
    /// The entry of `pos`'s pawn structure for its side to move.
    fn entry(&self, pos: &Position) -> &AtomicI16 {
        &self.pawns[pos.side_to_move().index() * ENTRIES + pawn_index(pos)]
    }

    /// What to add to the static evaluation of `pos` (for its side to move).
    pub fn correction(&self, pos: &Position) -> i32 {
        self.entry(pos).load(Ordering::Relaxed) as i32 / GRAIN
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&self) {
        for entry in &*self.pawns {
            entry.store(0, Ordering::Relaxed);
        }
    }

    /// Learns from a node searched to `depth` whose result `score` (of
    /// bound `bound`) differs from its uncorrected static evaluation `eval`,
    /// where the bound shows the error's direction: a fail-high only proves
    /// the evaluation too low, a fail-low only too high.
    pub fn update(&self, pos: &Position, depth: i32, bound: Bound, score: i32, eval: i32) {
        let error = score - eval;
        let proven = match bound {
            Bound::Exact => true,
            Bound::Lower => error > 0,
            Bound::Upper => error < 0,
        };
        if !proven {
            return;
        }
        let target = error.clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let weight = (depth + 1).min(MAX_WEIGHT);
        let entry = self.entry(pos);
        let current = entry.load(Ordering::Relaxed) as i32;
        let updated = (current * (WEIGHT_SCALE - weight) + target * weight) / WEIGHT_SCALE;
        entry.store(updated as i16, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proven_error_moves_the_correction_of_that_pawn_structure_only() {
        let start = Position::startpos();
        let mut pawn_moved = start.clone();
        pawn_moved.try_play("c3c4".parse().unwrap()).unwrap();
        pawn_moved.try_play("c6c5".parse().unwrap()).unwrap();
        let history = CorrectionHistory::default();
        for _ in 0..50 {
            history.update(&start, 10, Bound::Exact, 140, 100);
        }
        assert!(history.correction(&start) > 20);
        assert!(history.correction(&start) <= 40);
        assert_eq!(history.correction(&pawn_moved), 0);
        // A fail-low cannot show that the evaluation was too low.
        let before = history.correction(&start);
        history.update(&start, 10, Bound::Upper, 200, 100);
        assert_eq!(history.correction(&start), before);
        history.update(&start, 10, Bound::Upper, 0, 100);
        assert!(history.correction(&start) < before);
        history.clear();
        assert_eq!(history.correction(&start), 0);
    }
}
