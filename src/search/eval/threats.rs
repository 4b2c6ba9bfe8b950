//! What each side attacks, and the threats that follow from it: a chariot
//! attacked by a horse, cannon or pawn, a horse or cannon attacked by a pawn
//! (an exchange that loses material whoever starts it), and a horse, cannon
//! or chariot attacked and not defended at all.
//!
//! The evaluation is symmetric, so a threat costs its owner the same whoever
//! is to move: the weights are the expected loss, small, since the side to
//! move can often answer the threat and the quiescence search resolves the
//! captures themselves.

use super::{Term, TermSink};
use crate::core::attacks::{
    elephant_attacks, horse_attacks, ADVISOR_STEPS, KING_STEPS, PAWN_STEPS,
};
use crate::core::magic::{cannon_attacks, chariot_attacks};
use crate::core::{Bitboard, Color, PieceKind, Position};

/// The points one side attacks, by the kind of attacker that matters for
/// the exchange.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct Attacks {
    /// Attacked by a pawn.
    pawn: Bitboard,
    /// Attacked by a horse or a cannon.
    minor: Bitboard,
    /// Attacked by anything, the king and its guards included.
    all: Bitboard,
}

impl Attacks {
    pub(super) fn of(pos: &Position, color: Color) -> Attacks {
        let occupied = pos.occupied();
        let squares = |kind| pos.pieces(color, kind);
        let pawn = squares(PieceKind::Pawn).fold(Bitboard::EMPTY, |acc, sq| {
            acc | PAWN_STEPS[color.index()][sq.index()]
        });
        let mut minor = Bitboard::EMPTY;
        for sq in squares(PieceKind::Horse) {
            minor |= horse_attacks(sq, occupied);
        }
        for sq in squares(PieceKind::Cannon) {
            minor |= cannon_attacks(sq, occupied);
        }
        let mut all = pawn | minor;
        for sq in squares(PieceKind::Chariot) {
            all |= chariot_attacks(sq, occupied);
        }
        for sq in squares(PieceKind::Elephant) {
            all |= elephant_attacks(sq, occupied);
        }
        for sq in squares(PieceKind::Advisor) {
            all |= ADVISOR_STEPS[sq.index()];
        }
        all |= KING_STEPS[pos.king_square(color).index()];
        Attacks { pawn, minor, all }
    }
}

/// The threats against `us`'s pieces, `ours` and `theirs` being what each
/// side attacks.
#[inline(always)]
pub(super) fn threat_terms<T: TermSink>(
    pos: &Position,
    us: Color,
    ours: &Attacks,
    theirs: &Attacks,
    sink: &mut T,
) {
    let chariots = pos.pieces(us, PieceKind::Chariot);
    let minors = pos.pieces(us, PieceKind::Horse) | pos.pieces(us, PieceKind::Cannon);
    sink.add(
        Term::ChariotThreatened,
        (chariots & (theirs.pawn | theirs.minor)).count() as i32,
    );
    sink.add(
        Term::MinorThreatenedByPawn,
        (minors & theirs.pawn).count() as i32,
    );
    sink.add(
        Term::HangingPiece,
        ((chariots | minors) & (theirs.all - ours.all)).count() as i32,
    );
}
