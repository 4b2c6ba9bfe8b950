//! The 90 points of the board: `Square`, `File` and `Rank`.
//!
//! Files `a`..`i` run from Red's left to right, ranks `0`..`9` from Red's back
//! rank to Black's, exactly as ICCS coordinates name them. A square's index is
//! `rank * 9 + file`, which is also its bit in a [`Bitboard`](super::Bitboard).

use std::fmt;
use std::str::FromStr;

/// A file (column), `a` to `i` from Red's left.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct File(u8);

/// A rank (row), `0` (Red's back rank) to `9` (Black's back rank).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl File {
    pub const NUM: usize = 9;

    /// The file with this index (0 = `a`), if it exists.
    pub const fn new(index: u8) -> Option<File> {
        if index < 9 {
            Some(File(index))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file letter, `a`..`i`.
    pub const fn to_char(self) -> char {
        (b'a' + self.0) as char
    }

    pub fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='i' => Some(File(c as u8 - b'a')),
            _ => None,
        }
    }

    /// The same file seen from the other side of the board (a <-> i).
    pub const fn mirror(self) -> File {
        File(8 - self.0)
    }
}

impl Rank {
    pub const NUM: usize = 10;

    /// The rank with this index (0 = Red's back rank), if it exists.
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 10 {
            Some(Rank(index))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn to_char(self) -> char {
        (b'0' + self.0) as char
    }

    pub fn from_char(c: char) -> Option<Rank> {
        match c {
            '0'..='9' => Some(Rank(c as u8 - b'0')),
            _ => None,
        }
    }

    /// The same rank seen from the other side (0 <-> 9).
    pub const fn flip(self) -> Rank {
        Rank(9 - self.0)
    }
}

/// One of the 90 points where pieces stand.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

const _: () = assert!(Square::NUM <= 128, "every square needs a bit of a u128");

macro_rules! named_squares {
    ($($name:ident = $index:expr),* $(,)?) => {
        impl Square {
            $(pub const $name: Square = Square($index);)*
        }
    };
}

named_squares! {
    A0 = 0, B0 = 1, C0 = 2, D0 = 3, E0 = 4, F0 = 5, G0 = 6, H0 = 7, I0 = 8,
    A1 = 9, B1 = 10, C1 = 11, D1 = 12, E1 = 13, F1 = 14, G1 = 15, H1 = 16, I1 = 17,
    A2 = 18, B2 = 19, C2 = 20, D2 = 21, E2 = 22, F2 = 23, G2 = 24, H2 = 25, I2 = 26,
    A3 = 27, B3 = 28, C3 = 29, D3 = 30, E3 = 31, F3 = 32, G3 = 33, H3 = 34, I3 = 35,
    A4 = 36, B4 = 37, C4 = 38, D4 = 39, E4 = 40, F4 = 41, G4 = 42, H4 = 43, I4 = 44,
    A5 = 45, B5 = 46, C5 = 47, D5 = 48, E5 = 49, F5 = 50, G5 = 51, H5 = 52, I5 = 53,
    A6 = 54, B6 = 55, C6 = 56, D6 = 57, E6 = 58, F6 = 59, G6 = 60, H6 = 61, I6 = 62,
    A7 = 63, B7 = 64, C7 = 65, D7 = 66, E7 = 67, F7 = 68, G7 = 69, H7 = 70, I7 = 71,
    A8 = 72, B8 = 73, C8 = 74, D8 = 75, E8 = 76, F8 = 77, G8 = 78, H8 = 79, I8 = 80,
    A9 = 81, B9 = 82, C9 = 83, D9 = 84, E9 = 85, F9 = 86, G9 = 87, H9 = 88, I9 = 89,
}

impl Square {
    pub const NUM: usize = 90;

    pub const fn new(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }

    /// The square with this index (`rank * 9 + file`), if it exists.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Square::NUM {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// For tables and bit loops that already know the index is below 90.
    pub(crate) const fn from_index_unchecked(index: usize) -> Square {
        debug_assert!(index < Square::NUM);
        Square(index as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn file(self) -> File {
        File(self.0 % 9)
    }

    pub const fn rank(self) -> Rank {
        Rank(self.0 / 9)
    }

    /// The square `files` to the right and `ranks` up (towards Black), if on the board.
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        let f = (self.0 % 9) as i8 + files;
        let r = (self.0 / 9) as i8 + ranks;
        if f >= 0 && f < 9 && r >= 0 && r < 10 {
            Some(Square((r * 9 + f) as u8))
        } else {
            None
        }
    }

    /// Left-right mirror image (a <-> i), the board's one symmetry within a side.
    pub const fn mirror(self) -> Square {
        Square::new(self.file().mirror(), self.rank())
    }

    /// The point seen from the other side (rank r <-> 9 - r).
    pub const fn flip(self) -> Square {
        Square::new(self.file(), self.rank().flip())
    }

    /// All 90 squares, a0 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Square::NUM as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A square name that is not `a0`..`i9`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSquare(pub String);

impl fmt::Display for BadSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a square (a0..i9)", self.0)
    }
}

impl std::error::Error for BadSquare {}

impl FromStr for Square {
    type Err = BadSquare;

    fn from_str(text: &str) -> Result<Square, BadSquare> {
        let mut chars = text.chars();
        let (Some(f), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(BadSquare(text.to_string()));
        };
        match (File::from_char(f.to_ascii_lowercase()), Rank::from_char(r)) {
            (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
            _ => Err(BadSquare(text.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        assert_eq!(Square::E0.to_string(), "e0");
        assert_eq!(Square::I9.index(), 89);
        assert!("j0".parse::<Square>().is_err());
        assert!("a10".parse::<Square>().is_err());
        assert!("".parse::<Square>().is_err());
    }

    #[test]
    fn offsets_stay_on_board() {
        assert_eq!(Square::A0.offset(-1, 0), None);
        assert_eq!(Square::A0.offset(1, 1), Some(Square::B1));
        assert_eq!(Square::I9.offset(0, 1), None);
        assert_eq!(Square::C3.mirror(), Square::G3);
        assert_eq!(Square::C3.flip(), Square::C6);
    }
}
