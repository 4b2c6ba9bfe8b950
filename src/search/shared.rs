//! The state every search thread shares: the transposition table, the
//! correction history, the evaluation, the stop and ponder flags, the node
//! count, and the clock with its limits.

use super::correction::CorrectionHistory;
use super::limits::TimePlan;
use super::tt::TranspositionTable;
use crate::eval::Evaluator;
use crate::rules::Interrupt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// State the search threads share: the table, the stop flag, node counts and the clock.
pub struct Shared {
    pub tt: Arc<TranspositionTable>,
    /// What the static evaluation gets wrong, as all threads learn it.
    pub correction: Arc<CorrectionHistory>,
    pub evaluator: Evaluator,
    /// Shared with the rules' judge too, which polls it (see [`Shared::interrupt`]).
    pub stop: Arc<AtomicBool>,
    pub pondering: AtomicBool,
    /// While pondering, the search has thought as long as its plan would
    /// have let it since `go`: at `ponderhit` it answers at once, as
    /// Stockfish's does, instead of starting the clock and thinking on.
    pub stop_on_ponderhit: AtomicBool,
    pub nodes: AtomicU64,
    /// When `go` arrived.
    go_time: Instant,
    /// When the clock started: at `go`, or at `ponderhit` for a ponder search.
    start: Mutex<Instant>,
    pub plan: Option<TimePlan>,
    node_limit: Option<u64>,
}

impl Shared {
    /// The state of a search starting now under `plan` and `node_limit`.
    pub fn new(
        tt: Arc<TranspositionTable>,
        correction: Arc<CorrectionHistory>,
        evaluator: Evaluator,
        pondering: bool,
        plan: Option<TimePlan>,
        node_limit: Option<u64>,
    ) -> Shared {
        Shared {
            tt,
            correction,
            evaluator,
            stop: Arc::new(AtomicBool::new(false)),
            pondering: AtomicBool::new(pondering),
            stop_on_ponderhit: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            go_time: Instant::now(),
            start: Mutex::new(Instant::now()),
            plan,
            node_limit,
        }
    }

    /// The opponent played the expected move: the clock starts now and the
    /// search is no longer pondering; a search that has already thought
    /// enough stops at once.
    pub fn ponderhit(&self) {
        if let Ok(mut start) = self.start.lock() {
            *start = Instant::now();
        }
        self.pondering.store(false, Ordering::Relaxed);
        if self.stop_on_ponderhit.load(Ordering::Relaxed) {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    pub fn since_go(&self) -> Duration {
        self.go_time.elapsed()
    }

    /// Time since the clock started (at `go`, or at `ponderhit` for a ponder search).
    pub fn elapsed(&self) -> Duration {
        self.start.lock().map(|s| s.elapsed()).unwrap_or_default()
    }

    /// What cuts a repetition's judgement short: the stop flag, and the
    /// hard time limit unless pondering (a judgement counts no nodes, so
    /// the node budget waits for it).
    pub fn interrupt(&self) -> Interrupt {
        let deadline = match self.plan {
            Some(plan) if !self.pondering.load(Ordering::Relaxed) => self
                .start
                .lock()
                .ok()
                .and_then(|start| start.checked_add(plan.hard)),
            _ => None,
        };
        Interrupt {
            stop: Arc::clone(&self.stop),
            deadline,
        }
    }

    /// Whether the node budget or the hard time limit is spent.
    pub fn out_of_budget(&self) -> bool {
        if self
            .node_limit
            .is_some_and(|limit| self.nodes.load(Ordering::Relaxed) >= limit)
        {
            return true;
        }
        !self.pondering.load(Ordering::Relaxed)
            && self.plan.is_some_and(|plan| self.elapsed() >= plan.hard)
    }
}
