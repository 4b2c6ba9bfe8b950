//! Which thread's move a parallel search plays. Every thread deepens on its
//! own, so when time runs out they hold results of different depths and,
//! now and then, different moves (the helpers' last finished iterations,
//! the main thread's last result, finished or not). Each thread votes for
//! its best move with a weight that grows with the depth it reached and
//! with how much better its score is than the worst thread's; the move with
//! the most weight wins, and of the threads that chose it the one the votes
//! met first speaks. A mate overrides the vote: the shortest mate found is
//! played, and a thread that sees itself mated yields to one that sees a
//! way out.

use super::score::{is_mate, MATE_BOUND};
use crate::core::Move;

/// One thread's last result at the root: its depth, score (internal scale)
/// and principal variation (never empty).
#[derive(Clone, Debug, PartialEq)]
pub struct RootResult {
    pub depth: i32,
    pub seldepth: usize,
    pub score: i32,
    pub pv: Vec<Move>,
}

impl RootResult {
    pub fn best(&self) -> Move {
        self.pv[0]
    }
}

/// A vote's weight above the worst score, so that the worst thread still
/// counts by its depth.
const VOTE_FLOOR: i64 = 14;

/// The index of the result to play among `results` (the main thread's
/// first); 0 if there is only one.
pub fn chosen_thread(results: &[RootResult]) -> usize {
    let Some(worst) = results.iter().map(|r| r.score).min() else {
        return 0;
    };
    let weight = |r: &RootResult| (i64::from(r.score - worst) + VOTE_FLOOR) * i64::from(r.depth);
    let votes = |mv: Move| -> i64 { results.iter().filter(|r| r.best() == mv).map(weight).sum() };
    let mut chosen = 0;
    for (i, candidate) in results.iter().enumerate().skip(1) {
        let best = &results[chosen];
        let better = if is_mate(best.score) {
            // The shortest mate, or the way out of being mated.
            candidate.score > best.score
        } else if candidate.score >= MATE_BOUND {
            true
        } else {
            !is_mate(candidate.score)
                && (votes(candidate.best()) > votes(best.best())
                    || (candidate.best() == best.best() && candidate.depth > best.depth))
        };
        if better {
            chosen = i;
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::MATE;

    fn result(depth: i32, score: i32, mv: &str) -> RootResult {
        RootResult {
            depth,
            seldepth: depth as usize,
            score,
            pv: vec![mv.parse().unwrap()],
        }
    }

    #[test]
    fn the_move_most_threads_found_deepest_wins() {
        // Two helpers agree on h2e2 at depth 12; the main thread, one ply
        // shallower, prefers b2e2 by a little.
        let results = [
            result(11, 40, "b2e2"),
            result(12, 30, "h2e2"),
            result(12, 25, "h2e2"),
        ];
        assert_eq!(chosen_thread(&results), 1);
        // Alone, a deeper thread with a much better score outweighs a shallower one.
        let results = [result(10, 20, "b2e2"), result(12, 120, "h2e2")];
        assert_eq!(chosen_thread(&results), 1);
        // One thread alone, or equal results, keep the main thread.
        assert_eq!(chosen_thread(&results[..1]), 0);
        let results = [result(12, 30, "h2e2"), result(12, 30, "h2e2")];
        assert_eq!(chosen_thread(&results), 0);
    }

    #[test]
    fn mates_override_the_vote() {
        // A helper that found a mate is played, however the others vote.
        let results = [
            result(14, 50, "b2e2"),
            result(14, 50, "b2e2"),
            result(9, MATE - 7, "h2h9"),
        ];
        assert_eq!(chosen_thread(&results), 2);
        // The shortest mate wins.
        let results = [result(12, MATE - 9, "b2e2"), result(10, MATE - 5, "h2h9")];
        assert_eq!(chosen_thread(&results), 1);
        // A thread that sees itself mated yields to one that does not.
        let results = [result(12, -MATE + 8, "b2e2"), result(11, -300, "h2e2")];
        assert_eq!(chosen_thread(&results), 1);
        // A thread that sees itself mated is never chosen over one that does not.
        let results = [result(12, -300, "b2e2"), result(14, -MATE + 8, "h2e2")];
        assert_eq!(chosen_thread(&results), 0);
    }
}
