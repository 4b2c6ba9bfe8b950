//! Singular extensions of the hash move: when every other move fails low
//! against a window just below the hash move's score, the hash move is the
//! only good one and is searched a ply deeper; when another move also beats
//! beta the node cuts at once (multi-cut); when the hash move's score alone
//! beats beta it is searched a ply shallower. Checks are extended a ply.

use super::{NodeFacts, Worker};
use crate::core::Move;
use crate::search::params;
use crate::search::score::{is_mate, is_rule_score};
use crate::search::tt::{Bound, TtEntry};

/// What the singular-extension search says of the hash move.
pub(super) enum Singular {
    /// Search the move this many plies deeper (negative: shallower).
    Extend(i32),
    /// Another move also beats beta: the node fails high with this score.
    MultiCut(i32),
}

impl Worker<'_> {
    /// How much deeper `mv` is searched: a ply for a check (while the line
    /// is not yet twice the root's depth), and what the singular test says
    /// of the hash move.
    #[inline(always)]
    pub(super) fn extension(
        &mut self,
        node: &NodeFacts,
        tt_hit: Option<TtEntry>,
        mv: Move,
        gives_check: bool,
        beta: i32,
    ) -> Singular {
        let extendable = (node.ply as i32) < 2 * self.root_depth;
        let check_extension = (gives_check && extendable) as i32;
        let tested =
            tt_hit.filter(|hit| !node.root && node.excluded.is_none() && Some(mv) == hit.mv);
        match tested {
            Some(hit) if self.singular_candidate(&hit, node.depth) => {
                match self.singular(&hit, beta, node.depth, node.ply, node.cut_node) {
                    Singular::MultiCut(score) => Singular::MultiCut(score),
                    // Shallower by the verdict, deeper within the bound.
                    Singular::Extend(e) if e < 0 => Singular::Extend(e + check_extension),
                    Singular::Extend(e) if extendable => Singular::Extend(e.max(check_extension)),
                    Singular::Extend(_) => Singular::Extend(0),
                }
            }
            _ => Singular::Extend(check_extension),
        }
    }

    /// Whether the hash move of `hit` may be tested for being singular at
    /// `depth`: its result is a fail-high or exact from nearly as deep, and
    /// an ordinary score that holds on any path and before the natural limit.
    fn singular_candidate(&self, hit: &TtEntry, depth: i32) -> bool {
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
        hit: &TtEntry,
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
}
