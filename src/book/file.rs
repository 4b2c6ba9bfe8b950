//! One opened book file of either format, and the moves it knows for a
//! position (looking at the left-right mirror image too).

use super::format::{self, BookEntry};
use super::{elephanteye, key, BookError};
use crate::core::{Move, Position};
use std::path::{Path, PathBuf};

/// Which key function and move encoding the file uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BookFormat {
    /// Our own format (see `format.rs`).
    Chuhan,
    /// ElephantEye's `BOOK.DAT` (see `elephanteye.rs`).
    ElephantEye,
}

/// A book held in memory, entries sorted by key.
#[derive(Clone, Debug)]
pub struct BookFile {
    path: PathBuf,
    format: BookFormat,
    entries: Vec<BookEntry>,
}

/// A move the book offers, with its weight.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WeightedMove {
    pub mv: Move,
    pub weight: u16,
}

/// What `bookfiles` / `BookFile` (and `chuhan book probe`) call the book
/// built into the binary, the engine's default.
pub const BUILT_IN_BOOK: &str = "<built-in>";

/// The shipped book (`book/chuhan.book`, see `book/README`), inside the
/// binary: an installed engine has its book wherever it is copied, not
/// only beside the checkout it was built from.
static BUILT_IN_BYTES: &[u8] = include_bytes!("../../book/chuhan.book");

impl BookFile {
    /// Reads a book file; the format is recognised from its contents.
    /// [`BUILT_IN_BOOK`] names the book built into the binary.
    pub fn open(path: impl AsRef<Path>) -> Result<BookFile, BookError> {
        let path = path.as_ref();
        if path == Path::new(BUILT_IN_BOOK) {
            return BookFile::from_bytes(path, BUILT_IN_BYTES);
        }
        let bytes = std::fs::read(path).map_err(|error| BookError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        BookFile::from_bytes(path, &bytes)
    }

    /// Reads a book from memory; `path` only names it in errors.
    pub fn from_bytes(path: &Path, bytes: &[u8]) -> Result<BookFile, BookError> {
        let (format, entries) = if bytes.starts_with(format::MAGIC) {
            (BookFormat::Chuhan, format::parse_book(path, bytes)?)
        } else if looks_like_elephanteye(bytes) {
            if !bytes.len().is_multiple_of(8) {
                return Err(BookError::Truncated {
                    path: path.to_path_buf(),
                    expected: bytes.len().next_multiple_of(8) as u64,
                    actual: bytes.len() as u64,
                });
            }
            (BookFormat::ElephantEye, parse_elephanteye(path, bytes)?)
        } else {
            return Err(BookError::UnknownFormat {
                path: path.to_path_buf(),
                len: bytes.len() as u64,
            });
        };
        if let Some(n) = entries.windows(2).position(|w| w[0].key > w[1].key) {
            return Err(BookError::Unsorted {
                path: path.to_path_buf(),
                entry: n as u64 + 1,
            });
        }
        Ok(BookFile {
            path: path.to_path_buf(),
            format,
            entries,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn format(&self) -> BookFormat {
        self.format
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn key(&self, pos: &Position, mirrored: bool) -> u64 {
        match self.format {
            BookFormat::Chuhan => key::book_key(pos, mirrored),
            BookFormat::ElephantEye => elephanteye::lock(pos, mirrored) as u64,
        }
    }

    fn entries_for(&self, key: u64) -> &[BookEntry] {
        let start = self.entries.partition_point(|e| e.key < key);
        let end = start + self.entries[start..].partition_point(|e| e.key == key);
        &self.entries[start..end]
    }

    /// The legal moves the book holds for `pos`, as played in `pos`. The
    /// position itself is looked up first, then its mirror image (whose moves
    /// are mirrored back). Moves that are not legal here (a key collision or a
    /// bad book) are dropped.
    pub fn candidates(&self, pos: &Position) -> Vec<WeightedMove> {
        for mirrored in [false, true] {
            let entries = self.entries_for(self.key(pos, mirrored));
            if entries.is_empty() {
                continue;
            }
            let mut found: Vec<WeightedMove> = Vec::with_capacity(entries.len());
            for e in entries {
                let mv = if mirrored { e.mv.mirror() } else { e.mv };
                if pos.is_legal(mv) && found.iter().all(|c| c.mv != mv) {
                    found.push(WeightedMove {
                        mv,
                        weight: e.weight,
                    });
                }
            }
            if !found.is_empty() {
                return found;
            }
        }
        Vec::new()
    }
}

/// ElephantEye books have no header: 8-byte records whose first move decodes
/// to a move on the board. (A length that is not a multiple of 8 is then a
/// truncated book.)
fn looks_like_elephanteye(bytes: &[u8]) -> bool {
    bytes.len() >= 8 && elephanteye::decode_move(u16::from_le_bytes([bytes[4], bytes[5]])).is_some()
}

fn parse_elephanteye(path: &Path, bytes: &[u8]) -> Result<Vec<BookEntry>, BookError> {
    bytes
        .chunks_exact(8)
        .enumerate()
        .map(|(n, raw)| {
            let lock = u32::from_le_bytes(raw[0..4].try_into().expect("4 bytes"));
            let bits = u16::from_le_bytes([raw[4], raw[5]]);
            let weight = u16::from_le_bytes([raw[6], raw[7]]);
            let mv = elephanteye::decode_move(bits).ok_or(BookError::BadMove {
                path: path.to_path_buf(),
                entry: n as u64,
                bits,
            })?;
            Ok(BookEntry {
                key: lock as u64,
                mv,
                weight,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Move;

    fn after(moves: &[&str]) -> Position {
        let mut pos = Position::startpos();
        for mv in moves {
            pos.try_play(mv.parse::<Move>().unwrap()).unwrap();
        }
        pos
    }

    /// A small `BOOK.DAT` written by our own writer: three first moves and
    /// replies to the right-wing central cannon only.
    fn small_elephanteye_bytes() -> Vec<u8> {
        let (start, cannon) = (Position::startpos(), after(&["h2e2"]));
        let mv = |text: &str| text.parse::<Move>().unwrap();
        let moves = [
            (&start, mv("h2e2"), 60),
            (&start, mv("h0g2"), 25),
            (&start, mv("c3c4"), 15),
            (&cannon, mv("h9g7"), 70),
            (&cannon, mv("b9c7"), 20),
            (&cannon, mv("g6g5"), 10),
        ];
        let mut bytes = Vec::new();
        elephanteye::write_book(&mut bytes, moves).unwrap();
        bytes
    }

    /// ElephantEye's own book where it lies beside the checkout (never in
    /// this repository); `None`, with a note, elsewhere.
    fn real_elephanteye_bytes() -> Option<Vec<u8>> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/books/BOOK.DAT");
        let bytes = std::fs::read(&path).ok();
        if bytes.is_none() {
            eprintln!(
                "note: {} is absent; checked on our own book only",
                path.display()
            );
        }
        bytes
    }

    fn elephanteye_books() -> Vec<BookFile> {
        let path = Path::new("BOOK.DAT");
        std::iter::once(small_elephanteye_bytes())
            .chain(real_elephanteye_bytes())
            .map(|bytes| BookFile::from_bytes(path, &bytes).expect("the book reads"))
            .collect()
    }

    #[test]
    fn our_elephanteye_book_is_read_as_one() {
        let book =
            BookFile::from_bytes(Path::new("small.dat"), &small_elephanteye_bytes()).unwrap();
        assert_eq!(book.format(), BookFormat::ElephantEye);
        assert_eq!(book.len(), 6);
        let weights: Vec<(String, u16)> = book
            .candidates(&Position::startpos())
            .iter()
            .map(|c| (c.mv.to_string(), c.weight))
            .collect();
        assert_eq!(weights.len(), 3);
        for expected in [("h2e2", 60), ("h0g2", 25), ("c3c4", 15)] {
            assert!(
                weights.contains(&(expected.0.to_string(), expected.1)),
                "{weights:?}"
            );
        }
    }

    #[test]
    fn one_wing_of_a_mirror_pair_is_stored_and_the_other_found_through_it() {
        for book in elephanteye_books() {
            let (right, left) = (after(&["h2e2"]), after(&["b2e2"]));
            let stored = |pos: &Position| !book.entries_for(book.key(pos, false)).is_empty();
            // Exactly one of the two is in the file under its own lock ...
            assert!(stored(&right) != stored(&left));
            // ... and both have the same number of replies, mirrored.
            let r = book.candidates(&right);
            let l = book.candidates(&left);
            assert!(!r.is_empty());
            assert_eq!(r.len(), l.len());
            assert!(r.iter().all(|c| l
                .iter()
                .any(|d| d.mv == c.mv.mirror() && d.weight == c.weight)));
        }
    }

    #[test]
    fn a_truncated_elephanteye_book_is_an_error() {
        let path = Path::new("BOOK.DAT");
        for bytes in std::iter::once(small_elephanteye_bytes()).chain(real_elephanteye_bytes()) {
            let err = BookFile::from_bytes(path, &bytes[..bytes.len() - 3]).unwrap_err();
            assert!(matches!(err, BookError::Truncated { .. }), "{err}");
            // Records misaligned by half a record (bytes lost at the start):
            // the locks come out of order or the moves undecodable, either
            // way an error rather than a silent misread.
            let mut shifted = bytes[4..].to_vec();
            shifted.extend_from_slice(&bytes[..4]);
            assert!(BookFile::from_bytes(path, &shifted).is_err());
        }
    }
}
