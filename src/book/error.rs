//! What can be wrong with a book file.

use std::fmt;
use std::path::PathBuf;

#[derive(Debug)]
pub enum BookError {
    /// The file could not be read.
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Neither our magic nor a plausible ElephantEye record array.
    UnknownFormat { path: PathBuf, len: u64 },
    /// Our magic, but a version this engine does not read.
    UnsupportedVersion { path: PathBuf, version: u16 },
    /// The header promises more entries than the file holds.
    Truncated {
        path: PathBuf,
        expected: u64,
        actual: u64,
    },
    /// Entries out of key order: binary search would miss moves.
    Unsorted { path: PathBuf, entry: u64 },
    /// An entry whose move is not a move on the board.
    BadMove {
        path: PathBuf,
        entry: u64,
        bits: u16,
    },
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Io { path, error } => write!(f, "book {}: {error}", path.display()),
            BookError::UnknownFormat { path, len } => write!(
                f,
                "book {}: not a chuhan or ElephantEye book ({len} bytes)",
                path.display()
            ),
            BookError::UnsupportedVersion { path, version } => write!(
                f,
                "book {}: format version {version} is not supported",
                path.display()
            ),
            BookError::Truncated {
                path,
                expected,
                actual,
            } => write!(
                f,
                "book {}: truncated, {actual} bytes where {expected} were expected",
                path.display()
            ),
            BookError::Unsorted { path, entry } => write!(
                f,
                "book {}: entry {entry} is out of order (corrupt file?)",
                path.display()
            ),
            BookError::BadMove { path, entry, bits } => write!(
                f,
                "book {}: entry {entry} holds no valid move ({bits:#06x})",
                path.display()
            ),
        }
    }
}

impl std::error::Error for BookError {}
