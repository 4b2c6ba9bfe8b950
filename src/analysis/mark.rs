//! How a move is judged by the share of the game's result it gave away:
//! an inaccuracy (`?!`), a mistake (`?`) or a blunder (`??`), with the PGN
//! numeric annotation glyph of each.

use std::fmt;

/// A judgement on a move, from the expected result it lost against the
/// engine's best move (see [`super::review`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// `?!`: [`Mark::INACCURACY`] or more of a point lost.
    Inaccuracy,
    /// `?`: [`Mark::MISTAKE`] or more.
    Mistake,
    /// `??`: [`Mark::BLUNDER`] or more.
    Blunder,
}

impl Mark {
    /// The least expected result lost, in thousandths of a point, of each
    /// mark. With all the pieces on the board and the game level they are
    /// 48, 104 and 258 centipawns by the WDL model (a pawn before the river
    /// is about 50, a horse about 450); with fewer pieces a centipawn
    /// weighs less, and in a game already won or lost next to nothing.
    pub const INACCURACY: i32 = 60;
    pub const MISTAKE: i32 = 130;
    pub const BLUNDER: i32 = 300;

    pub const ALL: [Mark; 3] = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    /// The mark a move earns by losing `loss` thousandths of a point of
    /// expected result, if any.
    pub fn for_loss(loss: i32) -> Option<Mark> {
        match loss {
            l if l >= Mark::BLUNDER => Some(Mark::Blunder),
            l if l >= Mark::MISTAKE => Some(Mark::Mistake),
            l if l >= Mark::INACCURACY => Some(Mark::Inaccuracy),
            _ => None,
        }
    }

    /// The suffix written after the move: `?!`, `?` or `??`.
    pub fn suffix(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The PGN numeric annotation glyph: 6, 2 or 4 (`$6`, `$2`, `$4`).
    pub fn nag_number(self) -> u8 {
        match self {
            Mark::Inaccuracy => 6,
            Mark::Mistake => 2,
            Mark::Blunder => 4,
        }
    }

    /// The word a summary counts it by.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.suffix())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_threshold_starts_its_mark() {
        assert_eq!(Mark::for_loss(Mark::INACCURACY - 1), None);
        assert_eq!(Mark::for_loss(Mark::INACCURACY), Some(Mark::Inaccuracy));
        assert_eq!(Mark::for_loss(Mark::MISTAKE - 1), Some(Mark::Inaccuracy));
        assert_eq!(Mark::for_loss(Mark::MISTAKE), Some(Mark::Mistake));
        assert_eq!(Mark::for_loss(Mark::BLUNDER), Some(Mark::Blunder));
        assert_eq!(Mark::for_loss(5_000), Some(Mark::Blunder));
        assert_eq!(Mark::for_loss(-40), None);
    }
}
