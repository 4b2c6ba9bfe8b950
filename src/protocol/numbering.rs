//! How the session numbers the ranks of the moves it reads and writes
//! (`core::Ranks`): 0-9 as UCCI and ICCS do, or 1-10 as the UCI variant
//! GUIs and engines do (Fairy-Stockfish, Cute Chess). A GUI's moves are read
//! in either numbering wherever the position leaves no doubt; the engine
//! answers in the one the `Ranks` option names, or, left at `auto`, in the
//! one the GUI uses.

use super::command::{PositionSpec, Start};
use crate::core::{BadMoveText, FenError, Position, Ranks};
use std::fmt;
use std::str::FromStr;

/// The `Ranks` option.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum RankChoice {
    /// Follow the GUI: 0-9 until it chooses the xiangqi variant by
    /// `UCI_Variant` (1-10, the variant's convention) or sends moves that
    /// read only in the other numbering.
    #[default]
    Auto,
    Fixed(Ranks),
}

/// The choices in the order the option announces them, the default first.
pub const CHOICES: &[&str] = &["auto", "0-9", "1-10"];

impl FromStr for RankChoice {
    type Err = ();

    fn from_str(text: &str) -> Result<RankChoice, ()> {
        match text.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(RankChoice::Auto),
            other => other.parse().map(RankChoice::Fixed).map_err(|_| ()),
        }
    }
}

impl fmt::Display for RankChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RankChoice::Auto => f.write_str("auto"),
            RankChoice::Fixed(ranks) => ranks.fmt(f),
        }
    }
}

/// Why a `position` or `probe` names no position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    BadFen(FenError),
    /// Move `number` (from 1) is no move at all.
    BadMove {
        number: usize,
        error: BadMoveText,
    },
    /// Move `number` is not legal where it is played.
    Illegal {
        number: usize,
        text: String,
    },
    /// The moves fit neither numbering: the error in `ranks`, the one the
    /// session reads in.
    NeitherNumbering {
        error: Box<PositionError>,
        ranks: Ranks,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::BadFen(error) => write!(f, "bad FEN: {error}"),
            PositionError::BadMove { number, error } => write!(f, "move {number} {error}"),
            PositionError::Illegal { number, text } => {
                write!(f, "move {number} '{text}' is illegal in that position")
            }
            PositionError::NeitherNumbering { error, ranks } => write!(
                f,
                "{error} (ranks {ranks}; read with ranks {} the moves do not fit either)",
                ranks.other()
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// The position a `position` or `probe` describes, its moves read in
/// `ranks` or, when they are not all legal so, in the other numbering; with
/// the numbering they were read in. Errors name the move by its number in
/// the list and the numbering it was read in.
pub fn build_position(
    spec: &PositionSpec,
    ranks: Ranks,
) -> Result<(Position, Ranks), PositionError> {
    let start = match &spec.start {
        Start::StartPos => Position::startpos(),
        Start::Fen(fen) => Position::from_fen(fen).map_err(PositionError::BadFen)?,
    };
    let as_said = play(&start, &spec.moves, ranks);
    if as_said.is_ok() {
        return as_said.map(|pos| (pos, ranks));
    }
    match play(&start, &spec.moves, ranks.other()) {
        Ok(pos) => Ok((pos, ranks.other())),
        Err(_) => {
            as_said
                .map(|pos| (pos, ranks))
                .map_err(|error| PositionError::NeitherNumbering {
                    error: Box::new(error),
                    ranks,
                })
        }
    }
}

fn play(start: &Position, moves: &[String], ranks: Ranks) -> Result<Position, PositionError> {
    let mut pos = start.clone();
    for (i, text) in moves.iter().enumerate() {
        let number = i + 1;
        let mv = ranks
            .read(text)
            .map_err(|error| PositionError::BadMove { number, error })?;
        pos.try_play(mv).map_err(|_| PositionError::Illegal {
            number,
            text: text.clone(),
        })?;
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(moves: &[&str]) -> PositionSpec {
        PositionSpec {
            start: Start::StartPos,
            moves: moves.iter().map(|m| m.to_string()).collect(),
        }
    }

    #[test]
    fn a_move_list_is_read_in_the_numbering_it_fits() {
        let (zero, read_as) = build_position(&spec(&["h2e2", "h9g7"]), Ranks::FromOne).unwrap();
        assert_eq!(read_as, Ranks::FromZero);
        let (one, read_as) = build_position(&spec(&["h3e3", "h10g8"]), Ranks::FromZero).unwrap();
        assert_eq!(read_as, Ranks::FromOne);
        assert_eq!(zero, one);
    }

    #[test]
    fn a_list_that_fits_neither_is_refused_in_the_numbering_asked() {
        let e = build_position(&spec(&["h2e2", "h3e3"]), Ranks::FromZero).unwrap_err();
        let PositionError::NeitherNumbering { error, ranks } = &e else {
            panic!("{e:?}");
        };
        assert_eq!(
            **error,
            PositionError::Illegal {
                number: 2,
                text: "h3e3".into()
            }
        );
        assert_eq!(*ranks, Ranks::FromZero);
        let text = e.to_string();
        assert!(
            text.contains("move 2 'h3e3'") && text.contains("ranks 0-9"),
            "{text}"
        );
    }

    #[test]
    fn choices() {
        for text in CHOICES {
            assert_eq!(text.parse::<RankChoice>().unwrap().to_string(), *text);
        }
        assert_eq!(RankChoice::default().to_string(), CHOICES[0]);
        assert!("2-11".parse::<RankChoice>().is_err());
    }
}
