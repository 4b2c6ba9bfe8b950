//! The two ways coordinate moves number the ranks. ICCS, UCCI and Pikafish
//! count them 0 to 9 from Red's side (`h2e2`, the central cannon); the UCI
//! variant engines and GUIs (Fairy-Stockfish, Cute Chess) count 1 to 10, as
//! chess does (`h3e3`, the same move).

use super::{BadMoveText, File, Move, Rank, Square};
use std::fmt;
use std::str::FromStr;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Ranks {
    /// `a0` to `i9`: ICCS and UCCI.
    #[default]
    FromZero,
    /// `a1` to `i10`: the UCI variant convention.
    FromOne,
}

impl Ranks {
    pub const fn other(self) -> Ranks {
        match self {
            Ranks::FromZero => Ranks::FromOne,
            Ranks::FromOne => Ranks::FromZero,
        }
    }

    const fn first(self) -> usize {
        match self {
            Ranks::FromZero => 0,
            Ranks::FromOne => 1,
        }
    }

    /// `mv` in this numbering, lower case as the protocols write it.
    pub fn write(self, mv: Move) -> String {
        if self == Ranks::FromZero {
            return mv.to_string();
        }
        let square = |sq: Square| {
            format!(
                "{}{}",
                sq.file().to_char(),
                sq.rank().index() + self.first()
            )
        };
        format!("{}{}", square(mv.from()), square(mv.to()))
    }

    /// Reads a move in this numbering: `h2e2` (or `H2-E2`) counting from
    /// zero, `h3e3` or `a10a9` counting from one.
    pub fn read(self, text: &str) -> Result<Move, BadMoveText> {
        let bad = || BadMoveText(text.to_string());
        let compact: String = text
            .chars()
            .filter(|&c| c != '-')
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let (from, rest) = self.read_square(&compact).ok_or_else(bad)?;
        let (to, rest) = self.read_square(rest).ok_or_else(bad)?;
        if !rest.is_empty() {
            return Err(bad());
        }
        Move::new(from, to).ok_or_else(bad)
    }

    /// A file letter and a rank number from the front of `text`, with what
    /// follows them.
    fn read_square(self, text: &str) -> Option<(Square, &str)> {
        let mut chars = text.chars();
        let file = File::from_char(chars.next()?)?;
        let rest = chars.as_str();
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        // "01" is not a rank in either numbering.
        if digits == 0 || digits > 2 || (digits == 2 && rest.starts_with('0')) {
            return None;
        }
        let number: usize = rest[..digits].parse().ok()?;
        let rank = Rank::new(u8::try_from(number.checked_sub(self.first())?).ok()?)?;
        Some((Square::new(file, rank), &rest[digits..]))
    }

    /// The numbering a text can only be in: one naming rank 0 counts from
    /// zero, one naming rank 10 from one; `None` when it could be either or
    /// neither.
    pub fn only_reading(text: &str) -> Option<Ranks> {
        let zero = Ranks::FromZero.read(text).is_ok();
        let one = Ranks::FromOne.read(text).is_ok();
        match (zero, one) {
            (true, false) => Some(Ranks::FromZero),
            (false, true) => Some(Ranks::FromOne),
            _ => None,
        }
    }
}

/// A move as ICCS and UCCI write it, ranks from zero (the numbering's
/// reader, so that a move's text is read in one place).
impl FromStr for Move {
    type Err = BadMoveText;

    /// Reads `h2e2`; upper case and the `H2-E2` form are accepted too.
    fn from_str(text: &str) -> Result<Move, BadMoveText> {
        Ranks::FromZero.read(text)
    }
}

impl fmt::Display for Ranks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ranks::FromZero => "0-9",
            Ranks::FromOne => "1-10",
        })
    }
}

/// A name that is neither `0-9` nor `1-10`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadRanks(pub String);

impl fmt::Display for BadRanks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a rank numbering (0-9 or 1-10)", self.0)
    }
}

impl std::error::Error for BadRanks {}

impl FromStr for Ranks {
    type Err = BadRanks;

    fn from_str(text: &str) -> Result<Ranks, BadRanks> {
        match text.trim() {
            "0-9" => Ok(Ranks::FromZero),
            "1-10" => Ok(Ranks::FromOne),
            _ => Err(BadRanks(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_move_in_both_numberings() {
        let cannon: Move = "h2e2".parse().unwrap();
        assert_eq!(Ranks::FromZero.write(cannon), "h2e2");
        assert_eq!(Ranks::FromOne.write(cannon), "h3e3");
        assert_eq!(Ranks::FromOne.read("h3e3"), Ok(cannon));
        assert_eq!(Ranks::FromOne.read("H3-E3"), Ok(cannon));
        assert_eq!(Ranks::FromZero.read("h2e2"), Ok(cannon));
        let top: Move = "a9a8".parse().unwrap();
        assert_eq!(Ranks::FromOne.write(top), "a10a9");
        assert_eq!(Ranks::FromOne.read("a10a9"), Ok(top));
    }

    #[test]
    fn every_move_reads_back_in_its_numbering() {
        let moves =
            Square::all().flat_map(|from| Square::all().filter_map(move |to| Move::new(from, to)));
        for mv in moves {
            for ranks in [Ranks::FromZero, Ranks::FromOne] {
                assert_eq!(ranks.read(&ranks.write(mv)), Ok(mv), "{mv} in {ranks}");
            }
            assert_eq!(Ranks::FromZero.write(mv), mv.to_string());
        }
    }

    #[test]
    fn refuses_what_is_no_square_in_the_numbering() {
        for text in ["a10a9", "a1a11", "a01a2", "h2e", "h2e2x", "j2e2", ""] {
            assert!(Ranks::FromZero.read(text).is_err(), "{text}");
        }
        for text in ["a0a1", "a1a11", "a01a2", "h3e", "a100a1"] {
            assert!(Ranks::FromOne.read(text).is_err(), "{text}");
        }
    }

    #[test]
    fn a_rank_0_or_10_tells_the_numbering() {
        assert_eq!(Ranks::only_reading("a0a1"), Some(Ranks::FromZero));
        assert_eq!(Ranks::only_reading("a10a9"), Some(Ranks::FromOne));
        assert_eq!(Ranks::only_reading("h2e2"), None);
        assert_eq!(Ranks::only_reading("zz"), None);
    }

    #[test]
    fn names() {
        for ranks in [Ranks::FromZero, Ranks::FromOne] {
            assert_eq!(ranks.to_string().parse(), Ok(ranks));
        }
        assert!("1-9".parse::<Ranks>().is_err());
    }
}
