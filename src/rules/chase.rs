//! Threats and offers (捉 and 兑, 1999 §28.3 and §29, 2011 §24.3-4): which
//! enemy pieces a side could win if it were its turn, and how, and which
//! exchanges it only offers. Whether a capture wins anything is the
//! exchange play-out's answer ([`exchange`](super::exchange)); a move chases
//! when it creates such a threat that did not stand before it, which the
//! move's classification judges.

use super::exchange::{
    exchange_gain, weigh, weigh_immobilised, Weighed, Weighing, EXCHANGE_DEPTH,
    REFUTING_MATE_CHECKS,
};
use super::mate::{mates_by_checks, may_give_check};
use super::material::material_value;
use super::pass::after_pass;
use super::rule_set::{Articles, Chasers};
use crate::core::attacks::horse_attackers;
use crate::core::{Bitboard, GenKind, Move, Piece, PieceKind, Position, Square};
use arrayvec::ArrayVec;

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
    /// horse or cannon on a chariot (AXF rule 15: one or two cannons may not
    /// chase a chariot, protected or not), an advisor or elephant on a
    /// chariot, horse or cannon.
    Cheaper,
    /// The piece cannot leave its point because an enemy horse pins it,
    /// so it may not be chased even when protected (AXF rule 19).
    Immobilised,
    /// Nothing can take back (无根子), fake roots included: a chariot on an
    /// unprotected cannon (AXF rule 18), a cannon on an unprotected horse,
    /// advisor, elephant or crossed pawn (rule 25).
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
    /// The piece whose capture wins it: the attacker, or, for a piece won
    /// through a check, the piece that takes once the check is answered,
    /// named where it stands before the check. A standing attack that an
    /// even check exchange merely leads back to is the same chase (1999
    /// §29.2).
    pub taker: Square,
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
    /// Our other pieces that could win it by a capture now, each less
    /// strongly than (or as strongly as) the attacker: an attack that one of
    /// them keeps up after the attacker leaves stood before (1999 §29.2).
    pub also_by: Bitboard,
    /// Our other pieces that win it exactly as strongly (the same way and
    /// gain): other attackers, and for a piece won through a check, the
    /// other checking pieces and the pieces that then take. Which of them
    /// is named `attacker` is move generation's order, so a threat that
    /// stood through any of them stands (a game and its mirror judged
    /// alike).
    pub ties: Bitboard,
    /// Won through a check after which every answer loses a piece, but not
    /// the same one: `square` names the least that the best answer leaves.
    /// Such a threat is on material, not on that piece, so it neither
    /// stands for nor is stood for by a threat on the piece itself.
    pub whichever: bool,
    /// Whether the capture wins with everything the opponent can win back
    /// counted, before any comparison with passing: false when taking only
    /// loses less than leaving a piece of ours hanging elsewhere. Such a
    /// threat stands before a move that saves that piece, unless the move
    /// also brings a new attacker to bear (参考图23) or moved the piece the
    /// taker guarded (参考图16); see `new_threats` in `classify`.
    pub outright: bool,
    /// Whether the capture wins only because its piece is let off its duty
    /// or its pin: a root's or pinned piece's even trade (2011 §26.5), or a
    /// capture that leaves what it defends (`Weighing::DutiesFree`). When
    /// the same move makes that piece part of a joint chase, it cannot leave
    /// its line (不能离线) and such a threat is no chase of its own
    /// (参考图39; see `classify`).
    pub tied: bool,
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
    if !articles.chase_through_check {
        return found;
    }
    for threat in check_threats(pos, articles, weighing, articles.forced_checks) {
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
/// the answer took; or, up to `forced` times, won through a further check
/// when the answer was the only one.
fn check_threats(
    pos: &mut Position,
    articles: Articles,
    weighing: Weighing,
    forced: u32,
) -> Threats {
    let mut found = Threats::new();
    let king = pos.king_square(!pos.side_to_move());
    for check in pos.legal_moves() {
        if !may_give_check(pos, check, king) {
            continue;
        }
        for threat in won_through_checks(pos, check, articles, weighing, forced) {
            keep_strongest_check(&mut found, threat);
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
    won_through_checks(pos, check, articles, weighing, articles.forced_checks)
}

/// [`won_through_check`], with up to `forced` further checks after an
/// answer that was the only one.
fn won_through_checks(
    pos: &mut Position,
    check: Move,
    articles: Articles,
    weighing: Weighing,
    forced: u32,
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
    // The answer's best defence when the answers leave different pieces
    // to be won: the least that the strongest win after some answer nets.
    let mut least: Option<Threat> = None;
    let answers = pos.legal_moves();
    let only_answer = answers.len() == 1;
    for answer in answers {
        let lost_piece = pos.piece_at(answer.to());
        let lost = lost_piece.map_or(0, |p| material_value(p, answer.to()));
        // A crossed pawn given up to the answer buys only a chariot: any
        // other piece won for it is no gain, its value floats (2011 §26.6
        // "主动送兵（卒）换车为捉，此外换取其他一子或数子均不算得子", 图24).
        let pawn_given = lost > 0 && lost_piece.is_some_and(|p| p.kind == PieceKind::Pawn);
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
        let mut candidates = capture_threats(pos, articles, weighing, offers);
        if only_answer && forced > 0 {
            for t in check_threats(pos, articles, weighing, forced - 1) {
                if !candidates.iter().any(|c| c.square == t.square) && !candidates.is_full() {
                    candidates.push(t);
                }
            }
        }
        let won: Threats = candidates
            .into_iter()
            .filter(|t| t.gain + taken > lost)
            .filter(|t| !pawn_given || t.piece.kind == PieceKind::Chariot)
            // A pawn that wins through another piece's check wins
            // nothing the rules count (2011 §26.7).
            .filter(|t| {
                pos.piece_at(t.taker)
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
                if t.taker == check.to() {
                    t.taker = check.from();
                }
                t.attacker = check.from();
                // Won through the check alone: no capture now wins it.
                t.also_by = Bitboard::EMPTY;
                t
            })
            .collect();
        pos.unmake();
        // An answer that leaves nothing to win refutes the check (无子可抽).
        let Some(strongest) = won.iter().copied().max_by_key(|t| t.gain) else {
            common = Some(Threats::new());
            least = None;
            break;
        };
        if least.is_none_or(|l| strongest.gain < l.gain) {
            least = Some(strongest);
        }
        common = Some(match common {
            None => won,
            Some(before) => before
                .into_iter()
                .filter(|t| won.iter().any(|w| w.square == t.square))
                .collect(),
        });
        // Where a chase must hit one piece, no common piece is the end.
        if articles.chase_needs_one_target() && common.as_ref().is_some_and(|c| c.is_empty()) {
            break;
        }
    }
    pos.unmake();
    match (common, least) {
        (Some(common), _) if !common.is_empty() => common,
        // Every answer loses a piece, but not the same one: material won
        // by checks from the next move on is a chase all the same (2011
        // §24.3 "从下一着开始运用连续将军得子") where a chase need not hit one
        // piece; it names what the best answer leaves.
        (_, Some(least)) if !articles.chase_needs_one_target() => Threats::from_iter([Threat {
            whichever: true,
            ..least
        }]),
        _ => Threats::new(),
    }
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
/// to move, who may accept); under a rule set where a losing offer is no
/// chase, also those that accepting would lose by (AXF rule 40: a perpetual
/// offer is a draw).
pub fn exchange_offers(pos: &mut Position, articles: Articles) -> ArrayVec<Offer, 16> {
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
        // Whether accepting loses (a mate search) is asked last, and only
        // where a losing offer would be a chase.
        if can_take_first(pos, offering, offered)
            && (!articles.losing_offer_chases || !accepting_loses(pos, accept))
        {
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

/// Pieces the side to move can win by capturing now. Only legal captures
/// count, so a chariot pinned on a line by a cannon chases nothing off its
/// line, and where it can only offer a chariot it cannot take first, the
/// other side's chariot chases it only on the moves where it is
/// unprotected (AXF rule 27); a protected piece that the capture does not
/// win is only followed (跟, AXF rule 17: a chariot may follow a protected
/// cannon).
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
        // A piece held on a horse's leg can legally take only that horse,
        // and taking it chases: a chariot that blocks a horse's check on
        // the leg and so attacks it is the chariot chasing the horse of
        // AXF rule 23, whose side must vary.
        if !may_chase {
            continue;
        }
        let value = material_value(victim, to);
        if value == 0 {
            continue;
        }
        if let Some(offers) = offers.as_deref_mut() {
            if victim.kind == attacker.kind && can_take_first(pos, to, from) {
                if articles.losing_offer_chases && refuses_acceptance(pos, to, from) {
                    let threat = Threat {
                        square: to,
                        piece: victim,
                        attacker: from,
                        taker: from,
                        way: ThreatWay::LosingOffer,
                        gain: value,
                        joint: false,
                        also_by: Bitboard::EMPTY,
                        ties: Bitboard::EMPTY,
                        whichever: false,
                        outright: true,
                        tied: false,
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
        let Some(Weighed {
            gain,
            recaptures,
            outright,
            tied,
        }) = weighed
        else {
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
            taker: from,
            way,
            gain,
            joint: false,
            also_by: Bitboard::EMPTY,
            ties: Bitboard::EMPTY,
            whichever: false,
            outright,
            tied,
        };
        keep_strongest(&mut found, threat);
    }
    found
}

/// Adds `threat` to `found`, one entry per target: the strongest way to win
/// it, and of equally strong ways the one that nets the most, with the
/// other attackers in `also_by` and those as strong in `ties`.
fn keep_strongest(found: &mut Threats, threat: Threat) {
    match found.iter_mut().find(|t| t.square == threat.square) {
        Some(known) if strength(known) < strength(&threat) => {
            let also_by = known.also_by.with(known.attacker);
            *known = Threat { also_by, ..threat };
        }
        Some(known) => {
            known.also_by = known.also_by.with(threat.attacker);
            if strength(known) == strength(&threat) {
                known.ties = known.ties.with(threat.attacker);
            }
        }
        // At most 16 enemy pieces, so there is always room.
        None => found.push(threat),
    }
}

/// Adds `threat`, a piece won through a check, to `found`: the strongest
/// check that wins it, with the pieces of those as strong (the checking
/// piece and the one that then takes) in `ties`. No capture wins it now,
/// so `also_by` stays empty.
fn keep_strongest_check(found: &mut Threats, threat: Threat) {
    let ways = Bitboard::from_square(threat.attacker).with(threat.taker);
    match found.iter_mut().find(|t| t.square == threat.square) {
        Some(known) if strength(known) < strength(&threat) => *known = threat,
        Some(known) if strength(known) == strength(&threat) => known.ties |= ways,
        Some(_) => {}
        // At most 16 enemy pieces, so there is always room.
        None => found.push(threat),
    }
}

/// How strongly a threat wins its piece: its way, then what it nets.
fn strength(threat: &Threat) -> (ThreatWay, i32) {
    (threat.way, threat.gain)
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

/// Whether the piece on `taker` could legally take the one on `taken` if it
/// were its side's move (it is the other side's now). An attack on a
/// same-kind piece is an exchange offer only when the attacked piece can
/// take first (a pinned victim cannot answer the offer), and only when the
/// offering piece could take too.
fn can_take_first(pos: &mut Position, taker: Square, taken: Square) -> bool {
    let Some(reply) = Move::new(taker, taken) else {
        return false;
    };
    after_pass(pos, |pos| pos.is_legal(reply))
}

/// Whether the enemy piece on `victim`, taking ours on `attacker` as an
/// exchange, would lose by it ([`accepting_loses`]). `pos` has our side to
/// move, the capture only possible after a pass.
fn refuses_acceptance(pos: &mut Position, victim: Square, attacker: Square) -> bool {
    let Some(accept) = Move::new(victim, attacker) else {
        return false;
    };
    after_pass(pos, |pos| accepting_loses(pos, accept))
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

    #[test]
    fn of_two_equal_ways_the_one_that_nets_more_is_kept_whatever_the_order() {
        // The horse d9 (guarded by the advisor e8 and the king) is attacked
        // along the d-file by the chariot d5 and by the cannon d3 over it,
        // both exchanges: the cannon's nets the advisor as well (the king
        // cannot take back under the chariot b9), the chariot's nothing on
        // the point. Mirrored, move generation meets them the other way
        // round; the kept attacker must not change (图25).
        let fens = [
            (
                "1R1nka3/4ac3/b3b4/p1P1p3p/3R1n1rc/9/P2CP1P2/2N1BCr2/4A4/4KAB2 w",
                [Square::D9, Square::D3, Square::D5],
            ),
            (
                "3akn1R1/3ca4/4b3b/p3p1P1p/cr1n1R3/9/2P1PC2P/2rCB1N2/4A4/2BAK4 w",
                [Square::F9, Square::F3, Square::F5],
            ),
        ];
        for (fen, [horse, cannon, chariot]) in fens {
            let found = threats(
                &mut Position::from_fen(fen).unwrap(),
                RuleSet::Chinese.articles(),
                Weighing::AllCosts,
            );
            let on_horse = found
                .iter()
                .find(|t| t.square == horse)
                .expect("the horse is threatened");
            assert_eq!((on_horse.attacker, on_horse.gain), (cannon, 2), "{fen}");
            assert!(on_horse.also_by.has(chariot), "{fen}");
        }
    }
}
