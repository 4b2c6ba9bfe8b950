//! The data files that `tune` and `train` learn from, and their split into
//! the games trained on and the games held out.

use super::values::number;
use crate::learn::data::format::Record;
use crate::learn::data::holdout::Holdout;
use crate::learn::data::position_set::PositionSet;
use crate::learn::data::source::for_each_record;
use std::collections::HashSet;
use std::path::PathBuf;

/// Where the training positions come from.
#[derive(Debug, clap::Args)]
pub struct TrainingData {
    /// Training-data files written by `chuhan datagen`.
    #[arg(value_name = "FILE", required = true)]
    pub data: Vec<PathBuf>,
    /// Hold out this share of the games (0 to below 1, whole games, chosen
    /// deterministically) and report their loss beside the training loss.
    #[arg(long, value_name = "X", default_value_t = 0.0, value_parser = number::<f64>)]
    pub validation: f64,
    /// Read at most this many records.
    #[arg(long, value_name = "N", value_parser = number::<u64>)]
    pub max_positions: Option<u64>,
}

impl TrainingData {
    /// Hands every record to `take`, with whether its game is held out;
    /// returns how many records it read.
    fn read(&self, mut take: impl FnMut(&Record, bool)) -> Result<u64, String> {
        let mut holdout = Holdout::new(self.validation);
        for_each_record(&self.data, self.max_positions, |record| {
            take(record, holdout.holds(record))
        })
        .map_err(|e| e.to_string())
    }

    /// Reads the quiet positions into the set trained on and the set held
    /// out, and says on stderr, as `tool`, what it kept; no quiet position
    /// to train on is an error. A held-out position that also stands in a
    /// game trained on (an opening's, mostly) is left out of the held-out
    /// set, so that its loss measures positions the learner has not seen.
    pub fn split<S: PositionSet>(&self, tool: &str) -> Result<(S, S), String> {
        let mut trained_keys = HashSet::new();
        if self.validation > 0.0 {
            self.read(|record, held_out| {
                if !held_out {
                    trained_keys.insert(record.position_key());
                }
            })?;
        }
        let (mut data, mut held) = (S::empty(), S::empty());
        let mut seen = 0u64;
        let read = self.read(|record, held_out| {
            if !held_out {
                data.add(record);
            } else if trained_keys.contains(&record.position_key()) {
                seen += 1;
            } else {
                held.add(record);
            }
        })?;
        if data.is_empty() {
            return Err(format!("no quiet positions in {read} records"));
        }
        eprintln!(
            "{tool}: {} positions ({} of {read} records skipped: in check, capture or no evaluation), {} held out for validation ({seen} more held-out records stand in games trained on, left out)",
            data.len() + held.len(),
            data.skipped() + held.skipped(),
            held.len()
        );
        Ok((data, held))
    }
}
