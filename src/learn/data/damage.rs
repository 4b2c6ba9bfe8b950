//! Why bytes of a training-data file do not read as a record (format
//! version 1's 40 bytes) or a game (version 2): the reasons that
//! [`super::format::DataError`] carries with the record's or game's number.

use crate::core::FenError;
use std::fmt;

/// Why 40 bytes are not a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// A piece's square byte past the board's 90 points.
    OffBoard(u8),
    SideToMove(u8),
    UnknownFlags(u8),
    ResultCode(u8),
    /// The pieces make no legal position.
    Position(FenError),
    /// Squares given twice, or not in ascending order within a kind: such
    /// bytes would read back as another record.
    NotCanonical,
    /// The in-check flag contradicts the position.
    InCheckFlag,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::OffBoard(square) => write!(f, "square {square} is off the board"),
            RecordError::SideToMove(side) => write!(f, "side to move {side}"),
            RecordError::UnknownFlags(flags) => write!(f, "unknown flags {flags:#04x}"),
            RecordError::ResultCode(code) => write!(f, "result {code}"),
            RecordError::Position(error) => write!(f, "{error}"),
            RecordError::NotCanonical => f.write_str("pieces share a square or are out of order"),
            RecordError::InCheckFlag => f.write_str("the in-check flag is not the position's"),
        }
    }
}

impl std::error::Error for RecordError {}

/// Why a game's bytes are not a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameDecodeError {
    /// A game longer than a game may be.
    TooLong(u64),
    /// The game's length longer than 64 bits.
    LongLength,
    /// A number inside the game longer than 64 bits.
    LongVarint,
    EndsEarly,
    ResultCode,
    /// The start position's record.
    Start(RecordError),
    /// A position count the bytes cannot hold.
    Positions {
        count: u64,
        bytes: usize,
    },
    ScoreChange,
    Score(i32),
    /// A move's place among more or fewer legal moves than there are.
    MovePlace {
        place: usize,
        legal: usize,
    },
    TrailingBytes(usize),
}

impl fmt::Display for GameDecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameDecodeError::TooLong(length) => write!(f, "a game of {length} bytes"),
            GameDecodeError::LongLength => f.write_str("a length longer than 64 bits"),
            GameDecodeError::LongVarint => f.write_str("a varint longer than 64 bits"),
            GameDecodeError::EndsEarly => f.write_str("the game ends early"),
            GameDecodeError::ResultCode => f.write_str("result code"),
            GameDecodeError::Start(error) => write!(f, "{error}"),
            GameDecodeError::Positions { count, bytes } => {
                write!(f, "{count} positions in {bytes} bytes")
            }
            GameDecodeError::ScoreChange => f.write_str("score change too large"),
            GameDecodeError::Score(score) => write!(f, "score {score}"),
            GameDecodeError::MovePlace { place, legal } => write!(f, "move {place} of {legal}"),
            GameDecodeError::TrailingBytes(n) => write!(f, "{n} bytes after the last position"),
        }
    }
}

impl std::error::Error for GameDecodeError {}

impl From<RecordError> for GameDecodeError {
    fn from(error: RecordError) -> GameDecodeError {
        GameDecodeError::Start(error)
    }
}
