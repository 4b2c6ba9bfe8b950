//! One game reviewed: every position searched under the same limits, from
//! the start to the position after the last move, and each move set
//! against the engine's choice. A move's loss is what the position was
//! worth before it (the engine's best) less what it is worth after it, for
//! the side that moved; the position after a move is searched from its
//! own root, to the same budget, so the two values are alike in kind.

use super::mark::Mark;
use crate::core::{Color, Move, Position};
use crate::notation::Game;
use crate::search::{Engine, Limits, Score};
use std::fmt;

/// Beyond this many centipawns either way a position is decided: values
/// are capped here before a loss is taken, so a move that leaves a won
/// game won is not marked for the pieces it could have won besides, and a
/// mate counts as this much.
pub const DECIDED: i32 = 1_500;

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
/// legal move), the position's value and how deep it looked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub best: Option<Move>,
    pub value: Value,
    pub depth: i32,
}

/// One move of the game, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReview {
    pub mv: Move,
    pub mover: Color,
    /// The position before the move, as the engine saw it.
    pub before: Verdict,
    /// The position after the move, as the engine saw it.
    pub after: Verdict,
    /// Centipawns the move lost against the engine's choice, for the mover
    /// (never below 0; 0 when the move is the engine's choice).
    pub loss: i32,
    pub mark: Option<Mark>,
}

impl MoveReview {
    /// The engine's move when it differs from the one played and the
    /// played one lost something against it.
    pub fn better(&self) -> Option<Move> {
        self.before.best.filter(|&b| b != self.mv && self.loss > 0)
    }
}

/// A whole game, judged move by move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReview {
    /// The start position's verdict.
    pub start: Verdict,
    pub moves: Vec<MoveReview>,
}

/// Searches `pos` under `limits`; a position without a legal move is lost
/// for its side to move, without a search.
fn verdict(engine: &Engine, pos: &Position, limits: &Limits) -> Verdict {
    let side = pos.side_to_move();
    if pos.legal_moves().is_empty() {
        return Verdict {
            best: None,
            value: Value::NoMove(side),
            depth: 0,
        };
    }
    let outcome = engine.search(pos, limits.clone());
    Verdict {
        best: outcome.best,
        value: Value::from_score(outcome.score, side),
        depth: outcome.depth,
    }
}

/// Reviews `game` with `engine` (its table kept from position to position,
/// as in a game; clear it between games), each position searched under
/// `limits`. `progress(done, total)` is called after each position.
pub fn review_game(
    engine: &Engine,
    game: &Game,
    limits: &Limits,
    progress: &mut dyn FnMut(usize, usize),
) -> GameReview {
    let total = game.moves.len() + 1;
    let mut pos = game.start.clone();
    let start = verdict(engine, &pos, limits);
    progress(1, total);
    let mut before = start;
    let mut moves = Vec::with_capacity(game.moves.len());
    for (ply, &mv) in game.moves.iter().enumerate() {
        let mover = pos.side_to_move();
        pos.make(mv);
        let after = verdict(engine, &pos, limits);
        progress(ply + 2, total);
        let loss = if before.best == Some(mv) {
            0
        } else {
            (before.value.for_side(mover) - after.value.for_side(mover)).max(0)
        };
        moves.push(MoveReview {
            mv,
            mover,
            before,
            after,
            loss,
            mark: Mark::for_loss(loss),
        });
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
}
