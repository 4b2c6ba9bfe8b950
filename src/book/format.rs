//! chuhan's own book file format, version 1 (all integers little-endian):
//!
//! ```text
//! offset 0   8 bytes  magic "CHUHANBK"
//! offset 8   u16      format version (1)
//! offset 10  u16      reserved, 0
//! offset 12  u32      number of entries n
//! offset 16  n entries of 12 bytes, sorted by (key, move):
//!            u64 key     book key of the position (see `key.rs`), or of its
//!                        mirror image when that key is smaller
//!            u16 move    from | to << 7, squares numbered rank * 9 + file
//!                        (a0 = 0, i0 = 8, a9 = 81), in the keyed position
//!            u16 weight  larger is better; 0 is kept but never chosen
//! ```
//!
//! Each position is stored once for itself and its left-right mirror image:
//! under the smaller of the two keys, with the move as it is played in the
//! position that key belongs to.

use super::BookError;
use crate::core::{Move, Square};
use std::io::{self, Write};
use std::path::Path;

pub const MAGIC: &[u8; 8] = b"CHUHANBK";
pub const VERSION: u16 = 1;
pub const HEADER_LEN: usize = 16;
pub const ENTRY_LEN: usize = 12;

/// One book move: in the position with `key`, play `mv`, liked by `weight`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    pub key: u64,
    pub mv: Move,
    pub weight: u16,
}

/// The move as the file stores it (independent of `Move`'s own packing).
pub fn encode_move(mv: Move) -> u16 {
    (mv.from().index() | mv.to().index() << 7) as u16
}

pub fn decode_move(bits: u16) -> Option<Move> {
    let from = Square::from_index((bits & 0x7F) as usize)?;
    let to = Square::from_index((bits >> 7) as usize)?;
    Move::new(from, to)
}

/// Writes a book; the entries are sorted here, so any order will do.
pub fn write_book<W: Write>(out: &mut W, entries: &[BookEntry]) -> io::Result<()> {
    let mut sorted = entries.to_vec();
    sorted.sort_by_key(|e| (e.key, encode_move(e.mv)));
    let count = u32::try_from(sorted.len())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "too many book entries"))?;
    out.write_all(MAGIC)?;
    out.write_all(&VERSION.to_le_bytes())?;
    out.write_all(&0u16.to_le_bytes())?;
    out.write_all(&count.to_le_bytes())?;
    for e in &sorted {
        out.write_all(&e.key.to_le_bytes())?;
        out.write_all(&encode_move(e.mv).to_le_bytes())?;
        out.write_all(&e.weight.to_le_bytes())?;
    }
    Ok(())
}

/// Reads the entries of a file that starts with [`MAGIC`].
pub fn parse_book(path: &Path, bytes: &[u8]) -> Result<Vec<BookEntry>, BookError> {
    let path = || path.to_path_buf();
    if bytes.len() < HEADER_LEN {
        return Err(BookError::Truncated {
            path: path(),
            expected: HEADER_LEN as u64,
            actual: bytes.len() as u64,
        });
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != VERSION {
        return Err(BookError::UnsupportedVersion {
            path: path(),
            version,
        });
    }
    let count = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]) as u64;
    let expected = HEADER_LEN as u64 + count * ENTRY_LEN as u64;
    if (bytes.len() as u64) < expected {
        return Err(BookError::Truncated {
            path: path(),
            expected,
            actual: bytes.len() as u64,
        });
    }
    let mut entries = Vec::with_capacity(count as usize);
    for (n, raw) in bytes[HEADER_LEN..expected as usize]
        .chunks_exact(ENTRY_LEN)
        .enumerate()
    {
        let key = u64::from_le_bytes(raw[0..8].try_into().expect("8 bytes"));
        let bits = u16::from_le_bytes([raw[8], raw[9]]);
        let weight = u16::from_le_bytes([raw[10], raw[11]]);
        let mv = decode_move(bits).ok_or(BookError::BadMove {
            path: path(),
            entry: n as u64,
            bits,
        })?;
        entries.push(BookEntry { key, mv, weight });
    }
    Ok(entries)
}
