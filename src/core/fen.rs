//! FEN in and out. Parse the text into pieces first, then validate the
//! position as a whole, so that each mistake gets its own [`FenError`].

use super::attacks::{between, in_palace};
use super::{zobrist, Color, File, Piece, PieceKind, Position, Rank, Square};
use std::fmt;

/// Everything that can be wrong with a FEN, one variant per mistake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    /// The board field does not have ten `/`-separated ranks.
    WrongRankCount {
        found: usize,
    },
    /// One rank does not add up to nine points (`rank` as in ICCS, 9 = Black's back rank).
    BadRankLength {
        rank: usize,
        points: usize,
    },
    UnknownPiece(char),
    BadSideToMove(String),
    BadCounter(String),
    /// More pieces of one kind than a side ever has.
    TooManyPieces {
        piece: char,
        count: u32,
        max: u32,
    },
    MissingKing(Color),
    ExtraKing(Color),
    /// A piece on a point it can never reach (advisor off the palace
    /// diagonals, elephant off its seven points, king outside the palace,
    /// pawn behind its start rank).
    UnreachableSquare {
        piece: char,
        square: Square,
    },
    /// The two kings face each other on an open file.
    KingsFacing,
    /// The side that just moved has left its king in check.
    SideNotToMoveInCheck,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "the FEN is empty"),
            FenError::WrongRankCount { found } => write!(f, "the board has {found} ranks, not 10"),
            FenError::BadRankLength { rank, points } => {
                write!(f, "rank {rank} has {points} points, not 9")
            }
            FenError::UnknownPiece(c) => write!(f, "'{c}' is not a piece letter (KABENHRCP)"),
            FenError::BadSideToMove(s) => write!(f, "side to move '{s}' is not w, r or b"),
            FenError::BadCounter(s) => write!(f, "move counter '{s}' is not a number"),
            FenError::TooManyPieces { piece, count, max } => {
                write!(f, "{count} pieces '{piece}', at most {max} exist")
            }
            FenError::MissingKing(c) => write!(f, "{c:?} has no king"),
            FenError::ExtraKing(c) => write!(f, "{c:?} has more than one king"),
            FenError::UnreachableSquare { piece, square } => {
                write!(f, "piece '{piece}' can never stand on {square}")
            }
            FenError::KingsFacing => write!(f, "the kings face each other on an open file"),
            FenError::SideNotToMoveInCheck => write!(f, "the side not to move is in check"),
        }
    }
}

impl std::error::Error for FenError {}

/// Points that a piece of this kind and colour can ever reach.
pub fn can_stand_on(piece: Piece, sq: Square) -> bool {
    // Everything is checked from Red's side: flip Black's points.
    let red_sq = match piece.color {
        Color::Red => sq,
        Color::Black => sq.flip(),
    };
    let (f, r) = (red_sq.file().index(), red_sq.rank().index());
    match piece.kind {
        PieceKind::King => in_palace(red_sq) && r <= 2,
        PieceKind::Advisor => matches!((f, r), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2)),
        PieceKind::Elephant => {
            matches!(
                (f, r),
                (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
            )
        }
        // Before the river a pawn only walks forward from its start file.
        PieceKind::Pawn => r >= 5 || (r >= 3 && f % 2 == 0),
        PieceKind::Horse | PieceKind::Chariot | PieceKind::Cannon => true,
    }
}

impl Position {
    /// Reads a FEN such as [`Position::START_FEN`]. Accepts `w`/`r`/`b` for the
    /// side, `E`/`H` for elephant/horse, and leaves out the counters if absent.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let board = fields.next().ok_or(FenError::Empty)?;
        let mut pos = Position::empty();

        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::WrongRankCount { found: ranks.len() });
        }
        let mut placed = Vec::with_capacity(32);
        for (row, text) in ranks.iter().enumerate() {
            let rank = 9 - row;
            let mut file = 0usize;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                } else {
                    let piece = Piece::from_letter(c).ok_or(FenError::UnknownPiece(c))?;
                    if file < 9 {
                        placed.push((
                            piece,
                            Square::new(
                                File::new(file as u8).unwrap(),
                                Rank::new(rank as u8).unwrap(),
                            ),
                        ));
                    }
                    file += 1;
                }
            }
            if file != 9 {
                return Err(FenError::BadRankLength { rank, points: file });
            }
        }

        pos.side = match fields.next() {
            None | Some("w") | Some("r") | Some("W") | Some("R") => Color::Red,
            Some("b") | Some("B") => Color::Black,
            Some(other) => return Err(FenError::BadSideToMove(other.to_string())),
        };
        // Castling and en-passant fields are always "-" in Xiangqi; skip them.
        let counters: Vec<&str> = fields.filter(|f| *f != "-").collect();
        let parse_counter = |s: &str| {
            s.parse::<u32>()
                .map_err(|_| FenError::BadCounter(s.to_string()))
        };
        if let Some(h) = counters.first() {
            pos.halfmove_clock = parse_counter(h)?;
        }
        if let Some(n) = counters.get(1) {
            pos.fullmove_number = parse_counter(n)?.max(1);
        }
        if let Some(extra) = counters.get(2) {
            return Err(FenError::BadCounter(extra.to_string()));
        }

        for &(piece, sq) in &placed {
            pos.put(piece, sq);
        }
        pos.hash ^= zobrist::side_key(pos.side);
        pos.validate()?;
        Ok(pos)
    }

    fn validate(&self) -> Result<(), FenError> {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let piece = Piece::new(color, kind);
                let count = self.pieces(color, kind).count();
                if kind == PieceKind::King {
                    if count == 0 {
                        return Err(FenError::MissingKing(color));
                    }
                    if count > 1 {
                        return Err(FenError::ExtraKing(color));
                    }
                } else if count > kind.max_count() {
                    return Err(FenError::TooManyPieces {
                        piece: piece.letter(),
                        count,
                        max: kind.max_count(),
                    });
                }
                if let Some(square) = self
                    .pieces(color, kind)
                    .find(|&sq| !can_stand_on(piece, sq))
                {
                    return Err(FenError::UnreachableSquare {
                        piece: piece.letter(),
                        square,
                    });
                }
            }
        }
        let (red_king, black_king) = (self.king_square(Color::Red), self.king_square(Color::Black));
        if red_king.file() == black_king.file()
            && (between(red_king, black_king) & self.occupied).is_empty()
        {
            return Err(FenError::KingsFacing);
        }
        if self.is_king_attacked(!self.side) {
            return Err(FenError::SideNotToMoveInCheck);
        }
        Ok(())
    }

    /// Writes the position as FEN with the canonical letters (`B`, `N`).
    pub fn to_fen(&self) -> String {
        let fen = board_fen(|sq| self.piece_at(sq));
        let side = if self.side == Color::Red { 'w' } else { 'b' };
        format!(
            "{fen} {side} - - {} {}",
            self.halfmove_clock, self.fullmove_number
        )
    }
}

/// The board field of a FEN (rank 9 first, canonical letters) for whatever
/// stands on each point: a position, or pieces not yet checked as one.
pub fn board_fen(piece_at: impl Fn(Square) -> Option<Piece>) -> String {
    let mut fen = String::with_capacity(90);
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..9u8 {
            let sq = Square::new(File::new(file).unwrap(), Rank::new(rank).unwrap());
            match piece_at(sq) {
                Some(piece) => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(piece.letter());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen
}
