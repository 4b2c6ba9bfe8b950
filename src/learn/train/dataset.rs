//! The quiet positions the trainer learns from, with their labels, packed
//! for the passes over them.

use crate::core::Color;
use crate::eval::nnue::buckets::attacking_force;
use crate::eval::nnue::features::{active_features, seen_by_black};
use crate::learn::data::format::Record;
use crate::learn::data::position_set::{is_quiet, PositionSet};
use crate::learn::fit::{cross_entropy, minimise_convex, ordered_mean, sigmoid};
use arrayvec::ArrayVec;

/// The pieces of a position, each as Red sees it.
pub(super) type Pieces = ArrayVec<u16, 32>;

/// Quiet positions with their labels, as the trainer reads them.
#[derive(Clone, Debug, Default)]
pub struct NetDataset {
    /// Where each position's features end in `features` (each starts where
    /// the one before ends). 64 bits: at some 28 pieces a position, 32
    /// would wrap past about 150 M positions.
    ends: Vec<u64>,
    /// Every piece, as Red sees it ([`crate::eval::nnue::features::feature`]).
    features: Vec<u16>,
    red_to_move: Vec<bool>,
    /// The chariots, horses and cannons on the board (picks the bucket).
    force: Vec<u8>,
    /// The search score in centipawns, Red's view.
    score: Vec<f32>,
    /// Red's share of the points: 0, 0.5 or 1.
    result: Vec<f32>,
    /// Records left out (in check, a capture to come, no evaluation as the score).
    skipped: u64,
}

impl PositionSet for NetDataset {
    fn empty() -> NetDataset {
        NetDataset::default()
    }

    fn add(&mut self, record: &Record) -> bool {
        let Some(pos) = is_quiet(record).then(|| record.position().ok()).flatten() else {
            self.skipped += 1;
            return false;
        };
        self.features
            .extend(active_features(&pos, Color::Red).map(|f| f as u16));
        self.ends.push(self.features.len() as u64);
        self.red_to_move.push(pos.side_to_move() == Color::Red);
        self.force.push(attacking_force(&pos) as u8);
        self.score.push(record.score as f32);
        self.result.push(record.result.red_score() as f32);
        true
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn skipped(&self) -> u64 {
        self.skipped
    }
}

impl NetDataset {
    /// The scaling constant that makes `sigmoid(K * score)` fit the results
    /// best: what a centipawn of the search is worth in winning chances.
    pub fn fit_score_scale(&self) -> f64 {
        minimise_convex(|k| {
            ordered_mean(self.len(), |n| {
                cross_entropy(sigmoid(k * self.score[n] as f64), self.result[n] as f64)
            })
        })
    }

    /// Position `n`'s features for the side to move and for the other side.
    pub(super) fn inputs(&self, n: usize) -> (Pieces, Pieces) {
        let start = if n == 0 { 0 } else { self.ends[n - 1] as usize };
        let range = start..self.ends[n] as usize;
        let (mut red, mut black) = (Pieces::new(), Pieces::new());
        for &f in &self.features[range] {
            red.push(f);
            black.push(seen_by_black(f as usize) as u16);
        }
        if self.red_to_move[n] {
            (red, black)
        } else {
            (black, red)
        }
    }

    /// The chariots, horses and cannons on position `n`'s board.
    pub(super) fn force(&self, n: usize) -> usize {
        self.force[n] as usize
    }

    /// Position `n`'s target for the side to move.
    pub(super) fn target(&self, n: usize, k: f64, lambda: f64) -> f32 {
        let (result, score) = if self.red_to_move[n] {
            (self.result[n], self.score[n])
        } else {
            (1.0 - self.result[n], -self.score[n])
        };
        (lambda * result as f64 + (1.0 - lambda) * sigmoid(k * score as f64)) as f32
    }
}
