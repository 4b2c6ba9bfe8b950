//! The engine's book options in one place, so the UCCI and UCI front ends
//! only translate option names: UCCI `usebook` / `bookfiles` / `randomness`,
//! UCI `OwnBook` / `BookFile`.

use super::{BookError, BookMove, Books, Randomness};
use crate::core::{Move, Position};
use crate::random::Rng;
use std::path::PathBuf;

#[derive(Clone, Debug)]
pub struct BookSettings {
    enabled: bool,
    paths: Vec<PathBuf>,
    books: Books,
    randomness: Randomness,
    rng: Rng,
}

impl Default for BookSettings {
    fn default() -> BookSettings {
        BookSettings::new()
    }
}

impl BookSettings {
    /// Book on, with the book built into the binary (see
    /// [`Books::default_path`]), randomness none, a clock-seeded generator.
    pub fn new() -> BookSettings {
        let paths: Vec<PathBuf> = Books::default_path().into_iter().collect();
        let (books, _) = Books::open_each(&paths);
        BookSettings {
            enabled: true,
            paths,
            books,
            randomness: Randomness::None,
            rng: Rng::from_time(),
        }
    }

    /// No book files at all (for tests and `usebook false` engines).
    pub fn without_books() -> BookSettings {
        BookSettings {
            enabled: true,
            paths: Vec::new(),
            books: Books::none(),
            randomness: Randomness::None,
            rng: Rng::new(0),
        }
    }

    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// UCCI `usebook`, UCI `OwnBook`.
    pub fn set_enabled(&mut self, enabled: bool) {
        self.enabled = enabled;
    }

    /// UCCI `bookfiles` (`;`-separated), UCI `BookFile`. The files that open
    /// are used; the errors for the others are returned for the front end to
    /// report (as `info string`), and the engine carries on without them.
    pub fn set_files(&mut self, value: &str) -> Vec<BookError> {
        self.paths = Books::parse_list(value);
        let (books, errors) = Books::open_each(&self.paths);
        self.books = books;
        errors
    }

    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    pub fn books(&self) -> &Books {
        &self.books
    }

    /// UCCI `randomness` (none, small, medium, large).
    pub fn set_randomness(&mut self, randomness: Randomness) {
        self.randomness = randomness;
    }

    pub fn randomness(&self) -> Randomness {
        self.randomness
    }

    /// Fixes the generator, for reproducible games.
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// The book move to play in `pos`, never one of `banned` (UCCI
    /// `banmoves`); `None` when the book is off or has nothing here.
    pub fn probe(&mut self, pos: &Position, banned: &[Move]) -> Option<BookMove> {
        if !self.enabled {
            return None;
        }
        self.books
            .probe(pos, banned, self.randomness, &mut self.rng)
    }
}
