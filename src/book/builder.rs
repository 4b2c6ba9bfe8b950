//! Gathering book moves before writing a book: per (position, move) the games
//! won, drawn and lost by the side that played it, or weights from analysis.
//! Mirror images are merged here, so each line is stored once.

use super::{book_key, BookEntry};
use crate::core::GameResult;
use crate::core::{Move, Position};
use crate::notation::Game;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

/// What the games said about one move.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveStats {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Weight given directly (from analysis), added to the game score.
    pub bonus: u32,
}

impl MoveStats {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A win counts 2, a draw 1, a loss nothing: a move that only ever lost
    /// gets weight 0 and is kept in the book but never chosen.
    pub fn weight(&self) -> u32 {
        2 * self.wins + self.draws + self.bonus
    }
}

/// Book moves being collected.
#[derive(Clone, Debug, Default)]
pub struct BookBuilder {
    moves: HashMap<(u64, Move), MoveStats>,
    /// With [`BookBuilder::keeping_positions`]: for each move from games,
    /// the first position it was played in (as FEN) and the move as played
    /// there, so that a search can vet it before the book is written.
    played_in: Option<HashMap<(u64, Move), (String, Move)>>,
    /// The games added so far, by [`game_identity`]: a collection that files
    /// one game under several headings (by player, by event, by opening)
    /// counts it once.
    games_seen: HashSet<u64>,
}

/// What [`BookBuilder::add_game`] made of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameUse {
    /// Its moves were counted.
    Counted,
    /// The same game (players, start, moves and result) was counted already.
    Repeated,
    /// It has no result, so it says nothing about its moves.
    WithoutResult,
}

impl BookBuilder {
    pub fn new() -> BookBuilder {
        BookBuilder::default()
    }

    /// A builder that remembers where each move from games was played, for
    /// [`BookBuilder::vet`].
    pub fn keeping_positions(mut self) -> BookBuilder {
        self.played_in = Some(HashMap::new());
        self
    }

    /// The stored form of (pos, mv): under the smaller of the position's key
    /// and its mirror image's, with the move as played there.
    fn slot(pos: &Position, mv: Move) -> (u64, Move) {
        let key = book_key(pos, false);
        let mirror_key = book_key(pos, true);
        if mirror_key < key {
            (mirror_key, mv.mirror())
        } else {
            (key, mv)
        }
    }

    /// Records that `mv` was played in `pos` in a game that ended in
    /// `result`: a win, draw or loss for the side to move in `pos`.
    pub fn add_game_move(&mut self, pos: &Position, mv: Move, result: GameResult) {
        let slot = Self::slot(pos, mv);
        if let Some(played_in) = &mut self.played_in {
            played_in.entry(slot).or_insert_with(|| (pos.to_fen(), mv));
        }
        let stats = self.moves.entry(slot).or_default();
        match result.half_points(pos.side_to_move()) {
            2 => stats.wins += 1,
            1 => stats.draws += 1,
            _ => stats.losses += 1,
        }
    }

    /// Adds a weight for `mv` in `pos` directly (the analysis builder).
    pub fn add_weight(&mut self, pos: &Position, mv: Move, weight: u32) {
        let stats = self.moves.entry(Self::slot(pos, mv)).or_default();
        stats.bonus = stats.bonus.saturating_add(weight);
    }

    /// Has a move been recorded for `pos` (or its mirror image)?
    pub fn knows(&self, pos: &Position, mv: Move) -> bool {
        self.moves.contains_key(&Self::slot(pos, mv))
    }

    /// Drops the moves from games, of those played in at least `min_games`
    /// games, that `keep` refuses, asked with a position each was played in
    /// (a builder made [`BookBuilder::keeping_positions`]; otherwise none is
    /// asked about). Returns how many were asked about and how many dropped.
    pub fn vet(
        &mut self,
        min_games: u32,
        mut keep: impl FnMut(&Position, Move) -> bool,
    ) -> (usize, usize) {
        let Some(played_in) = &self.played_in else {
            return (0, 0);
        };
        let mut asked: Vec<(u64, Move)> = self
            .moves
            .iter()
            .filter(|(slot, s)| {
                s.bonus == 0 && s.games() >= min_games && played_in.contains_key(slot)
            })
            .map(|(&slot, _)| slot)
            .collect();
        // The same order every run, so a vetted book is the same file.
        asked.sort_by_key(|&(key, mv)| (key, mv.to_u16()));
        let mut dropped = 0;
        for slot in &asked {
            let (fen, mv) = &played_in[slot];
            let pos = Position::from_fen(fen).expect("a position's own FEN reads back");
            if !keep(&pos, *mv) {
                self.moves.remove(slot);
                dropped += 1;
            }
        }
        (asked.len(), dropped)
    }

    /// Counts the first `max_plies` moves of `game` by its result, unless
    /// it has none or the same game was counted already.
    pub fn add_game(&mut self, game: &Game, max_plies: usize) -> GameUse {
        let Some(result) = game.result else {
            return GameUse::WithoutResult;
        };
        if !self.games_seen.insert(game_identity(game)) {
            return GameUse::Repeated;
        }
        let mut pos = game.start.clone();
        for &mv in game.moves.iter().take(max_plies) {
            self.add_game_move(&pos, mv, result);
            pos.make(mv);
        }
        GameUse::Counted
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The entries to write: moves seen in at least `min_games` games (moves
    /// with an analysis weight need no games), weights capped at `u16::MAX`.
    pub fn entries(&self, min_games: u32) -> Vec<BookEntry> {
        let mut entries: Vec<BookEntry> = self
            .moves
            .iter()
            .filter(|(_, s)| s.bonus > 0 || s.games() >= min_games)
            .map(|(&(key, mv), s)| BookEntry {
                key,
                mv,
                weight: s.weight().min(u16::MAX as u32) as u16,
            })
            .collect();
        entries.sort_by_key(|e| (e.key, e.mv.to_u16()));
        entries
    }
}

/// A game's identity for telling repeated copies apart: both players'
/// names (white space left out, as collections space names differently), the
/// start, every move and the result. Other tags (event, date, site) are
/// written differently in different copies of one game.
fn game_identity(game: &Game) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for side in ["Red", "Black"] {
        let name = game.tag(side).unwrap_or_default();
        name.split_whitespace()
            .for_each(|part| part.hash(&mut hasher));
        0xffu8.hash(&mut hasher);
    }
    game.start.to_fen().hash(&mut hasher);
    game.moves
        .iter()
        .for_each(|mv| mv.to_u16().hash(&mut hasher));
    game.result.hash(&mut hasher);
    hasher.finish()
}
