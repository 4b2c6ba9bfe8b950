//! The Chinese rules' excuses: why a threat (or a mate threat) that would
//! count is not held against the move. Each is a row of
//! [`Articles`](super::rule_set::Articles): the king's answer to a check
//! (2011 §26.1.2), a key point of a lone attacker's defence (§26.2), a
//! threat the check itself made (自毙, §24.18, §26.3).

use super::mate::{mates_by_checks, threatens_mate};
use super::replay::Replay;
use super::rule_set::Articles;
use super::threat::Threat;
use crate::core::attacks::{between, on_own_side};
use crate::core::{Color, Move, PieceKind, Position, Square};

/// Why a threat (or a mate threat) that would count is not held against
/// the move (the Chinese rules' excuses).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Excuse {
    /// The king answered a check (2011 §26.1.2).
    KingAnswersCheck,
    /// A side with a single attacking piece holds a key point of its
    /// defence, and attacks an advisor or elephant from it (2011 §26.2).
    KeyDefensivePoint,
    /// Every answer to the check leaves it: the checker's own doing (自毙,
    /// 2011 §24.18, §26.3).
    SelfInflicted,
}

/// The excuse, if any, for the chase of the piece that `on_it` (every
/// threat on it after move `i`) threaten.
pub fn excuse(replay: &Replay, i: usize, on_it: &[&Threat], articles: Articles) -> Option<Excuse> {
    let mv = replay.mv(i);
    let t = on_it[0];
    if articles.key_point_excused
        && on_it.iter().any(|t| t.attacker == mv.to())
        && matches!(t.victim.kind, PieceKind::Advisor | PieceKind::Elephant)
        && holds_a_key_point(replay.after(i), mv.to())
    {
        return Some(Excuse::KeyDefensivePoint);
    }
    // A new threat after an answer to check that the answer plays no part
    // in (it neither attacks nor opens or closes the attacker's line) was
    // made by the check: 参考图22, the chariot's check that leaves its own
    // cannon unprotected.
    let answer_takes_part = |t: &&Threat| {
        let line = between(t.attacker, t.target);
        t.attacker == mv.to() || line.has(mv.from()) || line.has(mv.to())
    };
    if articles.self_inflicted_excused
        && replay.before(i).in_check()
        && !on_it.iter().any(answer_takes_part)
    {
        return Some(Excuse::SelfInflicted);
    }
    None
}

/// Whether `question`, asked after each legal answer to the check move `i`
/// answers, says yes for all of them.
pub fn every_answer(
    replay: &Replay,
    i: usize,
    mut question: impl FnMut(&mut Position, Move) -> bool,
) -> bool {
    let mut pos = replay.before(i).clone();
    pos.legal_moves().into_iter().all(|answer| {
        pos.make(answer);
        let yes = question(&mut pos, answer);
        pos.unmake();
        yes
    })
}

/// Whether the piece on `sq` (its side just moved there; the other side to
/// move in `pos`) holds a key point for the draw (守和要点, 2011 §26.2):
/// its side has it as its single attacking piece (chariot, horse, cannon
/// or crossed pawn), and it keeps a mate off: taken off the board, the
/// other side would mate by checks, or threaten to with its next move;
/// where it stands, it does not.
fn holds_a_key_point(pos: &Position, sq: Square) -> bool {
    let us = !pos.side_to_move();
    if attacking_pieces(pos, us) != 1 {
        return false;
    }
    let mut held = pos.clone();
    if mates_by_checks(&mut held) {
        return false;
    }
    let mut open = pos.without(sq);
    if mates_by_checks(&mut open) {
        return true;
    }
    open.legal_moves().into_iter().any(|mv| {
        open.make(mv);
        let threat = threatens_mate(&mut open);
        open.unmake();
        threat
    })
}

/// How many pieces `color` can attack with: chariots, horses, cannons, and
/// pawns across the river.
fn attacking_pieces(pos: &Position, color: Color) -> u32 {
    let crossed = pos
        .pieces(color, PieceKind::Pawn)
        .into_iter()
        .filter(|&sq| !on_own_side(sq, color))
        .count() as u32;
    [PieceKind::Chariot, PieceKind::Horse, PieceKind::Cannon]
        .into_iter()
        .map(|kind| pos.pieces(color, kind).count())
        .sum::<u32>()
        + crossed
}
