//! Training data from many files made one: the shards of a run played on
//! many machines, or the data of several generations. Records are copied in
//! the order of the files, a position that already stood earlier is left
//! out (a repeated opening position would otherwise weigh many times over,
//! and could stand both in games trained on and in games held out), and
//! what the data holds is summed up on the way: positions, games, results by
//! colour, scores, plies.

use super::format::{DataFileError, Record};
use super::games::Recipe;
use super::sink::{RecordSink, Version};
use super::source::RecordStream;
use crate::core::GameResult;
use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};

/// The upper bounds of the score bins, centipawns from Red's view (the last
/// bin takes the rest).
const SCORE_BINS: [i32; 8] = [-1000, -500, -200, -50, 50, 200, 500, 1000];

/// The upper bounds of the ply bins (the last bin takes the rest).
const PLY_BINS: [u16; 5] = [20, 40, 80, 120, 200];

/// What a set of training records holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DataSummary {
    pub positions: u64,
    /// Games with a position kept (a game is a run of records whose plies
    /// grow, in the files as read).
    pub games: u64,
    /// Games won by Red, drawn, won by Black.
    pub results: [u64; 3],
    /// Positions in check, and positions whose best move captures.
    pub in_check: u64,
    pub captures: u64,
    /// Positions per score bin ([`SCORE_BINS`], then one above them).
    pub scores: [u64; SCORE_BINS.len() + 1],
    /// Positions per ply bin ([`PLY_BINS`], then one above them).
    pub plies: [u64; PLY_BINS.len() + 1],
    /// Records left out because their position stood earlier.
    pub repeated: u64,
}

impl DataSummary {
    /// Counts `record`, the first kept of its game if `first_of_game`.
    fn take(&mut self, record: &Record, first_of_game: bool) {
        if first_of_game {
            self.games += 1;
            self.results[match record.result {
                GameResult::RedWins => 0,
                GameResult::Draw => 1,
                GameResult::BlackWins => 2,
            }] += 1;
        }
        self.positions += 1;
        self.in_check += u64::from(record.in_check);
        self.captures += u64::from(record.best_move_captures);
        let score = record.score as i32;
        self.scores[SCORE_BINS.iter().take_while(|&&b| score >= b).count()] += 1;
        self.plies[PLY_BINS.iter().take_while(|&&b| record.ply >= b).count()] += 1;
    }

    /// The share of `count` among the positions, in per cent.
    fn percent(&self, count: u64) -> f64 {
        100.0 * count as f64 / self.positions.max(1) as f64
    }
}

impl fmt::Display for DataSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let read = self.positions + self.repeated;
        writeln!(
            f,
            "positions {} ({} repeated positions left out of {read} records, {:.1}%)",
            self.positions,
            self.repeated,
            100.0 * self.repeated as f64 / read.max(1) as f64
        )?;
        let [red, draws, black] = self.results;
        writeln!(
            f,
            "games {} (Red won {red}, drawn {draws}, Black won {black}); {:.1} positions a game",
            self.games,
            self.positions as f64 / self.games.max(1) as f64
        )?;
        writeln!(
            f,
            "in check {:.1}%, best move a capture {:.1}%",
            self.percent(self.in_check),
            self.percent(self.captures)
        )?;
        writeln!(f, "scores (centipawns, Red's view):")?;
        for (i, &count) in self.scores.iter().enumerate() {
            let from = i.checked_sub(1).map(|j| SCORE_BINS[j].to_string());
            let to = SCORE_BINS.get(i).map(|b| b.to_string());
            let range = match (from, to) {
                (None, Some(to)) => format!("below {to}"),
                (Some(from), Some(to)) => format!("{from} to {to}"),
                (Some(from), None) => format!("{from} and above"),
                (None, None) => unreachable!("two bins at least"),
            };
            writeln!(f, "  {range:>16}: {count:>10} {:5.1}%", self.percent(count))?;
        }
        writeln!(f, "plies (half-moves since the standard start):")?;
        for (i, &count) in self.plies.iter().enumerate() {
            let from = i.checked_sub(1).map_or(0, |j| PLY_BINS[j]);
            let range = match PLY_BINS.get(i) {
                Some(to) => format!("{from} to {}", to - 1),
                None => format!("{from} and above"),
            };
            writeln!(f, "  {range:>16}: {count:>10} {:5.1}%", self.percent(count))?;
        }
        Ok(())
    }
}

/// Why a merge did not run.
#[derive(Debug)]
pub enum MergeError {
    /// The output exists already: a merge writes a new file.
    OutputExists(PathBuf),
    Data(DataFileError),
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::OutputExists(path) => {
                write!(f, "{} exists; a merge writes a new file", path.display())
            }
            MergeError::Data(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MergeError {}

impl From<DataFileError> for MergeError {
    fn from(e: DataFileError) -> MergeError {
        MergeError::Data(e)
    }
}

/// The file a merge writes.
pub struct MergeOutput<'a> {
    /// A new file.
    pub path: &'a Path,
    pub version: Version,
    /// Goes into a game file's header.
    pub recipe: &'a Recipe,
}

/// Reads `inputs` in order, leaves out every position that stood earlier,
/// writes the rest to `out` (a new file) if given, and sums up what is kept.
pub fn merge(inputs: &[PathBuf], out: Option<MergeOutput>) -> Result<DataSummary, MergeError> {
    if let Some(out) = out.as_ref().filter(|out| out.path.exists()) {
        return Err(MergeError::OutputExists(out.path.to_path_buf()));
    }
    // Every input is checked before anything is written.
    for input in inputs {
        RecordStream::open(input)?;
    }
    let mut writer = out
        .map(|out| RecordSink::create(out.path, out.version, out.recipe))
        .transpose()?;
    let mut seen = HashSet::new();
    let mut summary = DataSummary::default();
    for input in inputs {
        let mut reader = RecordStream::open(input)?;
        // The ply of the record before, in this file; whether this game has
        // had a record kept yet.
        let mut last_ply: Option<u16> = None;
        let mut game_counted = false;
        loop {
            let chunk = reader.next_chunk(1 << 16)?;
            if chunk.is_empty() {
                break;
            }
            let mut kept = Vec::with_capacity(chunk.len());
            for record in chunk {
                if last_ply.is_none_or(|last| record.ply <= last) {
                    game_counted = false;
                }
                last_ply = Some(record.ply);
                if seen.insert(record.position_key()) {
                    summary.take(&record, !game_counted);
                    game_counted = true;
                    kept.push(record);
                } else {
                    summary.repeated += 1;
                }
            }
            if let Some(writer) = &mut writer {
                writer.write(&kept)?;
            }
        }
    }
    if let Some(writer) = writer {
        writer.finish()?;
    }
    Ok(summary)
}
