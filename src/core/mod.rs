//! The board vocabulary: squares, pieces, bitboards, moves, positions, legal
//! move generation, whether a move gives check, and perft. No I/O and no
//! search here.

pub mod attacks;
mod bitboard;
mod check;
mod color;
mod fen;
pub mod magic;
mod movegen;
mod moves;
mod perft;
mod piece;
mod position;
mod ranks;
mod result;
mod square;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use check::{gives_check, CheckGuard};
pub use color::Color;
pub use fen::{board_fen, can_stand_on, FenError};
pub use movegen::{GenKind, KingGuard, MoveList, MAX_MOVES};
pub use moves::{BadMoveText, Move};
pub use perft::{divide, divide_each, perft, perft_interruptible, perft_parallel};
pub use piece::{Piece, PieceKind};
pub use position::{IllegalMove, Position, Undo};
pub use ranks::{BadRanks, Ranks};
pub use result::GameResult;
pub use square::{BadSquare, File, Rank, Square};

#[cfg(test)]
mod tests;
