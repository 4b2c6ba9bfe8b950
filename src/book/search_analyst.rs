//! The [`Analyst`] the shipped book is built with: the engine's own search at
//! a fixed depth, made multi-PV by exclusion (search, ban the best move,
//! search again) until a move falls outside the margin.

use super::{book_key, Analyst};
use crate::core::{Move, Position};
use crate::search::{Engine, Limits};

pub struct SearchAnalyst {
    engine: Engine,
    searches: u64,
    verbose: bool,
}

impl SearchAnalyst {
    /// Searches with `engine`: one search per move found, plus one to find
    /// the first move outside the margin.
    pub fn new(engine: Engine) -> SearchAnalyst {
        SearchAnalyst {
            engine,
            searches: 0,
            verbose: false,
        }
    }

    /// Prints a progress line to stderr every 100 searches.
    pub fn verbose(mut self, verbose: bool) -> SearchAnalyst {
        self.verbose = verbose;
        self
    }

    pub fn searches(&self) -> u64 {
        self.searches
    }
}

impl Analyst for SearchAnalyst {
    fn candidates(
        &mut self,
        pos: &Position,
        depth: u32,
        margin_cp: i32,
        max_moves: usize,
    ) -> Vec<(Move, i32)> {
        let mut found: Vec<(Move, i32)> = Vec::new();
        let mut banned = Vec::new();
        // In a position that is its own mirror image (the start position) a
        // move and its mirror score the same: take both from one search.
        let symmetric = book_key(pos, false) == book_key(pos, true);
        // Moves found, a mirror pair counting once.
        let mut distinct = 0;
        while distinct < max_moves.max(1) {
            let limits = Limits {
                depth: Some(depth as i32),
                banned: banned.clone(),
                ..Limits::default()
            };
            let outcome = self.engine.search(pos, limits);
            self.searches += 1;
            if self.verbose && self.searches.is_multiple_of(100) {
                eprintln!("analysis: {} searches", self.searches);
            }
            let Some(mv) = outcome.best else { break };
            if banned.contains(&mv) {
                break;
            }
            let score = outcome.score.as_centipawns();
            if found
                .first()
                .is_some_and(|&(_, best)| score < best - margin_cp)
            {
                break;
            }
            found.push((mv, score));
            banned.push(mv);
            distinct += 1;
            let mirror = mv.mirror();
            if symmetric && mirror != mv && pos.is_legal(mirror) && !banned.contains(&mirror) {
                found.push((mirror, score));
                banned.push(mirror);
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exclusion_gives_distinct_legal_moves_best_first_within_the_margin() {
        let mut analyst = SearchAnalyst::new(Engine::new(4, 1));
        let start = Position::startpos();
        let found = analyst.candidates(&start, 2, 1_000, 4);
        assert!((4..=8).contains(&found.len()), "{found:?}");
        for (i, &(mv, score)) in found.iter().enumerate() {
            assert!(start.is_legal(mv));
            assert!(found[..i].iter().all(|&(other, _)| other != mv));
            assert!(score >= found[0].1 - 1_000);
        }
        // The start position is symmetric: each move comes with its mirror.
        for &(mv, score) in &found {
            assert!(found.contains(&(mv.mirror(), score)), "{found:?}");
        }
        // A zero margin keeps only moves scoring as well as the first.
        let tight = analyst.candidates(&start, 2, 0, 4);
        assert!(!tight.is_empty() && tight.iter().all(|&(_, s)| s >= tight[0].1));
    }
}
