//! Building a book from the engine's own analysis: walk the opening tree from
//! a position, asking an [`Analyst`] for the moves within a margin of the best
//! at each node, and keep them with weights that fall with their distance from
//! the best.
//!
//! The search is behind a trait so this walk can be tested with a scripted
//! analyst and wired to the real multi-PV search in one small `impl`.

use super::BookBuilder;
use crate::core::{Move, Position};
use std::collections::HashSet;

/// Something that rates the moves of a position: a fixed-depth multi-PV search.
pub trait Analyst {
    /// The moves of `pos` whose score (centipawns, for the side to move) is
    /// within `margin_cp` of the best, best first, searched to `depth`; at
    /// most `max_moves` are needed (an analyst that finds all moves at once
    /// may return more).
    fn candidates(
        &mut self,
        pos: &Position,
        depth: u32,
        margin_cp: i32,
        max_moves: usize,
    ) -> Vec<(Move, i32)>;
}

/// How far and how wide to explore.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ExploreLimits {
    /// Book depth in plies from the root.
    pub plies: u32,
    /// Search depth per analysed position.
    pub search_depth: u32,
    /// Keep moves scoring at least `best - margin_cp`.
    pub margin_cp: i32,
    /// At most this many moves per position (the best ones).
    pub max_moves: usize,
    /// The same two limits for the start position itself, so that every main
    /// system gets in even where the engine prefers one clearly.
    pub root_margin_cp: i32,
    pub root_max_moves: usize,
    /// Stop after analysing this many positions (a budget for the CPU).
    pub max_positions: usize,
}

/// A move's book weight from how far it is below the best: 100 for the best,
/// falling linearly to 10 at the margin, so second choices are still played
/// now and then.
pub fn analysis_weight(best: i32, score: i32, margin_cp: i32) -> u32 {
    let gap = (best - score).clamp(0, margin_cp.max(1));
    (100 - 90 * gap / margin_cp.max(1)) as u32
}

/// Explores from `root` breadth-first (so a budget cut keeps the shallow,
/// most used part of the tree) and adds every kept move to `book`. Positions
/// reached twice, by transposition or as mirror images, are analysed once.
/// Returns the number of positions analysed.
pub fn explore<A: Analyst>(
    analyst: &mut A,
    root: &Position,
    limits: &ExploreLimits,
    book: &mut BookBuilder,
) -> usize {
    let mut seen = HashSet::new();
    let mut frontier = vec![root.clone()];
    let mut analysed = 0;
    for ply in 0..limits.plies {
        let (margin_cp, max_moves) = if ply == 0 {
            (limits.root_margin_cp, limits.root_max_moves)
        } else {
            (limits.margin_cp, limits.max_moves)
        };
        let mut next = Vec::new();
        for pos in frontier {
            let (key, mirror_key) = (super::book_key(&pos, false), super::book_key(&pos, true));
            if !seen.insert(key.min(mirror_key)) {
                continue;
            }
            if analysed >= limits.max_positions {
                return analysed;
            }
            analysed += 1;
            let mut moves = analyst.candidates(&pos, limits.search_depth, margin_cp, max_moves);
            moves.retain(|&(mv, _)| pos.is_legal(mv));
            let Some(best) = moves.iter().map(|&(_, s)| s).max() else {
                continue;
            };
            moves.retain(|&(_, s)| s >= best - margin_cp);
            moves.sort_by_key(|&(_, s)| -s);
            keep_best(&mut moves, max_moves, key == mirror_key);
            for (mv, score) in moves {
                book.add_weight(&pos, mv, analysis_weight(best, score, margin_cp));
                let mut child = pos.clone();
                child.make(mv);
                next.push(child);
            }
        }
        frontier = next;
    }
    analysed
}

/// Keeps the first `max_moves` moves (sorted best first). In a position that
/// is its own mirror image a move and its mirror count as one, so the cap
/// never splits a pair.
fn keep_best(moves: &mut Vec<(Move, i32)>, max_moves: usize, symmetric: bool) {
    let mut kept: Vec<(Move, i32)> = Vec::with_capacity(moves.len());
    let mut distinct = 0;
    for &(mv, score) in moves.iter() {
        let pair_kept = symmetric && kept.iter().any(|&(k, _)| k == mv.mirror());
        if !pair_kept {
            if distinct == max_moves {
                continue;
            }
            distinct += 1;
        }
        kept.push((mv, score));
    }
    *moves = kept;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::write_book;
    use crate::book::{BookFile, WeightedMove};
    use std::path::Path;

    /// Scores every legal move by a fixed rule: the central cannon is best,
    /// horse moves 20 below, everything else far below.
    struct Scripted {
        calls: usize,
    }

    impl Analyst for Scripted {
        fn candidates(
            &mut self,
            pos: &Position,
            _depth: u32,
            margin: i32,
            _max_moves: usize,
        ) -> Vec<(Move, i32)> {
            self.calls += 1;
            let scored: Vec<(Move, i32)> = pos
                .legal_moves()
                .iter()
                .map(|&mv| {
                    let text = mv.to_string();
                    let score = match &text[..] {
                        "h2e2" | "b2e2" | "h7e7" | "b7e7" => 30,
                        _ if pos.piece_at(mv.from()).unwrap().kind
                            == crate::core::PieceKind::Horse =>
                        {
                            10
                        }
                        _ => -200,
                    };
                    (mv, score)
                })
                .collect();
            let best = scored.iter().map(|s| s.1).max().unwrap_or(0);
            scored
                .into_iter()
                .filter(|s| s.1 >= best - margin)
                .collect()
        }
    }

    /// Two plies, a 25 cp margin and room for 8 moves everywhere.
    fn two_plies() -> ExploreLimits {
        ExploreLimits {
            plies: 2,
            search_depth: 1,
            margin_cp: 25,
            max_moves: 8,
            root_margin_cp: 25,
            root_max_moves: 8,
            max_positions: 1000,
        }
    }

    /// The builder's entries written and read back as a book file.
    fn as_book(builder: &BookBuilder) -> BookFile {
        let mut bytes = Vec::new();
        write_book(&mut bytes, &builder.entries(1)).unwrap();
        BookFile::from_bytes(Path::new("explored"), &bytes).unwrap()
    }

    #[test]
    fn a_wider_root_keeps_moves_the_general_margin_drops() {
        // The scripted analyst scores every move but the central cannons and
        // the horses 230 below the best: a 25 cp margin keeps 6 root moves, a
        // 300 cp margin with room for all keeps all 44.
        let narrow = two_plies();
        let wide = ExploreLimits {
            root_margin_cp: 300,
            root_max_moves: 60,
            ..narrow
        };
        let root_moves = |limits: &ExploreLimits| {
            let mut builder = BookBuilder::new();
            explore(
                &mut Scripted { calls: 0 },
                &Position::startpos(),
                limits,
                &mut builder,
            );
            as_book(&builder).candidates(&Position::startpos()).len()
        };
        assert_eq!(root_moves(&narrow), 6);
        assert_eq!(root_moves(&wide), 44);
    }

    #[test]
    fn the_walk_keeps_moves_within_the_margin_and_merges_mirrors() {
        let limits = two_plies();
        let mut analyst = Scripted { calls: 0 };
        let mut builder = BookBuilder::new();
        let analysed = explore(&mut analyst, &Position::startpos(), &limits, &mut builder);
        // Root: h2e2 and b2e2 (30) and four horse moves (10). The two cannon
        // replies and the pairs of horse moves are mirror images, so ply 1
        // analyses 1 + 2 positions, not 6.
        assert_eq!(analysed, 4);
        assert_eq!(analyst.calls, analysed);
        let book = as_book(&builder);
        let mut root: Vec<WeightedMove> = book.candidates(&Position::startpos());
        root.sort_by_key(|c| c.mv.to_string());
        let text: Vec<String> = root
            .iter()
            .map(|c| format!("{}:{}", c.mv, c.weight))
            .collect();
        assert_eq!(
            text,
            ["b0a2:28", "b0c2:28", "b2e2:100", "h0g2:28", "h0i2:28", "h2e2:100"]
        );
        // Both wings of the central cannon get Black's replies, stored once.
        for first in ["h2e2", "b2e2"] {
            let mut pos = Position::startpos();
            pos.make(first.parse().unwrap());
            let replies: Vec<String> = book
                .candidates(&pos)
                .iter()
                .map(|c| c.mv.to_string())
                .collect();
            assert!(
                replies.contains(&"h7e7".to_string()),
                "{first}: {replies:?}"
            );
            assert!(
                replies.contains(&"b7e7".to_string()),
                "{first}: {replies:?}"
            );
        }
        assert_eq!(analysis_weight(30, 30, 25), 100);
        assert_eq!(analysis_weight(30, 5, 25), 10);
    }

    #[test]
    fn the_cap_keeps_mirror_pairs_together() {
        let mv = |t: &str| t.parse::<Move>().unwrap();
        let all = vec![
            (mv("h0g2"), 9),
            (mv("b0c2"), 9),
            (mv("h2e2"), 8),
            (mv("b2e2"), 8),
            (mv("c3c4"), 7),
        ];
        let mut symmetric = all.clone();
        keep_best(&mut symmetric, 2, true);
        assert_eq!(symmetric, all[..4]);
        let mut plain = all.clone();
        keep_best(&mut plain, 2, false);
        assert_eq!(plain, all[..2]);
    }

    #[test]
    fn the_budget_stops_the_walk() {
        let limits = ExploreLimits {
            plies: 6,
            search_depth: 1,
            margin_cp: 25,
            max_moves: 8,
            root_margin_cp: 25,
            root_max_moves: 8,
            max_positions: 5,
        };
        let mut analyst = Scripted { calls: 0 };
        let mut builder = BookBuilder::new();
        assert_eq!(
            explore(&mut analyst, &Position::startpos(), &limits, &mut builder),
            5
        );
        assert_eq!(analyst.calls, 5);
    }
}
