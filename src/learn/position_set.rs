//! What the tuner's [`super::tune::Dataset`] and the trainer's
//! [`super::train::NetDataset`] share: each keeps the quiet positions of
//! the records it is given, in its own form, and counts the ones it left
//! out, so that one reader can fill either.

use super::format::Record;

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
