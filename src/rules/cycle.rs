//! The verdict on a repeating cycle: replay the plies between two
//! occurrences of a position, classify each move, and apply the rule set's
//! table.

use super::classify::{classify, Detail, MoveKind};
use super::replay::Replay;
use super::rule_set::{RuleSet, VerdictTable};
use super::verdict_tables::{both_attack, rule, CycleMove, DrawReason, Offence, Ruling};
use crate::core::{Color, Move, Position, Square};

/// A ruling on a cycle, with every move's classification: what a referee
/// (or the `judge` tool) reports.
#[derive(Clone, Debug)]
pub struct Judgement {
    /// The side that must vary, and so loses by repeating; `None` is a draw.
    pub loser: Option<Color>,
    pub offence: Option<Offence>,
    /// Why it is a draw; `None` when a side loses.
    pub draw: Option<DrawReason>,
    /// One line: "perpetual chase of the horse on c7 by Black", "mutual
    /// perpetual check", ...
    pub reason: String,
    /// The cycle's moves in order, each classified in full.
    pub moves: Vec<CycleMove>,
}

/// Why a cycle cannot be judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CycleError {
    /// Fewer plies of history than the cycle needs.
    TooShort { cycle: usize, history: usize },
    /// The cycle contains a pass (a null move from the search).
    NullMove,
}

impl std::fmt::Display for CycleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CycleError::TooShort { cycle, history } => {
                write!(
                    f,
                    "a cycle of {cycle} plies needs that much history, not {history}"
                )
            }
            CycleError::NullMove => f.write_str("the cycle contains a null move"),
        }
    }
}

impl std::error::Error for CycleError {}

/// The position `cycle` plies back and the moves played since.
fn unwind(pos: &Position, cycle: usize) -> Result<(Position, Vec<Move>), CycleError> {
    let history = pos.history();
    if cycle == 0 || cycle > history.len() {
        return Err(CycleError::TooShort {
            cycle,
            history: history.len(),
        });
    }
    let moves = history[history.len() - cycle..]
        .iter()
        .map(|undo| undo.mv.ok_or(CycleError::NullMove))
        .collect::<Result<Vec<_>, _>>()?;
    let mut start = pos.clone();
    for _ in 0..cycle {
        start.unmake();
    }
    Ok((start, moves))
}

/// Identities for the pieces of a position: a number per occupied point,
/// moved along with its piece so a chased piece is recognised wherever it
/// goes.
struct PieceIds([u8; Square::NUM]);

impl PieceIds {
    const NONE: u8 = u8::MAX;

    fn of(pos: &Position) -> PieceIds {
        let mut ids = [PieceIds::NONE; Square::NUM];
        for (n, sq) in pos.occupied().enumerate() {
            ids[sq.index()] = n as u8;
        }
        PieceIds(ids)
    }

    fn at(&self, sq: Square) -> u8 {
        self.0[sq.index()]
    }

    fn play(&mut self, mv: Move) {
        self.0[mv.to().index()] = self.0[mv.from().index()];
        self.0[mv.from().index()] = PieceIds::NONE;
    }
}

/// Classifies the cycle's moves. With `Detail::Attacks` it stops looking at
/// a side once that side has made a move that weighs nothing in its rule
/// set's table, since such a side is allowed whatever else it does.
fn classify_cycle(replay: &Replay, rules: RuleSet, detail: Detail) -> Vec<CycleMove> {
    let articles = rules.articles();
    let mut ids = PieceIds::of(replay.before(0));
    let mut allowed = [false; Color::NUM];
    let mut out = Vec::with_capacity(replay.len());
    for i in 0..replay.len() {
        let color = replay.before(i).side_to_move();
        if detail == Detail::Full || !allowed[color.index()] {
            let class = classify(replay, i, detail, articles);
            let target_ids: Vec<u8> = class.chases.iter().map(|t| ids.at(t.target)).collect();
            let weighs = class.check
                || match articles.table {
                    VerdictTable::ChecksOnly => false,
                    VerdictTable::Axf => !target_ids.is_empty(),
                    VerdictTable::Cxa2011 => class.kind != MoveKind::Idle,
                };
            if !weighs {
                allowed[color.index()] = true;
            }
            out.push(CycleMove {
                color,
                class,
                target_ids,
            });
            if detail != Detail::Full && allowed.iter().all(|&a| a) {
                break;
            }
        }
        ids.play(replay.mv(i));
    }
    out
}

/// The loser of the cycle of the last `cycle` plies of `pos`, looking at as
/// little as the verdict needs; `None` is a draw.
pub fn cycle_loser(pos: &Position, cycle: usize, rules: RuleSet) -> Option<Color> {
    let (start, moves) = unwind(pos, cycle).ok()?;
    let replay = Replay::new(&start, &moves);
    let quick = classify_cycle(&replay, rules, Detail::Attacks);
    // When both sides attack throughout, the Chinese table weighs what kind
    // of attack each made, which needs every effect of every move.
    let table = rules.articles().table;
    if table == VerdictTable::Cxa2011 && both_attack(&quick) {
        let full = classify_cycle(&replay, rules, Detail::Full);
        return rule(&full, table).loser();
    }
    rule(&quick, table).loser()
}

/// The full judgement on the cycle of the last `cycle` plies of `pos`.
pub fn judge_cycle(pos: &Position, cycle: usize, rules: RuleSet) -> Result<Judgement, CycleError> {
    let (start, moves) = unwind(pos, cycle)?;
    let replay = Replay::new(&start, &moves);
    let classified = classify_cycle(&replay, rules, Detail::Full);
    let (loser, offence, draw, reason) = match rule(&classified, rules.articles().table) {
        Ruling::Loses(color, offence) => {
            let reason = format!("{offence} by {}", color_name(color));
            (Some(color), Some(offence), None, reason)
        }
        Ruling::Draw(why) => (None, None, Some(why), why.to_string()),
    };
    Ok(Judgement {
        loser,
        offence,
        draw,
        reason,
        moves: classified,
    })
}

/// "Red" or "Black".
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}
