//! What a search tells its caller: progress reports while it runs
//! ([`Info`], through an [`InfoSink`]) and the [`SearchOutcome`] at the end.

use super::score::Score;
use super::tt::Bound;
use crate::core::Move;
use std::time::Duration;

/// One finished iteration of the main thread.
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration {
    pub depth: i32,
    pub seldepth: usize,
    /// Which principal variation this is (1 = the best; see [`Limits::multipv`](super::Limits::multipv)).
    pub multipv: usize,
    pub score: Score,
    /// `Exact` for a finished iteration; `Lower` (a fail-high) or `Upper` (a
    /// fail-low) when the score fell outside the aspiration window and the
    /// iteration is searched again with a wider one.
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    /// Per mille of the hash table in use.
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

/// The main thread's counts, sent once a second during a long search (see
/// [`super::reporter::PROGRESS_EVERY`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub nodes: u64,
    pub nps: u64,
    pub time: Duration,
    /// Per mille of the hash table in use.
    pub hashfull: u32,
}

/// Progress reports from a running search.
#[derive(Clone, Debug, PartialEq)]
pub enum Info {
    Iteration(Iteration),
    Progress(Progress),
    /// The root move being searched (sent only after the first second).
    CurrMove {
        depth: i32,
        mv: Move,
        number: usize,
    },
}

/// What a search decided.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOutcome {
    /// `None` only when the side to move has no playable move.
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: Score,
    pub depth: i32,
    pub nodes: u64,
    pub time: Duration,
}

/// Receives progress reports on the main search thread.
pub type InfoSink = Box<dyn FnMut(&Info) + Send>;
