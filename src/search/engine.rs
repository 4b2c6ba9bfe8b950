//! The search front door: [`Engine::go`] starts a search on its own threads
//! (Lazy SMP: every thread runs iterative deepening on its own copy of the
//! position, sharing the transposition table) and returns a
//! [`SearchHandle`] for `stop`, `ponderhit` and the result. Progress arrives
//! as [`Info`] events through a callback.

use super::alphabeta::Worker;
use super::limits::{Limits, TimePlan};
use super::score::{is_mate, Score, INFINITE, MATE};
use super::skill::Candidate;
use super::tt::{Bound, TranspositionTable};
use super::MAX_PLY;
use crate::core::{Move, Position};
use crate::rules::RuleSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// One finished iteration of the main thread.
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration {
    pub depth: i32,
    pub seldepth: usize,
    /// Which principal variation this is (1 = the best; see [`Limits::multipv`]).
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

/// State the search threads share: the table, the stop flag, node counts and the clock.
pub struct Shared {
    pub tt: Arc<TranspositionTable>,
    pub stop: AtomicBool,
    pub pondering: AtomicBool,
    pub nodes: AtomicU64,
    /// When `go` arrived.
    go_time: Instant,
    /// When the clock started: at `go`, or at `ponderhit` for a ponder search.
    start: Mutex<Instant>,
    plan: Option<TimePlan>,
    node_limit: Option<u64>,
}

impl Shared {
    pub fn since_go(&self) -> Duration {
        self.go_time.elapsed()
    }

    /// Time since the clock started (at `go`, or at `ponderhit` for a ponder search).
    pub fn elapsed(&self) -> Duration {
        self.start.lock().map(|s| s.elapsed()).unwrap_or_default()
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
        if let Ok(mut start) = self.shared.start.lock() {
            *start = Instant::now();
        }
        self.shared.pondering.store(false, Ordering::Relaxed);
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

/// The engine: a transposition table and the settings searches run with.
pub struct Engine {
    tt: Arc<TranspositionTable>,
    threads: usize,
    rules: RuleSet,
    move_overhead: Duration,
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
            threads: threads.max(1),
            rules: RuleSet::default(),
            move_overhead: Duration::from_millis(30),
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

    /// Forgets all search results (a new game).
    pub fn clear(&self) {
        self.tt.clear();
    }

    pub fn tt(&self) -> &TranspositionTable {
        &self.tt
    }

    /// Starts searching `pos` (whose history the repetition rules read).
    pub fn go(&self, pos: &Position, limits: Limits, sink: InfoSink) -> SearchHandle {
        self.tt.new_search();
        let shared = Arc::new(Shared {
            tt: Arc::clone(&self.tt),
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(limits.ponder),
            nodes: AtomicU64::new(0),
            go_time: Instant::now(),
            start: Mutex::new(Instant::now()),
            plan: limits.time_plan(self.move_overhead),
            node_limit: limits.node_limit(),
        });
        let threads = self.threads;
        let rules = self.rules;
        let pos = pos.clone();
        let thread_shared = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("search-main".into())
            .stack_size(THREAD_STACK)
            .spawn(move || run_threads(&thread_shared, pos, limits, rules, threads, sink))
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

fn run_threads(
    shared: &Shared,
    pos: Position,
    limits: Limits,
    rules: RuleSet,
    threads: usize,
    sink: InfoSink,
) -> SearchOutcome {
    std::thread::scope(|scope| {
        for id in 1..threads {
            let (pos, banned, limits) = (pos.clone(), limits.banned.clone(), &limits);
            std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(THREAD_STACK)
                .spawn_scoped(scope, move || {
                    let mut worker = Worker::new(id, shared, pos, rules, banned);
                    helper_loop(&mut worker, limits);
                })
                .expect("a helper thread starts");
        }
        let mut worker = Worker::new(0, shared, pos, rules, limits.banned.clone());
        worker.set_reporter(sink);
        let outcome = main_loop(&mut worker, &limits);
        shared.stop.store(true, Ordering::Relaxed);
        outcome
    })
}

fn max_depth(limits: &Limits) -> i32 {
    limits
        .depth_limit()
        .unwrap_or(MAX_PLY as i32 - 8)
        .clamp(1, MAX_PLY as i32 - 8)
}

/// Helpers deepen on their own, half of them one ply ahead, to spread the tree.
fn helper_loop(worker: &mut Worker, limits: &Limits) {
    let mut score = 0;
    for depth in 1 + (worker.id as i32 % 2)..=max_depth(limits) {
        score = aspiration(worker, depth, None, score);
        if worker.stopped {
            break;
        }
    }
}

/// One iteration with an aspiration window around the last score. Each
/// failed window is reported as a bound of principal variation `shown_line`
/// (0 = the best), if the main thread shows that line.
fn aspiration(worker: &mut Worker, depth: i32, shown_line: Option<usize>, previous: i32) -> i32 {
    if depth < 5 || is_mate(previous) {
        return worker.search_root(-INFINITE, INFINITE, depth);
    }
    let mut window = 20;
    let (mut alpha, mut beta) = (previous - window, previous + window);
    loop {
        let score = worker.search_root(alpha, beta, depth);
        if worker.stopped {
            return score;
        }
        let bound = Bound::of(score, alpha, beta);
        if let Some(line) = shown_line.filter(|_| bound != Bound::Exact) {
            let report = iteration(worker, depth, line, score, bound);
            worker.report(&Info::Iteration(report));
        }
        if score <= alpha {
            beta = (alpha + beta) / 2;
            alpha = (score - window).max(-INFINITE);
        } else if score >= beta {
            beta = (score + window).min(INFINITE);
        } else {
            return score;
        }
        window += window / 2 + 10;
    }
}

fn main_loop(worker: &mut Worker, limits: &Limits) -> SearchOutcome {
    let shared = worker.shared();
    let root_moves = worker.root_moves();
    let mut outcome = SearchOutcome {
        best: root_moves.first().copied(),
        ponder: None,
        score: Score::Cp(0),
        depth: 0,
        nodes: 0,
        time: Duration::ZERO,
    };
    let timed = limits.clock.is_some() || limits.move_time.is_some();
    let shown = limits.multipv.clamp(1, root_moves.len().max(1));
    // A reduced skill level searches a few more lines than it shows, to choose from.
    let lines = limits
        .skill
        .map_or(shown, |skill| skill.candidates().max(shown))
        .min(root_moves.len().max(1));
    // The last score of each principal variation, for its aspiration window.
    let mut scores = vec![0; lines];
    // The last fully searched result of each line, for the skill level's choice.
    let mut finished: Vec<Option<Candidate>> = vec![None; lines];
    let mut stable_iterations = 0;
    if !root_moves.is_empty() {
        'deepening: for depth in 1..=max_depth(limits) {
            // Line k searches the root without the first moves of lines 1..k.
            let mut excluded = limits.banned.clone();
            for (line, line_score_slot) in scores.iter_mut().enumerate() {
                worker.set_excluded(excluded.clone());
                let shown_line = (line < shown).then_some(line);
                let line_score = aspiration(worker, depth, shown_line, *line_score_slot);
                let pv = worker.root_pv();
                if worker.stopped && (depth == 1 || pv.is_empty()) {
                    break 'deepening;
                }
                // A stopped iteration's PV holds only fully searched improvements.
                let Some(&first) = pv.first() else {
                    break 'deepening;
                };
                *line_score_slot = line_score;
                if line == 0 {
                    stable_iterations = if Some(first) == outcome.best {
                        stable_iterations + 1
                    } else {
                        0
                    };
                    outcome.best = Some(first);
                    outcome.ponder = pv.get(1).copied();
                    outcome.score = Score::from_internal(line_score);
                    outcome.depth = depth;
                }
                if !worker.stopped {
                    finished[line] = Some(Candidate {
                        mv: first,
                        ponder: pv.get(1).copied(),
                        score: line_score,
                    });
                }
                excluded.push(first);
                worker.poll();
                if line < shown {
                    let report = iteration(worker, depth, line, line_score, Bound::Exact);
                    worker.report(&Info::Iteration(report));
                }
                if worker.stopped {
                    break 'deepening;
                }
            }
            if limits.mate_is_proven(scores[0]) {
                break;
            }
            if timed
                && should_stop_iterating(
                    shared,
                    depth,
                    scores[0],
                    stable_iterations,
                    root_moves.len(),
                )
            {
                break;
            }
        }
    }
    if let Some(skill) = limits.skill {
        let candidates: Vec<Candidate> = finished.into_iter().flatten().collect();
        if let Some(chosen) = skill.choose(&candidates, worker.pos.hash()) {
            outcome.best = Some(chosen.mv);
            outcome.ponder = chosen.ponder;
            outcome.score = Score::from_internal(chosen.score);
        }
    }
    // Infinite and ponder searches report only when told to.
    while (limits.infinite || shared.pondering.load(Ordering::Relaxed))
        && !shared.stop.load(Ordering::Relaxed)
    {
        std::thread::sleep(Duration::from_millis(1));
    }
    worker.poll();
    outcome.nodes = shared.nodes.load(Ordering::Relaxed);
    outcome.time = shared.since_go();
    outcome
}

/// The main thread's report of principal variation `line` at `depth`.
fn iteration(worker: &Worker, depth: i32, line: usize, score: i32, bound: Bound) -> Iteration {
    let shared = worker.shared();
    let time = shared.since_go();
    let nodes = shared.nodes.load(Ordering::Relaxed);
    Iteration {
        depth,
        // Mate-distance pruning can keep every line shorter than the nominal
        // depth; GUIs expect seldepth >= depth.
        seldepth: worker.seldepth.max(depth as usize),
        multipv: line + 1,
        score: Score::from_internal(score),
        bound,
        nodes,
        nps: (nodes as f64 / time.as_secs_f64().max(1e-3)) as u64,
        time,
        hashfull: shared.tt.hashfull(),
        pv: worker.root_pv(),
    }
}

/// Whether to start no further iteration (timed searches only).
fn should_stop_iterating(
    shared: &Shared,
    depth: i32,
    score: i32,
    stable: u32,
    root_moves: usize,
) -> bool {
    if shared.pondering.load(Ordering::Relaxed) {
        return false;
    }
    let Some(plan) = shared.plan else {
        return false;
    };
    if root_moves == 1 {
        return true;
    }
    if is_mate(score) && depth >= 2 * (MATE - score.abs()) + 4 {
        return true;
    }
    // Spend more while the best move keeps changing, less once it settles.
    let factor = match stable {
        0 => 1.6,
        1 => 1.2,
        2 | 3 => 0.9,
        _ => 0.6,
    };
    shared.elapsed().as_secs_f64() >= plan.soft.as_secs_f64() * factor
}
