//! One move of a repeating cycle, classified: a check (将) is a check and
//! nothing else; otherwise the move chases (捉) each piece it leaves
//! threatened ([`threat`](super::threat)) where the threat passes the rule
//! set's test (answered by the reply, or new), and under rules that count
//! them it may threaten mate (杀); anything else is idle (闲).
//!
//! The Chinese rules' excuses, each a row of [`Articles`]: the king's
//! answer to a check (2011 §26.1.2), a key point of a lone attacker's
//! defence (§26.2), a threat the check itself made (自毙, §24.18, §26.3).

use super::attack::reaching;
use super::mate::{mates_by_checks, threatens_mate, threatens_mate_besides};
use super::pass::after_pass;
use super::replay::Replay;
use super::rule_set::{Articles, Participant, VerdictTable};
use super::threat::{attack_on, examine, threatened, Finding, Threat, Turn};
use crate::core::attacks::{between, on_own_side};
use crate::core::{Bitboard, Color, Move, PieceKind, Position, Square};
use std::fmt;

/// The kind of a move. Of several effects the heaviest names it (2011
/// §26.4 "凡走子兼具多种作用时，应从重裁处"): a check is only a check (AXF rule
/// 6 too), a mate threat is one whatever else the move does (the 2011
/// book labels 杀兼捉 杀: 图7, 图20; 1999 §27.4 had it 捉), and an exchange
/// offer that also chases is a chase (§26.4, AXF rule 36).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MoveKind {
    Idle,
    Chase,
    MateThreat,
    Check,
}

impl MoveKind {
    pub fn name(self) -> &'static str {
        match self {
            MoveKind::Check => "check",
            MoveKind::MateThreat => "mate-threat",
            MoveKind::Chase => "chase",
            MoveKind::Idle => "idle",
        }
    }
}

impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

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

/// What became of a threat the move left standing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    /// A chase of this move.
    Chase,
    /// A chase of this move, jointly: the threat stood before it, and the
    /// piece that moved takes part in it (see [`Articles::renewed_by`]).
    TakingPart,
    /// It stood before the move: no chase of this move (1999 §29.2).
    Standing,
    /// The reply left it standing: the piece neither fled nor was protected
    /// (the AXF rules' appendix).
    Unanswered,
    Excused(Excuse),
}

impl Counted {
    /// Whether the move chases the piece.
    pub fn chases(self) -> bool {
        matches!(self, Counted::Chase | Counted::TakingPart)
    }
}

/// One attack the move left, and what became of it: `None` where the
/// attack threatens nothing (its finding says why).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Examined {
    pub threat: Threat,
    pub counted: Option<Counted>,
}

/// Everything the rules see in one move.
#[derive(Clone, Debug)]
pub struct MoveClass {
    pub mv: Move,
    pub kind: MoveKind,
    pub check: bool,
    pub mate_threat: bool,
    /// Why a mate threat the move makes is not held against it.
    pub mate_excuse: Option<Excuse>,
    /// The pieces this move chases, one threat each.
    pub chases: Vec<Threat>,
    /// Of those, the pieces it chases jointly, by taking part in a threat
    /// that stood before it.
    pub joint: Vec<Square>,
    /// Whether the move's attack is a single piece's (2011 §26.8.1: a
    /// check, a mate threat, or a chase of a chariot or of an unprotected
    /// piece that needs no second piece); worked out with `Detail::Full`
    /// under the Chinese table only.
    pub single_piece: bool,
    /// Every attack the move left, with what became of it (with
    /// `Detail::Full` only).
    pub examined: Vec<Examined>,
}

/// How much of a move to look at.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Whether it attacks, and what it chases (the search's question).
    Attacks,
    /// Every effect, and what each attack came to (the judge tool, and the
    /// Chinese table when both sides attack).
    Full,
}

/// Classifies move `i` of `replay`.
pub fn classify(replay: &Replay, i: usize, detail: Detail, articles: Articles) -> MoveClass {
    let mv = replay.mv(i);
    let mut class = MoveClass {
        mv,
        kind: MoveKind::Idle,
        check: replay.after(i).in_check(),
        mate_threat: false,
        mate_excuse: None,
        chases: Vec::new(),
        joint: Vec::new(),
        single_piece: false,
        examined: Vec::new(),
    };
    if class.check {
        class.kind = MoveKind::Check;
        class.single_piece = true;
        return class;
    }
    if articles.checks_only() {
        return class;
    }
    let full = detail == Detail::Full;
    let answers_check = replay.before(i).in_check();
    let by_king = replay
        .before(i)
        .piece_at(mv.from())
        .is_some_and(|p| p.kind == PieceKind::King);
    let king_excused = articles.king_answer_excused && answers_check && by_king;
    if king_excused && !full {
        return class;
    }

    let mut after = replay.after(i).clone();
    let moved = Turn::Passed {
        moved: Some(mv.to()),
    };
    let found = after_pass(&mut after, |pos| examine(pos, articles, moved));
    // What became of each threatened piece: every threat on it is weighed
    // together (several attackers, or a capture and a win through a check).
    let mut verdicts: Vec<(Square, Counted)> = Vec::new();
    for threat in found.iter().filter(|t| t.is_threat()) {
        if verdicts.iter().any(|(sq, _)| *sq == threat.target) {
            continue;
        }
        let on_it: Vec<&Threat> = found
            .iter()
            .filter(|t| t.is_threat() && t.target == threat.target)
            .collect();
        let counted = if king_excused {
            Counted::Excused(Excuse::KingAnswersCheck)
        } else {
            let stood = stood_before(replay, i, &on_it, articles);
            let counted = if stood && !takes_part(replay.after(i), mv, &on_it, articles) {
                Counted::Standing
            } else if articles.answer_needed
                && !on_it.iter().any(|t| answered(replay, i, t, articles))
            {
                Counted::Unanswered
            } else if stood {
                Counted::TakingPart
            } else {
                Counted::Chase
            };
            match counted {
                Counted::Chase | Counted::TakingPart => match excuse(replay, i, &on_it, articles) {
                    Some(why) => Counted::Excused(why),
                    None => counted,
                },
                other => other,
            }
        };
        verdicts.push((threat.target, counted));
        if counted.chases() {
            class.chases.push(*threat);
            if counted == Counted::TakingPart {
                class.joint.push(threat.target);
            }
        }
    }
    if full {
        class.examined = found
            .iter()
            .map(|&threat| Examined {
                threat,
                counted: threat
                    .is_threat()
                    .then(|| verdicts.iter().find(|(sq, _)| *sq == threat.target))
                    .flatten()
                    .map(|&(_, counted)| counted),
            })
            .collect();
    }

    // A mate that begins by taking a piece offered in exchange is no mate
    // threat: the other side accepts the exchange first (2011 §24.4, 图29);
    // where it cannot, the offer is none (不能离线, 参考图29 note).
    let through_offers: Vec<Move> = found
        .iter()
        .filter(|t| t.finding == Finding::Offer)
        .filter_map(|t| Move::new(t.attacker, t.target))
        .collect();
    if articles.mate_threats
        && (full || class.chases.is_empty())
        && threatens_mate_besides(&mut after, &through_offers)
        && !mate_stood_before(replay, i)
    {
        class.mate_threat = true;
        if king_excused {
            class.mate_excuse = Some(Excuse::KingAnswersCheck);
        } else if articles.self_inflicted_excused
            && answers_check
            && every_answer(replay, i, |pos, _| threatens_mate(pos))
        {
            class.mate_excuse = Some(Excuse::SelfInflicted);
        }
    }

    let counts_mate = class.mate_threat && class.mate_excuse.is_none();
    class.kind = if counts_mate {
        MoveKind::MateThreat
    } else if !class.chases.is_empty() {
        MoveKind::Chase
    } else {
        MoveKind::Idle
    };
    if full && articles.table == VerdictTable::Cxa2011 {
        // Of the pieces chased, one that some attacker wins alone.
        class.single_piece = counts_mate
            || class
                .chases
                .iter()
                .filter(|c| !class.joint.contains(&c.target))
                .any(|c| {
                    found
                        .iter()
                        .filter(|t| t.is_threat() && t.target == c.target)
                        .any(|t| single_piece_chase(replay.after(i), t))
                });
    }
    class
}

/// Whether the threat `t`, left by move `i`, is answered by the reply:
/// after it, the same attacker no longer threatens the same piece (followed
/// if it fled), or no longer through a check.
fn answered(replay: &Replay, i: usize, t: &Threat, articles: Articles) -> bool {
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

/// Whether the threat on the piece that `on_it` (every threat on one piece
/// after move `i`) threaten stood before the move (从捉到捉, 1999 §29.2):
/// in the position the move was played from (for an answer to check,
/// after the side's own move before the check, unless the piece is the one
/// that checked), each of its attackers now threatened it already. A
/// new way to win it, by another piece, is a new threat (图2: the horse
/// that blocks the chariot's file and threatens to win the chariot through
/// its check).
fn stood_before(replay: &Replay, i: usize, on_it: &[&Threat], articles: Articles) -> bool {
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
fn takes_part(after: &Position, mv: Move, on_it: &[&Threat], articles: Articles) -> bool {
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
fn on_the_board(articles: Articles) -> Articles {
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
fn mate_stood_before(replay: &Replay, i: usize) -> bool {
    let before = replay.before(i);
    if before.in_check() {
        let mut pos = replay.before(i + replay.len() - 1).clone();
        return threatens_mate(&mut pos);
    }
    mates_by_checks(&mut before.clone())
}

/// The excuse, if any, for the chase of the piece that `on_it` (every
/// threat on it after move `i`) threaten.
fn excuse(replay: &Replay, i: usize, on_it: &[&Threat], articles: Articles) -> Option<Excuse> {
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
fn every_answer(
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

/// Whether the chase of `t` (a threat of the side that just moved in
/// `after`) is a single piece's on a chariot or an unprotected piece
/// (2011 §26.8.1 长捉车, 长捉无根子), not a joint chase (联合捉子, §24.17:
/// two or more pieces capture together, the capture failing without any
/// one of them). A piece that is unprotected only because another of the
/// chaser's pieces pins its protector is chased jointly (图11, 车炮联合
/// 捉子); a piece won by the exchange needs more than one capturer (少根
/// 子). A cannon's screen, a piece that shields its own king so that the
/// attacker may move, or one that stands in a protector's way, captures
/// nothing (图26, 图28, 参考图47).
fn single_piece_chase(after: &Position, t: &Threat) -> bool {
    let on_a_chariot = t.victim.kind == PieceKind::Chariot;
    match t.finding {
        Finding::Unprotected => {}
        Finding::OnChariot | Finding::LosingOffer | Finding::ThroughCheck => return on_a_chariot,
        _ => return false,
    }
    let Some(capture) = Move::new(t.attacker, t.target) else {
        return false;
    };
    // The defenders that could take back but for a pin: their recapture
    // is a move of theirs, not legal while the pinning piece stands.
    let mut pos = after.clone();
    pos.make_null();
    let us = pos.side_to_move();
    pos.make(capture);
    let held: Vec<Move> = reaching(&pos, t.target, !us)
        .into_iter()
        .filter_map(|d| Move::new(d, t.target))
        .filter(|&back| !pos.is_legal(back))
        .collect();
    let helpers = pos.color_pieces(us) - pos.pieces(us, PieceKind::King);
    helpers.into_iter().all(|h| {
        let freed = pos.without(h);
        !held.iter().any(|&back| freed.is_legal(back))
    })
}
