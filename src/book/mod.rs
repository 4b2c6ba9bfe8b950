//! The opening book: our own book format, ElephantEye's `BOOK.DAT`, choosing
//! a book move, and building books from games or from analysis.
//!
//! The engine's entry point is [`BookSettings`], which holds the protocol
//! options and answers `probe(&pos, &banned)`; underneath, [`Books`] opens
//! several files (first hit wins) and [`BookFile`] reads either format.

mod books;
mod builder;
mod choice;
pub mod elephanteye;
mod error;
mod explore;
mod file;
pub mod format;
pub mod key;
mod search_analyst;
mod settings;

pub use books::{BookMove, Books, DEFAULT_BOOK_NAME};
pub use builder::{BookBuilder, GameUse, MoveStats};
pub use choice::{choose, BadRandomness, Randomness};
pub use error::BookError;
pub use explore::{analysis_weight, explore, Analyst, ExploreLimits};
pub use file::{BookFile, BookFormat, WeightedMove, BUILT_IN_BOOK};
pub use format::{write_book, BookEntry};
pub use key::{book_key, BookKey};
pub use search_analyst::SearchAnalyst;
pub use settings::BookSettings;
