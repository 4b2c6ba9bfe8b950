//! One node of the principal-variation search, as a sequence of named
//! steps: the line may end here (a rule verdict, no attackers, the ply
//! limit, mate distance); the table may answer; the evaluation, corrected;
//! the node may be pruned whole (reverse futility, null move); then each
//! move in the picker's order is pruned, extended or reduced and searched;
//! and the result is learned from (history, correction, table).

use super::singular::Singular;
use super::{NodeFacts, Worker};
use crate::core::{Move, PieceKind};
use crate::search::history::PieceTo;
use crate::search::info::Info;
use crate::search::movepick::{MovePicker, Picked};
use crate::search::params;
use crate::search::score::{
    is_mate, is_rule_score, mated_in, DRAW, INFINITE, MATE, MATE_BOUND, RULE_BOUND,
};
use crate::search::tt::{Bound, TtEntry};
use crate::search::MAX_PLY;
use arrayvec::ArrayVec;

/// The static evaluation of a node in its three forms.
#[derive(Copy, Clone)]
struct NodeEval {
    /// As the evaluation (or the table) gives it: what the table stores.
    raw: i32,
    /// Faded towards the draw as the natural limit nears: what the
    /// correction learns against.
    faded: i32,
    /// Faded and corrected: what the search prunes by.
    corrected: i32,
}

impl Worker<'_> {
    pub(super) fn search_node<const PV: bool>(
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
            if let Some(score) = self.line_ends(ply, in_check) {
                return score;
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

        let eval = self.node_eval(tt_hit, in_check);
        self.stack[ply].eval = eval.corrected;
        let improving = !in_check && ply >= 2 && eval.corrected > self.stack[ply - 2].eval;
        self.histories.clear_killers(ply + 1);

        if !PV && !in_check && !is_mate(beta) {
            if self.reverse_futility(eval.corrected, beta, depth, improving) {
                return eval.corrected;
            }
            if let Some(score) =
                self.null_move(eval.corrected, beta, depth, ply, cut_node, excluded)
            {
                return score;
            }
        }

        // Internal iterative reduction: without a hash move, ordering is poor.
        if depth >= params::iir_depth() && tt_move.is_none() && (PV || cut_node) {
            depth -= 1;
        }

        let node = NodeFacts {
            depth,
            ply,
            root,
            eval: eval.corrected,
            improving,
            cut_node,
            tt_pv,
            excluded,
        };
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
            if root {
                self.announce_root_move(depth, mv, searched);
            }
            // No pruning while a mate score bounds the window (a quiet move
            // may mate sooner), and none of checks.
            if !root
                && best_score > -MATE_BOUND
                && !in_check
                && !is_mate(alpha)
                && !gives_check
                && self.prunes_move::<PV>(&node, mv, quiet, searched, alpha)
            {
                continue;
            }
            let extension = match self.extension(&node, tt_hit, mv, gives_check, beta) {
                Singular::MultiCut(score) => return score,
                Singular::Extend(plies) => plies,
            };

            let moved = PieceTo::of(&self.pos, mv);
            let nodes_before = self.nodes;
            self.stack[ply].mv = Some(mv);
            self.play(mv, gives_check);
            let new_depth = depth - 1 + extension;

            let score = if searched == 0 {
                -self.search::<PV>(-beta, -alpha, new_depth, ply + 1, false)
            } else {
                let r = self.reduction::<PV>(
                    &node,
                    mv,
                    quiet,
                    gives_check,
                    searched,
                    new_depth,
                    killers,
                    side,
                );
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
        self.learn_result(
            &node,
            key,
            in_check,
            eval,
            best_move,
            best_score,
            best_is_quiet,
            bound,
        );
        best_score
    }

    /// The end of the line at a node below the root, if it ends here: a
    /// rule verdict (repetition, natural limit), no piece left that can
    /// attack (a draw), or the deepest ply.
    #[inline(always)]
    fn line_ends(&mut self, ply: usize, in_check: bool) -> Option<i32> {
        if let Some(score) = self.rule_outcome(ply, in_check) {
            return Some(score);
        }
        if self.neither_can_attack() {
            return Some(DRAW);
        }
        if ply >= MAX_PLY {
            return Some(if in_check {
                DRAW
            } else {
                self.fade(self.evaluate())
            });
        }
        None
    }

    /// The node's static evaluation (the table's when it has one), faded
    /// and corrected by what the search has learned it gets wrong; none
    /// when in check.
    #[inline(always)]
    fn node_eval(&self, tt_hit: Option<TtEntry>, in_check: bool) -> NodeEval {
        if in_check {
            return NodeEval {
                raw: -INFINITE,
                faded: -INFINITE,
                corrected: -INFINITE,
            };
        }
        let raw = tt_hit.map_or_else(|| self.evaluate(), |h| h.eval);
        let faded = self.fade(raw);
        let correction = self.shared.correction.correction(&self.pos);
        NodeEval {
            raw,
            faded,
            corrected: (faded + correction).clamp(-RULE_BOUND, RULE_BOUND),
        }
    }

    /// `info currmove` for a root move, once the search has run a while.
    #[inline(always)]
    fn announce_root_move(&mut self, depth: i32, mv: Move, searched: usize) {
        if self.reporter.is_some() && self.shared.since_go() >= super::CURRMOVE_AFTER {
            let info = Info::CurrMove {
                depth,
                mv,
                number: searched + 1,
            };
            self.report(&info);
        }
    }

    /// What a finished node teaches: the evaluation's correction (from a
    /// quiet result that is no mate or rule verdict) and the table entry,
    /// both only when the node's value is the position's own (no banned
    /// root move, no left-out move).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn learn_result(
        &mut self,
        node: &NodeFacts,
        key: u64,
        in_check: bool,
        eval: NodeEval,
        best_move: Option<Move>,
        best_score: i32,
        best_is_quiet: bool,
        bound: Bound,
    ) {
        let true_value = if node.root {
            self.banned.is_empty()
        } else {
            node.excluded.is_none()
        };
        if !true_value {
            return;
        }
        // A capture's gain, a mate or a rule verdict is no error of the
        // evaluation of this pawn structure.
        if !in_check && best_is_quiet && !is_mate(best_score) && !is_rule_score(best_score) {
            self.shared
                .correction
                .update(&self.pos, node.depth, bound, best_score, eval.faded);
        }
        let stored_eval = if in_check { 0 } else { eval.raw };
        let entry = TtEntry {
            mv: best_move,
            score: best_score,
            eval: stored_eval,
            depth: node.depth,
            bound,
            was_pv: node.tt_pv,
        };
        self.store(key, node.ply, entry);
    }
}
