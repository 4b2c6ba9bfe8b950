//! The verdict tables: given how each side played a repeating cycle, who
//! (if anyone) must vary and so loses. What each rule set forbids is in its
//! [`Articles`]; the tables read only those.
//!
//! [`Articles`]: super::rule_set::Articles

use super::classify::{MoveClass, MoveKind};
use super::rule_set::{Articles, RuleSet};
use crate::core::{Color, Square};
use std::fmt;
/// One classified move of a cycle, with the identities of the pieces it
/// chases (identities follow pieces through the cycle, so a chase of the same
/// piece on a new point is recognised).
#[derive(Clone, Debug)]
pub struct CycleMove {
    pub color: Color,
    pub class: MoveClass,
    pub target_ids: Vec<u8>,
}

/// What a side did wrong over the cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Offence {
    PerpetualCheck,
    PerpetualMateThreat,
    /// Every move chased; the pieces chased (kind name and point).
    PerpetualChase(Vec<(&'static str, Square)>),
    /// Every move attacked, in a mixture of checks, mate threats and chases.
    PerpetualAttack(Vec<MoveKind>),
}

impl fmt::Display for Offence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Offence::PerpetualCheck => f.write_str("perpetual check"),
            Offence::PerpetualMateThreat => f.write_str("perpetual mate threat"),
            Offence::PerpetualChase(targets) => {
                f.write_str("perpetual chase of ")?;
                for (i, (kind, sq)) in targets.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == targets.len() {
                            " and "
                        } else {
                            ", "
                        })?;
                    }
                    write!(f, "the {kind} on {sq}")?;
                }
                Ok(())
            }
            Offence::PerpetualAttack(kinds) => {
                f.write_str("perpetual attack (")?;
                for (i, kind) in kinds.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" and ")?;
                    }
                    f.write_str(kind.name())?;
                }
                f.write_str(")")
            }
        }
    }
}

/// The verdict on a cycle: who loses, and why; `None` is a draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    pub loser: Option<(Color, Offence)>,
    /// Why it is a draw, when it is one.
    pub draw_reason: &'static str,
}

/// How one side played the cycle, as the tables need it.
struct Conduct<'a> {
    moves: Vec<&'a CycleMove>,
    forbidden: bool,
    all_check: bool,
    single_piece: bool,
}

fn conduct<'a>(moves: &'a [CycleMove], color: Color, rules: RuleSet) -> Conduct<'a> {
    let articles: Articles = rules.articles();
    let moves: Vec<&CycleMove> = moves.iter().filter(|m| m.color == color).collect();
    let all_check = !moves.is_empty() && moves.iter().all(|m| m.class.check);
    let every_move_attacks =
        !moves.is_empty() && moves.iter().all(|m| m.class.counts_as_attack(articles));
    let forbidden = if all_check {
        true
    } else if articles.checks_only {
        false
    } else if articles.chase_needs_one_target {
        // AXF: one same piece attacked by every move, some of them checks
        // that also attack it (rule 32; a check with a chase of another
        // piece is allowed, diagrams 37-38).
        common_target(&moves).is_some()
    } else {
        every_move_attacks
    };
    let single_piece = moves.iter().all(|m| m.class.single_piece_attack());
    Conduct {
        moves,
        forbidden,
        all_check,
        single_piece,
    }
}

/// A piece chased by every one of the side's moves.
fn common_target(moves: &[&CycleMove]) -> Option<u8> {
    let first = moves.first()?;
    first
        .target_ids
        .iter()
        .copied()
        .find(|id| moves.iter().all(|m| m.target_ids.contains(id)))
}

fn offence(side: &Conduct) -> Offence {
    if side.all_check {
        return Offence::PerpetualCheck;
    }
    // Every move attacks one same piece, with or without check: a perpetual
    // chase of it (将兼捉 counts as 捉 of that piece).
    if let Some(id) = common_target(&side.moves) {
        let first = side.moves[0];
        let chased = first
            .class
            .chases
            .iter()
            .zip(&first.target_ids)
            .find(|(_, t)| **t == id)
            .map(|(t, _)| (t.piece.kind.name(), t.square));
        if let Some(target) = chased {
            return Offence::PerpetualChase(vec![target]);
        }
    }
    let mut kinds: Vec<MoveKind> = side.moves.iter().map(|m| m.class.kind).collect();
    kinds.sort_unstable_by(|a, b| b.cmp(a));
    kinds.dedup();
    match kinds.as_slice() {
        [MoveKind::MateThreat] => Offence::PerpetualMateThreat,
        [MoveKind::Chase] => {
            let mut targets: Vec<(&'static str, Square)> = Vec::new();
            let mut seen: Vec<u8> = Vec::new();
            for m in &side.moves {
                for (t, id) in m.class.chases.iter().zip(&m.target_ids) {
                    if !seen.contains(id) {
                        seen.push(*id);
                        targets.push((t.piece.kind.name(), t.square));
                    }
                }
            }
            Offence::PerpetualChase(targets)
        }
        _ => Offence::PerpetualAttack(kinds),
    }
}

/// Applies the rule set's table to a classified cycle. `moves` may stop short
/// for a side once it has made a move that is not an attack: that side is
/// allowed whatever follows.
pub fn rule(moves: &[CycleMove], rules: RuleSet) -> Ruling {
    let red = conduct(moves, Color::Red, rules);
    let black = conduct(moves, Color::Black, rules);
    let loses = |side: &Conduct, color| Ruling {
        loser: Some((color, offence(side))),
        draw_reason: "",
    };
    let draw = |why| Ruling {
        loser: None,
        draw_reason: why,
    };
    match (red.all_check, black.all_check) {
        (true, true) => return draw("mutual perpetual check"),
        (true, false) => return loses(&red, Color::Red),
        (false, true) => return loses(&black, Color::Black),
        (false, false) => {}
    }
    match (red.forbidden, black.forbidden) {
        (false, false) => draw("repetition without a forbidden perpetual"),
        (true, false) => loses(&red, Color::Red),
        (false, true) => loses(&black, Color::Black),
        (true, true) if rules.articles().both_forbidden_by_class => {
            match (red.single_piece, black.single_piece) {
                (true, false) => loses(&red, Color::Red),
                (false, true) => loses(&black, Color::Black),
                _ => draw("both sides attack perpetually"),
            }
        }
        (true, true) => draw("both sides attack perpetually"),
    }
}
