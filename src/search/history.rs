//! What the search learns about quiet moves while it runs: killer moves per
//! ply, a butterfly history by side and from/to points, and the countermove
//! that refuted each previous move; a capture history by the capturing
//! piece, its destination and the kind captured. (What the static
//! evaluation gets wrong is learned too, in one table all threads share:
//! [`super::correction`].)
//!
//! The tables outlive a search: the engine keeps one set per search thread
//! (a [`HistoryStore`]) across the moves of a game, ages them at each `go`
//! and forgets them at a new game.

use super::params;
use super::MAX_PLY;
use crate::core::{Color, Move, Piece, PieceKind, Position, Square};
use std::sync::{Mutex, PoisonError};

/// History scores stay within ±`HISTORY_MAX` by gravity (each update pulls
/// the score towards the bonus in proportion to how far it already is).
pub const HISTORY_MAX: i32 = 16_384;

/// The number of (piece, destination) pairs: 14 pieces on 90 points.
const PIECE_TO: usize = 2 * PieceKind::NUM * 90;

/// A move as the capture history knows it: the piece that moved and the
/// point it went to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceTo(u16);

impl PieceTo {
    pub fn new(piece: Piece, to: Square) -> PieceTo {
        let piece_index = piece.color.index() * PieceKind::NUM + piece.kind.index();
        PieceTo((piece_index * 90 + to.index()) as u16)
    }

    /// `mv` in `pos`, before it is played.
    pub fn of(pos: &Position, mv: Move) -> PieceTo {
        let piece = pos.piece_at(mv.from()).expect("a move starts from a piece");
        PieceTo::new(piece, mv.to())
    }

    fn index(self) -> usize {
        self.0 as usize
    }
}

pub struct Histories {
    killers: [[Option<Move>; 2]; MAX_PLY + 2],
    butterfly: Box<[[[i16; 90]; 90]; 2]>,
    counter: Box<[[Option<Move>; 90]; 90]>,
    /// By the capturing piece and destination, then by the kind captured.
    capture: Box<[[i16; PieceKind::NUM]; PIECE_TO]>,
}

impl Default for Histories {
    fn default() -> Histories {
        Histories {
            killers: [[None; 2]; MAX_PLY + 2],
            butterfly: Box::new([[[0; 90]; 90]; 2]),
            counter: Box::new([[None; 90]; 90]),
            capture: Box::new([[0; PieceKind::NUM]; PIECE_TO]),
        }
    }
}

/// The bonus for a move that caused a cut at `depth`.
pub fn history_bonus(depth: i32) -> i32 {
    (depth * depth * params::hist_bonus_quadratic() + depth * params::hist_bonus_linear())
        .min(params::hist_bonus_max())
}

impl Histories {
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply]
    }

    pub fn quiet_score(&self, side: Color, mv: Move) -> i32 {
        self.butterfly[side.index()][mv.from().index()][mv.to().index()] as i32
    }

    /// How captures of `victim` by this piece on this point have fared.
    pub fn capture_score(&self, moved: PieceTo, victim: PieceKind) -> i32 {
        self.capture[moved.index()][victim.index()] as i32
    }

    /// Rewards the capture that caused a cut (`None`: a quiet move did),
    /// and punishes the captures tried before it.
    pub fn reward_capture(
        &mut self,
        best: Option<(PieceTo, PieceKind)>,
        tried: &[(PieceTo, PieceKind)],
        depth: i32,
    ) {
        let bonus = history_bonus(depth);
        if let Some((moved, victim)) = best {
            apply_gravity(&mut self.capture[moved.index()][victim.index()], bonus);
        }
        for &(moved, victim) in tried {
            apply_gravity(&mut self.capture[moved.index()][victim.index()], -bonus);
        }
    }

    /// The move that last refuted `previous`.
    pub fn countermove(&self, previous: Option<Move>) -> Option<Move> {
        previous.and_then(|p| self.counter[p.from().index()][p.to().index()])
    }

    /// Makes what earlier searches learned count for less than what this
    /// one will learn: scores are halved, killers (which belong to plies of
    /// an old root) forgotten. Countermoves stay: a reply that refuted a
    /// move in the last search likely still does.
    pub fn age(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 2];
        for entry in self.butterfly.iter_mut().flatten().flatten() {
            *entry /= 2;
        }
        for entry in self.capture.iter_mut().flatten() {
            *entry /= 2;
        }
    }

    /// Clears the killers of a ply before its children use them.
    pub fn clear_killers(&mut self, ply: usize) {
        self.killers[ply] = [None; 2];
    }

    /// Rewards the quiet move `best` that caused a cut, and punishes the quiet
    /// moves tried before it.
    pub fn reward_quiet(
        &mut self,
        side: Color,
        ply: usize,
        previous: Option<Move>,
        best: Move,
        tried: &[Move],
        depth: i32,
    ) {
        let bonus = history_bonus(depth);
        let k = &mut self.killers[ply];
        if k[0] != Some(best) {
            k[1] = k[0];
            k[0] = Some(best);
        }
        if let Some(p) = previous {
            self.counter[p.from().index()][p.to().index()] = Some(best);
        }
        self.update(side, best.from(), best.to(), bonus);
        for &mv in tried {
            if mv != best {
                self.update(side, mv.from(), mv.to(), -bonus);
            }
        }
    }

    fn update(&mut self, side: Color, from: Square, to: Square, bonus: i32) {
        apply_gravity(
            &mut self.butterfly[side.index()][from.index()][to.index()],
            bonus,
        );
    }
}

/// Moves `entry` by `bonus`, less the closer it already is to the bound.
fn apply_gravity(entry: &mut i16, bonus: i32) {
    let current = *entry as i32;
    *entry = (current + bonus - current * bonus.abs() / HISTORY_MAX) as i16;
}

/// The histories of each search thread, kept between searches.
#[derive(Default)]
pub struct HistoryStore {
    tables: Mutex<Vec<Histories>>,
}

impl HistoryStore {
    /// The tables for a search on `threads` threads, aged (fresh ones for
    /// threads that had none). They are the caller's until handed back.
    pub fn lend(&self, threads: usize) -> Vec<Histories> {
        let mut tables = std::mem::take(&mut *self.lock());
        tables.resize_with(threads, Histories::default);
        for table in &mut tables {
            table.age();
        }
        tables
    }

    /// Takes back the tables a search learned into.
    pub fn hand_back(&self, tables: Vec<Histories>) {
        *self.lock() = tables;
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&self) {
        self.lock().clear();
    }

    /// A search that panicked leaves the tables as they were at worst.
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Histories>> {
        self.tables.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_that_cuts_gains_and_the_captures_tried_before_it_lose() {
        let red_chariot = Piece::new(Color::Red, PieceKind::Chariot);
        let on_a9 = PieceTo::new(red_chariot, "a9".parse().unwrap());
        let on_i9 = PieceTo::new(red_chariot, "i9".parse().unwrap());
        let mut histories = Histories::default();
        histories.reward_capture(
            Some((on_i9, PieceKind::Chariot)),
            &[(on_a9, PieceKind::Chariot)],
            5,
        );
        assert!(histories.capture_score(on_i9, PieceKind::Chariot) > 0);
        assert!(histories.capture_score(on_a9, PieceKind::Chariot) < 0);
        // The kind captured is part of the key.
        assert_eq!(histories.capture_score(on_i9, PieceKind::Horse), 0);
        // A quiet move's cut punishes the captures tried before it.
        histories.reward_capture(None, &[(on_i9, PieceKind::Horse)], 5);
        assert!(histories.capture_score(on_i9, PieceKind::Horse) < 0);
        // Ageing halves what was learned.
        let learned = histories.capture_score(on_i9, PieceKind::Chariot);
        histories.age();
        assert_eq!(
            histories.capture_score(on_i9, PieceKind::Chariot),
            learned / 2
        );
    }
}
