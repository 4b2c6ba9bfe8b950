//! A cycle replayed: the position before each of its moves, read around
//! the cycle. The position after the last move is the one before the first,
//! so the move after the last is the first again, and the move before the
//! first is the last: every move has its reply and its predecessor inside
//! the cycle, whichever of its positions the game stopped at.

use crate::core::{Move, Position};

pub struct Replay {
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Replay {
    /// The cycle of `moves` played from `start`, which they lead back to.
    pub fn new(start: &Position, moves: &[Move]) -> Replay {
        let mut pos = start.clone();
        pos.clear_history();
        let mut positions = Vec::with_capacity(moves.len());
        for &mv in moves {
            positions.push(pos.clone());
            pos.make(mv);
            pos.clear_history();
        }
        Replay {
            positions,
            moves: moves.to_vec(),
        }
    }

    /// The number of plies in the cycle.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Move `i` (counted around the cycle).
    pub fn mv(&self, i: usize) -> Move {
        self.moves[i % self.len()]
    }

    /// The position move `i` is played from.
    pub fn before(&self, i: usize) -> &Position {
        &self.positions[i % self.len()]
    }

    /// The position move `i` leads to.
    pub fn after(&self, i: usize) -> &Position {
        self.before(i + 1)
    }
}
