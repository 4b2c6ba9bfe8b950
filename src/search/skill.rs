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

use crate::core::Move;
use crate::random::Rng;

/// The full-strength level (`Skill Level` 20): no [`Skill`] limits it.
pub const FULL_LEVEL: u8 = 20;

/// Each measured level's Elo against full strength, from the matches in the
/// record docs/results/strength-levels.md (200 000 nodes a move, each level against
/// the next stronger one, the differences summed down the chain); levels in
/// between are interpolated.
const MEASURED_ELO: [(u8, i32); 10] = [
    (0, -2081),
    (2, -1739),
    (4, -1596),
    (8, -1366),
    (11, -1212),
    (13, -1012),
    (15, -763),
    (17, -584),
    (19, -436),
    (FULL_LEVEL, 0),
];

/// The `UCI_Elo` of full strength. An anchor, not a measurement: only the
/// differences below it are measured.
pub const FULL_ELO: i32 = 2500;
/// The `UCI_Elo` of level 0, the weakest.
pub const WEAKEST_ELO: i32 = FULL_ELO + MEASURED_ELO[0].1;

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

    /// The level that plays closest to `elo` on the `UCI_Elo` scale
    /// (`None` at or above [`FULL_ELO`]: full strength).
    pub fn for_elo(elo: i32) -> Option<Skill> {
        let level = (0..=FULL_LEVEL)
            .min_by_key(|&level| (level_elo(level) - elo).abs())
            .unwrap_or(FULL_LEVEL);
        Skill::new(level)
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

    /// Picks among `candidates` (the lines in order, best first): each within
    /// the margin of the best gets a random bonus of up to the margin, and
    /// the highest sum is played. A move found by two lines (finished at
    /// different depths) counts once, with the first line's score. A mate or
    /// a lost position leaves no other move within reach.
    pub fn choose(self, candidates: &[Candidate], position_hash: u64) -> Option<Candidate> {
        let mut distinct: Vec<Candidate> = Vec::with_capacity(candidates.len());
        for c in candidates {
            if !distinct.iter().any(|known| known.mv == c.mv) {
                distinct.push(*c);
            }
        }
        let best = distinct.iter().map(|c| c.score).max()?;
        let margin = self.margin();
        let mut rng = Rng::new(position_hash ^ (self.level as u64) << 56);
        distinct
            .into_iter()
            .filter(|c| c.score >= best - margin)
            .map(|c| {
                let bonus = (rng.next_u64() % (margin as u64 + 1)) as i32;
                (c.score + bonus, c)
            })
            .max_by_key(|&(value, _)| value)
            .map(|(_, c)| c)
    }
}

/// A level's place on the `UCI_Elo` scale.
pub fn level_elo(level: u8) -> i32 {
    let level = level.min(FULL_LEVEL);
    let upper = MEASURED_ELO
        .iter()
        .position(|&(measured, _)| measured >= level)
        .unwrap_or(MEASURED_ELO.len() - 1);
    let (hi_level, hi_elo) = MEASURED_ELO[upper];
    let (lo_level, lo_elo) = MEASURED_ELO[upper.saturating_sub(1)];
    let below_full = if hi_level == lo_level {
        hi_elo
    } else {
        lo_elo + (hi_elo - lo_elo) * (level - lo_level) as i32 / (hi_level - lo_level) as i32
    };
    FULL_ELO + below_full
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
    fn the_elo_scale_follows_the_levels() {
        assert_eq!(level_elo(0), WEAKEST_ELO);
        assert_eq!(level_elo(FULL_LEVEL), FULL_ELO);
        for &(level, below) in &MEASURED_ELO {
            assert_eq!(level_elo(level), FULL_ELO + below);
        }
        for level in 0..FULL_LEVEL {
            assert!(level_elo(level) < level_elo(level + 1), "{level}");
            assert_eq!(Skill::for_elo(level_elo(level)), Skill::new(level));
        }
        assert_eq!(Skill::for_elo(FULL_ELO), None);
        assert_eq!(Skill::for_elo(WEAKEST_ELO - 500), Skill::new(0));
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
        // A repeated move keeps its first score.
        let repeated = [candidate("h2e2", 40), candidate("h2e2", -900)];
        assert_eq!(skill.choose(&repeated, 3).unwrap().score, 40);
        let repeated = [candidate("h2e2", -900), candidate("h2e2", 40)];
        assert_eq!(skill.choose(&repeated, 3).unwrap().score, -900);
        // A mate is never thrown away.
        let mate = [candidate("h2e2", 29_990), candidate("b2e2", 300)];
        for seed in 0..50 {
            assert_eq!(skill.choose(&mate, seed).unwrap().score, 29_990);
        }
    }
}
