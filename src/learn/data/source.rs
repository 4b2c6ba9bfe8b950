//! A training-data file of either version read as records: version 1's
//! records as they stand ([`super::format`]), version 2's games replayed
//! into theirs ([`super::games`]). Every reader of training data (the
//! trainer, the tuner, `merge`, `data stats`) comes through here, so it
//! takes both versions alike and holds one chunk at a time, never a file.

use super::format::{open_head, DataFileError, DataReader, Record, GAMES_VERSION, VERSION};
use super::games::{is_game_file, GameReader, Recipe};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};

/// An open training-data file.
pub enum TrainingFile {
    /// Version 1: records of 40 bytes.
    Records(DataReader),
    /// Version 2: games.
    Games(GameReader),
}

impl TrainingFile {
    /// Opens `path` and reads its header.
    pub fn open(path: impl AsRef<Path>) -> Result<TrainingFile, DataFileError> {
        let path = path.as_ref();
        let (file, head) = open_head(path)?;
        if is_game_file(&head) {
            return GameReader::after_head(path, &head, file).map(TrainingFile::Games);
        }
        // Version 1, or a file the version 1 reader refuses with its reason.
        DataReader::open(path).map(TrainingFile::Records)
    }

    /// The recipe that made the file (version 1 files have none).
    pub fn recipe(&self) -> Option<&Recipe> {
        match self {
            TrainingFile::Records(_) => None,
            TrainingFile::Games(games) => Some(&games.recipe),
        }
    }

    /// The file's format version.
    pub fn version(&self) -> u16 {
        match self {
            TrainingFile::Records(_) => VERSION,
            TrainingFile::Games(_) => GAMES_VERSION,
        }
    }
}

/// The records of a file of either version, in order, a chunk at a time.
pub struct RecordStream {
    file: TrainingFile,
    /// A game's records not yet handed out.
    pending: VecDeque<Record>,
}

impl RecordStream {
    pub fn open(path: impl AsRef<Path>) -> Result<RecordStream, DataFileError> {
        Ok(RecordStream {
            file: TrainingFile::open(path)?,
            pending: VecDeque::new(),
        })
    }

    /// The next `max` records or fewer; empty at the end of the file.
    pub fn next_chunk(&mut self, max: usize) -> Result<Vec<Record>, DataFileError> {
        match &mut self.file {
            TrainingFile::Records(reader) => reader.next_chunk(max),
            TrainingFile::Games(reader) => {
                while self.pending.len() < max {
                    match reader.next_game()? {
                        Some(game) => self.pending.extend(game.records()),
                        None => break,
                    }
                }
                let take = self.pending.len().min(max);
                Ok(self.pending.drain(..take).collect())
            }
        }
    }

    /// Every remaining record.
    pub fn read_all(&mut self) -> Result<Vec<Record>, DataFileError> {
        let mut all = Vec::new();
        loop {
            let chunk = self.next_chunk(1 << 16)?;
            if chunk.is_empty() {
                return Ok(all);
            }
            all.extend(chunk);
        }
    }
}

/// Hands every record of `files`, in order, to `take`, at most `max` of
/// them; returns how many it handed.
pub fn for_each_record(
    files: &[PathBuf],
    max: Option<u64>,
    mut take: impl FnMut(&Record),
) -> Result<u64, DataFileError> {
    let limit = max.unwrap_or(u64::MAX);
    let mut read = 0u64;
    for path in files {
        let mut stream = RecordStream::open(path)?;
        while read < limit {
            let chunk = stream.next_chunk(1 << 16)?;
            if chunk.is_empty() {
                break;
            }
            for record in chunk.iter().take((limit - read) as usize) {
                take(record);
                read += 1;
            }
        }
    }
    Ok(read)
}
