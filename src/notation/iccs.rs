//! ICCS coordinates as they appear in game files: `h2e2`, `H2-E2`, `h2-e2`.

use super::NotationError;
use crate::core::{Move, Position};

/// Does the text have the shape of an ICCS move?
pub fn looks_like_iccs(text: &str) -> bool {
    let b: Vec<u8> = text.bytes().filter(|&c| c != b'-').collect();
    text.len() <= 5
        && b.len() == 4
        && b[0].to_ascii_lowercase().is_ascii_lowercase()
        && (b'a'..=b'i').contains(&b[0].to_ascii_lowercase())
        && b[1].is_ascii_digit()
        && (b'a'..=b'i').contains(&b[2].to_ascii_lowercase())
        && b[3].is_ascii_digit()
}

/// The legal move `text` (ICCS) names in `pos`.
pub fn parse_iccs(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let plain: String = text
        .chars()
        .filter(|&c| c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let mv: Move = plain
        .parse()
        .map_err(|_| NotationError::BadText(text.to_string()))?;
    if pos.is_legal(mv) {
        Ok(mv)
    } else {
        Err(NotationError::NoSuchMove(text.to_string()))
    }
}

/// `mv` in ICCS, lower case as the protocols write it.
pub fn to_iccs(mv: Move) -> String {
    mv.to_string()
}
