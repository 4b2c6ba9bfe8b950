//! One game reviewed: every position searched under the same limits, from
//! the start to the position after the last move, and each move set
//! against the engine's choice. A move's loss is what the position was
//! worth before it (the engine's best) less what it is worth after it, for
//! the side that moved; the position after a move is searched from its
//! own root, to the same budget, so the two values are alike in kind.
//!
//! A move is marked by the expected result it gave away (the WDL model of
//! `search::wdl`: a win 1, a draw 1/2), not by centipawns: a move that
//! leaves a won game won loses next to nothing, whatever pieces it could
//! have won besides. Each position is searched without the moves before it,
//! so a position met again is worth what it is worth: in play the search
//! scores a position's first recurrence as a draw at once, a score that
//! either side may simply avoid, and no loss for the move that came back.

use super::mark::Mark;
use crate::core::{Color, Move, Position};
use crate::notation::Game;
use crate::search::{wdl, Engine, Limits, Score};
use std::fmt;
use std::ops::ControlFlow;

/// Beyond this many centipawns either way a position is decided: values
/// are capped here before the centipawns a move lost are taken (for a
/// side's average), and a mate counts as this much.
pub const DECIDED: i32 = 1_500;

/// A whole point of expected result, in the thousandths the review counts.
pub const POINT: i32 = 1_000;

/// A position's value, from Red's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// Centipawns for Red.
    Cp(i32),
    /// A mate found in this many moves: positive when Red mates.
    Mate(i32),
    /// This side has no legal move: it has lost (checkmate, or no move at
    /// all, which loses in Xiangqi too).
    NoMove(Color),
}

impl Value {
    /// The search's score for the side to move `side`, from Red's side.
    pub fn from_score(score: Score, side: Color) -> Value {
        let sign = if side == Color::Red { 1 } else { -1 };
        match score {
            Score::Cp(_) => Value::Cp(sign * score.as_centipawns()),
            Score::Mate(moves) => Value::Mate(sign * moves),
        }
    }

    /// Centipawns for Red, capped at [`DECIDED`] either way.
    pub fn capped(self) -> i32 {
        match self {
            Value::Cp(cp) => cp.clamp(-DECIDED, DECIDED),
            Value::Mate(moves) if moves > 0 => DECIDED,
            Value::Mate(_) => -DECIDED,
            Value::NoMove(Color::Red) => -DECIDED,
            Value::NoMove(Color::Black) => DECIDED,
        }
    }

    /// For `side`: positive when it stands better.
    pub fn for_side(self, side: Color) -> i32 {
        match side {
            Color::Red => self.capped(),
            Color::Black => -self.capped(),
        }
    }

    /// Red's expected result in thousandths of a point (1000 a win, 500 as
    /// likely to win as to lose) with `material` on the board (see
    /// [`wdl::material`]).
    pub fn expected_for_red(self, material: i32) -> i32 {
        match self {
            Value::Cp(cp) => {
                let (win, loss) = wdl::FITTED.probabilities(f64::from(cp), material);
                (f64::from(POINT) * (1.0 + win - loss) / 2.0).round() as i32
            }
            Value::Mate(moves) if moves > 0 => POINT,
            Value::Mate(_) | Value::NoMove(Color::Red) => 0,
            Value::NoMove(Color::Black) => POINT,
        }
    }
}

impl fmt::Display for Value {
    /// `+0.35` (hundreds of centipawns, as chess programs print pawns),
    /// `#3` / `#-3` (a mate in three for Red / for Black), `mate` when the
    /// side to move has no legal move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Cp(cp) => write!(f, "{:+.2}", f64::from(*cp) / 100.0),
            Value::Mate(moves) => write!(f, "#{moves}"),
            Value::NoMove(_) => f.write_str("mate"),
        }
    }
}

/// What the engine made of one position: its move (none when there is no
/// legal move), the position's value and how deep it looked, and Red's
/// expected result by that value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Assessment {
    pub best: Option<Move>,
    pub value: Value,
    pub depth: i32,
    /// In thousandths of a point (see [`Value::expected_for_red`]).
    pub red_expected: i32,
}

impl Assessment {
    /// `side`'s expected result, in thousandths of a point.
    pub fn expected_for(&self, side: Color) -> i32 {
        match side {
            Color::Red => self.red_expected,
            Color::Black => POINT - self.red_expected,
        }
    }
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReview {
    pub mv: Move,
    pub mover: Color,
    /// The position before the move, as the engine saw it.
    pub before: Assessment,
    /// The position after the move, as the engine saw it.
    pub after: Assessment,
    /// Centipawns the move lost against the engine's choice, for the mover,
    /// values capped at [`DECIDED`] (never below 0; 0 when the move is the
    /// engine's choice).
    pub loss: i32,
    /// The mover's expected result it gave away, in thousandths of a point
    /// (never below 0; 0 when the move is the engine's choice): what marks it.
    pub points_lost: i32,
    pub mark: Option<Mark>,
}

impl MoveReview {
    /// The engine's move when the one played earned a mark against it.
    pub fn better(&self) -> Option<Move> {
        self.before
            .best
            .filter(|&b| b != self.mv && self.mark.is_some())
    }
}

/// A game judged move by move (the first moves only, if the review was
/// stopped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReview {
    /// What the engine made of the start position.
    pub start: Assessment,
    pub moves: Vec<MoveReview>,
}

/// Searches `pos` under `limits`, without the moves that led to it; a
/// position without a legal move is lost for its side to move, without a
/// search.
fn assess(engine: &Engine, pos: &Position, limits: &Limits) -> Assessment {
    let side = pos.side_to_move();
    let material = wdl::material(pos);
    let (best, value, depth) = if pos.legal_moves().is_empty() {
        (None, Value::NoMove(side), 0)
    } else {
        let mut root = pos.clone();
        root.clear_history();
        let outcome = engine.search(&root, limits.clone());
        (
            outcome.best,
            Value::from_score(outcome.score, side),
            outcome.depth,
        )
    };
    Assessment {
        best,
        value,
        depth,
        red_expected: value.expected_for_red(material),
    }
}

/// Reviews `game` with `engine` (its table kept from position to position,
/// as in a game; clear it between games), each position searched under
/// `limits`. `progress(done, total)` is called after each position; when it
/// breaks, the review ends there and holds the moves judged so far.
pub fn review_game(
    engine: &Engine,
    game: &Game,
    limits: &Limits,
    progress: &mut dyn FnMut(usize, usize) -> ControlFlow<()>,
) -> GameReview {
    let total = game.moves.len() + 1;
    let mut pos = game.start.clone();
    let start = assess(engine, &pos, limits);
    let mut moves = Vec::with_capacity(game.moves.len());
    if progress(1, total).is_break() {
        return GameReview { start, moves };
    }
    let mut before = start;
    for (ply, &mv) in game.moves.iter().enumerate() {
        let mover = pos.side_to_move();
        pos.make(mv);
        let after = assess(engine, &pos, limits);
        let go_on = progress(ply + 2, total);
        let (loss, points_lost) = if before.best == Some(mv) {
            (0, 0)
        } else {
            (
                (before.value.for_side(mover) - after.value.for_side(mover)).max(0),
                (before.expected_for(mover) - after.expected_for(mover)).max(0),
            )
        };
        moves.push(MoveReview {
            mv,
            mover,
            before,
            after,
            loss,
            points_lost,
            mark: Mark::for_loss(points_lost),
        });
        if go_on.is_break() {
            break;
        }
        before = after;
    }
    GameReview { start, moves }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_from_reds_side_and_cap() {
        assert_eq!(
            Value::from_score(Score::Cp(120), Color::Black),
            Value::Cp(-120)
        );
        assert_eq!(
            Value::from_score(Score::Mate(2), Color::Black),
            Value::Mate(-2)
        );
        assert_eq!(Value::Cp(99_999).capped(), DECIDED);
        assert_eq!(Value::Mate(-4).capped(), -DECIDED);
        assert_eq!(Value::NoMove(Color::Black).for_side(Color::Red), DECIDED);
        assert_eq!(Value::Cp(-35).for_side(Color::Black), 35);
        assert_eq!(Value::Cp(35).to_string(), "+0.35");
        assert_eq!(Value::Cp(-480).to_string(), "-4.80");
        assert_eq!(Value::Mate(-3).to_string(), "#-3");
    }

    #[test]
    fn the_expected_result_follows_the_value_and_saturates() {
        let start = wdl::START_MATERIAL;
        assert_eq!(Value::Cp(0).expected_for_red(start), 500);
        assert!(Value::Cp(100).expected_for_red(start) > 600);
        assert_eq!(
            Value::Cp(-100).expected_for_red(start),
            POINT - Value::Cp(100).expected_for_red(start)
        );
        // A won game stays won: +15.41 to +10.76 is next to nothing.
        let won = Value::Cp(1541).expected_for_red(start) - Value::Cp(1076).expected_for_red(start);
        assert!(won < Mark::INACCURACY, "{won}");
        assert_eq!(Value::Mate(3).expected_for_red(start), POINT);
        assert_eq!(Value::NoMove(Color::Red).expected_for_red(start), 0);
    }
}
