//! Protection and chase detection (捉, 1999 §28.3 and §29, 2011 §24.3): which
//! enemy pieces a side could win if it were its turn, and how.
//!
//! Protection is judged by playing the exchange out with legal moves only, so
//! a defender that is pinned, or that is the cannon's own screen, is no
//! defender (a fake root, 假根), and a piece with fewer defenders than
//! attackers (少根子) is won by the exchange. A move chases when it creates
//! such a threat that did not stand before it.

use super::mate::{mates_by_checks, may_give_check};
use super::material::material_value;
use super::rule_set::{Articles, Chasers};
use crate::core::attacks::{elephant_attacks, horse_attackers, ADVISOR_STEPS};
use crate::core::{Bitboard, Color, GenKind, Move, Piece, PieceKind, Position, Square};
use arrayvec::ArrayVec;

/// How many captures a play-out looks at. Six cover every exchange in the
/// rule-book diagrams; ten found spurious costs deep in the line (参考图46)
/// and cost more time in the search.
const EXCHANGE_DEPTH: u32 = 6;

/// A capture that lets the opponent mate with this many consecutive checks
/// wins nothing (1999 §29.4 "不致立即被对方将死"): the rule-book diagrams
/// (参考图20) count a two-check mate as immediate.
const REFUTING_MATE_CHECKS: u32 = 2;

/// How a threatened piece would be won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ThreatWay {
    /// A same-kind exchange offer that the other side cannot accept: taking
    /// the offering piece gets it mated at once or costs it material, so
    /// the attack on the offered-against piece is a chase (2011 §26.9).
    LosingOffer,
    /// Several attackers against fewer defenders: the exchange nets material
    /// (a joint chase, 联合捉, or an under-protected piece, 少根子).
    Exchange,
    /// A cheaper piece takes a dearer one even though it is protected: a
    /// horse or cannon on a chariot, an advisor or elephant on a chariot,
    /// horse or cannon.
    Cheaper,
    /// The piece cannot leave its point because an enemy horse pins it,
    /// so it may not be chased even when protected (AXF rule 19).
    Immobilised,
    /// Nothing can take back (无根子), fake roots included.
    Unprotected,
}

/// One enemy piece that a side threatens to win.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Threat {
    /// Where the threatened piece stands, and what it is.
    pub square: Square,
    pub piece: Piece,
    /// The piece that would make the first capture.
    pub attacker: Square,
    pub way: ThreatWay,
    /// The material the threat nets: the exchange on the target's point,
    /// and no more than the play over the whole board leaves (what a check
    /// that wins it must pay for). For a losing offer, the target's value:
    /// refusing it leaves the target to be taken, accepting costs as much.
    pub gain: i32,
    /// Whether the threat needs a second piece of ours besides the attacker
    /// (联合捉, 2011 §24.17), as when a move keeps up a standing threat by
    /// serving as the attacker's screen.
    pub joint: bool,
}

impl Threat {
    /// The single-piece chases that the 2011 rules (§26.8.1) put first when
    /// both sides attack: a chariot, or a piece with no protection at all.
    pub fn is_single_piece(&self) -> bool {
        let on_a_chariot = matches!(self.way, ThreatWay::Cheaper | ThreatWay::LosingOffer)
            && self.piece.kind == PieceKind::Chariot;
        !self.joint && (self.way == ThreatWay::Unprotected || on_a_chariot)
    }
}

/// Every enemy piece a side can threaten at once (at most 16).
pub type Threats = ArrayVec<Threat, 16>;

/// The enemy pieces a side only offers to exchange (兑): same-kind pieces
/// that attack each other.
pub type Offers = ArrayVec<Square, 16>;

/// The enemy pieces that the side to move could win now, one entry per piece
/// (the strongest way to win it): by a capture, or by a check that every
/// answer to leaves the piece to be won (抽吃).
pub fn threats(pos: &mut Position, articles: Articles, weighing: Weighing) -> Threats {
    let mut offers = Offers::new();
    let mut found = direct_threats(pos, articles, weighing, &mut offers);
    for threat in check_threats(pos, articles, weighing) {
        // A check first does not turn an exchange offer (兑) into a chase.
        let known = found.iter().any(|t| t.square == threat.square);
        if !known && !offers.contains(&threat.square) && !found.is_full() {
            found.push(threat);
        }
    }
    found
}

/// The enemy pieces that the side to move could win by a capture now, with
/// the exchange offers listed in `offers`.
pub fn direct_threats(
    pos: &mut Position,
    articles: Articles,
    weighing: Weighing,
    offers: &mut Offers,
) -> Threats {
    let mut found = capture_threats(pos, articles, weighing, Some(offers));
    // A chariot joining a horse's (cannon's) exchange offer on a protected
    // horse (cannon) still only offers the exchange (2011 §26.10.2).
    found.retain(|t| {
        let joins_offer = offers.contains(&t.square)
            && t.way != ThreatWay::Unprotected
            && pos
                .piece_at(t.attacker)
                .is_some_and(|p| p.kind == PieceKind::Chariot);
        !joins_offer
    });
    found
}

/// Pieces won through a check: after the check, whatever the opponent
/// answers, the piece can be taken at a profit that also pays for anything
/// the answer took.
fn check_threats(pos: &mut Position, articles: Articles, weighing: Weighing) -> Threats {
    let mut found = Threats::new();
    let king = pos.king_square(!pos.side_to_move());
    for check in pos.legal_moves() {
        if !may_give_check(pos, check, king) {
            continue;
        }
        for threat in won_through_check(pos, check, articles, weighing) {
            if !found.iter().any(|t| t.square == threat.square) {
                found.push(threat);
            }
        }
    }
    found
}

/// The enemy pieces that the side to move wins by playing `check`, whatever
/// the answer (抽吃, 2011 §24.3 "从下一着开始运用连续将军得子、抽吃子"),
/// each named by where it stands before the answer. Empty when `check` does
/// not give check.
pub fn won_through_check(
    pos: &mut Position,
    check: Move,
    articles: Articles,
    weighing: Weighing,
) -> Threats {
    // A check may itself capture (the cannon taking an elephant with
    // check in 图26): that much the later win need not pay for.
    let taken = pos
        .piece_at(check.to())
        .map_or(0, |p| material_value(p, check.to()));
    pos.make(check);
    if !pos.in_check() {
        pos.unmake();
        return Threats::new();
    }
    let checkers = pos.checkers();
    let mut common: Option<Threats> = None;
    for answer in pos.legal_moves() {
        let lost = pos
            .piece_at(answer.to())
            .map_or(0, |p| material_value(p, answer.to()));
        pos.make(answer);
        // Name each piece won by where it stood before the answer, and
        // the piece giving check as the one that starts the win. After a
        // quiet check it is really our move, so a same-kind piece that
        // could take back first is no exchange offer (图2: the horse
        // sacrificed with check, then chariot takes chariot); after a
        // check that captured, the book weighs the trade and still sees
        // facing chariots as an offer (图13).
        let mut offers = Offers::new();
        let offers = (taken > 0).then_some(&mut offers);
        let won: Threats = capture_threats(pos, articles, weighing, offers)
            .into_iter()
            .filter(|t| t.gain + taken > lost)
            // A pawn that wins through another piece's check wins
            // nothing the rules count (2011 §26.7).
            .filter(|t| {
                pos.piece_at(t.attacker)
                    .is_some_and(|p| p.kind != PieceKind::Pawn)
            })
            .map(|mut t| {
                if t.square == answer.to() {
                    t.square = answer.from();
                }
                // The moved piece winning after another piece's check
                // (it moved in as a screen): a joint chase (联合捉, 2011
                // §24.17, 参考图40). A piece its move unmasks wins on
                // its own (抽车, 图26).
                let screen = !checkers.has(check.to());
                t.joint |= t.attacker == check.to() && screen;
                t.attacker = check.from();
                t
            })
            .collect();
        pos.unmake();
        common = Some(match common {
            None => won,
            Some(before) => before
                .into_iter()
                .filter(|t| won.iter().any(|w| w.square == t.square))
                .collect(),
        });
        if common.as_ref().is_some_and(|c| c.is_empty()) {
            break;
        }
    }
    pos.unmake();
    common.unwrap_or_default()
}

/// An exchange the side that moved offers (兑, 2011 §24.4): its piece on
/// `offering` and the enemy piece of the same kind on `offered` attack each
/// other, and the enemy piece can really take first: legally (a piece that
/// cannot leave its line makes no exchange: 图29) and without losing by it
/// ([`accepting_loses`]: then the offer is a chase, 图17).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    pub offering: Square,
    pub offered: Square,
}

/// The exchanges offered by the side that just moved in `pos` (the other side
/// to move, who may accept).
pub fn exchange_offers(pos: &mut Position) -> ArrayVec<Offer, 16> {
    let mut found = ArrayVec::new();
    for accept in pos.moves_of(GenKind::Captures) {
        let (offered, offering) = (accept.from(), accept.to());
        let same_kind = match (pos.piece_at(offered), pos.piece_at(offering)) {
            (Some(a), Some(b)) => a.kind == b.kind && a.kind != PieceKind::King,
            _ => false,
        };
        if !same_kind || found.is_full() {
            continue;
        }
        pos.make_null();
        let mutual = Move::new(offering, offered).is_some_and(|mv| pos.is_legal(mv));
        pos.unmake();
        if mutual && !accepting_loses(pos, accept) {
            found.push(Offer { offering, offered });
        }
    }
    found
}

/// Whether accepting an exchange offer by the legal capture `accept` (the
/// offered-against piece taking the offering one; `pos` has the accepting
/// side to move) gets the acceptor mated at once or costs it material: then
/// the offer is no 兑 but a 捉 (2011 §26.9 "同兵种邀兑，被邀兑方兑子后立即被杀
/// 或子力价值受损，邀兑方按捉处理"). The material is the exchange on the
/// offering piece's point; a duty the accepting piece leaves elsewhere is
/// not weighed (over the whole board the play also counts what stood
/// hanging before the offer, and the rule-book diagrams then see chases
/// where the book sees 兑: 图13).
pub fn accepting_loses(pos: &mut Position, accept: Move) -> bool {
    let Some(taken) = pos.piece_at(accept.to()) else {
        return false;
    };
    let value = material_value(taken, accept.to());
    pos.make(accept);
    let loses = mates_by_checks(pos, REFUTING_MATE_CHECKS)
        || value - exchange_gain(pos, accept.to(), EXCHANGE_DEPTH) < 0;
    pos.unmake();
    loses
}

/// Pieces the side to move can win by capturing now.
///
/// When it is only hypothetically our move (`offers` given), a same-kind
/// piece that could take the attacker first is an exchange offer (兑), not a
/// threat, and is listed in `offers`.
fn capture_threats(
    pos: &mut Position,
    articles: Articles,
    weighing: Weighing,
    mut offers: Option<&mut Offers>,
) -> Threats {
    let mut found = Threats::new();
    for mv in pos.moves_of(GenKind::Captures) {
        let (from, to) = (mv.from(), mv.to());
        let (Some(attacker), Some(victim)) = (pos.piece_at(from), pos.piece_at(to)) else {
            continue;
        };
        let may_chase = match attacker.kind {
            PieceKind::King => false,
            PieceKind::Pawn => articles.chasers == Chasers::PawnsWithHelp,
            _ => true,
        };
        // A piece pinned by a horse does not chase while it cannot leave
        // its point (AXF rule 19): its attacks are standing ones.
        let pinned_attacker = articles.horse_pin_rule && pinned_by_horse(pos, from);
        if !may_chase || pinned_attacker {
            continue;
        }
        let value = material_value(victim, to);
        if value == 0 {
            continue;
        }
        if let Some(offers) = offers.as_deref_mut() {
            if victim.kind == attacker.kind && can_take_first(pos, to, from) {
                if refuses_acceptance(pos, to, from) {
                    let threat = Threat {
                        square: to,
                        piece: victim,
                        attacker: from,
                        way: ThreatWay::LosingOffer,
                        gain: value,
                        joint: false,
                    };
                    keep_strongest(&mut found, threat);
                } else if !offers.is_full() {
                    offers.push(to);
                }
                continue;
            }
        }
        let immobilised = articles.horse_pin_rule && pinned_by_horse(pos, to);
        let weighed = match weigh(pos, mv, value, weighing) {
            Some(weighed) => Some(weighed),
            None if immobilised => weigh_immobilised(pos, mv),
            None => None,
        };
        let Some(Weighed { gain, recaptures }) = weighed else {
            continue;
        };
        // A crossed pawn traded for anything but a chariot is no gain: its
        // value floats (2011 §26.6).
        let pawn_trade = attacker.kind == PieceKind::Pawn && victim.kind != PieceKind::Chariot;
        if recaptures && pawn_trade {
            continue;
        }
        let way = if !recaptures {
            ThreatWay::Unprotected
        } else if immobilised {
            ThreatWay::Immobilised
        } else if value > material_value(attacker, from) {
            ThreatWay::Cheaper
        } else {
            ThreatWay::Exchange
        };
        if way == ThreatWay::Exchange && !articles.joint_capture_chases {
            continue;
        }
        let threat = Threat {
            square: to,
            piece: victim,
            attacker: from,
            way,
            gain,
            joint: false,
        };
        keep_strongest(&mut found, threat);
    }
    found
}

/// Adds `threat` to `found`, one entry per target: the strongest way to win it.
fn keep_strongest(found: &mut Threats, threat: Threat) {
    match found.iter_mut().find(|t| t.square == threat.square) {
        Some(known) if known.way < threat.way => *known = threat,
        Some(_) => {}
        // At most 16 enemy pieces, so there is always room.
        None => found.push(threat),
    }
}

/// What a capture wins, when it wins anything.
struct Weighed {
    /// The material it nets: the exchange on the captured piece's point, and
    /// no more than the play over the whole board leaves.
    gain: i32,
    /// Whether the opponent can really take back on the point.
    recaptures: bool,
}

/// Weighs the capture `mv` of a piece worth `value`: `None` unless it wins
/// material, counted by `weighing`, and does not let the opponent mate at
/// once (1999 §29.4, [`REFUTING_MATE_CHECKS`]).
fn weigh(pos: &mut Position, mv: Move, value: i32, weighing: Weighing) -> Option<Weighed> {
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
        pos.make_null();
        let floor = spare.gain(pos, EXCHANGE_DEPTH, 0, i32::MAX);
        pos.unmake();
        after + floor
    };
    // A capture by a root (做根子) or a pinned piece (被牵子) that wins the
    // piece outright but costs as much elsewhere still chases: the rules
    // idle only such a capture at a loss (2011 §26.5). Any other capture
    // that leaves the chaser no better off wins nothing.
    let net = if net == 0 && (defended_by(pos, from).any() || pinned(pos, from)) {
        on_point.min(value)
    } else {
        net
    };
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

/// Whether the piece on `sq` stands on the leg of an enemy horse that would
/// otherwise attack its king, so that it cannot leave its point except by
/// taking that horse (AXF rule 19: a chariot "that cannot move because of an
/// opponent's horse").
pub fn pinned_by_horse(pos: &Position, sq: Square) -> bool {
    let Some(piece) = pos.piece_at(sq) else {
        return false;
    };
    if piece.kind == PieceKind::King {
        return false;
    }
    let king = pos.king_square(piece.color);
    let horses = pos.pieces(!piece.color, PieceKind::Horse);
    let occupied = pos.occupied();
    let without = occupied - Bitboard::from_square(sq);
    (horse_attackers(king, without) & horses & !horse_attackers(king, occupied)).any()
}

/// The capture `mv` of an immobilised piece (AXF rule 19): a chase unless it
/// loses material on the point or lets the opponent mate at once, whatever
/// protects the piece.
fn weigh_immobilised(pos: &mut Position, mv: Move) -> Option<Weighed> {
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
    })
}

/// Whether the piece on `victim` could legally take the one on `attacker` if
/// it were its side's move: an exchange offer only when it can (a pinned
/// victim cannot answer the offer).
fn can_take_first(pos: &mut Position, victim: Square, attacker: Square) -> bool {
    let Some(reply) = Move::new(victim, attacker) else {
        return false;
    };
    pos.make_null();
    let legal = pos.is_legal(reply);
    pos.unmake();
    legal
}

/// Whether the enemy piece on `victim`, taking ours on `attacker` as an
/// exchange, would lose by it ([`accepting_loses`]). `pos` has our side to
/// move, the capture only possible after a pass.
fn refuses_acceptance(pos: &mut Position, victim: Square, attacker: Square) -> bool {
    let Some(accept) = Move::new(victim, attacker) else {
        return false;
    };
    pos.make_null();
    let loses = accepting_loses(pos, accept);
    pos.unmake();
    loses
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

/// The pieces of `color` that attack (or defend) the point `sq`.
pub fn defenders(pos: &Position, sq: Square, color: Color) -> Bitboard {
    // Advisors and elephants never check, so `attackers` leaves them out;
    // their steps are symmetric.
    pos.attackers(sq, color)
        | (ADVISOR_STEPS[sq.index()] & pos.pieces(color, PieceKind::Advisor))
        | (elephant_attacks(sq, pos.occupied()) & pos.pieces(color, PieceKind::Elephant))
}

/// Whether the side to move can really take back on `sq`: legally, and
/// without letting the other side mate at once.
fn has_recapture(pos: &mut Position, sq: Square) -> bool {
    captures_onto(pos, sq).into_iter().any(|mv| {
        pos.make(mv);
        let real = !mates_by_checks(pos, 1);
        pos.unmake();
        real
    })
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
            if gain > best && !(near && mates_by_checks(pos, 1)) {
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
        if gain > best && !mates_by_checks(pos, 1) {
            best = gain;
        }
        pos.unmake();
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;

    fn threats_in(fen: &str) -> Threats {
        threats(
            &mut Position::from_fen(fen).unwrap(),
            RuleSet::Asian.articles(),
            Weighing::AllCosts,
        )
    }

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
    fn an_unprotected_cannon_is_threatened() {
        let found = threats_in("4k4/9/c8/9/9/9/9/R8/9/3K5 w");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].square, Square::A7);
        assert_eq!(found[0].way, ThreatWay::Unprotected);
    }

    #[test]
    fn a_protected_cannon_is_only_followed() {
        // The chariot on c7 defends the cannon: taking it loses the chariot.
        assert!(threats_in("4k4/9/c1r6/9/9/9/9/R8/9/3K5 w").is_empty());
    }

    #[test]
    fn a_horse_on_a_protected_chariot_is_a_threat() {
        let found = threats_in("2r1k4/9/2r6/9/1N7/9/9/9/9/3K5 w");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].way, ThreatWay::Cheaper);
        assert!(found[0].is_single_piece());
    }

    #[test]
    fn king_and_pawn_captures_are_not_threats() {
        // The red pawn and the red king each attack an unprotected horse.
        assert!(threats_in("3k5/9/9/4n4/4P4/9/9/9/4n4/4K4 w").is_empty());
    }
}
