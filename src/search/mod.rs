//! The engine's brain: evaluation, the alpha-beta search, the transposition
//! table, time management and parallel search, behind [`Engine`].

mod alphabeta;
pub mod bench;
pub mod check;
mod engine;
pub mod eval;
pub mod fault;
mod history;
mod limits;
mod movepick;
mod reporter;
pub mod score;
pub mod see;
pub mod skill;
pub mod tt;
pub mod weights;

pub use engine::{
    Engine, Info, InfoSink, Iteration, Progress, SearchControl, SearchHandle, SearchOutcome,
};
pub use limits::{Clock, Limits, TimePlan};
pub use score::Score;
pub use tt::{Bound, TranspositionTable, TtHit};

/// The deepest ply a search line may reach.
pub const MAX_PLY: usize = 128;
