//! The verdict tables: given how each side played a repeating cycle, who
//! (if anyone) must vary and so loses. What each rule set forbids is in its
//! [`Articles`] (its module doc sums up each rule set's table); the tables
//! read only those, never the rule set's name.
//!
//! [`Articles`]: super::rule_set::Articles

use super::classify::{MoveClass, MoveKind};
use super::rule_set::{Articles, VerdictTable};
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

/// The verdict on a cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ruling {
    /// This side must vary, and so loses by repeating, for this offence.
    Loses(Color, Offence),
    Draw(DrawReason),
}

impl Ruling {
    /// The side that loses; `None` for a draw.
    pub fn loser(&self) -> Option<Color> {
        match self {
            Ruling::Loses(color, _) => Some(*color),
            Ruling::Draw(_) => None,
        }
    }
}

/// Why a cycle is a draw.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// Both sides checked with every move (AXF rule 7).
    MutualPerpetualCheck,
    /// Neither side did anything its rule set forbids (2011 §25.2; AXF
    /// rule 5).
    NothingForbidden,
    /// Both sides attacked perpetually, and the table makes neither vary.
    BothAttack,
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::MutualPerpetualCheck => "mutual perpetual check",
            DrawReason::NothingForbidden => "repetition without a forbidden perpetual",
            DrawReason::BothAttack => "both sides attack perpetually",
        })
    }
}

/// How one side played the cycle, as the tables need it.
struct Conduct<'a> {
    moves: Vec<&'a CycleMove>,
    forbidden: bool,
    all_check: bool,
    single_piece: bool,
}

fn conduct<'a>(moves: &'a [CycleMove], color: Color, articles: Articles) -> Conduct<'a> {
    let moves: Vec<&CycleMove> = moves.iter().filter(|m| m.color == color).collect();
    let all_check = !moves.is_empty() && moves.iter().all(|m| m.class.check);
    let forbidden = all_check
        || match articles.table {
            VerdictTable::Cxa2011 => cxa_forbidden(&moves, articles),
            VerdictTable::Axf => axf_forbidden(&moves),
            VerdictTable::ChecksOnly => false,
        };
    let single_piece = moves.iter().all(|m| m.class.single_piece_attack());
    Conduct {
        moves,
        forbidden,
        all_check,
        single_piece,
    }
}

/// CXA 2011 §24.11-13, §25.3: every move an attack, of one piece or of
/// several in turn, in any mixture of checks, mate threats and chases.
fn cxa_forbidden(moves: &[&CycleMove], articles: Articles) -> bool {
    !moves.is_empty() && moves.iter().all(|m| m.class.counts_as_attack(articles))
}

/// Whether both sides attacked with every move they made (the cycles the
/// 2011 table weighs by §26.8).
pub fn both_attack(moves: &[CycleMove], articles: Articles) -> bool {
    Color::ALL.iter().all(|&c| {
        moves
            .iter()
            .filter(|m| m.color == c)
            .all(|m| m.class.counts_as_attack(articles))
    })
}

/// AXF: one same piece attacked by every move, by one piece or by several
/// taking turns (rules 32-33; one piece or two chasing two or more in turn
/// is a draw), some of them checks that attack it too. A check that does
/// not attack it breaks the chase: one check and one chase, or one check and
/// one idle move, is a draw (rules 12-13); perpetual mate threats are
/// allowed (rules 9-10). So one cannon or two chasing two chariots in turn
/// is a draw (rule 16), and a horse chased by a chariot may answer with a
/// check, once or in turn with chases, while the chariot's side must vary
/// (rule 23).
fn axf_forbidden(moves: &[&CycleMove]) -> bool {
    common_target(moves).is_some()
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

/// Applies the table of the rule set that answers as `articles` do to a
/// classified cycle. `moves` may stop short for a side once it has made a
/// move that is not an attack: that side is allowed whatever follows.
pub fn rule(moves: &[CycleMove], articles: Articles) -> Ruling {
    let red = conduct(moves, Color::Red, articles);
    let black = conduct(moves, Color::Black, articles);
    let loses = |side: &Conduct, color| Ruling::Loses(color, offence(side));
    // Perpetual check loses whatever the other side does (2011 §25.1; AXF
    // rule 6, and rule 8: two checks against one check back, the perpetual
    // checker loses); both checking perpetually is a draw (AXF rule 7).
    match (red.all_check, black.all_check) {
        (true, true) => return Ruling::Draw(DrawReason::MutualPerpetualCheck),
        (true, false) => return loses(&red, Color::Red),
        (false, true) => return loses(&black, Color::Black),
        (false, false) => {}
    }
    match (red.forbidden, black.forbidden) {
        (false, false) => Ruling::Draw(DrawReason::NothingForbidden),
        (true, false) => loses(&red, Color::Red),
        (false, true) => loses(&black, Color::Black),
        (true, true) if articles.table == VerdictTable::Cxa2011 => {
            match (red.single_piece, black.single_piece) {
                (true, false) => loses(&red, Color::Red),
                (false, true) => loses(&black, Color::Black),
                _ => Ruling::Draw(DrawReason::BothAttack),
            }
        }
        (true, true) => Ruling::Draw(DrawReason::BothAttack),
    }
}
