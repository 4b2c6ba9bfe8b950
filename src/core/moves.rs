//! `Move`: a from-square and a to-square packed into two bytes, written in
//! ICCS coordinates such as `h2e2` (Red's cannon to the centre).

use super::Square;
use std::fmt;
use std::num::NonZeroU16;

/// A move, `from | to << 7`. Never zero because `from != to`, so
/// `Option<Move>` is as small as `Move`.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

const _: () = assert!(std::mem::size_of::<Option<Move>>() == 2);

impl Move {
    /// A move between two different squares (`None` if they are the same).
    pub const fn new(from: Square, to: Square) -> Option<Move> {
        match NonZeroU16::new(from.index() as u16 | (to.index() as u16) << 7) {
            Some(bits) if from.index() != to.index() => Some(Move(bits)),
            _ => None,
        }
    }

    /// For move generators, which never produce `from == to`.
    #[inline]
    pub(crate) const fn new_unchecked(from: Square, to: Square) -> Move {
        debug_assert!(from.index() != to.index());
        // `to << 7` or `from` is non-zero because the two squares differ.
        match NonZeroU16::new(from.index() as u16 | (to.index() as u16) << 7) {
            Some(bits) => Move(bits),
            None => panic!("a move needs two different squares"),
        }
    }

    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_unchecked((self.0.get() & 0x7F) as usize)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0.get() >> 7) as usize)
    }

    /// The packed form, for hash tables and books.
    pub const fn to_u16(self) -> u16 {
        self.0.get()
    }

    /// The inverse of [`Move::to_u16`]; `None` for anything that is not a move.
    pub fn from_u16(bits: u16) -> Option<Move> {
        let from = Square::from_index((bits & 0x7F) as usize)?;
        let to = Square::from_index((bits >> 7) as usize)?;
        Move::new(from, to)
    }

    /// The same move reflected left-right (a <-> i).
    pub const fn mirror(self) -> Move {
        Move::new_unchecked(self.from().mirror(), self.to().mirror())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that is not an ICCS move (`h2e2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMoveText(pub String);

impl fmt::Display for BadMoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a move in ICCS notation (like h2e2)", self.0)
    }
}

impl std::error::Error for BadMoveText {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iccs_text_both_ways() {
        let mv: Move = "h2e2".parse().unwrap();
        assert_eq!(mv.from(), Square::H2);
        assert_eq!(mv.to(), Square::E2);
        assert_eq!(mv.to_string(), "h2e2");
        assert_eq!("H2-E2".parse::<Move>().unwrap(), mv);
        assert_eq!(Move::from_u16(mv.to_u16()), Some(mv));
        assert_eq!(mv.mirror().to_string(), "b2e2");
    }

    #[test]
    fn rejects_non_moves() {
        for text in ["", "h2", "h2h2", "h2e", "z2e2", "h2e2x", "h2ée"] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
    }
}
