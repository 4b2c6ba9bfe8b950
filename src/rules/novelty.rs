//! What makes a threat that stands after a move the chase of that move:
//! it is new (1999 §29.2: a piece that already threatened it, followed
//! through the move, does not chase it anew; a new attacker does), or the
//! piece that moved takes part in it ([`Articles::renewed_by`]); and under
//! AXF the reply answers it (the appendix). A mate threat must be new too.

use super::attack::reaching;
use super::mate::{mates_by_checks, threatens_mate};
use super::pass::after_pass;
use super::replay::Replay;
use super::rule_set::{Articles, Participant};
use super::threat::{attack_on, examine, threatened, Threat, Turn};
use crate::core::attacks::between;
use crate::core::{Bitboard, Move, PieceKind, Position, Square};

/// Whether the threat `t`, left by move `i`, is answered by the reply:
/// after it, the same attacker no longer threatens the same piece (followed
/// if it fled), or no longer through a check.
pub fn answered(replay: &Replay, i: usize, t: &Threat, articles: Articles) -> bool {
    let reply = replay.mv(i + 1);
    let target = if reply.from() == t.target {
        reply.to()
    } else {
        t.target
    };
    let mut pos = replay.before(i + 2).clone();
    if t.check.is_some() {
        return !threatened(&mut pos, articles, Turn::Own)
            .iter()
            .any(|w| w.target == target && w.check.is_some());
    }
    !attack_on(&mut pos, t.attacker, target, articles, Turn::Own).is_some_and(|w| w.is_threat())
}

/// Whether the side to reply after move `i` had a way to save the piece on
/// `target`: a legal reply after which nothing threatens it (it fled, was
/// protected, or its attacker was taken or shut off). The appendix leaves
/// out a piece its side lets stand though it could answer; one that no
/// reply saves is chased (AXF rule 19: a chariot a horse holds on its
/// point, which cannot leave it, may not be chased).
pub fn could_answer(replay: &Replay, i: usize, target: Square, articles: Articles) -> bool {
    let pos = replay.after(i);
    pos.legal_moves().iter().any(|&reply| {
        let moved_to = if reply.from() == target {
            reply.to()
        } else {
            target
        };
        let mut after = pos.clone();
        after.make(reply);
        !threatened(&mut after, articles, Turn::Own)
            .iter()
            .any(|w| w.target == moved_to)
    })
}

/// Whether the threat on the piece that `on_it` (every threat on one piece
/// after move `i`) threaten stood before the move (从捉到捉, 1999 §29.2):
/// in the position the move was played from (for an answer to check,
/// after the side's own move before the check, unless the piece is the one
/// that checked), each of its attackers now threatened it already. A
/// new way to win it, by another piece, is a new threat (图2: the horse
/// that blocks the chariot's file and threatens to win the chariot through
/// its check).
pub fn stood_before(replay: &Replay, i: usize, on_it: &[&Threat], articles: Articles) -> bool {
    let mv = replay.mv(i);
    let target = on_it[0].target;
    let before = replay.before(i);
    let (mut pos, target, turn) = if before.in_check() {
        let check = replay.mv(i + replay.len() - 1);
        // The piece that checked has moved off the attack it stood under:
        // attacked again, it is chased anew (AXF rule 23; 2011 §26.1.2).
        if check.to() == target {
            return false;
        }
        let mut pos = replay.before(i + replay.len() - 1).clone();
        pos.make_null();
        let own_move = replay.mv(i + replay.len() - 2);
        let turn = Turn::Passed {
            moved: Some(own_move.to()),
        };
        (pos, target, turn)
    } else {
        // Pieces of one kind that face each other stand offered, not
        // threatened (图2: the chariots on the h-file before the horse's
        // move that blocks it and threatens to win the black one through a
        // check).
        (before.clone(), target, Turn::Passed { moved: None })
    };
    let follow = |sq: Square| if sq == mv.from() { mv.to() } else { sq };
    // The pieces that guarded the one that moved, before it moved (an
    // answer to check moved in a position of its own: no guard counted).
    let us = !replay.after(i).side_to_move();
    let guards = if before.in_check() {
        Bitboard::EMPTY
    } else {
        reaching(before, mv.from(), us)
    };
    let prior: Vec<Threat> = examine(&mut pos, articles, turn)
        .into_iter()
        .filter(|t| t.is_threat() && t.target == target)
        .collect();
    // Every way the piece is threatened now stood before: the same
    // attacker, followed through the move, threatened it, or the same
    // capturing piece did, reached through a check now (从捉到捉: a 抽吃
    // that stood is no new chase). A new attacker is a new chase (参考图23:
    // the cannon's retreat frees a horse's leg onto a cannon the chariot
    // already attacks). A win of whichever piece the answer to a check
    // leaves is a threat on material, not on this piece. And a piece that
    // steps out of danger frees the piece that guarded it to win more than
    // it did: a new chase, "走动后其他子产生新的捉" (2011 §26.1.1, 参考图16).
    let stood = |now: &&&Threat| {
        prior.iter().any(|t| {
            let then: Bitboard = t.ways.into_iter().map(follow).collect();
            let freed = (guards & t.ways).any() && now.gain > t.gain;
            (now.ways & then).any() && now.whichever == t.whichever && !freed
        })
    };
    // Every capture that threatens it now stood, and of the wins through a
    // check, one stood by a way it had: a piece that falls through either
    // of two checks, one of them there before, is no new chase (the game
    // and its mirror alike), while one the move makes to fall through a
    // check by other pieces is (a new taker every move: 长捉).
    let direct_stood = on_it
        .iter()
        .filter(|t| t.check.is_none())
        .all(|now| stood(&now));
    let mut through_check = on_it.iter().filter(|t| t.check.is_some()).peekable();
    let check_stood = through_check.peek().is_none() || through_check.any(|now| stood(&now));
    direct_stood && check_stood
}

/// Whether `mv`, after which `on_it` (every threat on one piece) stand,
/// moved a piece that takes part in one of them as [`Articles::renewed_by`]
/// counts: the attacking cannon's screen, or (where any part counts) a
/// piece without which the attacker would not win the piece. The king's
/// own moves renew nothing (2011 §26.1).
pub fn takes_part(after: &Position, mv: Move, on_it: &[&Threat], articles: Articles) -> bool {
    let moved = mv.to();
    if after
        .piece_at(moved)
        .is_none_or(|p| p.kind == PieceKind::King)
    {
        return false;
    }
    on_it
        .iter()
        .filter(|t| t.attacker != moved && t.check.is_none())
        .any(|t| {
            let by_cannon = after
                .piece_at(t.attacker)
                .is_some_and(|p| p.kind == PieceKind::Cannon);
            if by_cannon && between(t.attacker, t.target).has(moved) {
                return true;
            }
            articles.renewed_by == Participant::AnyPart && {
                let mut without = after.without(moved);
                !after_pass(&mut without, |pos| {
                    attack_on(
                        pos,
                        t.attacker,
                        t.target,
                        on_the_board(articles),
                        Turn::Passed { moved: None },
                    )
                    .is_some_and(|w| w.is_threat())
                })
            }
        })
}

/// The rules with what only a mate or a root's duty decides left out:
/// whether a piece takes part in a capture is a question of captures.
pub fn on_the_board(articles: Articles) -> Articles {
    Articles {
        mate_refutes: false,
        root_at_a_loss_idle: false,
        ..articles
    }
}

/// Whether the side making move `i` could already mate by checks before
/// it (for an answer to check, after its own move before the check): a
/// mate threat that stands is not the move's own, as a chase is not
/// (1999 §29.2).
pub fn mate_stood_before(replay: &Replay, i: usize) -> bool {
    let before = replay.before(i);
    if before.in_check() {
        let mut pos = replay.before(i + replay.len() - 1).clone();
        return threatens_mate(&mut pos);
    }
    mates_by_checks(&mut before.clone())
}
