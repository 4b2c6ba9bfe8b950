//! The engine's brain: the alpha-beta search, the transposition table,
//! time management and parallel search, behind [`Engine`]. It asks the
//! evaluation ([`crate::eval`]) for its scores and the referee
//! ([`crate::rules`]) for repetition verdicts.

mod alphabeta;
pub mod bench;
mod correction;
mod deepening;
mod endgame;
mod engine;
mod history;
mod info;
mod limits;
mod movepick;
pub mod params;
mod reporter;
pub mod score;
pub mod see;
mod shared;
pub mod skill;
pub mod tt;
mod vote;
pub mod wdl;

pub use engine::{Engine, SearchControl, SearchHandle};
pub use info::{Info, InfoSink, Iteration, Progress, SearchOutcome};
pub use limits::{Clock, Limits, TimePlan};
pub use score::Score;
pub use tt::{Bound, TranspositionTable, TtEntry};

/// The deepest ply a search line may reach.
pub const MAX_PLY: usize = 128;
