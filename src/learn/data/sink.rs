//! Records written to a new training-data file of either version: as they
//! are (version 1), or made into games first (version 2, [`super::chain`]).

use super::chain::Chainer;
use super::format::{DataFileError, DataWriter, Record, GAMES_VERSION, VERSION};
use super::games::{GameWriter, Recipe};
use std::path::{Path, PathBuf};

/// The format a tool writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Version {
    /// Records of 40 bytes.
    Records,
    /// Games of about three bytes a position.
    Games,
}

impl Version {
    /// The version number in a file's header.
    pub fn number(self) -> u16 {
        match self {
            Version::Records => VERSION,
            Version::Games => GAMES_VERSION,
        }
    }

    /// The version of a number, if this build writes it.
    pub fn from_number(number: u16) -> Option<Version> {
        [Version::Records, Version::Games]
            .into_iter()
            .find(|v| v.number() == number)
    }
}

/// Where records go.
pub enum RecordSink {
    Records(DataWriter),
    Games {
        writer: GameWriter,
        /// Boxed: the game it builds is large beside a plain writer.
        chainer: Box<Chainer>,
        path: PathBuf,
    },
}

impl RecordSink {
    /// Opens `path`, a new file, in `version`; `recipe` goes into a game
    /// file's header.
    pub fn create(
        path: &Path,
        version: Version,
        recipe: &Recipe,
    ) -> Result<RecordSink, DataFileError> {
        Ok(match version {
            Version::Records => RecordSink::Records(DataWriter::append(path)?),
            Version::Games => RecordSink::Games {
                writer: GameWriter::append(path, recipe)?,
                chainer: Box::new(Chainer::new()),
                path: path.to_path_buf(),
            },
        })
    }

    pub fn write(&mut self, records: &[Record]) -> Result<(), DataFileError> {
        match self {
            RecordSink::Records(writer) => writer.write(records),
            RecordSink::Games {
                writer,
                chainer,
                path,
            } => {
                for record in records {
                    let finished = chainer.push(record).map_err(|error| DataFileError::Data {
                        path: path.clone(),
                        error,
                    })?;
                    if let Some(game) = finished {
                        writer.write(&game)?;
                    }
                }
                Ok(())
            }
        }
    }

    /// Writes the last game and everything buffered.
    pub fn finish(self) -> Result<(), DataFileError> {
        match self {
            RecordSink::Records(mut writer) => writer.flush(),
            RecordSink::Games {
                mut writer,
                chainer,
                ..
            } => {
                if let Some(game) = chainer.finish() {
                    writer.write(&game)?;
                }
                writer.flush()
            }
        }
    }
}
