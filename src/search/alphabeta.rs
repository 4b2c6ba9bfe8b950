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

use super::check::gives_check;
use super::endgame::held_to_material;
use super::history::{Histories, PieceTo};
use super::info::{Info, InfoSink};
use super::movepick::{MovePicker, Picked, QuiescencePicker};
use super::params;
use super::reporter::Reporter;
use super::score::{
    is_mate, is_rule_score, mated_in, DRAW, INFINITE, MATE, MATE_BOUND, RULE_BOUND, RULE_WIN,
};
use super::see::{see_ge, SEE_VALUE};
use super::shared::Shared;
use super::tt::{Bound, TtHit, LINE_BOUND_DEPTH};
use super::MAX_PLY;
use crate::core::{Color, GenKind, Move, PieceKind, Position};
use crate::eval::evaluator::EvalStack;
use crate::rules::natural_limit::NATURAL_LIMIT_PLIES;
use crate::rules::{MoveClock, RuleSet, Verdict, VerdictMemo};
use arrayvec::ArrayVec;
use std::sync::atomic::Ordering;

/// Counted plies after which the evaluation fades towards the draw, to half
/// its value at the natural limit.
const FADE_FROM: u32 = NATURAL_LIMIT_PLIES / 2;

/// The attacking force (see `Worker::attacking_force`) below which the side
/// to move never passes, and at or below which a pass is verified.
const NULL_MOVE_FORCE: u32 = 2;
const THIN_FORCE: u32 = 2;

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

/// A position's earlier occurrences on the line.
struct Repetition {
    /// Plies back to the latest of them.
    cycle: usize,
    /// How many there are.
    earlier: usize,
}

/// What the singular-extension search says of the hash move.
enum Singular {
    /// Search the hash move this many plies deeper (negative: shallower).
    Extend(i32),
    /// Another move also beats beta: the node fails high with this score.
    MultiCut(i32),
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
        super::fault::search_checkpoint(published);
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

    /// A draw or a rules verdict at this node, if the line has reached one.
    ///
    /// A repetition is a draw at once, as in most engines: the side that
    /// wants more must find it before the cycle comes round. A forbidden
    /// perpetual is another matter: the referee ends a game at a position's
    /// third occurrence, so it decides the line only where the perpetrator
    /// had its chance to vary inside the search (the earlier occurrence was
    /// played after the root, every move from it searched there) or at a
    /// third occurrence. At the second occurrence of a position first met
    /// before the root it decides nothing yet: a win there would be a score
    /// the perpetrator simply avoids.
    fn rule_outcome(&mut self, ply: usize, in_check: bool) -> Option<i32> {
        if let Some(score) = self.natural_limit_outcome(ply, in_check) {
            return Some(score);
        }
        let repetition = self.repetition()?;
        let decisive = repetition.cycle < ply || repetition.earlier >= 2;
        let score = match self.verdicts.judge(&self.pos, repetition.cycle, self.rules) {
            Verdict::Draw => DRAW,
            _ if !decisive => return None,
            Verdict::Loss => -RULE_WIN + ply as i32,
            Verdict::Win => RULE_WIN - ply as i32,
        };
        self.rule_reach = self.rule_reach.min(ply as i32 - repetition.cycle as i32);
        Some(score)
    }

    /// The draw by the natural limit, if the clock has reached it. The draw
    /// depends on the clock, which the position's hash does not hold, so
    /// it reaches back to the last capture.
    fn natural_limit_outcome(&mut self, ply: usize, in_check: bool) -> Option<i32> {
        if !self.current_clock().reached() {
            return None;
        }
        // The natural limit does not save a side that is already mated.
        if in_check && self.pos.has_no_moves() {
            return Some(mated_in(ply));
        }
        let since_capture = self.pos.halfmove_clock() as i32;
        self.rule_reach = self.rule_reach.min(ply as i32 - since_capture);
        Some(DRAW)
    }

    /// The position's earlier occurrences since the last capture (and not
    /// across a null move), if it has any: counted up to two, all that
    /// `rule_outcome` asks.
    fn repetition(&self) -> Option<Repetition> {
        let history = self.pos.history();
        let n = history.len();
        let reach = (self.pos.halfmove_clock() as usize).min(n);
        if reach < 4 {
            return None;
        }
        let key = self.pos.hash();
        let mut found: Option<Repetition> = None;
        for back in 1..=reach {
            let entry = &history[n - back];
            if entry.mv.is_none() {
                break;
            }
            if back >= 4 && back % 2 == 0 && entry.hash == key {
                let repetition = found.get_or_insert(Repetition {
                    cycle: back,
                    earlier: 0,
                });
                repetition.earlier += 1;
                if repetition.earlier == 2 {
                    break;
                }
            }
        }
        found
    }

    /// The attacking force of the side to move: a chariot counts two, a
    /// horse or a cannon one (advisors, elephants and pawns cannot keep a
    /// king busy on their own).
    fn attacking_force(&self) -> u32 {
        let us = self.pos.side_to_move();
        2 * self.pos.pieces(us, PieceKind::Chariot).count()
            + self.pos.pieces(us, PieceKind::Horse).count()
            + self.pos.pieces(us, PieceKind::Cannon).count()
    }

    /// Whether a null move that beat beta must be confirmed by a real search:
    /// with thin force (a lone chariot, or two lesser pieces) the side may be
    /// the one that cannot afford to move (困毙: having no good move loses,
    /// and no legal move is a loss), and a deep cut costs most when wrong.
    fn null_move_needs_verification(&self, depth: i32) -> bool {
        depth >= params::nmp_verify_depth() || self.attacking_force() <= THIN_FORCE
    }

    /// Whether the hash move of `hit` may be tested for being singular at
    /// `depth`: its result is a fail-high or exact from nearly as deep, and
    /// an ordinary score that holds on any path and before the natural limit.
    fn singular_candidate(&self, hit: &TtHit, depth: i32) -> bool {
        depth >= params::singular_depth()
            && matches!(hit.bound, Bound::Lower | Bound::Exact)
            && hit.depth >= depth - params::singular_tt_depth()
            && !is_mate(hit.score)
            && !is_rule_score(hit.score)
            && self.limit_beyond(hit.depth)
    }

    /// Searches every move but the hash move, shallower and with a window
    /// just below the hash move's score: if all fail low the hash move is
    /// singular and searched deeper; if they beat even beta the node cuts
    /// (multi-cut); if the hash move's score alone beats beta, it is searched
    /// less deep (another move likely holds too).
    fn singular(
        &mut self,
        hit: &TtHit,
        beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> Singular {
        let singular_beta = hit.score - params::singular_margin() * depth;
        self.stack[ply].excluded = hit.mv;
        let score = self.search::<false>(
            singular_beta - 1,
            singular_beta,
            (depth - 1) / 2,
            ply,
            cut_node,
        );
        self.stack[ply].excluded = None;
        if self.stopped {
            Singular::Extend(0)
        } else if score < singular_beta {
            Singular::Extend(1)
        } else if singular_beta >= beta {
            Singular::MultiCut(singular_beta)
        } else if hit.score >= beta {
            Singular::Extend(-1)
        } else {
            Singular::Extend(0)
        }
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

    /// Whether the result of the node at `ply` depends on the path to it: a
    /// rule verdict met in its subtree reaches above it.
    fn result_is_line_bound(&self, ply: usize) -> bool {
        self.rule_reach < ply as i32
    }

    /// Stores the result of the node at `ply` searched to `depth`; a result
    /// that depends on the path to it is stored line-bound, never to be cut
    /// on (conservative: the reach covers the node's earlier siblings too).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn store(
        &self,
        key: u64,
        best_move: Option<Move>,
        score: i32,
        eval: i32,
        depth: i32,
        bound: Bound,
        was_pv: bool,
        ply: usize,
    ) {
        let depth = if self.result_is_line_bound(ply) {
            LINE_BOUND_DEPTH
        } else {
            depth
        };
        self.shared
            .tt
            .store(key, best_move, score, eval, depth, bound, was_pv, ply);
    }

    fn search_node<const PV: bool>(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        let root = ply == 0;
        self.pv_len[ply] = ply;
        if depth <= 0 {
            return self.qsearch::<PV>(alpha, beta, ply);
        }
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = self.pos.in_check();

        if !root {
            if let Some(score) = self.rule_outcome(ply, in_check) {
                return score;
            }
            if self.neither_can_attack() {
                return DRAW;
            }
            if ply >= MAX_PLY {
                return if in_check {
                    DRAW
                } else {
                    self.fade(self.evaluate())
                };
            }
            // Mate-distance pruning: no line from here beats a shorter mate already found.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        // A search that leaves a move out is not the position's value: it
        // neither cuts on the table nor stores in it.
        let excluded = self.stack[ply].excluded;
        let key = self.pos.hash();
        let tt_hit = self.shared.tt.probe(key, ply);
        let tt_move = tt_hit.and_then(|h| h.mv);
        // A node once on a principal variation may be again: reduced less.
        let tt_pv = PV || tt_hit.is_some_and(|h| h.was_pv);
        if let Some(hit) = tt_hit {
            if !PV
                && excluded.is_none()
                && hit.depth >= depth
                && hit.cuts(alpha, beta)
                && self.limit_beyond(hit.depth)
            {
                return hit.score;
            }
        }

        let raw_eval = if in_check {
            -INFINITE
        } else {
            tt_hit.map_or_else(|| self.evaluate(), |h| h.eval)
        };
        // The evaluation as the search has learned to correct it.
        let (uncorrected_eval, eval) = if in_check {
            (raw_eval, raw_eval)
        } else {
            let faded = self.fade(raw_eval);
            let correction = self.shared.correction.correction(&self.pos);
            (faded, (faded + correction).clamp(-RULE_BOUND, RULE_BOUND))
        };
        self.stack[ply].eval = eval;
        let improving = !in_check && ply >= 2 && eval > self.stack[ply - 2].eval;
        self.histories.clear_killers(ply + 1);

        if !PV && !in_check && !is_mate(beta) {
            // Reverse futility: far above beta with little depth left.
            if depth <= params::rfp_depth()
                && eval - params::rfp_margin() * (depth - improving as i32) >= beta
            {
                return eval;
            }
            // Null move: if passing still beats beta, a real move will too.
            let previous_was_null = ply > 0 && self.stack[ply - 1].mv.is_none();
            if depth >= params::nmp_depth()
                && eval >= beta
                && !previous_was_null
                && excluded.is_none()
                && ply >= self.null_min_ply
                && self.attacking_force() >= NULL_MOVE_FORCE
            {
                let r = params::nmp_base()
                    + depth / params::nmp_depth_divisor()
                    + ((eval - beta) / params::nmp_eval_divisor()).min(params::nmp_eval_max());
                self.stack[ply].mv = None;
                self.play_null();
                let score = -self.search::<false>(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
                self.take_back();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    // Neither a mate nor a rule verdict after a pass is proven.
                    let score = if is_mate(score) || is_rule_score(score) {
                        beta
                    } else {
                        score
                    };
                    // Inside a verification, or where a pass is safe, trust it.
                    if self.null_min_ply > 0 || !self.null_move_needs_verification(depth) {
                        return score;
                    }
                    // Verify with real moves at the reduced depth (at least
                    // one ply, so that having no move is seen), passing again
                    // only in the last quarter of that search.
                    let verify_depth = (depth - r).max(1);
                    self.null_min_ply = ply + (3 * verify_depth / 4).max(1) as usize;
                    let verified = self.search::<false>(beta - 1, beta, verify_depth, ply, false);
                    self.null_min_ply = 0;
                    if self.stopped {
                        return 0;
                    }
                    if verified >= beta {
                        return score;
                    }
                }
            }
        }

        // Internal iterative reduction: without a hash move, ordering is poor.
        if depth >= params::iir_depth() && tt_move.is_none() && (PV || cut_node) {
            depth -= 1;
        }

        let previous = if ply > 0 {
            self.stack[ply - 1].mv
        } else {
            None
        };
        let mut picker = MovePicker::new(&self.pos, tt_move, self.histories, ply, previous);
        let side = self.pos.side_to_move();
        let killers = self.histories.killers(ply);
        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move = None;
        let mut best_is_quiet = true;
        let mut searched = 0usize;
        let mut legal_moves = 0usize;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        let mut captures_tried: ArrayVec<(PieceTo, PieceKind), 32> = ArrayVec::new();

        while let Some(Picked { mv, gives_check }) = picker.next(&self.pos, self.histories) {
            if root && self.banned.contains(&mv) {
                continue;
            }
            legal_moves += 1;
            if Some(mv) == excluded {
                continue;
            }
            let victim = self.pos.piece_at(mv.to()).map(|p| p.kind);
            let quiet = victim.is_none();
            if root && self.reporter.is_some() && self.shared.since_go() >= CURRMOVE_AFTER {
                let info = Info::CurrMove {
                    depth,
                    mv,
                    number: searched + 1,
                };
                self.report(&info);
            }
            // No pruning while a mate score bounds the window (a quiet move
            // may mate sooner), and none of checks.
            if !root && best_score > -MATE_BOUND && !in_check && !is_mate(alpha) && !gives_check {
                if quiet
                    && !PV
                    && depth <= params::lmp_depth()
                    && searched as i32
                        >= (params::lmp_base() + depth * depth) / (2 - improving as i32)
                {
                    continue;
                }
                if quiet
                    && depth <= params::fp_depth()
                    && searched > 0
                    && eval + params::fp_base() + params::fp_margin() * depth <= alpha
                {
                    continue;
                }
                let see_margin = if quiet {
                    -params::see_quiet_margin() * depth
                } else {
                    -params::see_capture_margin() * depth
                };
                if depth <= params::see_depth() && !see_ge(&self.pos, mv, see_margin) {
                    continue;
                }
            }

            let extendable = (ply as i32) < 2 * self.root_depth;
            let check_extension = (gives_check && extendable) as i32;
            let extension =
                match tt_hit.filter(|_| !root && excluded.is_none() && Some(mv) == tt_move) {
                    Some(hit) if self.singular_candidate(&hit, depth) => {
                        match self.singular(&hit, beta, depth, ply, cut_node) {
                            Singular::MultiCut(score) => return score,
                            // Shallower by the verdict, deeper within the bound.
                            Singular::Extend(e) if e < 0 => e + check_extension,
                            Singular::Extend(e) if extendable => e.max(check_extension),
                            Singular::Extend(_) => 0,
                        }
                    }
                    _ => check_extension,
                };

            let moved = PieceTo::of(&self.pos, mv);
            let nodes_before = self.nodes;
            self.stack[ply].mv = Some(mv);
            self.play(mv, gives_check);
            let new_depth = depth - 1 + extension;

            let score = if searched == 0 {
                -self.search::<PV>(-beta, -alpha, new_depth, ply + 1, false)
            } else {
                let mut r = 0;
                if depth >= params::lmr_depth() && searched > root as usize && (quiet || !PV) {
                    r = self.reductions[(depth as usize).min(63)][searched.min(63)];
                    r += !PV as i32 + (!improving) as i32 + cut_node as i32;
                    r -= gives_check as i32 + tt_pv as i32;
                    if Some(mv) == killers[0] || Some(mv) == killers[1] {
                        r -= 1;
                    }
                    if quiet {
                        r -= self.histories.quiet_score(side, mv) / params::lmr_history_divisor();
                    }
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                let mut s = -self.search::<false>(-alpha - 1, -alpha, new_depth - r, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.search::<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
                }
                if PV && s > alpha && s < beta {
                    s = -self.search::<true>(-beta, -alpha, new_depth, ply + 1, false);
                }
                s
            };
            self.take_back();
            if root {
                self.add_root_effort(mv, self.nodes - nodes_before);
            }
            if self.stopped {
                return 0;
            }
            searched += 1;

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    best_is_quiet = quiet;
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if root {
                        self.root_best = Some(score);
                    }
                    if score >= beta {
                        let best_capture = victim.map(|kind| (moved, kind));
                        if quiet {
                            self.histories.reward_quiet(
                                side,
                                ply,
                                previous,
                                mv,
                                &quiets_tried,
                                depth,
                            );
                        }
                        self.histories
                            .reward_capture(best_capture, &captures_tried, depth);
                        break;
                    }
                    alpha = score;
                }
            }
            match victim {
                None if !quiets_tried.is_full() => quiets_tried.push(mv),
                Some(kind) if !captures_tried.is_full() => captures_tried.push((moved, kind)),
                _ => {}
            }
        }

        if legal_moves == 0 {
            // No legal move loses in Xiangqi, checkmate or not.
            return mated_in(ply);
        }
        if excluded.is_some() && searched == 0 {
            // Only the left-out move was there (or searched): it is singular.
            return alpha;
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        // A root searched without its banned moves, or a node without its
        // left-out move, is not the position's true value.
        let true_value = if root {
            self.banned.is_empty()
        } else {
            excluded.is_none()
        };
        // A capture's gain, a mate or a rule verdict is no error of the
        // evaluation of this pawn structure.
        if true_value
            && !in_check
            && best_is_quiet
            && !is_mate(best_score)
            && !is_rule_score(best_score)
        {
            self.shared
                .correction
                .update(&self.pos, depth, bound, best_score, uncorrected_eval);
        }
        if true_value {
            let stored_eval = if in_check { 0 } else { raw_eval };
            self.store(
                key,
                best_move,
                best_score,
                stored_eval,
                depth,
                bound,
                tt_pv,
                ply,
            );
        }
        best_score
    }

    fn qsearch<const PV: bool>(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        self.count_node();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let in_check = self.pos.in_check();
        if let Some(score) = self.natural_limit_outcome(ply, in_check) {
            return score;
        }
        if self.neither_can_attack() {
            return DRAW;
        }
        if ply >= MAX_PLY {
            return if in_check {
                DRAW
            } else {
                self.fade(self.evaluate())
            };
        }

        let key = self.pos.hash();
        let tt_hit = self.shared.tt.probe(key, ply);
        if let Some(hit) = tt_hit {
            if !PV && hit.cuts(alpha, beta) && self.limit_beyond(0) {
                return hit.score;
            }
        }

        let original_alpha = alpha;
        let (mut best_score, stand_pat, raw_eval, moves) = if in_check {
            let evasions = self.pos.legal_moves();
            if evasions.is_empty() {
                return mated_in(ply);
            }
            (mated_in(ply), -INFINITE, 0, evasions)
        } else {
            let raw_eval = tt_hit.map_or_else(|| self.evaluate(), |h| h.eval);
            let stand_pat = self.fade(raw_eval);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            let captures = self.pos.moves_of(GenKind::Captures);
            (stand_pat, stand_pat, raw_eval, captures)
        };

        let mut best_move = None;
        for mv in QuiescencePicker::new(&self.pos, moves, tt_hit.and_then(|h| h.mv)) {
            if !in_check {
                let victim = self
                    .pos
                    .piece_at(mv.to())
                    .map_or(0, |p| SEE_VALUE[p.kind.index()]);
                // Delta pruning: even winning the piece cannot reach alpha.
                if stand_pat + victim + params::delta_margin() <= alpha {
                    continue;
                }
                if !see_ge(&self.pos, mv, 0) {
                    continue;
                }
            }
            // Only an evasion's check counts on the clock; a capture resets it.
            let evasion_checks =
                in_check && self.pos.piece_at(mv.to()).is_none() && gives_check(&self.pos, mv);
            self.play(mv, evasion_checks);
            let score = -self.qsearch::<PV>(-beta, -alpha, ply + 1);
            self.take_back();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        let stored_eval = if in_check { 0 } else { raw_eval };
        let was_pv = PV || tt_hit.is_some_and(|h| h.was_pv);
        self.store(
            key,
            best_move,
            best_score,
            stored_eval,
            0,
            bound,
            was_pv,
            ply,
        );
        best_score
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
