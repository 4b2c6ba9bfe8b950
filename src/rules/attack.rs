//! The one model of attack and protection, from the definitions both rule
//! books share (AXF rules 15-37 and their appendix; CXA 2011 §24.3-24.16):
//!
//! * an **attack** is a capture that is legal now: a pinned piece attacks
//!   nothing off its line, and a capture that would leave its king in check
//!   or the kings facing is none (AXF rules 27, 34);
//! * a piece is **protected** when, once the capture is played, its side has
//!   a legal recapture on that point: a pinned protector, or one whose
//!   recapture would face the kings, is none (a false root: AXF rule 34,
//!   2011 §24.16); the king protects where its recapture is legal; one legal
//!   recapture is enough, however many pieces attack (AXF rule 35);
//! * an attack on a piece of its own kind that could legally take straight
//!   back is an **exchange offer** (兑: AXF rule 24, 2011 §24.4); where it
//!   could not (pinned, or a horse whose leg back is blocked), it is an
//!   attack like any other (AXF rules 24, 27);
//! * what can be chased is **material**: not the king, and a pawn only
//!   once it has crossed the river (AXF rule 25, 1999 §25.3); the king and
//!   pawns never chase by their own attacks (AXF rules 28-29, 2011 §26.1).
//!
//! What an attack then threatens, and the Chinese rules' additions, is
//! [`threat`](super::threat)'s to say.

use super::material::material_value;
use super::pass::after_pass;
use crate::core::attacks::{elephant_attacks, ADVISOR_STEPS};
use crate::core::{Bitboard, Color, Move, Piece, PieceKind, Position, Square};
use arrayvec::ArrayVec;

/// Whether `piece` standing on `sq` can be chased: it is material.
pub fn is_target(piece: Piece, sq: Square) -> bool {
    material_value(piece, sq) > 0
}

/// Whether a piece of `kind` chases by its own attacks.
pub fn chases_by_itself(kind: PieceKind) -> bool {
    !matches!(kind, PieceKind::King | PieceKind::Pawn)
}

/// The pieces of `color` that could move to the point `sq` (attack or
/// defend it), legal or not.
pub fn reaching(pos: &Position, sq: Square, color: Color) -> Bitboard {
    // Advisors and elephants never check, so `attackers` leaves them out;
    // their steps are symmetric.
    pos.attackers(sq, color)
        | (ADVISOR_STEPS[sq.index()] & pos.pieces(color, PieceKind::Advisor))
        | (elephant_attacks(sq, pos.occupied()) & pos.pieces(color, PieceKind::Elephant))
}

/// The side to move's legal captures onto `sq`.
pub fn captures_onto(pos: &Position, sq: Square) -> ArrayVec<Move, 16> {
    let mut found = ArrayVec::new();
    if pos.piece_at(sq).is_none() {
        return found;
    }
    for from in reaching(pos, sq, pos.side_to_move()) {
        if let Some(mv) = Move::new(from, sq) {
            if pos.is_legal(mv) && !found.is_full() {
                found.push(mv);
            }
        }
    }
    found
}

/// The side to move's attacks: its legal captures of material.
pub fn attacks(pos: &Position) -> ArrayVec<Move, 64> {
    let them = !pos.side_to_move();
    let mut found = ArrayVec::new();
    for sq in pos.color_pieces(them) {
        let piece = pos.piece_at(sq).expect("a piece of theirs");
        if !is_target(piece, sq) {
            continue;
        }
        for mv in captures_onto(pos, sq) {
            if !found.is_full() {
                found.push(mv);
            }
        }
    }
    found
}

/// The recaptures that protect the piece `capture` takes (a legal capture
/// of the side to move): the other side's legal captures on that point once
/// `capture` is played, each named by the move.
pub fn recaptures(pos: &mut Position, capture: Move) -> ArrayVec<Move, 16> {
    pos.make(capture);
    let found = captures_onto(pos, capture.to());
    pos.unmake();
    found
}

/// Whether `capture` (a legal capture of the side to move) is an exchange
/// offer: its victim is of the attacker's kind and could legally take the
/// attacker straight back, were it its side's move.
pub fn is_offer(pos: &mut Position, capture: Move) -> bool {
    let (from, to) = (capture.from(), capture.to());
    let same_kind = match (pos.piece_at(from), pos.piece_at(to)) {
        (Some(a), Some(v)) => a.kind == v.kind,
        _ => false,
    };
    let Some(back) = Move::new(to, from) else {
        return false;
    };
    same_kind && after_pass(pos, |pos| pos.is_legal(back))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::GenKind;

    #[test]
    fn captures_onto_a_point_match_the_move_generator() {
        let fens = [
            "2bakab2/9/4c1n1c/pCp1N3p/7n1/2P6/P3P1P1P/4CrN2/9/1RBAKAB2 w",
            "1R1nka3/4ac3/b3b4/p1P1p3p/5n1rc/3R5/P2CP1P2/2N1BCr2/4A4/4KAB2 w",
            "2b1k1b2/1N1ca4/5a3/5P3/9/9/p8/5A3/4A1n2/3K5 b",
            "r1bakab2/9/2n1c4/p3p3p/2p3Pn1/3R5/P1PCP3P/N3C3N/4A4/R1BAK1c1r b",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            for sq in pos.occupied() {
                let mut want: Vec<Move> = pos
                    .moves_of(GenKind::Captures)
                    .into_iter()
                    .filter(|mv| mv.to() == sq)
                    .collect();
                let mut got: Vec<Move> = captures_onto(&pos, sq).into_iter().collect();
                want.sort_by_key(|mv| mv.to_u16());
                got.sort_by_key(|mv| mv.to_u16());
                assert_eq!(got, want, "{fen} onto {sq}");
            }
        }
    }

    #[test]
    fn a_pinned_protector_protects_nothing() {
        // The black cannon a7 is protected by the chariot d7, until a red
        // chariot on d2 pins that chariot to the king on d9.
        let capture: Move = "a2a7".parse().unwrap();
        let mut free = Position::from_fen("3k5/9/c2r5/9/9/9/9/R8/9/4K4 w").unwrap();
        assert_eq!(recaptures(&mut free, capture).len(), 1);
        let mut pinned = Position::from_fen("3k5/9/c2r5/9/9/9/9/R2R5/9/4K4 w").unwrap();
        assert!(recaptures(&mut pinned, capture).is_empty());
    }

    #[test]
    fn an_offer_needs_a_legal_take_back() {
        // Chariots face each other on rank 5: an offer. With a red cannon
        // over the screen e3 pinning the black chariot to its king, the
        // chariot cannot take back off the e-file: no offer.
        let capture: Move = "a5e5".parse().unwrap();
        let mut open = Position::from_fen("4k4/9/9/9/R3r4/9/9/9/9/3K5 w").unwrap();
        assert!(is_offer(&mut open, capture));
        let mut pinned = Position::from_fen("4k4/9/9/9/R3r4/9/4P4/9/9/3KC4 w").unwrap();
        assert!(!is_offer(&mut pinned, capture));
    }

    #[test]
    fn kings_and_uncrossed_pawns_are_no_targets() {
        let pos = Position::from_fen("3k5/9/9/4n4/4P4/9/9/9/4n4/4K4 w").unwrap();
        for mv in attacks(&pos) {
            let victim = pos.piece_at(mv.to()).unwrap();
            assert_ne!(victim.kind, PieceKind::King);
        }
    }
}
