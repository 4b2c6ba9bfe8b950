//! What the tuner's [`super::tune::Dataset`] and the trainer's
//! [`super::train::NetDataset`] share: each keeps the quiet positions of
//! the records it is given, in its own form, and counts the ones it left
//! out, so that one reader can fill either.

use super::format::Record;
use crate::search::score::{MATE_BOUND, RULE_WIN_SHOWN};

pub trait PositionSet: Sized {
    fn empty() -> Self;
    /// Takes the record if it is quiet; says whether it did.
    fn add(&mut self, record: &Record) -> bool;
    /// How many positions it holds.
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Records left out (in check, a capture to come, a mate score).
    fn skipped(&self) -> u64;
}

/// Whether a static evaluation can learn from `record`: not in check, no
/// capture to come, and a score that is an evaluation: no mate, and not the
/// exact +-1000 that stands for a win by the repetition rules (datagen no
/// longer writes either, older files hold both).
pub fn is_quiet(record: &Record) -> bool {
    let score = (record.score as i32).abs();
    !record.in_check && !record.best_move_captures && score < MATE_BOUND && score != RULE_WIN_SHOWN
}
