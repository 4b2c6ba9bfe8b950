//! Move notation for game files and GUIs: ICCS coordinates (`h2e2`), WXF
//! (`C2.5`) and Chinese (`炮二平五`), reading and writing each for a given
//! position; XBoard's (`Cbe2`), read only; and PGN game files in any of
//! them, in any of the encodings game files come in (`encoding`).

mod chinese;
mod descriptive;
mod encoding;
mod iccs;
mod pgn;
mod san;
mod wxf;
mod xqf;

pub use chinese::{parse_chinese, to_chinese, Script};
pub use encoding::{decode_text, NotText, TextEncoding, UnknownEncoding};
pub use iccs::{looks_like_iccs, parse_iccs, to_iccs};
pub use pgn::{
    notation_of, parse_pgn, write_annotated_pgn, write_marked_pgn, write_pgn, Annotation, Game,
    PgnError, PgnProblem,
};
pub use wxf::{parse_wxf, to_wxf};
pub use xqf::{is_xqf, read_xqf, XqfError};

use crate::core::{Move, Position};
use std::fmt;
use std::str::FromStr;

/// A notation to read or write.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Notation {
    Iccs,
    Wxf,
    Chinese(Script),
}

/// Why a move text was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Not a move in any notation we read.
    BadText(String),
    /// Well formed, but no legal move here fits it.
    NoSuchMove(String),
    /// Well formed, but more than one legal move fits it.
    Ambiguous(String),
    /// A notation name that is not iccs, wxf, chinese or traditional.
    UnknownNotation(String),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::BadText(t) => {
                write!(
                    f,
                    "'{t}' is not a move in ICCS, WXF, Chinese or XBoard's notation"
                )
            }
            NotationError::NoSuchMove(t) => write!(f, "'{t}' is not a legal move here"),
            NotationError::Ambiguous(t) => write!(f, "'{t}' could be more than one move here"),
            NotationError::UnknownNotation(t) => write!(
                f,
                "unknown notation '{t}' (iccs, wxf, chinese or traditional)"
            ),
        }
    }
}

impl std::error::Error for NotationError {}

impl FromStr for Notation {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Notation, NotationError> {
        match text.to_ascii_lowercase().as_str() {
            "iccs" => Ok(Notation::Iccs),
            "wxf" => Ok(Notation::Wxf),
            "chinese" | "simplified" => Ok(Notation::Chinese(Script::Simplified)),
            "traditional" => Ok(Notation::Chinese(Script::Traditional)),
            _ => Err(NotationError::UnknownNotation(text.to_string())),
        }
    }
}

/// Reads a move in whichever notation it is written: Chinese if it has a
/// character that is not ASCII once full-width forms are narrowed, ICCS if
/// it has that shape, XBoard's (`Cbe2`) if it has that one, WXF otherwise. Chinese editors write WXF and ICCS in
/// full-width characters (`Ｃ２＝５`, `Ｈ２－Ｅ２`), so those are read as
/// their ASCII twins.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let narrow = narrow_full_width(text);
    let result = if !narrow.is_ascii() {
        return parse_chinese(pos, text);
    } else if looks_like_iccs(&narrow) {
        // XBoard's `E9e7` (the elephant on rank 9 to e7) has ICCS's shape.
        parse_iccs(pos, &narrow).or_else(|e| san::parse_san(pos, &narrow).map_err(|_| e))
    } else if san::looks_like_san(&narrow) {
        san::parse_san(pos, &narrow)
    } else {
        parse_wxf(pos, &narrow)
    };
    // An error names the text as the file wrote it.
    result.map_err(|e| match e {
        NotationError::BadText(_) => NotationError::BadText(text.to_string()),
        NotationError::NoSuchMove(_) => NotationError::NoSuchMove(text.to_string()),
        NotationError::Ambiguous(_) => NotationError::Ambiguous(text.to_string()),
        other => other,
    })
}

/// The text with the full-width forms of ASCII (U+FF01 to U+FF5E: `Ｃ`,
/// `２`, `＝`, `＋`, `－`, `．`) and the ideographic space as ASCII; other
/// characters are kept.
pub fn narrow_full_width(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            c => c,
        })
        .collect()
}

/// Writes a legal move of `pos` in `notation`.
pub fn format_move(pos: &Position, mv: Move, notation: Notation) -> String {
    let described = match notation {
        Notation::Iccs => return to_iccs(mv),
        Notation::Wxf => to_wxf(pos, mv),
        Notation::Chinese(script) => to_chinese(pos, mv, script),
    };
    // Only a move from an empty square has no description; fall back to ICCS.
    described.unwrap_or_else(|| to_iccs(mv))
}
