//! What a referee needs to see why a move was labelled as it was: every
//! piece the move leaves attacked, the exchange on its point, the
//! protection found (or missing), and whether the labeller counted the
//! attack as a chase. The labels themselves come from [`classify`]; this
//! only lays the board's facts beside them.
//!
//! [`classify`]: super::classify::classify

use super::chase::{threats, Threat, Threats};
use super::citations::label_article;
use super::cycle::Judgement;
use super::exchange::{captures_onto, exchange_gain, Weighing, EXCHANGE_DEPTH};
use super::material::material_value;
use super::pass::after_pass;
use super::rule_set::Articles;
use crate::core::{GenKind, Move, Piece, Position, Square};

/// One enemy piece that the side that moved could take if it were its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    pub attacker: Square,
    pub target: Square,
    pub piece: Piece,
    /// What the capture nets on the target's point once every recapture
    /// there is played out (material values of 2011 §26.6).
    pub exchange: i32,
    /// The enemy pieces that could legally take back on the point.
    pub protectors: Vec<Square>,
    /// The chase the labeller counted on this piece, if any (it may be won
    /// by another attacker, or through a check).
    pub chase: Option<Threat>,
    /// Whether the piece is won only through a check first (抽吃): then
    /// there is no direct capture, and `exchange` is the chase's gain.
    pub through_check: bool,
}

/// Every effect of one move of a cycle, and the article behind its label.
#[derive(Clone, Debug)]
pub struct MoveEffects {
    pub mv: Move,
    pub attacks: Vec<Attack>,
    pub article: &'static str,
}

/// The attacks of the side that just moved in `pos`, with the chases the
/// labeller counted for that move.
fn attacks_now(pos: &mut Position, chases: &[Threat], articles: Articles) -> Vec<Attack> {
    // After a check the other side must answer it: no pass can ask what the
    // mover would take next (it would take the king), only what the check
    // itself wins, which are the labeller's chases.
    let gave_check = pos.in_check();
    let direct_captures = |pos: &mut Position| {
        let mut direct = Vec::new();
        for capture in pos.moves_of(GenKind::Captures) {
            let (from, to) = (capture.from(), capture.to());
            let Some(piece) = pos.piece_at(to) else {
                continue;
            };
            let value = material_value(piece, to);
            if value == 0 {
                continue;
            }
            pos.make(capture);
            let exchange = value - exchange_gain(pos, to, EXCHANGE_DEPTH);
            let protectors = captures_onto(pos, to).iter().map(|m| m.from()).collect();
            pos.unmake();
            direct.push(Attack {
                attacker: from,
                target: to,
                piece,
                exchange,
                protectors,
                chase: chases
                    .iter()
                    .find(|t| t.square == to && !t.whichever)
                    .copied(),
                through_check: false,
            });
        }
        direct
    };
    let mut found = if gave_check {
        Vec::new()
    } else {
        after_pass(pos, direct_captures)
    };
    // Chases won through a check have no direct capture to show; one on
    // whichever piece the answer gives up is not the direct attack on it.
    // The labeller names the piece that gave this move's check by the
    // point it came from (what stood before the move is asked of it); the
    // referee is shown where it stands.
    let moved = pos.history().last().and_then(|undo| undo.mv);
    for t in chases {
        if t.whichever || !found.iter().any(|a| a.target == t.square) {
            let mut attack = through_check(t, Some(*t));
            if let Some(mv) = moved.filter(|mv| gave_check && mv.from() == t.attacker) {
                attack.attacker = mv.to();
            }
            found.push(attack);
        }
    }
    // Pieces won through a check that the labeller did not count (the win
    // stood before the move, or the rule set counts no such win: AXF rule
    // 38): shown too, or the move would seem to attack nothing.
    let with_check_wins = Articles {
        chase_through_check: true,
        ..articles
    };
    let check_wins = if gave_check {
        Threats::new()
    } else {
        after_pass(pos, |pos| threats(pos, with_check_wins, Weighing::AllCosts))
    };
    for t in check_wins {
        if !found.iter().any(|a| a.target == t.square) {
            found.push(through_check(&t, None));
        }
    }
    found
}

/// A piece won through a check first, as an attack: `t`'s gain stands for
/// the exchange, and nothing takes back before the check is answered.
fn through_check(t: &Threat, chase: Option<Threat>) -> Attack {
    Attack {
        attacker: t.attacker,
        target: t.square,
        piece: t.piece,
        exchange: t.gain,
        protectors: Vec::new(),
        chase,
        through_check: true,
    }
}

/// The effects of each move of `judgement`'s cycle, which starts from
/// `start` (the position before the cycle's first move, with its history),
/// under the rule set whose `articles` judged it.
pub fn explain_cycle(
    start: &Position,
    judgement: &Judgement,
    articles: Articles,
) -> Vec<MoveEffects> {
    let mut pos = start.clone();
    judgement
        .moves
        .iter()
        .map(|m| {
            let mv = m.class.mv;
            pos.make(mv);
            let attacks = attacks_now(&mut pos, &m.class.chases, articles);
            let article = label_article(&m.class, &pos, articles);
            MoveEffects {
                mv,
                attacks,
                article,
            }
        })
        .collect()
}
