//! The opening book: our own book format, ElephantEye's `BOOK.DAT`, choosing
//! a book move, and building books from games or from analysis.

pub mod elephanteye;
mod error;
mod file;
pub mod format;
pub mod key;

pub use error::BookError;
pub use file::{BookFile, BookFormat, Candidate};
pub use format::BookEntry;
pub use key::{book_key, BookKey};
