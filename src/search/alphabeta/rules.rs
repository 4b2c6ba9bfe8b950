//! The rules inside the search: a repetition or the natural limit met on
//! the line becomes a score (a draw, or a rule verdict's win or loss), and
//! how far back the verdict reaches is recorded, so that a result that
//! depends on the path to it is never stored as the position's own.

use super::Worker;
use crate::rules::Verdict;
use crate::search::score::{mated_in, DRAW, RULE_WIN};
use std::sync::atomic::Ordering;

/// A position's earlier occurrences on the line.
struct Repetition {
    /// Plies back to the latest of them.
    cycle: usize,
    /// How many there are.
    earlier: usize,
}

impl Worker<'_> {
    /// A draw or a rules verdict at this node, if the line has reached one.
    ///
    /// A repetition ends the line where the referee would end the game or
    /// where the side that repeats could have varied inside the search:
    /// - its cycle lies inside the tree (the earlier occurrence was played
    ///   after the root): a draw at once, as in most engines, or the rule
    ///   verdict on the cycle;
    /// - the position stands for the third time: the referee judges the
    ///   cycle since the second occurrence.
    ///
    /// A second occurrence whose first lies before the root ends nothing
    /// (Stockfish's rule): the game goes on to the third occurrence, whose
    /// cycle may be judged otherwise than the first one was (a drawn cycle
    /// followed by a forbidden one), so the search looks on to it.
    pub(super) fn rule_outcome(&mut self, ply: usize, in_check: bool) -> Option<i32> {
        if let Some(score) = self.natural_limit_outcome(ply, in_check) {
            return Some(score);
        }
        let repetition = self.repetition()?;
        let inside_the_tree = repetition.cycle < ply;
        if !inside_the_tree && repetition.earlier < 2 {
            return None;
        }
        let shared = self.shared;
        let verdict =
            self.verdicts
                .judge_unless_stopped(&self.pos, repetition.cycle, self.rules, || {
                    shared.interrupt()
                });
        let Some(verdict) = verdict else {
            // Out of time (or told to stop) inside the judgement: the
            // search stops, and this score is thrown away with it.
            shared.stop.store(true, Ordering::Relaxed);
            self.stopped = true;
            return Some(DRAW);
        };
        let score = match verdict {
            Verdict::Draw => DRAW,
            Verdict::Win => RULE_WIN - ply as i32,
            Verdict::Loss => -RULE_WIN + ply as i32,
        };
        self.rule_reach = self.rule_reach.min(ply as i32 - repetition.cycle as i32);
        Some(score)
    }

    /// The draw by the natural limit, if the clock has reached it. The draw
    /// depends on the clock, which the position's hash does not hold, so
    /// it reaches back to the last capture.
    pub(super) fn natural_limit_outcome(&mut self, ply: usize, in_check: bool) -> Option<i32> {
        if !self.current_clock().reached() {
            return None;
        }
        // The natural limit does not save a side that is already mated.
        if in_check && self.pos.has_no_moves() {
            return Some(mated_in(ply));
        }
        let since_capture = self.pos.halfmove_clock() as i32;
        self.rule_reach = self.rule_reach.min(ply as i32 - since_capture);
        Some(DRAW)
    }

    /// The position's earlier occurrences since the last capture (and not
    /// across a null move), if it has any: counted up to two, all that
    /// `rule_outcome` asks.
    fn repetition(&self) -> Option<Repetition> {
        let history = self.pos.history();
        let n = history.len();
        let reach = (self.pos.halfmove_clock() as usize).min(n);
        if reach < 4 {
            return None;
        }
        let key = self.pos.hash();
        let mut found: Option<Repetition> = None;
        for back in 1..=reach {
            let entry = &history[n - back];
            if entry.mv.is_none() {
                break;
            }
            if back >= 4 && back % 2 == 0 && entry.hash == key {
                let repetition = found.get_or_insert(Repetition {
                    cycle: back,
                    earlier: 0,
                });
                repetition.earlier += 1;
                if repetition.earlier == 2 {
                    break;
                }
            }
        }
        found
    }

    /// Whether the result of the node at `ply` depends on the path to it: a
    /// rule verdict met in its subtree reaches above it.
    pub(super) fn result_is_line_bound(&self, ply: usize) -> bool {
        self.rule_reach < ply as i32
    }
}
