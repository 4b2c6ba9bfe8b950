//! Classification of one move of a repeating cycle: every effect it has —
//! check (将), mate threat (杀), chase (捉) with its targets, exchange offer
//! (兑) — and its kind, the heaviest of them (1999 §27.4, 2011 §26.4: 兑兼捉
//! is a chase, 兑兼杀 a mate threat, 将兼捉 a check that also chases).

use super::chase::{
    direct_threats, exchange_offers, threats, won_through_check, Offer, Offers, Threat, Threats,
};
use super::exchange::{captures_onto, defenders, Weighing};
use super::mate::{mates_as_threatened, threatens_mate, threatens_mate_avoiding};
use super::pass::after_pass;
use super::rule_set::Articles;
use crate::core::attacks::{between, on_own_side};
use crate::core::{Bitboard, Color, Move, PieceKind, Position, Square};
use arrayvec::ArrayVec;
use std::fmt;

/// The kind of a move, heaviest first when a move has several effects: a
/// chase that is also an exchange offer is a chase (2011 §26.4; AXF
/// rule 36).
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

    /// Check, mate threat and chase are all attacks (打, 1999 §28.4).
    pub fn is_attack(self) -> bool {
        self != MoveKind::Idle
    }
}

impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why an attack-looking move was still judged idle.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Excuse {
    /// The king answered a check; what it uncovers is not held against it
    /// (2011 §26.1.2).
    KingAnswersCheck,
}

/// Everything the rules see in one move.
#[derive(Clone, Debug)]
pub struct MoveClass {
    pub mv: Move,
    pub kind: MoveKind,
    pub check: bool,
    pub mate_threat: bool,
    /// The new threats this move creates, a check's included (a check
    /// that also chases, 将兼捉).
    pub chases: Threats,
    /// The exchanges this move leaves offered (兑, 2011 §24.4): idle on
    /// their own, and no mate threat when the mate would start by taking
    /// the offered piece (2011 §26.9, 图29).
    pub offers: ArrayVec<Offer, 16>,
    pub excuse: Option<Excuse>,
}

impl MoveClass {
    /// Whether every target of this chase is one the 2011 rules rank first
    /// (a chariot, or an unprotected piece, chased by a single piece).
    pub fn single_piece_attack(&self) -> bool {
        match self.kind {
            MoveKind::Check | MoveKind::MateThreat => true,
            MoveKind::Chase => self.chases.iter().any(Threat::is_single_piece),
            MoveKind::Idle => false,
        }
    }

    /// Whether this move counts as an attack under the rule set that
    /// answers as `articles` do.
    pub fn counts_as_attack(&self, articles: Articles) -> bool {
        if articles.checks_only() {
            self.check
        } else if articles.mate_threat_forbidden {
            self.kind.is_attack()
        } else {
            // A mate threat is allowed (AXF rules 9-10), unless the same
            // move also chases.
            self.check || !self.chases.is_empty()
        }
    }
}

/// How much of a move to look at.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Stop at the first attack found (the search only needs attack or not).
    AttackOnly,
    /// Every effect: the judge tool and both-sides-attack cases.
    Full,
    /// Stop at the first attack, except that a check's chases are looked
    /// for too (a rule set that needs the pieces every move chases).
    Targets,
}

/// The threats the side to move already had before its move `mv` (which
/// decides only whether a mate threat it is under is parried). In check, its
/// own threats are hidden by the duty to answer the check, so they are read
/// at its previous turn instead (an evasion that leaves a standing threat in
/// place creates nothing new), keeping only those that its previous move
/// left standing: a non-king answer to check that makes a new chase chases
/// (2011 §26.1.2 "走动其他棋子应将后产生新的捉").
fn standing_threats(
    pos: &mut Position,
    mv: Move,
    articles: Articles,
    weighing: Weighing,
) -> Threats {
    let history = pos.history();
    let replayable =
        history.len() >= 2 && history[history.len() - 2..].iter().all(|u| u.mv.is_some());
    if !pos.in_check() {
        // Under a mate threat, a capture would be answered by the mate: a
        // threat stands again only once the mate is parried (参考图35). A
        // move that leaves the mate threatened renews nothing (1999 §29.2:
        // the chase must be the move's own).
        return if threatens_mate(pos) && parries_mate(pos, mv) {
            Threats::new()
        } else {
            threats(pos, articles, weighing)
        };
    }
    // With no earlier turn to read (or one in check too), nothing stood.
    if !replayable {
        return Threats::new();
    }
    let replies: Vec<Move> = history[history.len() - 2..]
        .iter()
        .filter_map(|u| u.mv)
        .collect();
    pos.unmake();
    pos.unmake();
    let mut earlier = if pos.in_check() {
        Threats::new()
    } else {
        threats(pos, articles, weighing)
    };
    // Only what still stands: a threat whose target the check moved, whose
    // attacker our previous move took off the target's line, or whose line
    // our previous move blocked, is gone, so a piece coming back renews its
    // attack (a chase on the way back), and so does a piece stepping off
    // the line again. A threat won through a check has no line to block.
    let (ours, check) = (replies[0], replies[1]);
    let us = pos.side_to_move();
    let direct: ArrayVec<bool, 16> = earlier
        .iter()
        .map(|t| defenders(pos, t.square, us).has(t.attacker))
        .collect();
    pos.make(ours);
    let mut was_direct = direct.into_iter();
    let follow = |sq: Square| if sq == ours.from() { ours.to() } else { sq };
    earlier.retain(|t| {
        let attacker = follow(t.attacker);
        let kept_up = if was_direct.next().unwrap_or(false) {
            defenders(pos, t.square, us).has(attacker)
        } else {
            t.attacker != ours.from() || pos.attackers(t.square, us).has(ours.to())
        };
        // A threat the attacker's own move kept up stands from its new
        // point: the same attacker, the same target (从捉到捉, idle).
        t.attacker = attacker;
        t.taker = follow(t.taker);
        // The other attackers likewise, those whose attack our move left.
        t.also_by = t
            .also_by
            .map(follow)
            .filter(|&other| pos.attackers(t.square, us).has(other))
            .collect();
        t.ties = t.ties.map(follow).collect();
        kept_up && t.square != check.from()
    });
    pos.make(check);
    earlier
}

/// Whether `mv` (about to be played in `pos`, not a check) leaves its side
/// no longer under the mate threat it is under now.
fn parries_mate(pos: &mut Position, mv: Move) -> bool {
    pos.make(mv);
    // After the opponent passes, is the mover still threatened with mate?
    // (A check is answered first: no pass there.)
    let still = !pos.in_check() && after_pass(pos, threatens_mate);
    pos.unmake();
    !still
}

/// How many pieces `color` can attack with: chariots, horses, cannons and
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

/// Whether the piece on `helper` guards the attacker's screen: a piece of
/// ours between a cannon and `threat`'s target that the other side could
/// take, ending the threat, were it not guarded (参考图39: the chariot keeps
/// to its file so that the black chariot may not take the horse the cannon
/// fires over). `pos` has the other side to move, as after our move.
fn guards_the_screen(pos: &Position, threat: &Threat, helper: Square) -> bool {
    let them = pos.side_to_move();
    let screens = between(threat.attacker, threat.square) & pos.color_pieces(!them);
    screens
        .into_iter()
        .filter(|&screen| defenders(pos, screen, !them).has(helper))
        .any(|screen| defenders(pos, screen, them).any())
}

/// Whether the piece on `helper` takes part in winning `threat`'s target: once
/// the attacker has taken and the other side has taken back, it can take
/// again. `pos` has the other side to move, as after our move.
fn backs_up(pos: &mut Position, threat: &Threat, helper: Square) -> bool {
    let Some(first) = Move::new(threat.attacker, threat.square) else {
        return false;
    };
    after_pass(pos, |pos| {
        if !pos.is_legal(first) {
            return false;
        }
        let mut found = false;
        pos.make(first);
        for reply in captures_onto(pos, threat.square) {
            pos.make(reply);
            found |= captures_onto(pos, threat.square)
                .iter()
                .any(|again| again.from() == helper);
            pos.unmake();
        }
        pos.unmake();
        found
    })
}

/// Whether the piece on `helper` holds back a defender of `threat`'s target:
/// once the attacker has taken, a piece that could take back may not,
/// because taking back would expose its king to the helper (a pin, 牵制).
/// The helper then takes part in the chase (the rule book's 车炮联合捉子,
/// 图11: the cannon pins the elephant that alone guards the piece the
/// chariot attacks). `pos` has the other side to move, as after our move.
fn holds_back_a_defender(pos: &mut Position, threat: &Threat, helper: Square) -> bool {
    let Some(first) = Move::new(threat.attacker, threat.square) else {
        return false;
    };
    // Only a threat that nets material: one that nets nothing (a loss on
    // the point repaid elsewhere, 参考图22) is no chase a hold makes.
    if threat.attacker == helper || threat.gain <= 0 {
        return false;
    }
    after_pass(pos, |pos| {
        if !pos.is_legal(first) {
            return false;
        }
        let mover = pos.side_to_move();
        pos.make(first);
        let defender_side = pos.side_to_move();
        let king = pos.king_square(defender_side);
        let mut held = false;
        for from in defenders(pos, threat.square, defender_side) {
            let Some(back) = Move::new(from, threat.square) else {
                continue;
            };
            if pos.is_legal(back) {
                continue;
            }
            pos.make(back);
            let king = if from == king { threat.square } else { king };
            held |= pos.attackers(king, mover).has(helper);
            pos.unmake();
        }
        pos.unmake();
        held
    })
}

/// Whether a threat that an answer to check leaves on the board was the
/// checking side's own doing (自毙, 2011 §26.3): with the checking piece back
/// where it came from, the threat would not stand. `pos` is after the
/// answer, the checking side to move; it is left as it was.
fn made_by_the_check(pos: &mut Position, check: Move, threat: &Threat, articles: Articles) -> bool {
    let Some(back) = Move::new(check.to(), check.from()) else {
        return false;
    };
    if !pos.is_legal(back) {
        return false;
    }
    pos.make(back);
    let stands = threats(pos, articles, Weighing::AllCosts)
        .iter()
        .any(|t| t.square == threat.square);
    pos.unmake();
    !stands
}

/// Whether the mate threat that the answer `answer` to check leaves on the
/// board was the checking side's own doing (自毙, 2011 §24.18, §26.3: the
/// check left the checker itself to be mated, and the other side's answer
/// is not charged with it): with the checking piece back where it came from
/// there would be no mate, and any other answer would have left the mate
/// threat too. A mate that this answer makes possible counts (§26.3 "若另一方
/// 应将着法产生新的杀法，仍应按杀判处"). `pos` is after the answer, the
/// checking side to move; it is left as it was.
fn mate_made_by_the_check(pos: &mut Position, check: Move, answer: Move) -> bool {
    let Some(back) = Move::new(check.to(), check.from()) else {
        return false;
    };
    if !pos.is_legal(back) {
        return false;
    }
    pos.make(back);
    let stands_without_the_check = mates_as_threatened(pos);
    pos.unmake();
    if stands_without_the_check {
        return false;
    }
    pos.unmake();
    let others_threaten = pos.legal_moves().into_iter().all(|other| {
        if other == answer {
            return true;
        }
        pos.make(other);
        let threat = threatens_mate(pos);
        pos.unmake();
        threat
    });
    pos.make(answer);
    others_threaten
}

/// The threats `mv` (just played in `pos`) makes that did not stand before
/// it, with the capture costs counted by `weighing`. A move that only blocks
/// an attack makes none, so a perpetual block is a draw (AXF rule 39).
fn new_threats(pos: &mut Position, mv: Move, articles: Articles, weighing: Weighing) -> Threats {
    let after = after_pass(pos, |pos| threats(pos, articles, weighing));
    // What stood before matters only if the move threatens anything at all.
    let (before, guards) = if after.is_empty() {
        (Threats::new(), Bitboard::EMPTY)
    } else {
        pos.unmake();
        let before = standing_threats(pos, mv, articles, weighing);
        // Our pieces that guarded the one about to move.
        let guards = defenders(pos, mv.from(), pos.side_to_move());
        pos.make(mv);
        (before, guards)
    };
    let follow = |sq: Square| if sq == mv.from() { mv.to() } else { sq };
    // A piece that moves and stays the attacker's screen, backs the attacker
    // up, holds back a defender or guards the screen takes part in the
    // threat: the CXA diagrams (图25, 图28, 图11, 参考图39) count its move as a
    // joint chase (联合捉子, 2011 §24.17) even though the threat stood before.
    // AXF knows no joint chase (rule 35): there only a new attack chases.
    // Each attacker is asked in turn, not only the one kept as the threat's
    // (which of equal ones that is depends on move generation order).
    // The moved piece stands between an attacker and its target, as the
    // screen of a cannon whose attack stood before: the screen's move
    // chases as the cannon's would (AXF rules 25-26; CXA 图25).
    let screens = |t: &Threat| {
        t.also_by
            .with(t.attacker)
            .into_iter()
            .filter(|&attacker| attacker != mv.to())
            .any(|attacker| between(attacker, t.square).has(mv.to()))
    };
    let takes_part = |pos: &mut Position, t: &Threat| {
        let helper = mv.to();
        screens(t)
            || t.also_by
                .with(t.attacker)
                .into_iter()
                .filter(|&attacker| attacker != helper)
                .any(|attacker| {
                    let t = Threat { attacker, ..*t };
                    guards_the_screen(pos, &t, helper)
                        || backs_up(pos, &t, helper)
                        || holds_back_a_defender(pos, &t, helper)
                })
    };
    let standing = |t: &Threat| {
        before.iter().any(|b| {
            // The same attacker, followed through the move, on the same
            // victim is a standing threat (从捉到捉), not a new one; so is
            // one of its other attackers that could win it already (1999
            // §29.2: the chase did not exist the move before), and so is
            // the same piece's capture reached through a check, or given
            // up for one: what wins the victim is the same capture.
            // Of equally strong ways to win it, whichever move generation
            // named first: any of them that stood makes it stand.
            let takers: Bitboard = (b.also_by | b.ties)
                .with(b.attacker)
                .with(b.taker)
                .map(follow)
                .collect();
            let ways = t.ties.with(t.attacker).with(t.taker);
            let same = b.square == t.square && b.whichever == t.whichever && (takers & ways).any();
            // A threat that only paid against passing (a piece of ours hung
            // elsewhere) stands all the same when the move merely saves
            // that piece, but not when it also brings a new piece to bear
            // on the target: 参考图37 "避吃促成得子，但没有加强进攻子力，判闲"
            // (idle), 参考图23 (the cannon's retreat unblocks a horse's
            // leg: 捉).
            let reinforced = !b.outright && (t.also_by.with(t.taker) - takers).any();
            // Nor when the piece that moved was what the taker guarded:
            // taking only traded it (a root's even trade, 2011 §26.5), and
            // out of danger it frees the taker to win (§26.1.1 走动后其他子
            // 产生新的捉, 参考图16).
            let freed = !b.outright && t.outright && guards.has(b.taker);
            same && !reinforced && !freed
        })
    };
    // A pawn's threat counts only when the piece that moved lines up behind
    // it or beside it, on the line of the capture, and then jointly (2011
    // §26.1, §26.1.1), or when the capture would uncover another piece's
    // check (2011 §26.7).
    let on_line = |a: Square, b: Square| a.file() == b.file() || a.rank() == b.rank();
    let by_pawn = |pos: &Position, t: &Threat| {
        pos.piece_at(t.attacker)
            .is_some_and(|p| p.kind == PieceKind::Pawn)
    };
    let pawn_helped = |t: &Threat| {
        t.attacker != mv.to() && on_line(mv.to(), t.attacker) && on_line(mv.to(), t.square)
    };
    after
        .into_iter()
        .filter_map(|mut t| {
            if by_pawn(pos, &t) {
                if !pawn_helped(&t) && !pawn_capture_uncovers_check(pos, &t) {
                    return None;
                }
                t.joint = true;
            }
            if !standing(&t) {
                Some(t)
            } else if articles.joint_capture_chases && takes_part(pos, &t) {
                t.joint = true;
                Some(t)
            } else if articles.screen_move_chases && screens(&t) {
                Some(t)
            } else {
                None
            }
        })
        .collect()
}

/// Whether the pawn capture that `threat` names would uncover a check by
/// another piece: then the pawn's capture is a chase, however the trade
/// would go (2011 §26.7 "兵（卒）吃子时产生其他子将军，按捉处理").
/// `pos` has the other side to move, as after our move.
fn pawn_capture_uncovers_check(pos: &mut Position, threat: &Threat) -> bool {
    let Some(capture) = Move::new(threat.attacker, threat.square) else {
        return false;
    };
    after_pass(pos, |pos| {
        if !pos.is_legal(capture) {
            return false;
        }
        pos.make(capture);
        let uncovers = (pos.checkers() - Bitboard::from_square(threat.square)).any();
        pos.unmake();
        uncovers
    })
}

/// The chases of a move that gives check (将兼捉): the pieces it wins
/// whatever the answer (2011 §24.3) that could not be taken before it. What
/// the side could have won through this same check before playing it is no
/// standing threat: the check is what makes it. Nor is a capture the moving
/// piece could make before, once it has left the line: another piece (one
/// it uncovers) renews the attack.
fn check_chases(pos: &mut Position, mv: Move, articles: Articles) -> Threats {
    let won = won_through_check(pos, mv, articles, Weighing::AllCosts);
    if won.is_empty() {
        return won;
    }
    let before = direct_threats(pos, articles, Weighing::AllCosts, &mut Offers::new());
    let mover = pos.side_to_move();
    pos.make(mv);
    let still_attacks = |sq: Square| pos.attackers(sq, mover).has(mv.to());
    let chases = won
        .into_iter()
        .filter(|t| {
            !before.iter().any(|b| {
                b.square == t.square && (b.attacker != mv.from() || still_attacks(t.square))
            })
        })
        .collect();
    pos.unmake();
    chases
}

/// Classifies `mv`, to be played from `pos`; `pos` is left as it was.
pub fn classify(pos: &mut Position, mv: Move, detail: Detail, articles: Articles) -> MoveClass {
    let was_in_check = pos.in_check();
    let answered_check = if was_in_check {
        pos.history().last().and_then(|undo| undo.mv)
    } else {
        None
    };
    let mover_is_king = pos
        .piece_at(mv.from())
        .is_some_and(|p| p.kind == PieceKind::King);
    let mut class = MoveClass {
        mv,
        kind: MoveKind::Idle,
        check: false,
        mate_threat: false,
        chases: Threats::new(),
        offers: ArrayVec::new(),
        excuse: None,
    };
    pos.make(mv);
    class.check = pos.in_check();
    pos.unmake();
    if class.check {
        class.kind = MoveKind::Check;
        // The check is the heavier effect; what else it attacks matters
        // when the pieces chased by every move are counted, and to a
        // referee.
        if detail != Detail::AttackOnly {
            class.chases = check_chases(pos, mv, articles);
        }
        return class;
    }
    if was_in_check && mover_is_king {
        class.excuse = Some(Excuse::KingAnswersCheck);
        return class;
    }

    pos.make(mv);
    let full = detail == Detail::Full;
    let defends_alone = attacking_pieces(pos, !pos.side_to_move()) == 1;
    let excused = |pos: &mut Position, t: &Threat| {
        // A side defending with a single attacking piece may take up a key
        // defensive point even if it attacks an advisor or elephant from
        // there (占据防守要点, 2011 §26.2).
        let key_point =
            defends_alone && matches!(t.piece.kind, PieceKind::Advisor | PieceKind::Elephant);
        // A threat an answer to check plays no part in (neither the
        // attacker nor a point on its line) and that the check itself made
        // is the checking side's doing.
        let took_part = t.attacker == mv.to()
            || between(t.attacker, t.square).has(mv.from())
            || between(t.attacker, t.square).has(mv.to());
        key_point
            || answered_check
                .is_some_and(|check| !took_part && made_by_the_check(pos, check, t, articles))
    };
    class.chases = new_threats(pos, mv, articles, Weighing::AllCosts);
    class.chases.retain(|t| !excused(pos, t));
    // The piece that moved is judged by what it attacks, not by the duties
    // it would leave to take it (图22, 参考图46; but 参考图30 for a piece that
    // stood still). Looked at only when it could change the kind.
    if full || class.chases.is_empty() {
        for mut t in new_threats(pos, mv, articles, Weighing::DutiesFree) {
            let known = class.chases.iter().any(|c| c.square == t.square);
            if t.attacker == mv.to() && !known && !class.chases.is_full() && !excused(pos, &t) {
                // Not found with its duties counted: it wins by leaving them.
                t.tied = true;
                class.chases.push(t);
            }
        }
    }
    // A piece whose move makes it part of a joint chase cannot leave its
    // line (不能离线): what it could win only by leaving its post, a root's
    // even trade or a capture with its duties set aside, is no chase of its
    // own (参考图39: the chariot that guards the cannon's screen chases the
    // black chariot jointly, not the horse or elephant it also attacks).
    if class
        .chases
        .iter()
        .any(|t| t.joint && t.attacker != mv.to())
    {
        class.chases.retain(|t| !(t.tied && t.attacker == mv.to()));
    }
    if full || class.chases.is_empty() {
        let threat = threatens_mate_avoiding(pos, &[]);
        if full || threat {
            class.offers = exchange_offers(pos, articles);
        }
        // Taking a piece offered in exchange is no mate threat: the other
        // side accepts the offer first (图29).
        let takes_offered: ArrayVec<Move, 16> = class
            .offers
            .iter()
            .filter_map(|o| Move::new(o.offering, o.offered))
            .collect();
        class.mate_threat = threat && threatens_mate_avoiding(pos, &takes_offered);
    }
    if class.mate_threat
        && answered_check.is_some_and(|check| mate_made_by_the_check(pos, check, mv))
    {
        class.mate_threat = false;
    }
    pos.unmake();
    // A mate threat that already stood before the move is not a new one.
    if class.mate_threat && mates_as_threatened(pos) {
        class.mate_threat = false;
    }

    class.kind = if class.mate_threat {
        MoveKind::MateThreat
    } else if !class.chases.is_empty() {
        MoveKind::Chase
    } else {
        MoveKind::Idle
    };
    class
}
