//! `Bitboard`: a set of squares, one bit per point in a `u128`.
//!
//! Bit `rank * 9 + file` stands for a square; the 38 high bits are always zero
//! (every operation that could set them masks them off).

use super::{File, Rank, Square};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard((1u128 << 90) - 1);
    /// Red's half of the board, ranks 0-4 (below the river).
    pub const RED_HALF: Bitboard = Bitboard((1u128 << 45) - 1);
    pub const BLACK_HALF: Bitboard = Bitboard(((1u128 << 90) - 1) ^ ((1u128 << 45) - 1));

    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// The nine squares of one rank.
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0x1FFu128 << (rank.index() * 9))
    }

    /// The ten squares of one file.
    pub const fn file(file: File) -> Bitboard {
        let mut bits = 0u128;
        let mut r = 0;
        while r < 10 {
            bits |= 1u128 << (r * 9 + file.index());
            r += 1;
        }
        Bitboard(bits)
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn any(self) -> bool {
        self.0 != 0
    }

    pub const fn has(self, sq: Square) -> bool {
        self.0 & (1u128 << sq.index()) != 0
    }

    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// More than one square set.
    pub const fn has_many(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(
                self.0.trailing_zeros() as usize
            ))
        }
    }

    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | (1u128 << sq.index()))
    }

    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1u128 << sq.index()))
    }

    pub const fn union(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 | other.0)
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Square::from_index_unchecked(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}

impl Sub for Bitboard {
    type Output = Bitboard;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// Complement within the 90 points.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl BitXorAssign for Bitboard {
    #[inline]
    fn bitxor_assign(&mut self, rhs: Bitboard) {
        self.0 ^= rhs.0;
    }
}

impl From<Square> for Bitboard {
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

/// Draws the board as Red sees it: rank 9 on top, `X` for a set point.
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in (0..10u8).rev() {
            for file in 0..9u8 {
                let sq = Square::new(File::new(file).unwrap(), Rank::new(rank).unwrap());
                write!(f, "{}", if self.has(sq) { 'X' } else { '.' })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Builds a bitboard from a picture of the board, rank 9 first, as tests draw
/// them: `X` marks a set point, `.` an empty one; white space is ignored.
#[macro_export]
macro_rules! bitboard {
    ($($row:literal)*) => {{
        let rows: &[&str] = &[$($row),*];
        $crate::core::Bitboard::from_picture(&rows.concat())
    }};
}

impl Bitboard {
    /// See [`bitboard!`]: 90 marks, rank 9 first.
    pub fn from_picture(picture: &str) -> Bitboard {
        let marks: Vec<char> = picture.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(marks.len(), 90, "a board picture has 90 points");
        let mut bb = Bitboard::EMPTY;
        for (i, mark) in marks.iter().enumerate() {
            if *mark == 'X' {
                let rank = 9 - i / 9;
                let file = i % 9;
                bb = bb.with(Square::from_index_unchecked(rank * 9 + file));
            }
        }
        bb
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complement_stays_within_the_board() {
        assert_eq!((!Bitboard::EMPTY).count(), 90);
        assert_eq!(!Bitboard::FULL, Bitboard::EMPTY);
        assert_eq!((Bitboard::RED_HALF | Bitboard::BLACK_HALF), Bitboard::FULL);
    }

    #[test]
    fn iterates_squares_in_order() {
        let bb = Bitboard::from_square(Square::I9) | Bitboard::from_square(Square::A0);
        let squares: Vec<Square> = bb.collect();
        assert_eq!(squares, vec![Square::A0, Square::I9]);
        assert!(bb.has_many());
        assert!(!Bitboard::from_square(Square::E4).has_many());
    }

    #[test]
    fn pictures_place_rank_nine_on_top() {
        let bb = bitboard!(
            "X........"
            "........."
            "........."
            "........."
            "........."
            "........."
            "........."
            "........."
            "........."
            "........X"
        );
        assert_eq!(
            bb,
            Bitboard::from_square(Square::A9) | Bitboard::from_square(Square::I0)
        );
        assert_eq!(Bitboard::file(File::new(4).unwrap()).count(), 10);
        assert_eq!(Bitboard::rank(Rank::new(9).unwrap()).count(), 9);
    }
}
