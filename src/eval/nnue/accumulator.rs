//! The accumulator: the first layer's sums for both sides, kept up to date
//! move by move (a move changes at most three features of each side), and
//! the same sums computed from scratch, as they are for a side whose king
//! moves into another king bucket ([`super::king_buckets`]).

use super::buckets::output_bucket;
use super::features::{active_features, feature};
use super::king_buckets::{own_king_square, KingBuckets};
use super::network::Network;
use super::shape::HIDDEN;
use super::simd::{move_and_take, move_piece, Row};
use crate::core::{Color, Move, PieceKind, Position};

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
            let bucket = net.king_buckets.of_side(pos, view);
            for f in active_features(pos, view) {
                add(&mut acc.sums[view.index()], net.input_row(bucket, f));
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
        let layout = net.king_buckets;
        // A king that moves into another bucket: its side's sums are refilled.
        let crossing = (layout != KingBuckets::None && mover.kind == PieceKind::King)
            .then(|| {
                (
                    mover.color,
                    layout.of(own_king_square(mover.color, mv.to())),
                )
            })
            .filter(|&(side, to)| to != layout.of_side(pos, side));
        for view in Color::ALL {
            let (old, out) = (&self.sums[view.index()], &mut next.sums[view.index()]);
            if let Some((_, moved_to)) = crossing.filter(|&(side, _)| side == view) {
                *out = refreshed_after(net, pos, mv, view, moved_to);
                continue;
            }
            let bucket = layout.of_side(pos, view);
            let from = net.input_row(bucket, feature(view, mover, mv.from()));
            let to = net.input_row(bucket, feature(view, mover, mv.to()));
            match victim {
                Some(victim) => {
                    let taken = net.input_row(bucket, feature(view, victim, mv.to()));
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

/// `view`'s sums from scratch after `mv` in `pos`, in king bucket `bucket`:
/// every piece but the mover and its victim where they stand, then the
/// mover where it lands.
fn refreshed_after(net: &Network, pos: &Position, mv: Move, view: Color, bucket: usize) -> Row {
    let mut sums = net.input_bias;
    for sq in pos.occupied() {
        if sq == mv.from() || sq == mv.to() {
            continue;
        }
        if let Some(piece) = pos.piece_at(sq) {
            add(&mut sums, net.input_row(bucket, feature(view, piece, sq)));
        }
    }
    if let Some(mover) = pos.piece_at(mv.from()) {
        add(
            &mut sums,
            net.input_row(bucket, feature(view, mover, mv.to())),
        );
    }
    sums
}

#[inline]
fn add(sums: &mut Row, row: &Row) {
    for (s, w) in sums.iter_mut().zip(row) {
        *s = s.wrapping_add(*w);
    }
}
