//! The two sides: Red moves first and sits on ranks 0-4, Black on ranks 5-9.

use std::ops::Not;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Color {
    Red = 0,
    Black = 1,
}

impl Color {
    pub const NUM: usize = 2;
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction this side's pawns walk, in ranks.
    pub const fn forward(self) -> i8 {
        match self {
            Color::Red => 1,
            Color::Black => -1,
        }
    }

    pub const fn opposite(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
}

impl Not for Color {
    type Output = Color;

    fn not(self) -> Color {
        self.opposite()
    }
}
