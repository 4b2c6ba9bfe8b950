//! The accumulator: the first layer's sums for both sides, kept up to date
//! move by move (a move changes at most three features of each side), and
//! the same sums computed from scratch.

use super::features::{active_features, feature};
use super::network::{Network, HIDDEN};
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
        let mut next = *self;
        let Some(mover) = pos.piece_at(mv.from()) else {
            return next;
        };
        let victim = pos.piece_at(mv.to());
        for view in Color::ALL {
            let sums = &mut next.sums[view.index()];
            let from = &net.input_weights[feature(view, mover, mv.from())];
            let to = &net.input_weights[feature(view, mover, mv.to())];
            match victim {
                Some(victim) => {
                    let taken = &net.input_weights[feature(view, victim, mv.to())];
                    move_and_take(sums, to, from, taken)
                }
                None => move_piece(sums, to, from),
            }
        }
        next
    }

    /// The evaluation for the side to move of the position these sums belong to.
    #[inline]
    pub fn evaluate(&self, net: &Network, side_to_move: Color) -> i32 {
        net.output(
            &self.sums[side_to_move.index()],
            &self.sums[side_to_move.opposite().index()],
        )
    }
}

/// The network's evaluation of `pos` for the side to move, from scratch.
pub fn evaluate(net: &Network, pos: &Position) -> i32 {
    Accumulator::refresh(net, pos).evaluate(net, pos.side_to_move())
}

#[inline]
fn add(sums: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (s, w) in sums.iter_mut().zip(row) {
        *s = s.wrapping_add(*w);
    }
}

#[inline]
fn move_piece(sums: &mut [i16; HIDDEN], added: &[i16; HIDDEN], removed: &[i16; HIDDEN]) {
    for ((s, a), r) in sums.iter_mut().zip(added).zip(removed) {
        *s = s.wrapping_add(*a).wrapping_sub(*r);
    }
}

#[inline]
fn move_and_take(
    sums: &mut [i16; HIDDEN],
    added: &[i16; HIDDEN],
    removed: &[i16; HIDDEN],
    taken: &[i16; HIDDEN],
) {
    for (((s, a), r), t) in sums.iter_mut().zip(added).zip(removed).zip(taken) {
        *s = s.wrapping_add(*a).wrapping_sub(*r).wrapping_sub(*t);
    }
}
