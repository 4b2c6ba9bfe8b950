//! The accumulator: the first layer's sums for both sides, kept up to date
//! move by move (a move changes at most three features of each side), and
//! the same sums computed from scratch.

use super::buckets::output_bucket;
use super::features::{active_features, feature};
use super::network::Network;
use super::shape::HIDDEN;
use super::simd::{move_and_take, move_piece, Row};
use crate::core::{Color, Move, Position};

/// The first layer's sums, one row per viewing side (by `Color::index`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Accumulator {
    pub sums: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// Computed from every piece of `pos`.
    pub fn refresh(net: &Network, pos: &Position) -> Accumulator {
        let mut acc = Accumulator {
            sums: [net.input_bias; 2],
        };
        for view in Color::ALL {
            for f in active_features(pos, view) {
                add(&mut acc.sums[view.index()], &net.input_weights[f]);
            }
        }
        acc
    }

    /// The sums after `mv` is played in `pos` (call before making the move).
    #[inline]
    pub fn after(&self, net: &Network, pos: &Position, mv: Move) -> Accumulator {
        let Some(mover) = pos.piece_at(mv.from()) else {
            return *self;
        };
        let victim = pos.piece_at(mv.to());
        let mut next = Accumulator {
            sums: [[0; HIDDEN]; 2],
        };
        for view in Color::ALL {
            let (old, out) = (&self.sums[view.index()], &mut next.sums[view.index()]);
            let from = &net.input_weights[feature(view, mover, mv.from())];
            let to = &net.input_weights[feature(view, mover, mv.to())];
            match victim {
                Some(victim) => {
                    let taken = &net.input_weights[feature(view, victim, mv.to())];
                    move_and_take(out, old, to, from, taken)
                }
                None => move_piece(out, old, to, from),
            }
        }
        next
    }

    /// The evaluation of `pos`, the position these sums belong to, for its
    /// side to move.
    #[inline]
    pub fn evaluate(&self, net: &Network, pos: &Position) -> i32 {
        let us = pos.side_to_move();
        net.output(
            output_bucket(pos, net.buckets()),
            &self.sums[us.index()],
            &self.sums[us.opposite().index()],
        )
    }
}

/// The network's evaluation of `pos` for the side to move, from scratch.
pub fn evaluate(net: &Network, pos: &Position) -> i32 {
    Accumulator::refresh(net, pos).evaluate(net, pos)
}

#[inline]
fn add(sums: &mut Row, row: &Row) {
    for (s, w) in sums.iter_mut().zip(row) {
        *s = s.wrapping_add(*w);
    }
}
