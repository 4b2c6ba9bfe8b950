//! Playing strength below full, for human opponents: a [`Skill`] level caps
//! the depth and the nodes a move may cost, and then plays, instead of the
//! best root move, a random one among the few best whose score is within a
//! margin of the best. The caps grow and the margin shrinks as the level
//! rises; level 20 is full strength, which is no `Skill` at all, so a
//! full-strength search is untouched.
//!
//! The choice is seeded by the position (and the level), so the same
//! position at the same level gets the same move: games are reproducible,
//! and they differ because positions do.

use crate::book::BookRng;
use crate::core::Move;

/// The full-strength level (`Skill Level` 20): no [`Skill`] limits it.
pub const FULL_LEVEL: u8 = 20;

/// How many best root moves compete for the choice at a reduced level.
const CANDIDATES: usize = 4;

/// A level below full strength, 0 (weakest) to 19.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Skill {
    level: u8,
}

/// One candidate root move: the first moves of a principal variation and its
/// internal score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub mv: Move,
    pub ponder: Option<Move>,
    pub score: i32,
}

impl Skill {
    /// The level, or `None` for full strength (20 and above).
    pub fn new(level: u8) -> Option<Skill> {
        (level < FULL_LEVEL).then_some(Skill { level })
    }

    pub fn level(self) -> u8 {
        self.level
    }

    /// The deepest iteration: 1 at levels 0 and 1, one more every two
    /// levels (10 at level 19). At depth 1 the engine sees captures but not
    /// threats.
    pub fn depth_cap(self) -> i32 {
        1 + self.level as i32 / 2
    }

    /// The most nodes one move may cost: 1000 at level 0, 30% more per
    /// level (about 146 000 at level 19). The search checks its budget
    /// every 1024 nodes, so lower budgets would all mean the same.
    pub fn node_budget(self) -> u64 {
        (1000.0 * 1.3f64.powi(self.level as i32)).round() as u64
    }

    /// How many principal variations the search keeps to choose from.
    pub fn candidates(self) -> usize {
        CANDIDATES
    }

    /// The most a chosen move may score below the best, in centipawns:
    /// 200 at level 0, 10 less per level (10 at level 19).
    pub fn margin(self) -> i32 {
        10 * (FULL_LEVEL - self.level) as i32
    }

    /// Picks among `candidates` (best first): each within the margin of the
    /// best gets a random bonus of up to the margin, and the highest sum is
    /// played. A mate or a lost position leaves no other move within reach.
    pub fn choose(self, candidates: &[Candidate], position_hash: u64) -> Option<Candidate> {
        let best = candidates.iter().map(|c| c.score).max()?;
        let margin = self.margin();
        let mut rng = BookRng::new(position_hash ^ (self.level as u64) << 56);
        candidates
            .iter()
            .filter(|c| c.score >= best - margin)
            .map(|c| {
                let bonus = (rng.next_u64() % (margin as u64 + 1)) as i32;
                (c.score + bonus, *c)
            })
            .max_by_key(|&(value, _)| value)
            .map(|(_, c)| c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(mv: &str, score: i32) -> Candidate {
        Candidate {
            mv: mv.parse().unwrap(),
            ponder: None,
            score,
        }
    }

    #[test]
    fn levels_grow_stronger() {
        assert_eq!(Skill::new(FULL_LEVEL), None);
        let levels: Vec<Skill> = (0..FULL_LEVEL).filter_map(Skill::new).collect();
        assert_eq!(levels.len(), 20);
        for pair in levels.windows(2) {
            assert!(pair[0].node_budget() < pair[1].node_budget());
            assert!(pair[0].depth_cap() <= pair[1].depth_cap());
            assert!(pair[0].margin() > pair[1].margin());
        }
        assert_eq!((levels[0].depth_cap(), levels[0].node_budget()), (1, 1000));
        assert!(levels[19].margin() > 0);
    }

    #[test]
    fn the_choice_stays_within_the_margin_and_depends_on_the_seed() {
        let skill = Skill::new(10).unwrap();
        let candidates = [
            candidate("h2e2", 40),
            candidate("b2e2", 10),
            candidate("h0g2", -70),
            candidate("c3c4", -500),
        ];
        let mut chosen = std::collections::HashSet::new();
        for seed in 0..200u64 {
            let c = skill.choose(&candidates, seed).unwrap();
            assert!(c.score >= 40 - skill.margin(), "{c:?}");
            // The same seed, the same move.
            assert_eq!(skill.choose(&candidates, seed), Some(c));
            chosen.insert(c.mv);
        }
        assert_eq!(chosen.len(), 2, "{chosen:?}");
        assert_eq!(skill.choose(&[], 1), None);
        // A mate is never thrown away.
        let mate = [candidate("h2e2", 29_990), candidate("b2e2", 300)];
        for seed in 0..50 {
            assert_eq!(skill.choose(&mate, seed).unwrap().score, 29_990);
        }
    }
}
