//! `chuhan match`: engine-against-engine matches for Xiangqi, driving any
//! UCCI or UCI engine as a separate process, judging games by Xiangqi rules
//! (through [`crate::rules`]), writing PGN and measuring strength (Elo with
//! a confidence interval, LOS, SPRT over game pairs).
//!
//! The layers, one file each: `args` (the command line), `engine` (a process
//! and its protocol), `engine_line` (its output, read as data), `clock`
//! (time controls), `game` (one game and its adjudication), `stats`,
//! `report` (what is printed), `tournament` (schedule and concurrency, PGN
//! out through [`crate::notation`]). Ctrl-C reaches it through
//! [`crate::signals`]; openings and adjudication come from [`crate::arena`].

pub mod args;
pub mod clock;
pub mod engine;
pub mod engine_line;
pub mod game;
pub mod report;
pub mod stats;
pub mod tournament;

pub use args::{parse as parse_args, MatchConfig};
pub use tournament::{run, MatchError, MatchSummary};
