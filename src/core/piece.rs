//! Piece kinds and pieces.
//!
//! FEN letters (Red upper case, Black lower case): `K` king, `A` advisor,
//! `B` or `E` elephant, `N` or `H` horse, `R` chariot, `C` cannon, `P` pawn.

use super::Color;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    King = 0,
    Advisor = 1,
    Elephant = 2,
    Horse = 3,
    Chariot = 4,
    Cannon = 5,
    Pawn = 6,
}

impl PieceKind {
    pub const NUM: usize = 7;
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// How many of this kind each side starts with, the most it can ever have.
    pub const fn max_count(self) -> u32 {
        match self {
            PieceKind::King => 1,
            PieceKind::Pawn => 5,
            _ => 2,
        }
    }

    /// The FEN letter in upper case (the canonical one: `B` and `N`).
    pub const fn letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Chariot => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Pawn => 'P',
        }
    }

    /// The piece's English name, as the rule book's translations and the
    /// referee's reports write it.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Chariot => "chariot",
            PieceKind::Cannon => "cannon",
            PieceKind::Pawn => "pawn",
        }
    }

    /// Reads a FEN letter of either case, with `E` and `H` as alternatives.
    pub fn from_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'K' => PieceKind::King,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Chariot,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Pawn,
            _ => return None,
        })
    }
}

/// A piece: a kind and the side it belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: PieceKind,
}

const _: () = assert!(std::mem::size_of::<Option<Piece>>() == 2);

impl Piece {
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// The FEN letter: upper case for Red.
    pub fn letter(self) -> char {
        match self.color {
            Color::Red => self.kind.letter(),
            Color::Black => self.kind.letter().to_ascii_lowercase(),
        }
    }

    pub fn from_letter(c: char) -> Option<Piece> {
        let kind = PieceKind::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }
}
