//! `Position`: where the pieces stand, whose move it is, and how we got here.
//!
//! Two doors for moves: [`Position::try_play`] checks a move for callers such
//! as the protocol and the book; [`Position::make`] / [`Position::unmake`] are
//! the fast pair for search, and their stack doubles as the game history that
//! repetition detection reads.

use super::attacks::{horse_attackers, KING_STEPS, PAWN_ATTACKERS};
use super::magic::{cannon_attacks, chariot_attacks};
use super::{zobrist, Bitboard, Color, Move, Piece, PieceKind, Square};
use std::fmt;

/// What [`Position::unmake`] needs to take a move back, and what the history of
/// a game records for every ply.
#[derive(Copy, Clone, Debug)]
pub struct Undo {
    /// The move played; `None` for a null move (a pass, only in search).
    pub mv: Option<Move>,
    pub captured: Option<Piece>,
    /// The hash of the position *before* this move.
    pub hash: u64,
    /// The plies-since-capture count before this move.
    pub halfmove_clock: u32,
}

#[derive(Clone)]
pub struct Position {
    pub(super) board: [Option<Piece>; 90],
    pub(super) pieces: [[Bitboard; 7]; 2],
    pub(super) colors: [Bitboard; 2],
    pub(super) occupied: Bitboard,
    pub(super) side: Color,
    pub(super) hash: u64,
    pub(super) halfmove_clock: u32,
    pub(super) fullmove_number: u32,
    pub(super) history: Vec<Undo>,
}

/// A move that the position does not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    pub mv: Move,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move here", self.mv)
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    pub const START_FEN: &'static str =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    /// The standard starting position.
    pub fn startpos() -> Position {
        Position::from_fen(Position::START_FEN).expect("the start position is valid")
    }

    pub(super) fn empty() -> Position {
        Position {
            board: [None; 90],
            pieces: [[Bitboard::EMPTY; 7]; 2],
            colors: [Bitboard::EMPTY; 2],
            occupied: Bitboard::EMPTY,
            side: Color::Red,
            hash: 0,
            halfmove_clock: 0,
            fullmove_number: 1,
            history: Vec::with_capacity(256),
        }
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    #[inline]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.pieces[color.index()][kind.index()]
    }

    /// Every piece of one side.
    #[inline]
    pub fn color_pieces(&self, color: Color) -> Bitboard {
        self.colors[color.index()]
    }

    /// Whether `color` has a piece that can cross the river (a chariot, a
    /// horse, a cannon or a pawn): with advisors and elephants alone a side
    /// can never mate, and where neither side can attack the game is drawn.
    #[inline]
    pub fn can_attack(&self, color: Color) -> bool {
        let p = &self.pieces[color.index()];
        !(p[PieceKind::Chariot.index()]
            | p[PieceKind::Horse.index()]
            | p[PieceKind::Cannon.index()]
            | p[PieceKind::Pawn.index()])
        .is_empty()
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// The Zobrist hash of pieces and side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Plies since the last capture (the 60-move rule counts 120 of them).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Every ply played since the position was set up, oldest first.
    pub fn history(&self) -> &[Undo] {
        &self.history
    }

    /// Forgets the moves played so far (the position stays as it is).
    pub fn clear_history(&mut self) {
        self.history.clear();
    }

    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, PieceKind::King)
            .first()
            .expect("every position has both kings")
    }

    /// The hash computed from scratch, to check the incremental one.
    pub fn compute_hash(&self) -> u64 {
        let mut hash = zobrist::side_key(self.side);
        for sq in self.occupied {
            hash ^= zobrist::piece_key(self.board[sq.index()].expect("occupied"), sq);
        }
        hash
    }

    pub(super) fn put(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = Some(piece);
        self.pieces[piece.color.index()][piece.kind.index()] ^= Bitboard::from_square(sq);
        self.colors[piece.color.index()] ^= Bitboard::from_square(sq);
        self.occupied ^= Bitboard::from_square(sq);
        self.hash ^= zobrist::piece_key(piece, sq);
    }

    fn remove(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = None;
        self.pieces[piece.color.index()][piece.kind.index()] ^= Bitboard::from_square(sq);
        self.colors[piece.color.index()] ^= Bitboard::from_square(sq);
        self.occupied ^= Bitboard::from_square(sq);
        self.hash ^= zobrist::piece_key(piece, sq);
    }

    /// A copy with the piece on `sq` (if any) taken off the board, the same
    /// side to move and no history: for questions such as whether a capture
    /// would still win without that piece.
    pub fn without(&self, sq: Square) -> Position {
        let mut copy = self.clone();
        copy.history.clear();
        if let Some(piece) = copy.board[sq.index()] {
            copy.remove(piece, sq);
        }
        copy
    }

    /// The hash key after the legal move `mv`, without playing it: the
    /// search asks the table for the next node while it does the move's
    /// other work.
    #[inline]
    pub fn hash_after(&self, mv: Move) -> u64 {
        let (from, to) = (mv.from(), mv.to());
        let piece = self.board[from.index()].expect("a move starts on a piece");
        let mut hash = self.hash
            ^ zobrist::side_key(Color::Black)
            ^ zobrist::piece_key(piece, from)
            ^ zobrist::piece_key(piece, to);
        if let Some(victim) = self.board[to.index()] {
            hash ^= zobrist::piece_key(victim, to);
        }
        hash
    }

    /// Plays a move known to be legal (from the move generator). Fast, unchecked.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let (from, to) = (mv.from(), mv.to());
        let piece = self.board[from.index()].expect("a move starts on a piece");
        let captured = self.board[to.index()];
        self.history.push(Undo {
            mv: Some(mv),
            captured,
            hash: self.hash,
            halfmove_clock: self.halfmove_clock,
        });
        match captured {
            Some(victim) => {
                self.remove(victim, to);
                self.halfmove_clock = 0;
            }
            None => self.halfmove_clock += 1,
        }
        self.remove(piece, from);
        self.put(piece, to);
        self.pass_turn();
    }

    /// Takes back the last [`make`](Position::make) or [`make_null`](Position::make_null).
    #[inline]
    pub fn unmake(&mut self) {
        let undo = self
            .history
            .pop()
            .expect("unmake needs a move to take back");
        self.side = !self.side;
        if self.side == Color::Black {
            self.fullmove_number -= 1;
        }
        if let Some(mv) = undo.mv {
            let (from, to) = (mv.from(), mv.to());
            let piece = self.board[to.index()].expect("the moved piece is on its target");
            self.remove(piece, to);
            self.put(piece, from);
            if let Some(victim) = undo.captured {
                self.put(victim, to);
            }
        }
        self.hash = undo.hash;
        self.halfmove_clock = undo.halfmove_clock;
    }

    /// Passes the turn without moving (null-move pruning). Never while in check.
    pub fn make_null(&mut self) {
        self.history.push(Undo {
            mv: None,
            captured: None,
            hash: self.hash,
            halfmove_clock: self.halfmove_clock,
        });
        self.halfmove_clock += 1;
        self.pass_turn();
    }

    fn pass_turn(&mut self) {
        if self.side == Color::Black {
            self.fullmove_number += 1;
        }
        self.side = !self.side;
        self.hash ^= zobrist::side_key(Color::Black);
    }

    /// Plays `mv` if it is legal here; the checked door for protocol and tools.
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_legal(mv) {
            self.make(mv);
            Ok(())
        } else {
            Err(IllegalMove { mv })
        }
    }

    /// Pieces of `by` that attack `sq` with the board occupied as `occupied`
    /// (the king by its palace steps; see [`Position::checkers`] for the
    /// flying-general rule, which only ever concerns the other king).
    #[inline]
    pub fn attackers_with(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let p = &self.pieces[by.index()];
        (chariot_attacks(sq, occupied) & p[PieceKind::Chariot.index()])
            | (cannon_attacks(sq, occupied) & p[PieceKind::Cannon.index()])
            | (horse_attackers(sq, occupied) & p[PieceKind::Horse.index()])
            | (PAWN_ATTACKERS[by.index()][sq.index()] & p[PieceKind::Pawn.index()])
            | (KING_STEPS[sq.index()] & p[PieceKind::King.index()])
    }

    /// Pieces of `by` that attack `sq` now.
    #[inline]
    pub fn attackers(&self, sq: Square, by: Color) -> Bitboard {
        self.attackers_with(sq, by, self.occupied)
    }

    /// Enemy pieces giving check to `color`'s king, the enemy king included
    /// when it faces ours down an open file (the flying-general rule).
    #[inline]
    pub fn king_attackers(&self, color: Color) -> Bitboard {
        let king = self.king_square(color);
        let enemy_king = self.pieces(!color, PieceKind::King);
        self.attackers(king, !color) | (chariot_attacks(king, self.occupied) & enemy_king)
    }

    /// Enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.king_attackers(self.side)
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers().any()
    }

    /// Whether `color`'s king stands attacked (used to validate set-up positions).
    pub fn is_king_attacked(&self, color: Color) -> bool {
        self.king_attackers(color).any()
    }
}

impl PartialEq for Position {
    /// Same pieces on the same points and the same side to move (history aside).
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board && self.side == other.side
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}
