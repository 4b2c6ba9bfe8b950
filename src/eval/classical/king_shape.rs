//! The king's shape against the attack it faces: advisors and elephants
//! against the attackers that have crossed the river, missing advisors
//! against horses and missing elephants against cannons, the horse smothered
//! in the palace centre (窝心马) under a central cannon, the cannon on the
//! back rank (沉底炮) beside the king, and horses and cannons pinned to the
//! king by a chariot.
//!
//! Each is a combination of pieces rather than one piece on one point: a
//! piece-square table could not say it.

use super::{Term, TermSink};
use crate::core::attacks::between;
use crate::core::{Bitboard, Color, PieceKind, Position, Square};

/// The points of `color`'s half of the board.
fn own_half(color: Color) -> Bitboard {
    match color {
        Color::Red => Bitboard::RED_HALF,
        Color::Black => Bitboard::BLACK_HALF,
    }
}

/// The attacking force of `them` that stands in `us`'s half: chariot 2,
/// horse and cannon 1, two pawns 1 (every pawn there has crossed).
pub(super) fn crossed_attack_units(pos: &Position, us: Color) -> i32 {
    let them = !us;
    let half = own_half(us);
    let count = |kind| (pos.pieces(them, kind) & half).count() as i32;
    2 * count(PieceKind::Chariot)
        + count(PieceKind::Horse)
        + count(PieceKind::Cannon)
        + count(PieceKind::Pawn) / 2
}

/// The king-shape terms of `us`; `crossed_units` is
/// [`crossed_attack_units`] of `us`, capped.
#[inline(always)]
pub(super) fn king_shape_terms<T: TermSink>(
    pos: &Position,
    us: Color,
    crossed_units: i32,
    sink: &mut T,
) {
    let them = !us;
    let advisors = pos.pieces(us, PieceKind::Advisor).count() as i32;
    let elephants = pos.pieces(us, PieceKind::Elephant).count() as i32;
    sink.add(Term::AdvisorVsCrossed, advisors * crossed_units);
    sink.add(Term::ElephantVsCrossed, elephants * crossed_units);
    sink.add(
        Term::MissingAdvisorVsHorse,
        (2 - advisors).max(0) * pos.pieces(them, PieceKind::Horse).count() as i32,
    );
    sink.add(
        Term::MissingElephantVsCannon,
        (2 - elephants).max(0) * pos.pieces(them, PieceKind::Cannon).count() as i32,
    );

    let king = pos.king_square(us);
    let enemy_cannons = pos.pieces(them, PieceKind::Cannon);
    let (centre, back_rank) = match us {
        Color::Red => (Square::E1, 0),
        Color::Black => (Square::E8, 9),
    };
    let centre_file = Bitboard::file(centre.file());
    if pos.pieces(us, PieceKind::Horse).has(centre) && (enemy_cannons & centre_file).any() {
        sink.add(Term::SmotheredCentreHorse, 1);
    }
    if king.rank().index() == back_rank {
        let rank = Bitboard::rank(king.rank());
        sink.add(Term::BottomCannon, (enemy_cannons & rank).count() as i32);
    }

    // A horse or cannon alone between the king and an enemy chariot on the
    // king's file or rank cannot leave the line (a pinned chariot could
    // take the pinner, so it does not count).
    let lines = Bitboard::file(king.file()) | Bitboard::rank(king.rank());
    let occupied = pos.occupied();
    let pinnable = pos.pieces(us, PieceKind::Horse) | pos.pieces(us, PieceKind::Cannon);
    for chariot in pos.pieces(them, PieceKind::Chariot) & lines {
        let blockers = between(king, chariot) & occupied;
        if !blockers.has_many() && (blockers & pinnable).any() {
            sink.add(Term::PinnedToKing, 1);
        }
    }
}
