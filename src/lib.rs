//! chuhan (楚河, the river on the board): a Xiangqi engine.
//!
//! The crate is layered: [`core`] is the board and its rules of movement.

pub mod adjudication;
pub mod analysis;
pub mod book;
pub mod checksum;
pub mod cli;
pub mod core;
pub mod eval;
pub mod learn;
pub mod matchrunner;
pub mod notation;
pub mod openings;
pub mod protocol;
pub mod random;
pub mod rules;
pub mod search;

pub use crate::core::{Bitboard, Color, FenError, Move, Piece, PieceKind, Position, Ranks, Square};
