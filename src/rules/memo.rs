//! Remembered answers: the judge asks the same questions again and again
//! (the search meets the same cycle on every iteration and through
//! transpositions; judging one cycle asks whether the same positions mate
//! by checks many times over), and each answer costs searches of its own.

use super::rule_set::RuleSet;
use super::{judge_repetition, Verdict};
use crate::core::Position;

/// How many answers a table keeps (a power of two); a newer answer replaces
/// an older one in its slot.
const SLOTS: usize = 4096;

/// Answers by a 64-bit key.
pub struct Answers<T> {
    slots: Box<[(u64, Option<T>)]>,
}

impl<T: Copy> Default for Answers<T> {
    fn default() -> Self {
        Answers {
            slots: vec![(0, None); SLOTS].into_boxed_slice(),
        }
    }
}

impl<T: Copy> Answers<T> {
    pub fn get(&self, key: u64) -> Option<T> {
        match self.slots[key as usize & (SLOTS - 1)] {
            (stored, answer) if stored == key => answer,
            _ => None,
        }
    }

    pub fn put(&mut self, key: u64, answer: T) {
        self.slots[key as usize & (SLOTS - 1)] = (key, Some(answer));
    }
}

/// Repetition verdicts by the cycle that led to them.
#[derive(Default)]
pub struct VerdictMemo {
    verdicts: Answers<Verdict>,
}

impl VerdictMemo {
    /// [`judge_repetition`], remembered.
    pub fn judge(&mut self, pos: &Position, cycle: usize, rules: RuleSet) -> Verdict {
        let key = cycle_key(pos, cycle, rules);
        if let Some(verdict) = self.verdicts.get(key) {
            return verdict;
        }
        let verdict = judge_repetition(pos, cycle, rules);
        self.verdicts.put(key, verdict);
        verdict
    }
}

/// How many plies before a cycle its verdict can read: an answer to check
/// is judged against the threats of the turn before the check.
const LOOK_BACK: usize = 2;

/// A key for the cycle of the last `cycle` plies of `pos` under `rules`:
/// the positions of the cycle in order (which fix its moves) and the few
/// before it that the judgement reads.
fn cycle_key(pos: &Position, cycle: usize, rules: RuleSet) -> u64 {
    let history = pos.history();
    let start = history.len().saturating_sub(cycle + LOOK_BACK);
    let mut key = pos.hash() ^ (rules as u64 + 1).wrapping_mul(0x2545_f491_4f6c_dd1d);
    for undo in &history[start..] {
        key = (key ^ undo.hash)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(23);
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Move;

    fn played(fen: &str, moves: &str) -> Position {
        let mut pos = Position::from_fen(fen).unwrap();
        for text in moves.split_whitespace() {
            let mv: Move = text.parse().unwrap();
            pos.try_play(mv).unwrap();
        }
        pos
    }

    #[test]
    fn remembers_the_verdict_of_each_cycle_and_rule_set() {
        // Red chases the unprotected cannon: a loss for Red under the
        // Chinese rules, a draw under the simple ones.
        let pos = played(
            "4k3r/9/c8/9/9/9/9/1R7/9/3K5 w",
            "b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7",
        );
        let mut memo = VerdictMemo::default();
        for _ in 0..2 {
            assert_eq!(memo.judge(&pos, 4, RuleSet::Chinese), Verdict::Loss);
            assert_eq!(memo.judge(&pos, 4, RuleSet::Simple), Verdict::Draw);
        }
        // The same position reached by idle moves is another cycle.
        let idle = played(
            "4k3r/9/c8/9/9/9/9/1R7/9/3K5 w",
            "b2b1 i9i8 b1b2 i8i9 b2b1 i9i8 b1b2 i8i9",
        );
        assert_eq!(memo.judge(&idle, 4, RuleSet::Chinese), Verdict::Draw);
        assert_ne!(
            cycle_key(&pos, 4, RuleSet::Chinese),
            cycle_key(&idle, 4, RuleSet::Chinese)
        );
    }
}
