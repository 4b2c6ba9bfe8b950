//! The search's hook into the rules: [`judge_repetition`] is called when a
//! line repeats a position, and [`VerdictMemo`] remembers its verdicts, since
//! the search meets the same cycle on every iteration and through
//! transpositions and each verdict costs searches of its own.

use super::answers::Answers;
use super::cycle::cycle_loser;
use super::interrupt::{judge_unless_stopped, Interrupt};
use super::rule_set::RuleSet;
use crate::core::Position;

/// The outcome of a repetition, for the side to move in the repeated position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Draw,
    /// The side to move has been making forbidden attacks and loses.
    Loss,
    /// The opponent has been making forbidden attacks and loses.
    Win,
}

/// Judges the cycle of the last `cycle` plies, after which `pos` stands as it
/// stood `cycle` plies ago (`cycle` is even and at least 4).
pub fn judge_repetition(pos: &Position, cycle: usize, rules: RuleSet) -> Verdict {
    match cycle_loser(pos, cycle, rules) {
        None => Verdict::Draw,
        Some(loser) if loser == pos.side_to_move() => Verdict::Loss,
        Some(_) => Verdict::Win,
    }
}

/// Repetition verdicts by the cycle that led to them.
#[derive(Default)]
pub struct VerdictMemo {
    verdicts: Answers<Verdict>,
}

impl VerdictMemo {
    /// [`judge_repetition`], remembered, for a search that may have to
    /// stop first: `None` when `interrupt` (made only if the verdict is not
    /// remembered) cut the judgement short, and then nothing is remembered.
    pub fn judge_unless_stopped(
        &mut self,
        pos: &Position,
        cycle: usize,
        rules: RuleSet,
        interrupt: impl FnOnce() -> Interrupt,
    ) -> Option<Verdict> {
        let key = cycle_key(pos, cycle, rules);
        if let Some(verdict) = self.verdicts.get(key) {
            return Some(verdict);
        }
        let verdict = judge_unless_stopped(interrupt(), || judge_repetition(pos, cycle, rules))?;
        self.verdicts.put(key, verdict);
        Some(verdict)
    }
}

/// A key for the cycle of the last `cycle` plies of `pos` under `rules`:
/// the positions of the cycle in order, which fix its moves (the verdict
/// reads nothing outside the cycle).
fn cycle_key(pos: &Position, cycle: usize, rules: RuleSet) -> u64 {
    let history = pos.history();
    let start = history.len().saturating_sub(cycle);
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
            pos.try_play(mv).unwrap_or_else(|e| panic!("{e}"));
        }
        pos
    }

    #[test]
    fn perpetual_check_loses_for_the_checker() {
        // The red chariot checks along ranks 9 and 8 while the black king steps.
        let mut pos = played(
            "3k5/9/9/9/9/9/9/9/9/4K3R w",
            "i0i9 d9d8 i9i8 d8d9 i8i9 d9d8 i9i8 d8d9",
        );
        assert_eq!(pos.hash(), pos.history()[pos.history().len() - 4].hash);
        for rules in RuleSet::ALL {
            // Red, to move, checked with every move: Red loses.
            assert_eq!(judge_repetition(&pos, 4, rules), Verdict::Loss);
        }
        pos.unmake();
        assert_eq!(pos.hash(), pos.history()[pos.history().len() - 4].hash);
        assert_eq!(judge_repetition(&pos, 4, RuleSet::Simple), Verdict::Win);
    }

    #[test]
    fn idle_repetition_is_a_draw() {
        let pos = played(Position::START_FEN, "b0c2 b9c7 c2b0 c7b9");
        for rules in RuleSet::ALL {
            assert_eq!(judge_repetition(&pos, 4, rules), Verdict::Draw);
        }
    }

    /// The red chariot chases the black cannon, unprotected, between a7
    /// and b7 for two cycles.
    fn red_chases_the_unprotected_cannon() -> Position {
        played(
            "4k3r/9/c8/9/9/9/9/1R7/9/3K5 w",
            "b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7",
        )
    }

    #[test]
    fn chasing_an_unprotected_cannon_loses_except_under_simple_rules() {
        let pos = red_chases_the_unprotected_cannon();
        assert_eq!(judge_repetition(&pos, 4, RuleSet::Chinese), Verdict::Loss);
        assert_eq!(judge_repetition(&pos, 4, RuleSet::Asian), Verdict::Loss);
        assert_eq!(judge_repetition(&pos, 4, RuleSet::Simple), Verdict::Draw);
    }

    fn interrupt(stopped: bool) -> Interrupt {
        Interrupt {
            stop: std::sync::Arc::new(std::sync::atomic::AtomicBool::new(stopped)),
            deadline: None,
        }
    }

    #[test]
    fn remembers_the_verdict_of_each_cycle_and_rule_set() {
        // Red chases the unprotected cannon: a loss for Red under the
        // Chinese rules, a draw under the simple ones.
        let pos = red_chases_the_unprotected_cannon();
        let mut memo = VerdictMemo::default();
        for _ in 0..2 {
            for (rules, verdict) in [
                (RuleSet::Chinese, Verdict::Loss),
                (RuleSet::Simple, Verdict::Draw),
            ] {
                let judged = memo.judge_unless_stopped(&pos, 4, rules, || interrupt(false));
                assert_eq!(judged, Some(verdict));
            }
        }
        // The same position reached by idle moves is another cycle.
        let idle = played(
            "4k3r/9/c8/9/9/9/9/1R7/9/3K5 w",
            "b2b1 i9i8 b1b2 i8i9 b2b1 i9i8 b1b2 i8i9",
        );
        let judged = memo.judge_unless_stopped(&idle, 4, RuleSet::Chinese, || interrupt(false));
        assert_eq!(judged, Some(Verdict::Draw));
        assert_ne!(
            cycle_key(&pos, 4, RuleSet::Chinese),
            cycle_key(&idle, 4, RuleSet::Chinese)
        );
    }

    #[test]
    fn a_judgement_cut_short_is_no_verdict_and_is_not_remembered() {
        // Whether the chase wins the cannon asks whether the capture is
        // met by a mate: a search the stop flag cuts short.
        let pos = red_chases_the_unprotected_cannon();
        let mut memo = VerdictMemo::default();
        let stopped = memo.judge_unless_stopped(&pos, 4, RuleSet::Chinese, || interrupt(true));
        assert_eq!(stopped, None);
        let judged = memo.judge_unless_stopped(&pos, 4, RuleSet::Chinese, || interrupt(false));
        assert_eq!(judged, Some(Verdict::Loss));
        // Remembered now: a raised flag does not matter any more.
        let again = memo.judge_unless_stopped(&pos, 4, RuleSet::Chinese, || interrupt(true));
        assert_eq!(again, Some(Verdict::Loss));
    }
}
