//! The rules inside the search: a repetition or the natural limit met on
//! the line becomes a score (a draw, or a rule verdict's win or loss), and
//! how far back the verdict reaches is recorded, so that a result that
//! depends on the path to it is never stored as the position's own.

use super::Worker;
use crate::rules::Verdict;
use crate::search::score::{mated_in, DRAW, RULE_WIN};

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
    /// A repetition is a draw at once, as in most engines: the side that
    /// wants more must find it before the cycle comes round. A forbidden
    /// perpetual is another matter, and whose it is decides when it counts:
    /// - the side that just moved made a position stand again with the
    ///   cycle forbidden to it: a UCCI GUI bans such a move (`banmoves`)
    ///   from that second occurrence on, as the protocol's own example does
    ///   and `chuhan match` does, even where the earlier occurrence lies
    ///   before the root, so the move is lost for it at once;
    /// - the side to move is the one forbidden: it has still to repeat, so
    ///   the line is decided only where it had its chance to vary inside
    ///   the search (the earlier occurrence was played after the root) or
    ///   at a third occurrence, where the referee ends the game.
    pub(super) fn rule_outcome(&mut self, ply: usize, in_check: bool) -> Option<i32> {
        if let Some(score) = self.natural_limit_outcome(ply, in_check) {
            return Some(score);
        }
        let repetition = self.repetition()?;
        let may_still_vary = repetition.cycle >= ply && repetition.earlier < 2;
        let score = match self.verdicts.judge(&self.pos, repetition.cycle, self.rules) {
            Verdict::Draw => DRAW,
            Verdict::Win => RULE_WIN - ply as i32,
            Verdict::Loss if may_still_vary => return None,
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
