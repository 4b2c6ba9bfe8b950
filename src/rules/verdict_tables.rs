//! The verdict tables: given how each side played a repeating cycle, who
//! (if anyone) must vary and so loses. What each table forbids is written
//! on [`VerdictTable`]; the tables read only the [`Articles`], never the
//! rule set's name.
//!
//! [`Articles`]: super::rule_set::Articles

use super::classify::{MoveClass, MoveKind};
use super::rule_set::VerdictTable;
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

impl CycleMove {
    /// Whether the move is an attack (打) the Chinese table counts: a check,
    /// a mate threat or a chase (1999 §28.4).
    fn attacks(&self) -> bool {
        self.class.kind != MoveKind::Idle
    }
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
    /// Both sides checked with every move (AXF rule 7; 2011 §26.8.4).
    MutualPerpetualCheck,
    /// Neither side did anything its rule set forbids (2011 §25.2; AXF
    /// rule 5).
    NothingForbidden,
    /// Both sides' offences weigh the same, and the table makes neither
    /// vary (2011 §26.8.4; the AXF principles).
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

/// How heavy a side's offence is, as the tables weigh it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Weight {
    None,
    /// The Chinese table's forbidden attacks that are not all a single
    /// piece's (§26.8: joint chases, chases of under-protected pieces).
    Attack,
    /// Perpetual chase (AXF), or the Chinese table's single-piece attacks
    /// (§26.8.1).
    Chase,
    Check,
}

/// How one side played the cycle.
struct Conduct<'a> {
    moves: Vec<&'a CycleMove>,
    weight: Weight,
}

fn conduct(moves: &[CycleMove], color: Color, table: VerdictTable) -> Conduct<'_> {
    let moves: Vec<&CycleMove> = moves.iter().filter(|m| m.color == color).collect();
    let all = |test: fn(&CycleMove) -> bool| !moves.is_empty() && moves.iter().all(|m| test(m));
    let weight = if all(|m| m.class.check) {
        Weight::Check
    } else {
        match table {
            VerdictTable::ChecksOnly => Weight::None,
            VerdictTable::Axf if common_target(&moves).is_some() => Weight::Chase,
            VerdictTable::Axf => Weight::None,
            VerdictTable::Cxa2011 if !all(CycleMove::attacks) => Weight::None,
            VerdictTable::Cxa2011 if all(|m| m.class.single_piece) => Weight::Chase,
            VerdictTable::Cxa2011 => Weight::Attack,
        }
    };
    Conduct { moves, weight }
}

/// Whether both sides attacked with every move they made (the cycles whose
/// verdict the Chinese table weighs by §26.8, which needs every move looked
/// at in full).
pub fn both_attack(moves: &[CycleMove]) -> bool {
    Color::ALL.iter().all(|&c| {
        moves
            .iter()
            .filter(|m| m.color == c)
            .all(CycleMove::attacks)
    })
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
    if side.weight == Weight::Check {
        return Offence::PerpetualCheck;
    }
    if let Some(id) = common_target(&side.moves) {
        let first = side.moves[0];
        let chased = first
            .class
            .chases
            .iter()
            .zip(&first.target_ids)
            .find(|(_, t)| **t == id)
            .map(|(t, _)| (t.victim.kind.name(), t.target));
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
                        targets.push((t.victim.kind.name(), t.target));
                    }
                }
            }
            Offence::PerpetualChase(targets)
        }
        _ => Offence::PerpetualAttack(kinds),
    }
}

/// Applies `table` to a classified cycle. `moves` may stop short for a side
/// once it has made a move that weighs nothing: that side is allowed
/// whatever follows.
pub fn rule(moves: &[CycleMove], table: VerdictTable) -> Ruling {
    let red = conduct(moves, Color::Red, table);
    let black = conduct(moves, Color::Black, table);
    let loses = |side: &Conduct, color| Ruling::Loses(color, offence(side));
    match (red.weight, black.weight) {
        (Weight::Check, Weight::Check) => Ruling::Draw(DrawReason::MutualPerpetualCheck),
        (Weight::None, Weight::None) => Ruling::Draw(DrawReason::NothingForbidden),
        (r, b) if r == b => Ruling::Draw(DrawReason::BothAttack),
        // Perpetual check loses whatever the other side does (2011 §25.1;
        // AXF rules 6, 8); a forbidden side against an allowed one must
        // vary (2011 §25.3; the AXF principles); of two forbidden sides
        // the single-piece attacker (§26.8.1-3), or under AXF the checker
        // against the chaser, must vary.
        (r, b) if r > b => loses(&red, Color::Red),
        _ => loses(&black, Color::Black),
    }
}
