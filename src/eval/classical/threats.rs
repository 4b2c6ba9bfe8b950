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
use crate::core::attacks::{elephant_attacks, horse_attacks, ADVISOR_STEPS, KING_STEPS};
use crate::core::magic::{cannon_attacks, chariot_attacks};
use crate::core::{Bitboard, Color, PieceKind, Position};

/// The points one side attacks, by the kind of attacker that matters for
/// the exchange; and each chariot's and horse's reach, which mobility
/// counts, so that no attack is looked up twice.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct Attacks {
    /// Attacked by a pawn.
    pub(super) pawn: Bitboard,
    /// Attacked by a horse or a cannon.
    minor: Bitboard,
    /// Attacked by anything, the king and its guards included.
    all: Bitboard,
    /// Each chariot's attacks, in the order `Position::pieces` lists them
    /// (a side has at most two).
    pub(super) chariots: [Bitboard; 2],
    /// Each horse's attacks, likewise.
    pub(super) horses: [Bitboard; 2],
}

impl Attacks {
    pub(super) fn of(pos: &Position, color: Color) -> Attacks {
        let occupied = pos.occupied();
        let squares = |kind| pos.pieces(color, kind);
        let mut attacks = Attacks {
            pawn: pawn_attacks(squares(PieceKind::Pawn), color),
            ..Attacks::default()
        };
        for (i, sq) in squares(PieceKind::Horse).enumerate().take(2) {
            attacks.horses[i] = horse_attacks(sq, occupied);
            attacks.minor |= attacks.horses[i];
        }
        for sq in squares(PieceKind::Cannon) {
            attacks.minor |= cannon_attacks(sq, occupied);
        }
        let mut all = attacks.pawn | attacks.minor;
        for (i, sq) in squares(PieceKind::Chariot).enumerate().take(2) {
            attacks.chariots[i] = chariot_attacks(sq, occupied);
            all |= attacks.chariots[i];
        }
        for sq in squares(PieceKind::Elephant) {
            all |= elephant_attacks(sq, occupied);
        }
        for sq in squares(PieceKind::Advisor) {
            all |= ADVISOR_STEPS[sq.index()];
        }
        attacks.all = all | KING_STEPS[pos.king_square(color).index()];
        attacks
    }
}

/// The points `pawns` of `color` attack: one step forward, and one to each
/// side for those across the river; by shifts rather than one table entry
/// per pawn, the evaluation's most frequent lookup.
#[inline(always)]
fn pawn_attacks(pawns: Bitboard, color: Color) -> Bitboard {
    const FILE_A: u128 = 0x01
        | 0x01 << 9
        | 0x01 << 18
        | 0x01 << 27
        | 0x01 << 36
        | 0x01 << 45
        | 0x01 << 54
        | 0x01 << 63
        | 0x01 << 72
        | 0x01 << 81;
    const FILE_I: u128 = FILE_A << 8;
    let bits = pawns.0;
    let (forward, crossed) = match color {
        Color::Red => (bits << 9, bits & Bitboard::BLACK_HALF.0),
        Color::Black => (bits >> 9, bits & Bitboard::RED_HALF.0),
    };
    // A step right that wraps lands on file a of the next rank, a step left
    // on file i of the rank below: both are masked off.
    let sideways = ((crossed << 1) & !FILE_A) | ((crossed >> 1) & !FILE_I);
    Bitboard((forward | sideways) & Bitboard::FULL.0)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::attacks::PAWN_STEPS;

    #[test]
    fn pawn_attacks_by_shifts_match_the_step_table() {
        for color in Color::ALL {
            for sq in crate::core::Square::all() {
                let pawn = Bitboard::from_square(sq);
                assert_eq!(
                    pawn_attacks(pawn, color),
                    PAWN_STEPS[color.index()][sq.index()],
                    "{color:?} pawn on {sq:?}"
                );
            }
        }
    }
}
