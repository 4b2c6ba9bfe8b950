//! The exchange play-out: who can take on a point (attackers and
//! defenders, by legal moves only), what an exchange of captures on one
//! point nets, what a material-only play of captures over the whole board
//! nets, and so what one capture really wins once everything the opponent
//! can win back is counted. The chase detection asks these questions; the
//! values are those of [`material_value`].
//!
//! Protection is judged by playing the exchange out with legal moves only,
//! so a defender that is pinned, or that is the cannon's own screen, is no
//! defender (a fake root, 假根, 2011 §24.16; AXF rule 34: a protector that
//! could not really take back when the capture happens is none), and a
//! piece with fewer defenders than attackers (少根子) is won by the
//! exchange.

use super::mate::mates_by_checks;
use super::material::material_value;
use super::pass::after_pass;
use crate::core::attacks::{elephant_attacks, ADVISOR_STEPS};
use crate::core::{Bitboard, Color, GenKind, Move, PieceKind, Position, Square};
use arrayvec::ArrayVec;

/// How many captures a play-out looks at. Six cover every exchange in the
/// rule-book diagrams; ten found spurious costs deep in the line (参考图46)
/// and cost more time in the search.
pub const EXCHANGE_DEPTH: u32 = 6;

/// A capture that lets the opponent mate with this many consecutive checks
/// wins nothing (1999 §29.4 "不致立即被对方将死"): the rule-book diagrams
/// (参考图20) count a two-check mate as immediate. A recapture is no
/// recapture on the same terms (a fake root that "cannot leave its line",
/// 2011 §24.16): one "immediate" for both.
pub const REFUTING_MATE_CHECKS: u32 = 2;

/// The pieces of `color` that attack (or defend) the point `sq`.
pub fn defenders(pos: &Position, sq: Square, color: Color) -> Bitboard {
    // Advisors and elephants never check, so `attackers` leaves them out;
    // their steps are symmetric.
    pos.attackers(sq, color)
        | (ADVISOR_STEPS[sq.index()] & pos.pieces(color, PieceKind::Advisor))
        | (elephant_attacks(sq, pos.occupied()) & pos.pieces(color, PieceKind::Elephant))
}

/// The side to move's legal captures onto `sq`, found from the attackers of
/// the point rather than by generating every move.
pub fn captures_onto(pos: &Position, sq: Square) -> ArrayVec<Move, 16> {
    let mut found = ArrayVec::new();
    if pos.piece_at(sq).is_none() {
        return found;
    }
    // `is_legal` weeds out what cannot really take.
    for from in defenders(pos, sq, pos.side_to_move()) {
        if let Some(mv) = Move::new(from, sq) {
            if pos.is_legal(mv) && !found.is_full() {
                found.push(mv);
            }
        }
    }
    found
}

/// Whether the side to move can really take back on `sq`: legally, and
/// without letting the other side mate at once.
fn has_recapture(pos: &mut Position, sq: Square) -> bool {
    captures_onto(pos, sq).into_iter().any(|mv| {
        pos.make(mv);
        let real = !mates_by_checks(pos, REFUTING_MATE_CHECKS);
        pos.unmake();
        real
    })
}

/// What the side to move gains, at best, by starting (or continuing) an
/// exchange on `sq`; it may always stop, so never below zero.
pub fn exchange_gain(pos: &mut Position, sq: Square, depth: u32) -> i32 {
    if depth == 0 {
        return 0;
    }
    let Some(victim) = pos.piece_at(sq) else {
        return 0;
    };
    let value = material_value(victim, sq);
    let mut best = 0;
    for mv in captures_onto(pos, sq) {
        pos.make(mv);
        let gain = value - exchange_gain(pos, sq, depth - 1);
        // A recapture that lets the other side mate is no recapture: the
        // defender "cannot leave its line" (不能离线, a fake root). Asked
        // only when the capture would count, since it costs a search.
        if gain > best && !mates_by_checks(pos, REFUTING_MATE_CHECKS) {
            best = gain;
        }
        pos.unmake();
    }
    best
}

/// The terms of a material-only play-out of captures around a threat of the
/// side `chaser`.
///
/// * After the chaser's capture, its king and pawns take no part (the king
///   may not chase with others, and a pawn's value floats: trading it for
///   pieces is no gain, 2011 §26.6).
/// * When asking what the opponent wins if the chaser passes, the threat
///   itself is left alone: the chaser does not take the target, the
///   opponent does not take the attacker (a threat against the attacker is
///   answered by the capture, not a cost of it), and the target takes
///   nothing: a capture whose only profit is that the taken piece no
///   longer threatens ours saves material but wins none (2011 §24.3
///   "吃掉对方子且得子": an even trade is no 得子).
#[derive(Copy, Clone, Debug)]
pub struct CapturePlay {
    pub chaser: Color,
    /// Whether the chaser's king and pawns are kept out.
    pub helpers_barred: bool,
    /// The target's point and the attacker's point.
    pub left_alone: Option<(Square, Square)>,
    /// The pieces the chaser's capturing piece defended: the opponent's
    /// first answer may not take them (see [`Weighing::DutiesFree`]).
    pub abandoned: Bitboard,
}

impl CapturePlay {
    /// Whether `mv`, by the side to move, may be part of the play.
    fn admits(&self, pos: &Position, mv: Move) -> bool {
        let (target, attacker) = match self.left_alone {
            Some((target, attacker)) => (Some(target), Some(attacker)),
            None => (None, None),
        };
        if pos.side_to_move() != self.chaser {
            return attacker != Some(mv.to()) && target != Some(mv.from());
        }
        let helper = pos
            .piece_at(mv.from())
            .is_some_and(|p| matches!(p.kind, PieceKind::King | PieceKind::Pawn));
        !(self.helpers_barred && helper) && target != Some(mv.to())
    }

    /// What the side to move gains, at best, by captures anywhere on the
    /// board answered by captures (a quiescence search on material only):
    /// exchanges on one point, a capture that takes away the defender of
    /// another piece (断根), a capture that uncovers a second attack. It may
    /// always stop, so the result is never below zero; it is exact inside
    /// `alpha..beta` and a bound outside.
    pub fn gain(&self, pos: &mut Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let mut best = 0;
        if depth == 0 {
            return best;
        }
        alpha = alpha.max(best);
        let mut captures: ArrayVec<(i32, Move), 128> = pos
            .moves_of(GenKind::Captures)
            .into_iter()
            .filter(|&mv| self.admits(pos, mv))
            .filter(|mv| !self.abandoned.has(mv.to()))
            .filter_map(|mv| {
                let victim = pos.piece_at(mv.to())?;
                let value = material_value(victim, mv.to());
                (value > 0).then_some((value, mv))
            })
            .collect();
        captures.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
        for (value, mv) in captures {
            if value <= alpha {
                break; // even an unanswered capture cannot improve
            }
            pos.make(mv);
            let deeper = CapturePlay {
                abandoned: Bitboard::EMPTY,
                ..*self
            };
            let gain = value - deeper.gain(pos, depth - 1, value - beta, value - alpha);
            // A capture that lets the other side mate at once is no capture:
            // the piece "cannot leave its line" (不能离线, a fake root). Asked
            // only of the first two captures, and only when the capture would
            // count, since it costs a search.
            let near = depth + 2 > EXCHANGE_DEPTH;
            if gain > best && !(near && mates_by_checks(pos, REFUTING_MATE_CHECKS)) {
                best = gain;
            }
            pos.unmake();
            if best >= beta {
                break;
            }
            alpha = alpha.max(best);
        }
        best
    }
}

/// How the cost of a capture is counted. The rule-book diagrams count both
/// ways: a capture tied down by a defensive duty is no threat (图12,
/// 参考图30), yet a move that makes a capture possible chases even when the
/// capturing piece would leave a duty behind (图22, 参考图46). A move chases
/// when it makes a threat new under the first weighing or, for the piece
/// that moved, under the second.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Weighing {
    /// Everything the opponent can win back anywhere on the board.
    AllCosts,
    /// The same, except the pieces the capturing piece was defending,
    /// unless leaving its point uncovers them: that is a pin's cost, not a
    /// duty (2011 §26.5, 图23).
    DutiesFree,
}

/// What a capture wins, when it wins anything.
pub struct Weighed {
    /// The material it nets: the exchange on the captured piece's point, and
    /// no more than the play over the whole board leaves.
    pub gain: i32,
    /// Whether the opponent can really take back on the point.
    pub recaptures: bool,
    /// Whether it wins with everything the opponent can win back counted,
    /// before any comparison with passing: false when it only loses less
    /// than leaving a piece of ours hanging elsewhere would.
    pub outright: bool,
    /// Whether it counts only as a root's or a pinned piece's even trade
    /// (2011 §26.5): the capturing piece cannot leave its line for nothing
    /// (不能离线), so what it threatens rests on that tie.
    pub tied: bool,
}

/// Weighs the capture `mv` of a piece worth `value`: `None` unless it wins
/// material, counted by `weighing`, and does not let the opponent mate at
/// once (1999 §29.4, [`REFUTING_MATE_CHECKS`]).
pub fn weigh(pos: &mut Position, mv: Move, value: i32, weighing: Weighing) -> Option<Weighed> {
    let (from, to) = (mv.from(), mv.to());
    let play = CapturePlay {
        chaser: pos.side_to_move(),
        helpers_barred: true,
        left_alone: None,
        // What a pinned piece uncovers by leaving is no duty but the cost
        // of the pin, counted even when it also defended that piece (2011
        // §26.5: 被牵子捉子，得不偿失者为闲, 图23).
        abandoned: match weighing {
            Weighing::AllCosts => Bitboard::EMPTY,
            Weighing::DutiesFree => defended_by(pos, from) - uncovered_by_leaving(pos, from),
        },
    };
    pos.make(mv);
    let after = value - play.gain(pos, EXCHANGE_DEPTH, 0, i32::MAX);
    let on_point = value - exchange_gain(pos, to, EXCHANGE_DEPTH);
    pos.unmake();
    // Against what the opponent wins by captures if we pass and leave the
    // piece be: the capture wins only if it leaves us better off. Not
    // needed when it wins at least the exchange on its point anyway.
    let net = if after > 0 && after >= on_point {
        after
    } else {
        let spare = CapturePlay {
            helpers_barred: false,
            left_alone: Some((to, from)),
            abandoned: Bitboard::EMPTY,
            ..play
        };
        after + after_pass(pos, |pos| spare.gain(pos, EXCHANGE_DEPTH, 0, i32::MAX))
    };
    // A capture by a root (做根子) or a pinned piece (被牵子) that wins the
    // piece outright but costs as much elsewhere still chases: the rules
    // idle only such a capture at a loss (2011 §26.5). Any other capture
    // that leaves the chaser no better off wins nothing.
    let tied = net == 0 && (defended_by(pos, from).any() || pinned(pos, from));
    let net = if tied { on_point.min(value) } else { net };
    if net <= 0 {
        return None;
    }
    pos.make(mv);
    let refuted = mates_by_checks(pos, REFUTING_MATE_CHECKS);
    let recaptures = !refuted && has_recapture(pos, to);
    pos.unmake();
    (!refuted).then_some(Weighed {
        gain: net.min(on_point.max(0)),
        recaptures,
        outright: after > 0,
        tied,
    })
}

/// The capture `mv` of an immobilised piece (AXF rule 19): a chase unless it
/// loses material on the point or lets the opponent mate at once, whatever
/// protects the piece.
pub fn weigh_immobilised(pos: &mut Position, mv: Move) -> Option<Weighed> {
    let to = mv.to();
    let value = pos.piece_at(to).map_or(0, |p| material_value(p, to));
    pos.make(mv);
    let on_point = value - exchange_gain(pos, to, EXCHANGE_DEPTH);
    let refuted = mates_by_checks(pos, REFUTING_MATE_CHECKS);
    let recaptures = has_recapture(pos, to);
    pos.unmake();
    (on_point >= 0 && !refuted).then_some(Weighed {
        gain: on_point,
        recaptures,
        outright: true,
        tied: false,
    })
}

/// Whether the piece on `from` is pinned (被牵): leaving its point would open
/// an enemy attack on its king or on another piece of its side.
fn pinned(pos: &Position, from: Square) -> bool {
    uncovered_by_leaving(pos, from).any()
}

/// The other pieces of its side that the piece on `from` screens from an
/// enemy attack: leaving its point opens a new attack on each.
fn uncovered_by_leaving(pos: &Position, from: Square) -> Bitboard {
    let Some(piece) = pos.piece_at(from) else {
        return Bitboard::EMPTY;
    };
    let enemy = !piece.color;
    let opened = pos.occupied() - Bitboard::from_square(from);
    pos.color_pieces(piece.color)
        .into_iter()
        .filter(|&sq| sq != from)
        .filter(|&sq| (pos.attackers_with(sq, enemy, opened) & !pos.attackers(sq, enemy)).any())
        .collect()
}

/// The pieces of its own side that the piece on `from` defends.
fn defended_by(pos: &Position, from: Square) -> Bitboard {
    let Some(piece) = pos.piece_at(from) else {
        return Bitboard::EMPTY;
    };
    pos.color_pieces(piece.color)
        .into_iter()
        .filter(|&sq| sq != from && defenders(pos, sq, piece.color).has(from))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
