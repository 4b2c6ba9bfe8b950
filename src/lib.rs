//! chuhan (楚河, the river on the board): a Xiangqi engine, and the library
//! beneath its binary.
//!
//! # The face
//!
//! What a program built on the library reaches for is named here, at the
//! crate's root: the board ([`Position`], [`Move`], [`Color`], [`Square`],
//! [`Piece`], [`Ranks`] for the two rank numberings), a game's [`GameResult`],
//! the search ([`Engine`], [`Limits`], [`SearchOutcome`], [`Score`]), the
//! evaluation it uses ([`Evaluator`]), the referee ([`RuleSet`],
//! [`judge_game`], [`GameJudgement`]) and game files ([`parse_pgn`],
//! [`Game`]).
//!
//! ```
//! use chuhan::{judge_game, Engine, Limits, Position, RuleSet};
//!
//! // The best move at depth 6 from the start, on one thread.
//! let start = Position::startpos();
//! let limits = Limits { depth: Some(6), ..Limits::default() };
//! let outcome = Engine::new(16, 1).search(&start, limits);
//! let best = outcome.best.expect("the start has moves");
//! assert!(start.is_legal(best));
//!
//! // A chariot that chases an unprotected cannon for ever loses under the
//! // Chinese rules.
//! let fen = "4k3r/9/c8/9/9/9/9/1R7/9/3K5 w - - 0 1";
//! let cycle: Vec<_> = "b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7"
//!     .split(' ')
//!     .map(|m| m.parse().unwrap())
//!     .collect();
//! let ruling = judge_game(&Position::from_fen(fen).unwrap(), &cycle, RuleSet::Chinese).unwrap();
//! assert_eq!(ruling.outcome_name(), "red_loses", "{}", ruling.reason);
//! ```
//!
//! # The rooms, floor by floor
//!
//! Each room uses only the rooms below it. [`random`], [`checksum`],
//! [`signals`] (Ctrl-C, closed pipes) and [`fault`] (the tests' fault hook)
//! at the bottom; [`core`] (the board, move generation, checks, perft);
//! [`rules`] (the referee), [`eval`] and [`notation`]; [`search`] and
//! [`arena`] (how games between engines start and are adjudicated);
//! [`book`], [`analysis`] and [`matchrunner`]; [`learn`] (training data,
//! self-play, the trainers), [`spsa`] (the search's tuning run, over the
//! match runner) and [`protocol`] (the UCCI and UCI loop); [`web`] (the
//! board in the browser, over that loop); [`cli`], the tools. The last
//! three are the binary's: they are public so that tests drive them, and
//! are no library interface.

pub mod analysis;
pub mod arena;
pub mod book;
pub mod checksum;
pub mod cli;
pub mod core;
pub mod eval;
pub mod fault;
pub mod learn;
pub mod matchrunner;
pub mod notation;
pub mod protocol;
pub mod random;
pub mod rules;
pub mod search;
pub mod signals;
pub mod spsa;
pub mod web;

pub use crate::core::{
    Bitboard, Color, FenError, GameResult, Move, Piece, PieceKind, Position, Ranks, Square,
};
pub use crate::eval::Evaluator;
pub use crate::notation::{parse_pgn, Game};
pub use crate::rules::{judge_game, GameJudgement, RuleSet};
pub use crate::search::{Engine, Limits, Score, SearchOutcome};

/// The version, and the git commit when built from a git checkout (see
/// build.rs): at the root, so that the tools and the engine's `id name`
/// name the same build.
pub const VERSION: &str = env!("CHUHAN_VERSION");
