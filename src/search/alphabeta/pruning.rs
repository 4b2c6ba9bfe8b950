//! What the search cuts without searching it in full. Before the moves:
//! reverse futility (far above beta with little depth left) and the null
//! move (if passing still beats beta, a real move will too; verified by a
//! real search where a pass may not be safe). Among the moves, of those
//! that give no check: late-move, futility and static-exchange pruning. And
//! late-move reductions: later moves searched shallower first.

use super::{NodeFacts, Worker};
use crate::core::{Color, Move, PieceKind};
use crate::search::params;
use crate::search::score::{is_mate, is_rule_score};
use crate::search::see::see_ge;

/// The attacking force (see `Worker::attacking_force`) below which the side
/// to move never passes, and at or below which a pass is verified.
const NULL_MOVE_FORCE: u32 = 2;
const THIN_FORCE: u32 = 2;

impl Worker<'_> {
    /// Reverse futility: the node fails high on its evaluation alone.
    #[inline(always)]
    pub(super) fn reverse_futility(
        &self,
        eval: i32,
        beta: i32,
        depth: i32,
        improving: bool,
    ) -> bool {
        depth <= params::rfp_depth()
            && eval - params::rfp_margin() * (depth - improving as i32) >= beta
    }

    /// The null move: the node's score when a pass, searched shallower (and
    /// verified where needed), still beats beta; 0 when the search stopped
    /// meanwhile; `None` when no pass is tried or it does not cut.
    pub(super) fn null_move(
        &mut self,
        eval: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
        excluded: Option<Move>,
    ) -> Option<i32> {
        let previous_was_null = ply > 0 && self.stack[ply - 1].mv.is_none();
        if depth < params::nmp_depth()
            || eval < beta
            || previous_was_null
            || excluded.is_some()
            || ply < self.null_min_ply
            || self.attacking_force() < NULL_MOVE_FORCE
        {
            return None;
        }
        let r = params::nmp_base()
            + depth / params::nmp_depth_divisor()
            + ((eval - beta) / params::nmp_eval_divisor()).min(params::nmp_eval_max());
        self.stack[ply].mv = None;
        self.play_null();
        let score = -self.search::<false>(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
        self.take_back();
        if self.stopped {
            return Some(0);
        }
        if score < beta {
            return None;
        }
        // Neither a mate nor a rule verdict after a pass is proven.
        let score = if is_mate(score) || is_rule_score(score) {
            beta
        } else {
            score
        };
        // Inside a verification, or where a pass is safe, trust it.
        if self.null_min_ply > 0 || !self.null_move_needs_verification(depth) {
            return Some(score);
        }
        // Verify with real moves at the reduced depth (at least one ply, so
        // that having no move is seen), passing again only in the last
        // quarter of that search.
        let verify_depth = (depth - r).max(1);
        self.null_min_ply = ply + (verify_depth * params::nmp_verify_share() / 100).max(1) as usize;
        let verified = self.search::<false>(beta - 1, beta, verify_depth, ply, false);
        self.null_min_ply = 0;
        if self.stopped {
            return Some(0);
        }
        (verified >= beta).then_some(score)
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

    /// Whether `mv`, a move that gives no check at a node not in check,
    /// is left unsearched: a late quiet move at low depth (late-move
    /// pruning), a quiet move that cannot lift the evaluation to alpha
    /// (futility), or a move that loses too much material by exchange.
    #[inline(always)]
    pub(super) fn prunes_move<const PV: bool>(
        &self,
        node: &NodeFacts,
        mv: Move,
        quiet: bool,
        searched: usize,
        alpha: i32,
    ) -> bool {
        let depth = node.depth;
        if quiet
            && !PV
            && depth <= params::lmp_depth()
            && searched as i32 >= (params::lmp_base() + depth * depth) / (2 - node.improving as i32)
        {
            return true;
        }
        if quiet
            && depth <= params::fp_depth()
            && searched > 0
            && node.eval + params::fp_base() + params::fp_margin() * depth <= alpha
        {
            return true;
        }
        let see_margin = if quiet {
            -params::see_quiet_margin() * depth
        } else {
            -params::see_capture_margin() * depth
        };
        depth <= params::see_depth() && !see_ge(&self.pos, mv, see_margin)
    }

    /// The late-move reduction of `mv`, the `searched`-th move tried (from
    /// 0): from the table by depth and move number, more at a node that is
    /// not on a principal variation, not improving or expected to cut, less
    /// for a check, a node once on a principal variation, a killer and a
    /// quiet move with a good history; never into the quiescence search.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn reduction<const PV: bool>(
        &self,
        node: &NodeFacts,
        mv: Move,
        quiet: bool,
        gives_check: bool,
        searched: usize,
        new_depth: i32,
        killers: [Option<Move>; 2],
        side: Color,
    ) -> i32 {
        let depth = node.depth;
        // The first move (the first two at the root), and captures on a
        // principal variation, are searched to full depth.
        if depth < params::lmr_depth() || searched <= node.root as usize || (PV && !quiet) {
            return 0;
        }
        let mut r = self.reductions[(depth as usize).min(63)][searched.min(63)];
        r += !PV as i32 + (!node.improving) as i32 + node.cut_node as i32;
        r -= gives_check as i32 + node.tt_pv as i32;
        if Some(mv) == killers[0] || Some(mv) == killers[1] {
            r -= 1;
        }
        if quiet {
            r -= self.histories.quiet_score(side, mv) / params::lmr_history_divisor();
        }
        r.clamp(0, (new_depth - 1).max(0))
    }
}
