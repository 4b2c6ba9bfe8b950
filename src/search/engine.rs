//! The search front door: [`Engine::go`] starts a search on its own threads
//! (Lazy SMP: every thread runs iterative deepening on its own copy of the
//! position, sharing the transposition table and the correction history; at
//! the end the threads vote on the move, see [`super::vote`]) and returns a
//! [`SearchHandle`] for `stop`, `ponderhit` and the result. Progress arrives
//! as [`Info`](super::Info) events through a callback.

use super::alphabeta::Worker;
use super::correction::CorrectionHistory;
use super::deepening::{helper_loop, main_loop, report_of};
use super::history::{Histories, HistoryStore};
use super::info::{Info, InfoSink, SearchOutcome};
use super::limits::Limits;
use super::score::Score;
use super::shared::Shared;
use super::tt::{Bound, TranspositionTable};
use super::vote::{chosen_thread, RootResult};
use crate::core::Position;
use crate::eval::Evaluator;
use crate::rules::RuleSet;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// A running search.
pub struct SearchHandle {
    control: SearchControl,
    thread: Option<JoinHandle<SearchOutcome>>,
}

/// Steers a running search from any thread (cheap to clone), while one
/// thread waits on the [`SearchHandle`] for the outcome.
#[derive(Clone)]
pub struct SearchControl {
    shared: Arc<Shared>,
}

impl SearchControl {
    /// Asks the search to finish now; the result follows within milliseconds.
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// The opponent played the expected move: the clock starts now.
    pub fn ponderhit(&self) {
        self.shared.ponderhit();
    }

    /// Whether the search is still in ponder mode.
    pub fn is_pondering(&self) -> bool {
        self.shared.pondering.load(Ordering::Relaxed)
    }
}

impl SearchHandle {
    /// A control for `stop` and `ponderhit` that other threads may keep.
    pub fn control(&self) -> SearchControl {
        self.control.clone()
    }

    pub fn stop(&self) {
        self.control.stop();
    }

    pub fn ponderhit(&self) {
        self.control.ponderhit();
    }

    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(|t| t.is_finished())
    }

    /// Waits for the result. A panic in the search reaches the caller as
    /// the search's own panic, for it to catch and report.
    pub fn wait(mut self) -> SearchOutcome {
        let thread = self.thread.take().expect("a handle is waited for once");
        thread
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    }
}

/// The engine: a transposition table, the move-ordering histories each
/// search thread keeps across the moves of a game, the correction history
/// they share, and the settings searches run with.
pub struct Engine {
    tt: Arc<TranspositionTable>,
    histories: Arc<HistoryStore>,
    correction: Arc<CorrectionHistory>,
    threads: usize,
    rules: RuleSet,
    move_overhead: Duration,
    evaluator: Evaluator,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(16, 1)
    }
}

/// Search threads get a generous stack: the recursion is deep and frames hold move lists.
const THREAD_STACK: usize = 64 << 20;

impl Engine {
    pub fn new(hash_megabytes: usize, threads: usize) -> Engine {
        Engine {
            tt: Arc::new(TranspositionTable::new(hash_megabytes)),
            histories: Arc::default(),
            correction: Arc::default(),
            threads: threads.max(1),
            rules: RuleSet::default(),
            move_overhead: Duration::from_millis(30),
            evaluator: Evaluator::default(),
        }
    }

    /// Resizes (and so clears) the hash table.
    pub fn set_hash_megabytes(&mut self, megabytes: usize) {
        self.tt = Arc::new(TranspositionTable::new(megabytes));
    }

    pub fn hash_megabytes(&self) -> usize {
        self.tt.megabytes()
    }

    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    pub fn set_rules(&mut self, rules: RuleSet) {
        self.rules = rules;
    }

    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Time kept in reserve for communication on every timed move.
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.move_overhead = overhead;
    }

    /// Chooses the evaluation; the table's stored evaluations belong to the
    /// old one, so it is cleared when the choice changes.
    pub fn set_evaluator(&mut self, evaluator: Evaluator) {
        if evaluator.name() != self.evaluator.name() {
            self.tt.clear();
        }
        self.evaluator = evaluator;
    }

    pub fn evaluator(&self) -> &Evaluator {
        &self.evaluator
    }

    /// Forgets all search results and what the move ordering learned (a new game).
    pub fn clear(&self) {
        self.tt.clear();
        self.histories.clear();
        self.correction.clear();
    }

    pub fn tt(&self) -> &TranspositionTable {
        &self.tt
    }

    /// Starts searching `pos` (whose history the repetition rules read).
    pub fn go(&self, pos: &Position, limits: Limits, sink: InfoSink) -> SearchHandle {
        self.tt.new_search();
        let shared = Arc::new(Shared::new(
            Arc::clone(&self.tt),
            Arc::clone(&self.correction),
            self.evaluator.clone(),
            limits.ponder,
            limits.time_plan(self.move_overhead),
            limits.node_limit(),
        ));
        let threads = self.threads;
        let rules = self.rules;
        let pos = pos.clone();
        let thread_shared = Arc::clone(&shared);
        let histories = Arc::clone(&self.histories);
        let thread = std::thread::Builder::new()
            .name("search-main".into())
            .stack_size(THREAD_STACK)
            .spawn(move || {
                let mut tables = histories.lend(threads);
                let outcome = run_threads(&thread_shared, &mut tables, pos, limits, rules, sink);
                histories.hand_back(tables);
                outcome
            })
            .expect("the search thread starts");
        SearchHandle {
            control: SearchControl { shared },
            thread: Some(thread),
        }
    }

    /// Searches and waits, without progress reports.
    pub fn search(&self, pos: &Position, limits: Limits) -> SearchOutcome {
        self.go(pos, limits, Box::new(|_| {})).wait()
    }
}

/// Runs one search thread per history table, the first one the main thread,
/// and plays the move the threads vote for.
fn run_threads(
    shared: &Shared,
    tables: &mut [Histories],
    pos: Position,
    limits: Limits,
    rules: RuleSet,
    sink: InfoSink,
) -> SearchOutcome {
    let (main_table, helper_tables) = tables
        .split_first_mut()
        .expect("a search has at least one thread");
    std::thread::scope(|scope| {
        let helpers: Vec<_> = helper_tables
            .iter_mut()
            .enumerate()
            .map(|(index, table)| {
                let id = index + 1;
                let (pos, banned, limits) = (pos.clone(), limits.banned.clone(), &limits);
                std::thread::Builder::new()
                    .name(format!("search-{id}"))
                    .stack_size(THREAD_STACK)
                    .spawn_scoped(scope, move || {
                        let mut worker = Worker::new(id, shared, pos, rules, banned, table);
                        helper_loop(&mut worker, limits)
                    })
                    .expect("a helper thread starts")
            })
            .collect();
        let mut worker = Worker::new(0, shared, pos, rules, limits.banned.clone(), main_table);
        worker.set_reporter(sink);
        let (mut outcome, main_result) = main_loop(&mut worker, &limits);
        shared.stop.store(true, Ordering::Relaxed);
        // A helper that died has stopped the search; its panic goes on to
        // the caller.
        let helper_results = helpers.into_iter().filter_map(|helper| {
            helper
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
        // Several lines or a reduced skill level choose among the main
        // thread's own lines, and a search to a given depth (or mate
        // distance) answers with the main thread's result at that depth: a
        // helper that fell behind on a loaded machine must not speak for it.
        // A full-strength search by time or nodes plays the vote.
        let votes = limits.multipv <= 1
            && limits.skill.is_none()
            && limits.depth.is_none()
            && limits.mate.is_none();
        if let Some(main_result) = main_result.filter(|_| votes) {
            let results: Vec<RootResult> =
                std::iter::once(main_result).chain(helper_results).collect();
            let chosen = chosen_thread(&results);
            if chosen != 0 {
                let result = &results[chosen];
                worker.report(&Info::Iteration(report_of(shared, result, 0, Bound::Exact)));
                outcome.best = Some(result.best());
                outcome.ponder = result.pv.get(1).copied();
                outcome.score = Score::from_internal(result.score);
                outcome.depth = result.depth;
            }
        }
        outcome
    })
}
