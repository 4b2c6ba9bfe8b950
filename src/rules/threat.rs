//! What an attack threatens. For every enemy piece the side to move
//! attacks ([`attack`](super::attack)), whether the rules count it as a
//! threat to win that piece, and which finding says so either way; a move
//! chases when it leaves such a threat that is answered or new
//! ([`classify`](super::classify)).
//!
//! The shared model (both rule books): an attack threatens an unprotected
//! piece, and a horse or cannon threatens a chariot whatever protects it
//! (AXF rules 15, 18, 25-26; 2011 §24.3). The king and pawns threaten
//! nothing by their own attacks; an exchange offer and an attack on a
//! protected piece threaten nothing.
//!
//! The Chinese rules add, each a row of [`Articles`]: the full exchange on
//! the point (a protected piece won by more attackers, 少根子, or with the
//! king's help); wins through checks (抽吃); captures and recaptures undone
//! by a mate; losing offers (§26.9); a pawn's capture with a discovered
//! check (§26.7); a root's or pinned piece's capture at a loss (§26.5).

use super::attack::{attacks, captures_onto, chases_by_itself, is_offer, reaching, recaptures};
use super::mate::mates_by_checks;
use super::material::material_value;
use super::pass::after_pass;
use super::rule_set::Articles;
use crate::core::{Bitboard, CheckGuard, Color, Move, Piece, PieceKind, Position, Square};

/// What the rules make of one attack.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// No legal recapture (无根子; a false root is none).
    Unprotected,
    /// A horse or cannon attacks a chariot, protected or not.
    OnChariot,
    /// Protected, but the full exchange on the point nets material.
    WonByExchange,
    /// An exchange offer the other side cannot accept without being mated
    /// at once or losing material (2011 §26.9).
    LosingOffer,
    /// A pawn's capture that uncovers another piece's check (2011 §26.7).
    PawnCaptureWithCheck,
    /// Won through a check, whatever the answer (抽吃, 2011 §24.3).
    ThroughCheck,
    /// The king or a pawn attacks: never a threat of its own.
    ByKingOrPawn,
    /// An exchange offer (兑).
    Offer,
    /// Protected, and the capture wins nothing (跟).
    Protected,
    /// The capture lets the other side mate by consecutive checks.
    MatedAfter,
    /// A root's or pinned piece's capture that costs more than it wins.
    AtALoss,
}

impl Finding {
    /// Whether the attack threatens to win the piece.
    pub fn is_threat(self) -> bool {
        matches!(
            self,
            Finding::Unprotected
                | Finding::OnChariot
                | Finding::WonByExchange
                | Finding::LosingOffer
                | Finding::PawnCaptureWithCheck
                | Finding::ThroughCheck
        )
    }
}

/// One enemy piece the side to move attacks, and what the rules make of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Threat {
    /// The piece that captures, or for a win through a check, the piece
    /// that gives the check.
    pub attacker: Square,
    /// The pieces by which it is won, named where they stand now: the
    /// attacker; for a win through a check, every piece that gives a check
    /// that wins it and every piece that then takes it, whatever the
    /// answer. Which of equal ways move generation met first does not
    /// matter: a threat stands while any of its ways stood before.
    pub ways: Bitboard,
    pub target: Square,
    pub victim: Piece,
    pub finding: Finding,
    /// The enemy pieces that could legally take back on the point.
    pub protectors: Bitboard,
    /// The check that starts a win through a check.
    pub check: Option<Move>,
    /// Won through a check after which every answer loses a piece, but
    /// not the same one: `target` is what the best answer leaves.
    pub whichever: bool,
    /// What the capture nets (material values, 2011 §26.6), at least for
    /// the best defence.
    pub gain: i32,
}

impl Threat {
    pub fn is_threat(&self) -> bool {
        self.finding.is_threat()
    }
}

/// Whose turn it is when a side's attacks are weighed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    /// The side has just moved, its piece now on `moved` if known, and is
    /// asked what it threatens (after a pass): a piece of the attacker's
    /// kind that can take it takes first, so their mutual attack is an
    /// exchange offer; and the piece that moved is judged by what it
    /// attacks, not by the pieces it protects (2011 §26.5 read as 图22 and
    /// 参考图46 rule: a chariot that moves to attack chases though it is a
    /// root; one that stands as a root does not, 图12).
    Passed { moved: Option<Square> },
    /// The side is really to move: it takes first, and a mutual attack is
    /// no offer (图2: after a check, the chariot takes the chariot facing
    /// it).
    Own,
}

/// Every attack of the side to move, with what the rules make of it, and
/// under rules that count them, the pieces it wins through a check.
pub fn examine(pos: &mut Position, articles: Articles, turn: Turn) -> Vec<Threat> {
    // Where the side to move could take the king (a pass after a check),
    // the other side must answer that first: nothing else is a threat.
    if pos.is_king_attacked(!pos.side_to_move()) {
        return Vec::new();
    }
    let mut found: Vec<Threat> = attacks(pos)
        .into_iter()
        .map(|capture| judge_attack(pos, capture, articles, turn))
        .collect();
    if articles.wins_through_checks {
        for won in wins_through_checks(pos, articles, THROUGH_CHECK_SEARCH_CHECKS) {
            // A piece won by a capture now is not won through a check.
            let direct = |t: &Threat| t.is_threat() && t.check.is_none() && t.target == won.target;
            if !found.iter().any(direct) {
                found.push(won);
            }
        }
    }
    found
}

/// The pieces the side to move threatens to win, one entry per piece.
pub fn threatened(pos: &mut Position, articles: Articles, turn: Turn) -> Vec<Threat> {
    let mut found: Vec<Threat> = Vec::new();
    for t in examine(pos, articles, turn)
        .into_iter()
        .filter(Threat::is_threat)
    {
        if !found.iter().any(|f| f.target == t.target) {
            found.push(t);
        }
    }
    found
}

/// What the rules make of the attack of the piece on `attacker` on the
/// piece on `target`, if the side to move can make it legally now.
pub fn attack_on(
    pos: &mut Position,
    attacker: Square,
    target: Square,
    articles: Articles,
    turn: Turn,
) -> Option<Threat> {
    let capture = Move::new(attacker, target)?;
    let ours = pos
        .piece_at(attacker)
        .is_some_and(|p| p.color == pos.side_to_move());
    (ours && pos.piece_at(target).is_some() && pos.is_legal(capture))
        .then(|| judge_attack(pos, capture, articles, turn))
}

/// What the rules make of `capture`, a legal capture of material by the
/// side to move.
fn judge_attack(pos: &mut Position, capture: Move, articles: Articles, turn: Turn) -> Threat {
    let (from, to) = (capture.from(), capture.to());
    let by = pos.piece_at(from).expect("an attacker");
    let victim = pos.piece_at(to).expect("a victim");
    let value = material_value(victim, to);
    let answers = recaptures(pos, capture);
    let mut threat = Threat {
        attacker: from,
        ways: Bitboard::from_square(from),
        target: to,
        victim,
        finding: Finding::Protected,
        protectors: answers.iter().map(|mv| mv.from()).collect(),
        check: None,
        whichever: false,
        gain: 0,
    };
    threat.finding = if !chases_by_itself(by.kind) {
        if by.kind == PieceKind::Pawn
            && articles.pawn_capture_with_check_chases
            && uncovers_check(pos, capture)
        {
            Finding::PawnCaptureWithCheck
        } else {
            Finding::ByKingOrPawn
        }
    } else if matches!(turn, Turn::Passed { .. }) && is_offer(pos, capture) {
        if articles.losing_offer_chases && accepting_loses(pos, capture, articles) {
            Finding::LosingOffer
        } else {
            Finding::Offer
        }
    } else if articles.mate_refutes && mated_after(pos, capture) {
        Finding::MatedAfter
    } else if !answers
        .iter()
        .any(|&back| real_recapture(pos, capture, back, articles))
    {
        Finding::Unprotected
    } else if matches!(by.kind, PieceKind::Horse | PieceKind::Cannon)
        && victim.kind == PieceKind::Chariot
    {
        Finding::OnChariot
    } else if articles.exchange_wins
        && victim.kind != PieceKind::Pawn
        && exchange_win(pos, capture) > 0
    {
        // A protected crossed pawn is no win by exchange: its value floats
        // (2011 §26.6, 参考图31).
        if articles.joined_offer_offers
            && by.kind == PieceKind::Chariot
            && joins_an_offer(pos, capture, turn, articles)
        {
            Finding::Offer
        } else {
            Finding::WonByExchange
        }
    } else {
        Finding::Protected
    };
    threat.gain = match threat.finding {
        Finding::Unprotected | Finding::LosingOffer => value,
        Finding::WonByExchange => exchange_win(pos, capture),
        _ => value - exchange_after(pos, capture),
    };
    if threat.is_threat() && articles.root_at_a_loss_idle && threat.finding != Finding::LosingOffer
    {
        threat.gain -= cost_elsewhere(pos, capture, turn);
        if threat.gain < 0 {
            threat.finding = Finding::AtALoss;
        }
    }
    threat
}

/// Whether the recapture `back`, answering `capture`, really protects:
/// under rules where a mate undoes it, a recapture after which the
/// capturing side mates by checks is a root that "cannot leave its line"
/// (2011 §24.16 假根, with §24.3's 立即).
fn real_recapture(pos: &mut Position, capture: Move, back: Move, articles: Articles) -> bool {
    if !articles.mate_refutes {
        return true;
    }
    pos.make(capture);
    pos.make(back);
    let mated = mates_by_checks(pos);
    pos.unmake();
    pos.unmake();
    !mated
}

/// Whether the other side mates by consecutive checks once `capture` is
/// played: "立即被将死" read as the book's diagrams read it, a mate (杀)
/// that begins at once (参考图20: 马七退八的杀着).
fn mated_after(pos: &mut Position, capture: Move) -> bool {
    pos.make(capture);
    let mated = mates_by_checks(pos);
    pos.unmake();
    mated
}

/// What the other side wins back on the point of `capture` once it is
/// played: the full exchange there, each side free to stop.
fn exchange_after(pos: &mut Position, capture: Move) -> i32 {
    pos.make(capture);
    let back = exchange_gain(pos, capture.to());
    pos.unmake();
    back
}

/// What the side to move nets, at best, by starting (or going on with) the
/// exchange on `sq`, every legal capture there considered (the king's and
/// the pawns' too: 1999 §27.1 借帅之力); it may always stop, so never below
/// zero. Each capture takes a piece off the board, so it ends.
pub fn exchange_gain(pos: &mut Position, sq: Square) -> i32 {
    let Some(victim) = pos.piece_at(sq) else {
        return 0;
    };
    let value = material_value(victim, sq);
    let mut best = 0;
    for mv in captures_onto(pos, sq) {
        pos.make(mv);
        best = best.max(value - exchange_gain(pos, sq));
        pos.unmake();
    }
    best
}

/// What `capture` (a capture of the side to move) nets by the full
/// exchange that follows (2011 §24.3 "通过完整互吃交换后吃掉对方子且得子"):
/// the captures on its point, each side free to stop (the kings and pawns
/// too: 1999 §27.1 借帅之力), and at any turn of the capturing side,
/// instead, an exchange on another point that the exchange has made
/// better for it than it was: a piece it has left without its root (断根,
/// 参考图13) or one a capture has uncovered (参考图1), begun by a piece that
/// chases by itself (参考图32: the king's capture after an even exchange
/// is the king's own).
fn exchange_win(pos: &mut Position, capture: Move) -> i32 {
    let value = pos
        .piece_at(capture.to())
        .map_or(0, |p| material_value(p, capture.to()));
    let mut before = [0; Square::NUM];
    for sq in pos.color_pieces(!pos.side_to_move()) {
        before[sq.index()] = exchange_gain(pos, sq);
    }
    let chaser = pos.side_to_move();
    pos.make(capture);
    let back = exchange_line(pos, capture.to(), &before, chaser);
    pos.unmake();
    value - back
}

/// What the side to move nets, at best, by going on with the exchange on
/// `sq` (or stopping); the `chaser` may instead begin an exchange on a
/// point where it now wins more than `before` it began.
fn exchange_line(
    pos: &mut Position,
    sq: Square,
    before: &[i32; Square::NUM],
    chaser: Color,
) -> i32 {
    let mut best = 0;
    if pos.side_to_move() == chaser {
        for elsewhere in attacks(pos) {
            let to = elsewhere.to();
            let by = pos.piece_at(elsewhere.from()).expect("an attacker");
            if to == sq || !chases_by_itself(by.kind) {
                continue;
            }
            let victim = pos.piece_at(to).expect("a victim");
            pos.make(elsewhere);
            let won = material_value(victim, to) - exchange_gain(pos, to);
            pos.unmake();
            if won > before[to.index()] {
                best = best.max(won);
            }
        }
    }
    let Some(victim) = pos.piece_at(sq) else {
        return best;
    };
    let value = material_value(victim, sq);
    for mv in captures_onto(pos, sq) {
        pos.make(mv);
        best = best.max(value - exchange_line(pos, sq, before, chaser));
        pos.unmake();
    }
    best
}

/// Whether the chariot's `capture` of a protected horse or cannon joins an
/// exchange offer on it that can be accepted at no cost (2011 §26.10.2
/// "被接触的马（炮）有根，且主动接受邀兑后其根无损失，为兑").
fn joins_an_offer(pos: &mut Position, capture: Move, turn: Turn, articles: Articles) -> bool {
    let to = capture.to();
    let Some(victim) = pos.piece_at(to) else {
        return false;
    };
    if !matches!(turn, Turn::Passed { .. })
        || !matches!(victim.kind, PieceKind::Horse | PieceKind::Cannon)
    {
        return false;
    }
    let same_kind: Vec<Move> = captures_onto(pos, to)
        .into_iter()
        .filter(|offer| {
            pos.piece_at(offer.from())
                .is_some_and(|p| p.kind == victim.kind)
        })
        .collect();
    same_kind
        .into_iter()
        .any(|offer| is_offer(pos, offer) && !accepting_loses(pos, offer, articles))
}

/// Whether accepting the exchange that `capture` offers costs the other
/// side: once its piece takes ours straight back, it is mated by checks or
/// we then win more than it took, by the exchange on that point or by a
/// recapture there that checks and wins more through the check (2011 §26.9
/// "被邀兑方兑子后立即被杀或子力价值受损"; 图17: "如黑方吃车则双车尽失").
fn accepting_loses(pos: &mut Position, capture: Move, articles: Articles) -> bool {
    let (from, to) = (capture.from(), capture.to());
    let Some(accept) = Move::new(to, from) else {
        return false;
    };
    let Some(taken) = pos.piece_at(from) else {
        return false;
    };
    let value = material_value(taken, from);
    after_pass(pos, |pos| {
        if !pos.is_legal(accept) {
            return false;
        }
        pos.make(accept);
        let loses = mates_by_checks(pos)
            || exchange_gain(pos, from) > value
            || (articles.wins_through_checks
                && captures_onto(pos, from).into_iter().any(|back| {
                    won_by_check_besides(pos, back, articles, THROUGH_CHECK_SEARCH_CHECKS, &[])
                        .iter()
                        .any(|t| t.gain > value)
                }));
        pos.unmake();
        loses
    })
}

/// Whether the pawn capture `capture` uncovers a check by another piece.
fn uncovers_check(pos: &mut Position, capture: Move) -> bool {
    pos.make(capture);
    let uncovered = (pos.checkers() - Bitboard::from_square(capture.to())).any();
    pos.unmake();
    uncovered
}

/// What the other side wins elsewhere once `capture` is made, where the
/// piece making it is a root (it protects another piece of its side; not
/// weighed for the piece that has just moved, see [`Turn::Passed`]) or
/// pinned (leaving its point opens an attack on another): such a capture
/// chases when the trade is even or better, and is idle at a loss (2011
/// §26.5 "做根子和被牵子捉子，交换后价值相当或得子者，为捉；得不偿失者，为闲",
/// 图23).
fn cost_elsewhere(pos: &mut Position, capture: Move, turn: Turn) -> i32 {
    let from = capture.from();
    let us = pos.side_to_move();
    let ours = pos.color_pieces(us) - Bitboard::from_square(from);
    let kings = pos.pieces(us, PieceKind::King);
    let guarded: Bitboard = (ours - kings)
        .into_iter()
        .filter(|&sq| reaching(pos, sq, us).has(from))
        .collect();
    let opened = pos.occupied() - Bitboard::from_square(from);
    let uncovered: Bitboard = (ours - kings)
        .into_iter()
        .filter(|&sq| (pos.attackers_with(sq, !us, opened) & !pos.attackers(sq, !us)).any())
        .collect();
    let moved = matches!(turn, Turn::Passed { moved: Some(sq) } if sq == from);
    let exposed = if moved {
        uncovered
    } else {
        guarded | uncovered
    };
    if exposed.is_empty() {
        return 0;
    }
    pos.make(capture);
    let lost = exposed
        .into_iter()
        .map(|sq| exchange_gain(pos, sq))
        .max()
        .unwrap_or(0);
    pos.unmake();
    lost
}

/// The search bound on consecutive checks in a win through checks: the
/// first check, and further ones only after a check with a single answer
/// (连续将军, "from the next move on", 2011 §24.3). Large enough that
/// raising it changes no verdict on the corpus or on 2,000 random cycles
/// (docs/results/rules.md).
pub const THROUGH_CHECK_SEARCH_CHECKS: u32 = 2;

/// The pieces the side to move wins through a check: whatever the answer,
/// it then wins material by a threat (or, after a check with one answer,
/// through a further check), net of what the check and the answer took.
fn wins_through_checks(pos: &mut Position, articles: Articles, checks: u32) -> Vec<Threat> {
    let mut found: Vec<Threat> = Vec::new();
    if checks == 0 {
        return found;
    }
    let guard = CheckGuard::new(pos);
    for check in pos.legal_moves() {
        if !guard.gives_check(pos, check) {
            continue;
        }
        // One threat per piece won: the strongest check, with every way
        // any check wins it.
        for won in won_by_check(pos, check, articles, checks) {
            match found.iter_mut().find(|f| f.target == won.target) {
                Some(known) if known.gain >= won.gain => known.ways |= won.ways,
                Some(known) => {
                    let ways = known.ways | won.ways;
                    *known = Threat { ways, ..won };
                }
                None => found.push(won),
            }
        }
    }
    found
}

/// What `check` (a legal move of the side to move) wins whatever the
/// answer: the pieces won after every answer, or, when every answer loses
/// something but not the same piece, the least the best answer leaves.
/// Empty when it is no check or some answer saves everything (无子可抽).
fn won_by_check(pos: &mut Position, check: Move, articles: Articles, checks: u32) -> Vec<Threat> {
    // Pieces of one kind that attack each other already: a check that
    // takes the piece on offer starts that exchange (图13), and a check
    // that only gains the first capture of an unprotected one (图9) wins
    // what the exchange wins: a check first does not turn an offer (兑)
    // into a chase. A check that draws away the protector of a piece on
    // offer wins it all the same (图24: the pawn's check that takes the
    // king off the chariot it guards).
    let offered: Vec<Move> = attacks(pos)
        .into_iter()
        .filter(|&capture| is_offer(pos, capture))
        .collect();
    if offered.contains(&check) {
        return Vec::new();
    }
    let unprotected: Vec<Move> = offered
        .into_iter()
        .filter(|&capture| recaptures(pos, capture).is_empty())
        .collect();
    won_by_check_besides(pos, check, articles, checks, &unprotected)
}

/// [`won_by_check`], leaving out what only wins a piece of one of the
/// exchanges on `offered`.
fn won_by_check_besides(
    pos: &mut Position,
    check: Move,
    articles: Articles,
    checks: u32,
    offered: &[Move],
) -> Vec<Threat> {
    let taken = pos
        .piece_at(check.to())
        .map_or(0, |p| material_value(p, check.to()));
    pos.make(check);
    if !pos.in_check() {
        pos.unmake();
        return Vec::new();
    }
    let answers = pos.legal_moves();
    let forced = answers.len() == 1;
    let mut common: Option<Vec<Threat>> = None;
    let mut least: Option<Threat> = None;
    for answer in answers {
        let lost_piece = pos.piece_at(answer.to());
        let lost = lost_piece.map_or(0, |p| material_value(p, answer.to()));
        // A crossed pawn given up buys only a chariot: anything else won
        // for it is no gain (2011 §26.6, its value floats).
        let pawn_given = lost_piece.is_some_and(|p| p.kind == PieceKind::Pawn);
        pos.make(answer);
        let mut wins: Vec<Threat> = threatened(pos, direct_only(articles), Turn::Own);
        if forced {
            wins.extend(wins_through_checks(pos, articles, checks - 1));
        }
        let wins: Vec<Threat> = wins
            .into_iter()
            .filter(|t| t.gain + taken > lost)
            .filter(|t| !pawn_given || t.victim.kind == PieceKind::Chariot)
            // A pawn that wins through another piece's check wins nothing
            // the rules count (2011 §26.7).
            .filter(|t| t.finding != Finding::PawnCaptureWithCheck)
            .filter(|t| {
                let taker = if t.attacker == check.to() {
                    check.from()
                } else {
                    t.attacker
                };
                let target = if t.target == answer.to() {
                    answer.from()
                } else {
                    t.target
                };
                !offered
                    .iter()
                    .any(|o| o.from() == taker && o.to() == target)
            })
            .map(|t| Threat {
                // Named where it stood before the answer.
                target: if t.target == answer.to() {
                    answer.from()
                } else {
                    t.target
                },
                attacker: check.from(),
                // Named where they stand before the check.
                ways: t
                    .ways
                    .into_iter()
                    .map(|sq| if sq == check.to() { check.from() } else { sq })
                    .collect::<Bitboard>()
                    .with(check.from()),
                finding: Finding::ThroughCheck,
                protectors: Bitboard::EMPTY,
                check: Some(check),
                gain: t.gain + taken - lost,
                ..t
            })
            .collect();
        pos.unmake();
        let Some(best) = wins.iter().copied().max_by_key(|t| t.gain) else {
            pos.unmake();
            return Vec::new();
        };
        if least.is_none_or(|l| best.gain < l.gain) {
            least = Some(best);
        }
        // Of the pieces this answer leaves to be won, one threat each: the
        // strongest, with the ways of all.
        let mut each: Vec<Threat> = Vec::new();
        for w in wins {
            match each.iter_mut().find(|e| e.target == w.target) {
                Some(e) if e.gain >= w.gain => e.ways |= w.ways,
                Some(e) => {
                    let ways = e.ways | w.ways;
                    *e = Threat { ways, ..w };
                }
                None => each.push(w),
            }
        }
        common = Some(match common {
            None => each,
            Some(before) => before
                .into_iter()
                .filter_map(|t| {
                    let again = each.iter().find(|w| w.target == t.target)?;
                    Some(Threat {
                        gain: t.gain.min(again.gain),
                        ways: t.ways | again.ways,
                        ..t
                    })
                })
                .collect(),
        });
    }
    pos.unmake();
    match (common, least) {
        (Some(common), _) if !common.is_empty() => common,
        (_, Some(least)) => vec![Threat {
            whichever: true,
            ..least
        }],
        _ => Vec::new(),
    }
}

/// The same rules without wins through checks: what is won after a check
/// is won by a capture (further checks are searched separately).
fn direct_only(articles: Articles) -> Articles {
    Articles {
        wins_through_checks: false,
        ..articles
    }
}
