//! The alpha-beta search of one thread: principal-variation search with a
//! transposition table, null-move pruning (verified by a real search where
//! the side's force is thin or the depth high), late-move reductions, futility,
//! reverse-futility and late-move pruning on a static evaluation corrected
//! by what the search found it gets wrong (see [`super::correction`]), check
//! extensions, singular extensions of the hash move (with multi-cut and
//! negative extensions, see `Worker::singular`), mate-distance pruning,
//! and a quiescence search over captures and check evasions. A move
//! that gives check (known before it is played, see [`super::check`]) is
//! never pruned: discovered horse and cannon checks often lose the moving
//! piece by exchange and win by the check.
//!
//! Repetitions and the 60-move rule are recognised in one place,
//! [`Worker::rule_outcome`], which asks [`crate::rules`] for the verdict; the
//! 60-move rule runs on the referee's own [`MoveClock`] (a side's checks
//! beyond its tenth do not count), and the evaluation fades towards the draw
//! as that clock nears the limit. Where neither side has a piece that can
//! cross the river the position is a draw, and a side without one never
//! scores a win (see `Worker::evaluate`).
//!
//! A rule verdict belongs to the line that reached it: a repetition to the
//! line since the cycle began, a natural-limit draw to the line since the last
//! capture. A node whose subtree met a verdict that reaches above it stores
//! its result as line-bound (see [`super::tt::LINE_BOUND_DEPTH`]), so that no
//! other path to the same position is cut on it.
//!
//! Here the thread's state and the moves it plays; one file for each part
//! of a node: `node` (the steps of one node, in order), `pruning`,
//! `singular` (extensions), `rules` (verdicts on the line) and `qsearch`.

mod node;
mod pruning;
mod qsearch;
mod rules;
mod singular;

use super::endgame::held_to_material;
use super::history::Histories;
use super::info::{Info, InfoSink};
use super::params;
use super::reporter::Reporter;
use super::shared::Shared;
use super::tt::{TtEntry, LINE_BOUND_DEPTH};
use super::MAX_PLY;
use crate::core::{Color, Move, Position};
use crate::eval::evaluator::EvalStack;
use crate::rules::natural_limit::NATURAL_LIMIT_PLIES;
use crate::rules::{MoveClock, RuleSet, VerdictMemo};
use std::sync::atomic::Ordering;

/// Counted plies after which the evaluation fades towards the draw, to half
/// its value at the natural limit.
const FADE_FROM: u32 = NATURAL_LIMIT_PLIES / 2;

/// `Worker::rule_reach` when no rule verdict was met.
const NO_REACH: i32 = i32::MAX;

/// How often (in nodes) a thread looks at the clock and the stop flag.
const POLL_INTERVAL: u64 = 1024;

#[derive(Copy, Clone, Default)]
struct Frame {
    /// The move played from this ply (`None` for a null move).
    mv: Option<Move>,
    eval: i32,
    /// The move a singular-extension search at this ply leaves out.
    excluded: Option<Move>,
}

/// What a node knows of itself once it starts on its moves.
struct NodeFacts {
    depth: i32,
    ply: usize,
    root: bool,
    /// The corrected static evaluation.
    eval: i32,
    /// Better than two plies ago, for the same side.
    improving: bool,
    cut_node: bool,
    /// On a principal variation, now or when the table's entry was made.
    tt_pv: bool,
    /// The move a singular-extension search leaves out.
    excluded: Option<Move>,
}

/// One search thread's private state.
pub struct Worker<'a> {
    pub id: usize,
    shared: &'a Shared,
    pub pos: Position,
    rules: RuleSet,
    /// Repetition verdicts already judged in this search.
    verdicts: VerdictMemo,
    banned: Vec<Move>,
    histories: &'a mut Histories,
    stack: [Frame; MAX_PLY + 4],
    /// What the evaluation keeps up to date, one entry per ply played.
    eval_stack: EvalStack,
    /// The natural-limit clock of the current position, one entry per ply played.
    clocks: Vec<MoveClock>,
    pv: Box<[[Option<Move>; MAX_PLY + 1]; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    reductions: Box<[[i32; 64]; 64]>,
    pub nodes: u64,
    unpublished: u64,
    pub seldepth: usize,
    pub stopped: bool,
    /// The root depth of the current iteration (bounds check extensions).
    root_depth: i32,
    /// The score of the best root move fully searched in the current root
    /// search, if one beat alpha (what a stopped search may still report).
    root_best: Option<i32>,
    /// No null move before this ply: set while a verification search runs,
    /// so that it cannot be cut by another pass (0 outside one).
    null_min_ply: usize,
    /// The earliest ply (negative: in the game before the root) that a rule
    /// verdict reached back to (the start of a judged cycle, the last capture
    /// before a natural-limit draw), among the nodes searched since the
    /// current node was entered ([`NO_REACH`] if none).
    rule_reach: i32,
    /// The nodes spent under each root move since the search began, summed
    /// over the iterations, for the time plan.
    root_effort: Vec<(Move, u64)>,
    /// Where the main thread sends progress reports.
    reporter: Option<Reporter>,
}

/// A thread that dies stops the others, so that a failure ends the search
/// (and is reported) instead of leaving helpers searching on.
impl Drop for Worker<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// Root moves are announced (`info currmove`) only once a search runs this
/// long, as Stockfish does: a GUI shows them for long analyses, and a game's
/// searches of a second or two are not flooded with a line per root move.
const CURRMOVE_AFTER: std::time::Duration = std::time::Duration::from_secs(3);

impl<'a> Worker<'a> {
    pub fn new(
        id: usize,
        shared: &'a Shared,
        pos: Position,
        rules: RuleSet,
        banned: Vec<Move>,
        histories: &'a mut Histories,
    ) -> Worker<'a> {
        let mut reductions = Box::new([[0; 64]; 64]);
        for (d, row) in reductions.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let (base, divisor) = (params::lmr_base(), params::lmr_divisor());
                *r = (f64::from(base) / 100.0
                    + (d as f64).ln() * (m as f64).ln() / (f64::from(divisor) / 100.0))
                    as i32;
            }
        }
        Worker {
            id,
            shared,
            eval_stack: EvalStack::new(&shared.evaluator, &pos),
            clocks: vec![root_clock(&pos)],
            pos,
            rules,
            verdicts: VerdictMemo::default(),
            banned,
            histories,
            stack: [Frame::default(); MAX_PLY + 4],
            pv: Box::new([[None; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            reductions,
            nodes: 0,
            unpublished: 0,
            seldepth: 0,
            stopped: false,
            root_depth: 1,
            root_best: None,
            null_min_ply: 0,
            rule_reach: NO_REACH,
            root_effort: Vec::new(),
            reporter: None,
        }
    }

    pub fn shared(&self) -> &'a Shared {
        self.shared
    }

    /// Root moves to leave out (the GUI's bans, and the lines already found in multi-PV).
    pub fn set_excluded(&mut self, moves: Vec<Move>) {
        self.banned = moves;
    }

    /// Makes this worker the one that reports progress.
    pub fn set_reporter(&mut self, sink: InfoSink) {
        self.reporter = Some(Reporter::new(sink));
    }

    pub fn report(&mut self, info: &Info) {
        if let Some(reporter) = self.reporter.as_mut() {
            reporter.send(info);
        }
    }

    /// The principal variation found by the last completed root search.
    pub fn root_pv(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]]
            .iter()
            .flatten()
            .copied()
            .collect()
    }

    /// The share (0 to 1) of this thread's nodes spent under root move `mv`.
    pub fn root_effort(&self, mv: Move) -> f64 {
        let spent = self
            .root_effort
            .iter()
            .find(|(m, _)| *m == mv)
            .map_or(0, |&(_, n)| n);
        spent as f64 / self.nodes.max(1) as f64
    }

    fn add_root_effort(&mut self, mv: Move, nodes: u64) {
        match self.root_effort.iter_mut().find(|(m, _)| *m == mv) {
            Some((_, spent)) => *spent += nodes,
            None => self.root_effort.push((mv, nodes)),
        }
    }

    /// Root moves the search may play.
    pub fn root_moves(&self) -> Vec<Move> {
        self.pos
            .legal_moves()
            .into_iter()
            .filter(|m| !self.banned.contains(m))
            .collect()
    }

    /// Plays `mv` (which gives check or not, as told), keeping the
    /// evaluation's state and the clock in step.
    #[inline]
    fn play(&mut self, mv: Move, gives_check: bool) {
        // The next node's table entry loads while the evaluation updates.
        self.shared.tt.prefetch(self.pos.hash_after(mv));
        self.eval_stack.push_move(&self.pos, mv);
        let mover = self.pos.side_to_move();
        let captured = self.pos.piece_at(mv.to()).is_some();
        self.pos.make(mv);
        let mut clock = self.current_clock();
        clock.record(mover, captured, gives_check);
        self.clocks.push(clock);
    }

    /// Takes back the last [`play`](Worker::play) or null move.
    #[inline]
    fn take_back(&mut self) {
        self.eval_stack.pop();
        self.clocks.pop();
        self.pos.unmake();
    }

    fn play_null(&mut self) {
        self.eval_stack.push_null();
        let mut clock = self.current_clock();
        clock.record(self.pos.side_to_move(), false, false);
        self.clocks.push(clock);
        self.pos.make_null();
    }

    #[inline]
    fn current_clock(&self) -> MoveClock {
        *self
            .clocks
            .last()
            .expect("the root's clock is always there")
    }

    /// Whether the natural limit lies beyond a search of `depth` from here, so
    /// that a stored result of that depth (which never met it) may stand.
    #[inline]
    fn limit_beyond(&self, depth: i32) -> bool {
        self.current_clock().counted() + (depth.max(0) as u32) < NATURAL_LIMIT_PLIES
    }

    /// The static evaluation, as the table stores it (unfaded), held to what
    /// the material left allows (see [`super::endgame`]).
    #[inline]
    fn evaluate(&self) -> i32 {
        held_to_material(&self.pos, self.eval_stack.evaluate(&self.pos))
    }

    /// Neither side can attack: a draw, as the referee judges it.
    #[inline]
    fn neither_can_attack(&self) -> bool {
        !self.pos.can_attack(Color::Red) && !self.pos.can_attack(Color::Black)
    }

    /// `eval` faded towards the draw as the natural limit nears, to half its
    /// value at the limit: an edge that no capture renews is worth less.
    #[inline]
    fn fade(&self, eval: i32) -> i32 {
        let counted = self.current_clock().counted().min(NATURAL_LIMIT_PLIES);
        if counted <= FADE_FROM {
            return eval;
        }
        let span = (NATURAL_LIMIT_PLIES - FADE_FROM) as i32;
        eval - eval * (counted - FADE_FROM) as i32 / (2 * span)
    }

    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        self.unpublished += 1;
        if self.unpublished >= POLL_INTERVAL {
            self.poll();
        }
    }

    /// Publishes the node count and checks whether to stop.
    pub fn poll(&mut self) {
        let published = self
            .shared
            .nodes
            .fetch_add(self.unpublished, Ordering::Relaxed)
            + self.unpublished;
        self.unpublished = 0;
        crate::fault::search_checkpoint(published);
        if self.shared.stop.load(Ordering::Relaxed) {
            self.stopped = true;
            return;
        }
        if self.id == 0 && self.shared.out_of_budget() {
            self.shared.stop.store(true, Ordering::Relaxed);
            self.stopped = true;
            return;
        }
        if let Some(reporter) = self.reporter.as_mut() {
            reporter.tick(self.shared);
        }
    }

    /// One root search to `depth` within (`alpha`, `beta`).
    pub fn search_root(&mut self, alpha: i32, beta: i32, depth: i32) -> i32 {
        self.root_depth = depth;
        self.seldepth = 0;
        self.root_best = None;
        self.rule_reach = NO_REACH;
        self.search::<true>(alpha, beta, depth, 0, false)
    }

    /// The score of the best root move fully searched by the last root
    /// search (`None` if no move beat its alpha): when the search was
    /// stopped, the only score of it that was computed.
    pub fn root_best(&self) -> Option<i32> {
        self.root_best
    }

    /// The static evaluation of the root, the score before any search.
    pub fn root_eval(&self) -> i32 {
        self.evaluate()
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = Some(mv);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// Searches one node, and hands the reach of the rule verdicts its
    /// subtree met on to the parent.
    fn search<const PV: bool>(
        &mut self,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let outer_reach = std::mem::replace(&mut self.rule_reach, NO_REACH);
        let score = self.search_node::<PV>(alpha, beta, depth, ply, cut_node);
        self.rule_reach = self.rule_reach.min(outer_reach);
        score
    }

    /// Stores the result of the node at `ply` searched to `depth`; a result
    /// that depends on the path to it is stored line-bound, never to be cut
    /// on (conservative: the reach covers the node's earlier siblings too).
    #[inline]
    fn store(&self, key: u64, ply: usize, entry: TtEntry) {
        let depth = if self.result_is_line_bound(ply) {
            LINE_BOUND_DEPTH
        } else {
            entry.depth
        };
        self.shared.tt.store(key, ply, TtEntry { depth, ..entry });
    }
}

/// The referee's natural-limit clock at the root: the plies since the last
/// capture that the game's history shows are replayed to count their checks
/// (plies before the history began, from a FEN's halfmove field, all count).
fn root_clock(pos: &Position) -> MoveClock {
    let history = pos.history();
    let known = (pos.halfmove_clock() as usize).min(history.len());
    let mut replay = pos.clone();
    for _ in 0..known {
        replay.unmake();
    }
    let mut clock = MoveClock::starting_at(pos.halfmove_clock() - known as u32);
    for undo in &history[history.len() - known..] {
        let mover = replay.side_to_move();
        match undo.mv {
            Some(mv) => replay.make(mv),
            None => replay.make_null(),
        }
        clock.record(mover, false, replay.in_check());
    }
    clock
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluator::Evaluator;
    use crate::search::score::INFINITE;
    use crate::search::tt::TranspositionTable;
    use std::sync::Arc;

    #[test]
    fn root_effort_shares_the_nodes_among_the_root_moves() {
        // Black's cannon takes a pawn with check (b3e3): the move the
        // search keeps takes most of the nodes, its rivals are refuted
        // cheaply.
        let fen = "1r1akabr1/1c7/2n1b1n2/p1p1p3p/6p2/PN3R3/1cP1P1P1P/2C1C1N2/1R7/2BAKAB2 b";
        let pos = Position::from_fen(fen).unwrap();
        let shared = Shared::new(
            Arc::new(TranspositionTable::new(1)),
            Arc::default(),
            Evaluator::default(),
            false,
            None,
            None,
        );
        let mut histories = Histories::default();
        let mut worker = Worker::new(
            0,
            &shared,
            pos,
            RuleSet::default(),
            Vec::new(),
            &mut histories,
        );
        for depth in 1..=8 {
            worker.search_root(-INFINITE, INFINITE, depth);
        }
        let best = worker.root_pv()[0];
        let shares: Vec<f64> = worker
            .root_moves()
            .into_iter()
            .map(|mv| worker.root_effort(mv))
            .collect();
        let total: f64 = shares.iter().sum();
        // Every node but the roots' own lies under some root move.
        assert!(total > 0.9 && total < 1.0, "{total}");
        assert!(worker.root_effort(best) > 0.5, "{shares:?}");
        assert!(shares
            .iter()
            .all(|&share| share <= worker.root_effort(best)));
    }
}
