//! Several book files consulted in order, first hit wins: the engine's face
//! of the book. Every move it returns is legal and not banned.

use super::choice::{choose, Randomness};
use super::file::BUILT_IN_BOOK;
use super::{BookError, BookFile, WeightedMove};
use crate::core::{Move, Position};
use crate::random::Rng;
use std::fmt;
use std::path::{Path, PathBuf};

/// The file name of the book `chuhan book build` writes by default.
pub const DEFAULT_BOOK_NAME: &str = "chuhan.book";

/// The move the book chose, and where it came from (for the `info` line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    pub weight: u16,
    /// The sum of the weights of all moves the book offered here.
    pub total_weight: u32,
    /// How many moves the book offered (after legality and bans).
    pub choices: usize,
    pub file: PathBuf,
}

impl fmt::Display for BookMove {
    /// `h2e2 weight 120/300 of 5 moves from book/chuhan.book`, meant for an
    /// `info string` line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} weight {}/{} of {} moves from {}",
            self.mv,
            self.weight,
            self.total_weight,
            self.choices,
            self.file.display()
        )
    }
}

/// Open books, consulted in the order given.
#[derive(Clone, Debug, Default)]
pub struct Books {
    files: Vec<BookFile>,
}

impl Books {
    /// No books: every probe misses.
    pub fn none() -> Books {
        Books::default()
    }

    /// Opens every file; the first that fails is the error.
    pub fn open<P: AsRef<Path>>(paths: &[P]) -> Result<Books, BookError> {
        let files = paths
            .iter()
            .map(BookFile::open)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Books { files })
    }

    /// Opens what it can and reports the rest, so one bad file among several
    /// does not cost the engine its other books.
    pub fn open_each<P: AsRef<Path>>(paths: &[P]) -> (Books, Vec<BookError>) {
        let mut books = Books::none();
        let mut errors = Vec::new();
        for path in paths {
            match BookFile::open(path) {
                Ok(file) => books.files.push(file),
                Err(e) => errors.push(e),
            }
        }
        (books, errors)
    }

    /// Splits UCCI's `bookfiles` value (`a.book;b.dat`), skipping empty parts.
    pub fn parse_list(value: &str) -> Vec<PathBuf> {
        value
            .split(';')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(PathBuf::from)
            .collect()
    }

    /// The book the engine uses when none is named: the one built into the
    /// binary, [`BUILT_IN_BOOK`] (a name [`BookFile::open`] reads). Always
    /// `Some`; an `Option` for the callers that may have no book.
    pub fn default_path() -> Option<PathBuf> {
        Some(PathBuf::from(BUILT_IN_BOOK))
    }

    pub fn files(&self) -> &[BookFile] {
        &self.files
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The legal, unbanned moves of the first book that has any for `pos`.
    pub fn candidates(
        &self,
        pos: &Position,
        banned: &[Move],
    ) -> Option<(&BookFile, Vec<WeightedMove>)> {
        self.files.iter().find_map(|file| {
            let mut found = file.candidates(pos);
            found.retain(|c| !banned.contains(&c.mv) && c.weight > 0);
            (!found.is_empty()).then_some((file, found))
        })
    }

    /// A book move for `pos`, never one of `banned`, or `None` out of book.
    pub fn probe(
        &self,
        pos: &Position,
        banned: &[Move],
        randomness: Randomness,
        rng: &mut Rng,
    ) -> Option<BookMove> {
        let (file, found) = self.candidates(pos, banned)?;
        let chosen = choose(&found, randomness, rng)?;
        Some(BookMove {
            mv: chosen.mv,
            weight: chosen.weight,
            total_weight: found.iter().map(|c| c.weight as u32).sum(),
            choices: found.len(),
            file: file.path().to_path_buf(),
        })
    }
}
