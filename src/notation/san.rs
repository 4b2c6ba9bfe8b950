//! XBoard's move notation for Xiangqi, as it saves games (`Cbe2`, `Hxf9`,
//! `E9e7`, `gxg5`, `Rd9#`): a piece letter (K, A, E, H, R, C; none for a
//! pawn; N and B, P are read as H, E and a pawn too), the file or rank the
//! piece left when more than one could go, `x` for a capture, the square
//! reached with ranks 0-9, and `+` or `#`. Read only: the tools write ICCS,
//! WXF and Chinese.

use super::NotationError;
use crate::core::{File, Move, PieceKind, Position, Rank};

/// The piece a letter names.
fn piece(letter: u8) -> Option<PieceKind> {
    Some(match letter {
        b'K' => PieceKind::King,
        b'A' => PieceKind::Advisor,
        b'E' | b'B' => PieceKind::Elephant,
        b'H' | b'N' => PieceKind::Horse,
        b'R' => PieceKind::Chariot,
        b'C' => PieceKind::Cannon,
        b'P' => PieceKind::Pawn,
        _ => return None,
    })
}

/// A move in XBoard's notation, taken apart.
struct San {
    kind: PieceKind,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to_file: File,
    to_rank: Rank,
}

fn read(text: &str) -> Option<San> {
    let text = text.trim_end_matches(['+', '#', '!', '?']);
    let bytes = text.as_bytes();
    let (kind, rest) = match bytes.first().copied().and_then(piece) {
        Some(kind) => (kind, &bytes[1..]),
        None => (PieceKind::Pawn, bytes),
    };
    let rest: Vec<u8> = rest.iter().copied().filter(|&b| b != b'x').collect();
    let file = |b: u8| File::from_char(b as char).filter(|_| b.is_ascii_lowercase());
    let rank = |b: u8| b.is_ascii_digit().then(|| Rank::new(b - b'0')).flatten();
    let (&to_r, front) = rest.split_last()?;
    let (&to_f, hint) = front.split_last()?;
    let (mut from_file, mut from_rank) = (None, None);
    match hint {
        [] => {}
        [f] if file(*f).is_some() => from_file = file(*f),
        [r] if rank(*r).is_some() => from_rank = rank(*r),
        [f, r] => {
            from_file = Some(file(*f)?);
            from_rank = Some(rank(*r)?);
        }
        _ => return None,
    }
    Some(San {
        kind,
        from_file,
        from_rank,
        to_file: file(to_f)?,
        to_rank: rank(to_r)?,
    })
}

/// Does the text have the shape of a move in XBoard's notation?
pub fn looks_like_san(text: &str) -> bool {
    read(text).is_some()
}

/// The legal move `text` (XBoard's notation) names in `pos`.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let san = read(text).ok_or_else(|| NotationError::BadText(text.to_string()))?;
    let fits: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|mv| {
            let (from, to) = (mv.from(), mv.to());
            pos.piece_at(from).is_some_and(|p| p.kind == san.kind)
                && to.file() == san.to_file
                && to.rank() == san.to_rank
                && san.from_file.is_none_or(|f| from.file() == f)
                && san.from_rank.is_none_or(|r| from.rank() == r)
        })
        .collect();
    match fits.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(NotationError::NoSuchMove(text.to_string())),
        _ => Err(NotationError::Ambiguous(text.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The opening of a game XBoard 4.9.1 saved (chuhan against MaxQi).
    #[test]
    fn reads_a_game_as_xboard_saves_it() {
        let mut pos = Position::startpos();
        let moves = [
            "Cbe2", "Chc7", "Cxe6", "Hg7", "Ce4", "Ca7", "Cd2", "Cab7", "Ce2", "Ra8", "Ci4+",
            "Ece7", "Cxi9", "Ri8", "Cxf9", "Hxf9", "Ha2", "Cb3", "Rb0", "Cxe3+", "Ade1", "Hd8",
            "Hg2", "Ce6", "Rb8", "Ca7", "He3", "Cxe2+", "Egxe2", "Cxa3", "Hf5", "a5", "Rh0", "Eg5",
            "Rh7", "E9e7",
        ];
        let iccs = [
            "b2e2", "h7c7", "e2e6", "h9g7", "e6e4", "b7a7", "h2d2", "a7b7", "d2e2", "a9a8",
        ];
        for (i, text) in moves.iter().enumerate() {
            let mv = parse_san(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            if let Some(expected) = iccs.get(i) {
                assert_eq!(mv.to_string(), *expected, "{text}");
            }
            pos.make(mv);
        }
    }

    #[test]
    fn shapes_and_refusals() {
        for text in ["Cbe2", "a5", "gxg5", "E9e7", "Rgxe8+", "Rd9#", "Nf2"] {
            assert!(looks_like_san(text), "{text}");
        }
        for text in ["C2.5", "H8+7", "Xe2", "Cj2", "h2e", ""] {
            assert!(!looks_like_san(text), "{text}");
        }
        let start = Position::startpos();
        assert_eq!(
            parse_san(&start, "Ce5"),
            Err(NotationError::NoSuchMove("Ce5".into()))
        );
        assert_eq!(
            parse_san(&start, "Re1"),
            Err(NotationError::NoSuchMove("Re1".into()))
        );
        assert_eq!(parse_san(&start, "Ca2"), Ok("b2a2".parse().unwrap()));
        assert_eq!(parse_san(&start, "Hc2"), Ok("b0c2".parse().unwrap()));
    }
}
