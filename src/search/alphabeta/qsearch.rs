//! The quiescence search: at the horizon, captures only (and every
//! evasion when in check), each first weighed by delta pruning and the
//! static exchange, until the position is quiet enough to stand on its
//! evaluation.

use super::Worker;
use crate::core::{gives_check, GenKind};
use crate::search::movepick::QuiescencePicker;
use crate::search::params;
use crate::search::score::{mated_in, DRAW, INFINITE};
use crate::search::see::{see_ge, SEE_VALUE};
use crate::search::tt::{Bound, TtEntry};
use crate::search::MAX_PLY;

impl Worker<'_> {
    pub(super) fn qsearch<const PV: bool>(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
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
        let entry = TtEntry {
            mv: best_move,
            score: best_score,
            eval: stored_eval,
            depth: 0,
            bound,
            was_pv,
        };
        self.store(key, ply, entry);
        best_score
    }
}
