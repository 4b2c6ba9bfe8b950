//! The training-data file, version 1: what `chuhan datagen` writes and
//! `chuhan texel` reads. All integers are little-endian.
//!
//! ```text
//! header, 16 bytes:
//! offset 0   8 bytes  magic "CHUHANTD"
//! offset 8   u16      format version (1)
//! offset 10  u16      record size in bytes (40)
//! offset 12  u32      reserved, 0
//!
//! then records of 40 bytes, one position each, as many as the file holds:
//! offset 0   32 bytes the pieces: one byte per piece slot, the square index
//!                     (rank * 9 + file: a0 = 0, i0 = 8, a9 = 81) or 255 for
//!                     a slot without a piece. Slots: Red king, advisor x2,
//!                     elephant x2, horse x2, chariot x2, cannon x2, pawn x5,
//!                     then Black's sixteen in the same order; the squares
//!                     of one kind in ascending order.
//! offset 32  u8       side to move: 0 Red, 1 Black
//! offset 33  u8       flags: bit 0 the side to move is in check, bit 1 the
//!                     search's best move is a capture; other bits 0
//! offset 34  i16      the search score, centipawns from Red's view (mates
//!                     as about +-30000, as the search scores them)
//! offset 36  u8       the game's result: 0 Black won, 1 draw, 2 Red won
//! offset 37  u8       reserved, 0
//! offset 38  u16      the ply: half-moves played since the standard start
//! ```
//!
//! A file has no record count, so a new run can append to it; a reader
//! takes records in chunks until the end. A file whose body is not a whole
//! number of records was cut short while being written: [`DataReader`]
//! refuses its last piece, and [`DataWriter::append`] cuts it off first.

use super::damage::{GameDecodeError, RecordError};
use crate::core::{board_fen, Color, GameResult, Piece, PieceKind, Position};
use std::fmt;
use std::fs::{self, OpenOptions};
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

pub const MAGIC: &[u8; 8] = b"CHUHANTD";
pub const VERSION: u16 = 1;
/// The game file's version ([`super::games`]): its header begins as this one's.
pub const GAMES_VERSION: u16 = 2;
pub const HEADER_LEN: usize = 16;
pub const RECORD_LEN: usize = 40;

/// Piece slots per colour, and the kind of each.
const SLOTS: [PieceKind; 16] = {
    use PieceKind::*;
    [
        King, Advisor, Advisor, Elephant, Elephant, Horse, Horse, Chariot, Chariot, Cannon, Cannon,
        Pawn, Pawn, Pawn, Pawn, Pawn,
    ]
};
const NO_PIECE: u8 = 255;
const FLAG_IN_CHECK: u8 = 1;
const FLAG_CAPTURE: u8 = 2;

/// A result's byte in a record.
pub(super) fn result_code(result: GameResult) -> u8 {
    match result {
        GameResult::BlackWins => 0,
        GameResult::Draw => 1,
        GameResult::RedWins => 2,
    }
}

pub(super) fn result_from_code(code: u8) -> Option<GameResult> {
    match code {
        0 => Some(GameResult::BlackWins),
        1 => Some(GameResult::Draw),
        2 => Some(GameResult::RedWins),
        _ => None,
    }
}

/// One training position with its labels.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// Square index per slot (see the module docs), [`NO_PIECE`] if empty.
    squares: [u8; 32],
    pub side_to_move: Color,
    pub in_check: bool,
    /// The search's best move captures (a trainer of a static evaluation
    /// skips such positions: their value is in the capture).
    pub best_move_captures: bool,
    /// The search score in centipawns, from Red's view.
    pub score: i16,
    pub result: GameResult,
    pub ply: u16,
}

/// A record that does not describe a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataError {
    /// The file does not start with the magic bytes.
    NotTrainingData,
    UnsupportedVersion(u16),
    /// The header's record size is not this version's.
    WrongRecordSize(u16),
    /// The file ends inside a record (or inside the header).
    CutShort {
        bytes: u64,
    },
    /// Record `index` (counting from 0) is not a valid position.
    BadRecord {
        index: u64,
        why: RecordError,
    },
    /// Game `index` of a game file (counting from 0) does not read as a game.
    BadGame {
        index: u64,
        why: GameDecodeError,
    },
    /// A game file's recipe is not `key = value` lines of UTF-8.
    BadRecipe(String),
    /// A game file made by another recipe than the one asked to add to it.
    OtherRecipe(String),
    /// A run would add to a file with games in it without being asked to
    /// go on with them.
    NotResumed,
    /// Games were to be added to a version 1 file of records.
    RecordsNotGames,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::NotTrainingData => write!(f, "not a chuhan training-data file"),
            DataError::UnsupportedVersion(v) => {
                write!(
                    f,
                    "training-data version {v} (this build reads {VERSION} and {})",
                    GAMES_VERSION
                )
            }
            DataError::WrongRecordSize(n) => {
                write!(f, "record size {n} (version {VERSION} has {RECORD_LEN})")
            }
            DataError::CutShort { bytes } => {
                write!(f, "the file ends inside a record ({bytes} bytes)")
            }
            DataError::BadRecord { index, why } => write!(f, "record {index}: {why}"),
            DataError::BadGame { index, why } => write!(f, "game {index}: {why}"),
            DataError::BadRecipe(why) => write!(f, "the recipe in the header: {why}"),
            DataError::RecordsNotGames => write!(
                f,
                "a version 1 file of records; games go to a new file (chuhan data reformat makes one of it)"
            ),
            DataError::NotResumed => {
                write!(f, "holds games already; --resume goes on with them")
            }
            DataError::OtherRecipe(why) => {
                write!(
                    f,
                    "made by another recipe ({why}); give the same settings, or another file"
                )
            }
        }
    }
}

impl std::error::Error for DataError {}

/// A failure reading or writing a data file: the system's or the data's.
#[derive(Debug)]
pub enum DataFileError {
    Io { path: PathBuf, error: io::Error },
    Data { path: PathBuf, error: DataError },
}

impl fmt::Display for DataFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataFileError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            DataFileError::Data { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for DataFileError {}

impl Record {
    /// A key of the position alone (its pieces and the side to move), the
    /// same for the same position in any game or file: repeated positions
    /// share it (different positions almost never do).
    pub fn position_key(&self) -> u64 {
        let mut key = self.side_to_move.index() as u64;
        for chunk in self.squares.chunks_exact(8) {
            let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            key = (key ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            key ^= key >> 29;
        }
        key
    }

    /// The record of `pos` with its labels; `score` is from Red's view.
    pub fn new(
        pos: &Position,
        score: i16,
        best_move_captures: bool,
        result: GameResult,
        ply: u16,
    ) -> Record {
        let mut squares = [NO_PIECE; 32];
        for color in Color::ALL {
            let slots = &mut squares[color.index() * 16..][..16];
            for kind in PieceKind::ALL {
                let first = SLOTS
                    .iter()
                    .position(|&k| k == kind)
                    .expect("every kind has a slot");
                let count = SLOTS.iter().filter(|&&k| k == kind).count();
                // A position never holds more of a kind than it starts with.
                for (slot, sq) in slots[first..first + count]
                    .iter_mut()
                    .zip(pos.pieces(color, kind))
                {
                    *slot = sq.index() as u8;
                }
            }
        }
        Record {
            squares,
            side_to_move: pos.side_to_move(),
            in_check: pos.in_check(),
            best_move_captures,
            score,
            result,
            ply,
        }
    }

    /// The pieces and the side to move, as a FEN.
    pub fn fen(&self) -> String {
        let mut board = [None::<Piece>; 90];
        for (slot, &sq) in self.squares.iter().enumerate() {
            if sq != NO_PIECE {
                board[sq as usize] = Some(Piece::new(Color::ALL[slot / 16], SLOTS[slot % 16]));
            }
        }
        let mut fen = board_fen(|sq| board[sq.index()]);
        fen.push_str(match self.side_to_move {
            Color::Red => " w",
            Color::Black => " b",
        });
        fen
    }

    /// The position (without history).
    pub fn position(&self) -> Result<Position, RecordError> {
        Position::from_fen(&self.fen()).map_err(RecordError::Position)
    }

    /// The record's 40 bytes.
    pub fn to_bytes(&self) -> [u8; RECORD_LEN] {
        let mut bytes = [0u8; RECORD_LEN];
        bytes[..32].copy_from_slice(&self.squares);
        bytes[32] = self.side_to_move.index() as u8;
        bytes[33] = if self.in_check { FLAG_IN_CHECK } else { 0 }
            | if self.best_move_captures {
                FLAG_CAPTURE
            } else {
                0
            };
        bytes[34..36].copy_from_slice(&self.score.to_le_bytes());
        bytes[36] = result_code(self.result);
        bytes[38..40].copy_from_slice(&self.ply.to_le_bytes());
        bytes
    }

    /// Reads 40 bytes; every field is checked, the position too.
    pub fn from_bytes(bytes: &[u8; RECORD_LEN]) -> Result<Record, RecordError> {
        let mut squares = [0u8; 32];
        squares.copy_from_slice(&bytes[..32]);
        if let Some(&bad) = squares.iter().find(|&&s| s != NO_PIECE && s >= 90) {
            return Err(RecordError::OffBoard(bad));
        }
        let side_to_move = match bytes[32] {
            0 => Color::Red,
            1 => Color::Black,
            other => return Err(RecordError::SideToMove(other)),
        };
        let flags = bytes[33];
        if flags & !(FLAG_IN_CHECK | FLAG_CAPTURE) != 0 {
            return Err(RecordError::UnknownFlags(flags));
        }
        let result = result_from_code(bytes[36]).ok_or(RecordError::ResultCode(bytes[36]))?;
        let record = Record {
            squares,
            side_to_move,
            in_check: flags & FLAG_IN_CHECK != 0,
            best_move_captures: flags & FLAG_CAPTURE != 0,
            score: i16::from_le_bytes([bytes[34], bytes[35]]),
            result,
            ply: u16::from_le_bytes([bytes[38], bytes[39]]),
        };
        let pos = record.position()?;
        // Squares given twice, or not in ascending order within a kind,
        // would read back as another record.
        if Record::new(&pos, 0, false, result, 0).squares != squares {
            return Err(RecordError::NotCanonical);
        }
        Ok(record)
    }
}

fn header() -> [u8; HEADER_LEN] {
    let mut bytes = [0u8; HEADER_LEN];
    bytes[..8].copy_from_slice(MAGIC);
    bytes[8..10].copy_from_slice(&VERSION.to_le_bytes());
    bytes[10..12].copy_from_slice(&(RECORD_LEN as u16).to_le_bytes());
    bytes
}

pub(super) fn check_header(bytes: &[u8; HEADER_LEN]) -> Result<(), DataError> {
    if &bytes[..8] != MAGIC {
        return Err(DataError::NotTrainingData);
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != VERSION {
        return Err(DataError::UnsupportedVersion(version));
    }
    let size = u16::from_le_bytes([bytes[10], bytes[11]]);
    if size as usize != RECORD_LEN {
        return Err(DataError::WrongRecordSize(size));
    }
    Ok(())
}

/// Appends records to a data file, writing the header to a new or empty one.
pub struct DataWriter {
    out: BufWriter<fs::File>,
    path: PathBuf,
    /// Records in the file before this writer opened it.
    pub existing: u64,
}

/// Opens `path` and reads its first 16 bytes, the part of the header every
/// version shares: the file is left just after them.
pub(super) fn open_head(path: &Path) -> Result<(fs::File, [u8; HEADER_LEN]), DataFileError> {
    let io_error = |error| DataFileError::Io {
        path: path.to_path_buf(),
        error,
    };
    let mut file = fs::File::open(path).map_err(io_error)?;
    let bytes = file.metadata().map_err(io_error)?.len();
    if bytes < HEADER_LEN as u64 {
        return Err(DataFileError::Data {
            path: path.to_path_buf(),
            error: DataError::CutShort { bytes },
        });
    }
    let mut head = [0u8; HEADER_LEN];
    file.read_exact(&mut head).map_err(io_error)?;
    Ok((file, head))
}

/// Opens `path` to read and add to (creating it), as a writer of either
/// version does before it looks at what the file holds.
pub(super) fn open_to_add(path: &Path) -> Result<fs::File, DataFileError> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|error| DataFileError::Io {
            path: path.to_path_buf(),
            error,
        })
}

impl DataWriter {
    /// Opens `path` for appending (creating it). An existing file must be
    /// training data of this version; a piece of a record at its end (a
    /// run killed while writing) is cut off.
    pub fn append(path: impl AsRef<Path>) -> Result<DataWriter, DataFileError> {
        let path = path.as_ref().to_path_buf();
        let io_error = |error| DataFileError::Io {
            path: path.clone(),
            error,
        };
        let mut file = open_to_add(&path)?;
        let len = file.metadata().map_err(io_error)?.len();
        let mut existing = 0;
        if len == 0 {
            file.write_all(&header()).map_err(io_error)?;
        } else {
            let mut head = [0u8; HEADER_LEN];
            if len < HEADER_LEN as u64 {
                return Err(DataFileError::Data {
                    path,
                    error: DataError::CutShort { bytes: len },
                });
            }
            file.read_exact(&mut head).map_err(io_error)?;
            check_header(&head).map_err(|error| DataFileError::Data {
                path: path.clone(),
                error,
            })?;
            existing = (len - HEADER_LEN as u64) / RECORD_LEN as u64;
            let whole = HEADER_LEN as u64 + existing * RECORD_LEN as u64;
            if whole != len {
                file.set_len(whole).map_err(io_error)?;
            }
            file.seek(SeekFrom::Start(whole)).map_err(io_error)?;
        }
        Ok(DataWriter {
            out: BufWriter::new(file),
            path,
            existing,
        })
    }

    pub fn write(&mut self, records: &[Record]) -> Result<(), DataFileError> {
        for record in records {
            self.out
                .write_all(&record.to_bytes())
                .map_err(|error| DataFileError::Io {
                    path: self.path.clone(),
                    error,
                })?;
        }
        Ok(())
    }

    /// Writes out what is buffered, so the file holds whole records only.
    pub fn flush(&mut self) -> Result<(), DataFileError> {
        self.out.flush().map_err(|error| DataFileError::Io {
            path: self.path.clone(),
            error,
        })
    }
}

/// Reads a data file in chunks.
pub struct DataReader {
    input: BufReader<fs::File>,
    path: PathBuf,
    /// Records in the file.
    pub len: u64,
    next: u64,
}

impl DataReader {
    /// Opens `path` and checks its header and length.
    pub fn open(path: impl AsRef<Path>) -> Result<DataReader, DataFileError> {
        let path = path.as_ref().to_path_buf();
        let io_error = |error| DataFileError::Io {
            path: path.clone(),
            error,
        };
        let data_error = |error| DataFileError::Data {
            path: path.clone(),
            error,
        };
        let mut file = fs::File::open(&path).map_err(io_error)?;
        let bytes = file.metadata().map_err(io_error)?.len();
        if bytes < HEADER_LEN as u64 {
            return Err(data_error(DataError::CutShort { bytes }));
        }
        let mut head = [0u8; HEADER_LEN];
        file.read_exact(&mut head).map_err(io_error)?;
        check_header(&head).map_err(data_error)?;
        if !(bytes - HEADER_LEN as u64).is_multiple_of(RECORD_LEN as u64) {
            return Err(data_error(DataError::CutShort { bytes }));
        }
        Ok(DataReader {
            input: BufReader::new(file),
            len: (bytes - HEADER_LEN as u64) / RECORD_LEN as u64,
            path,
            next: 0,
        })
    }

    /// The next `max` records or fewer; empty at the end of the file.
    pub fn next_chunk(&mut self, max: usize) -> Result<Vec<Record>, DataFileError> {
        let count = (self.len - self.next).min(max as u64) as usize;
        let mut chunk = Vec::with_capacity(count);
        let mut bytes = [0u8; RECORD_LEN];
        for _ in 0..count {
            self.input
                .read_exact(&mut bytes)
                .map_err(|error| DataFileError::Io {
                    path: self.path.clone(),
                    error,
                })?;
            let record = Record::from_bytes(&bytes).map_err(|why| DataFileError::Data {
                path: self.path.clone(),
                error: DataError::BadRecord {
                    index: self.next,
                    why,
                },
            })?;
            chunk.push(record);
            self.next += 1;
        }
        Ok(chunk)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_hold_every_piece_of_a_full_board() {
        for kind in PieceKind::ALL {
            let slots = SLOTS.iter().filter(|&&k| k == kind).count() as u32;
            assert_eq!(slots, kind.max_count(), "{kind:?}");
        }
    }

    #[test]
    fn a_record_reads_back_as_its_position() {
        let pos = Position::startpos();
        let record = Record::new(&pos, -12, true, GameResult::Draw, 7);
        assert_eq!(
            record.fen(),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
        );
        let back = Record::from_bytes(&record.to_bytes()).unwrap();
        assert_eq!(back, record);
        assert_eq!(back.position().unwrap().hash(), pos.hash());
        // The red king on e0.
        assert_eq!(record.squares[0], 4);
    }

    #[test]
    fn bad_bytes_are_refused_not_misread() {
        let good = Record::new(&Position::startpos(), 0, false, GameResult::RedWins, 0).to_bytes();
        let mut off_board = good;
        off_board[3] = 95;
        assert!(Record::from_bytes(&off_board).is_err());
        let mut two_on_one = good;
        two_on_one[2] = two_on_one[1];
        assert!(Record::from_bytes(&two_on_one).is_err());
        let mut result = good;
        result[36] = 3;
        assert!(Record::from_bytes(&result).is_err());
        let mut no_king = good;
        no_king[0] = NO_PIECE;
        assert!(Record::from_bytes(&no_king).is_err());
    }
}
