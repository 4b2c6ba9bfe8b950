//! Iterative deepening with aspiration windows: the main thread deepens one
//! ply at a time (every line of a multi-PV search at each depth), reports
//! each finished iteration and decides when a timed search has seen enough;
//! helper threads deepen through the same depths on their own, each with
//! its own aspiration window, sharing the table's work, and end with a
//! result for the vote (see [`super::vote`]).

use super::alphabeta::Worker;
use super::info::{Info, Iteration, SearchOutcome};
use super::limits::{Limits, Settledness};
use super::params;
use super::score::{is_mate, Score, INFINITE, MATE};
use super::shared::Shared;
use super::skill::Candidate;
use super::tt::Bound;
use super::vote::RootResult;
use super::MAX_PLY;
use std::sync::atomic::Ordering;
use std::time::Duration;

fn max_depth(limits: &Limits) -> i32 {
    limits
        .depth_limit()
        .unwrap_or(MAX_PLY as i32 - 8)
        .clamp(1, MAX_PLY as i32 - 8)
}

/// A helper deepens on its own until the search stops, and returns the
/// result of the deepest iteration it finished: an iteration cut short has
/// searched only some root moves at its depth, and credited with that depth
/// it would outvote finished ones.
pub fn helper_loop(worker: &mut Worker, limits: &Limits) -> Option<RootResult> {
    let mut score = 0;
    let mut result = None;
    for depth in 1..=max_depth(limits) {
        score = aspiration(worker, depth, None, score);
        let pv = worker.root_pv();
        if worker.stopped || pv.is_empty() {
            break;
        }
        result = Some(RootResult {
            depth,
            seldepth: worker.seldepth,
            score,
            pv,
        });
    }
    result
}

/// The aspiration window's first half-width. Helper threads open theirs
/// wider by turns, so that they fail and search again at other moments
/// than the main thread, and so search other parts of the tree.
fn first_window(thread: usize) -> i32 {
    params::aw_window() + params::aw_thread_spread() * (thread % 4) as i32
}

/// One iteration with an aspiration window around the last score. Each
/// failed window is reported as a bound of principal variation `shown_line`
/// (0 = the best), if the main thread shows that line.
fn aspiration(worker: &mut Worker, depth: i32, shown_line: Option<usize>, previous: i32) -> i32 {
    if depth < params::aw_depth() || is_mate(previous) {
        let score = worker.search_root(-INFINITE, INFINITE, depth);
        return if worker.stopped {
            stopped_score(worker, score)
        } else {
            score
        };
    }
    let mut window = first_window(worker.id);
    let (mut alpha, mut beta) = (previous - window, previous + window);
    loop {
        let score = worker.search_root(alpha, beta, depth);
        if worker.stopped {
            return stopped_score(worker, score);
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
        window += window * params::aw_growth() / 100 + params::aw_widen();
    }
}

/// What an interrupted root search may report: the best root move it fully
/// searched, never the 0 that the interrupted lines return (the caller keeps
/// the last finished iteration when there is no such move).
fn stopped_score(worker: &Worker, returned: i32) -> i32 {
    worker.root_best().unwrap_or(returned)
}

/// The main thread's search: its outcome, and its last result for the vote
/// (`None` if it finished no root move).
pub fn main_loop(worker: &mut Worker, limits: &Limits) -> (SearchOutcome, Option<RootResult>) {
    let shared = worker.shared();
    let root_moves = worker.root_moves();
    let mut outcome = SearchOutcome {
        best: root_moves.first().copied(),
        ponder: None,
        // Without a move to play the side to move has lost now; otherwise,
        // until an iteration finishes, the only computed score is the root's
        // evaluation.
        score: Score::from_internal(if root_moves.is_empty() {
            -MATE
        } else {
            worker.root_eval()
        }),
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
    let mut result = None;
    if !root_moves.is_empty() {
        'deepening: for depth in 1..=max_depth(limits) {
            let previous_score = scores[0];
            // Line k searches the root without the first moves of lines 1..k.
            let mut excluded = limits.banned.clone();
            for (line, line_score_slot) in scores.iter_mut().enumerate() {
                worker.set_excluded(excluded.clone());
                let shown_line = (line < shown).then_some(line);
                let line_score = aspiration(worker, depth, shown_line, *line_score_slot);
                let pv = worker.root_pv();
                // A stopped iteration's PV holds only fully searched
                // improvements, and its score is theirs; without one, the
                // last finished iteration stands.
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
                    result = Some(RootResult {
                        depth,
                        seldepth: worker.seldepth,
                        score: line_score,
                        pv: pv.clone(),
                    });
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
            if limits
                .soft_nodes
                .is_some_and(|soft| shared.nodes.load(Ordering::Relaxed) >= soft)
            {
                break;
            }
            if timed {
                let settled = Settledness {
                    stable_iterations,
                    score_drop: if depth > 1 {
                        previous_score - scores[0]
                    } else {
                        0
                    },
                    best_move_effort: outcome.best.map_or(0.0, |mv| worker.root_effort(mv)),
                };
                if should_stop_iterating(shared, depth, scores[0], settled, root_moves.len()) {
                    break;
                }
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
    (outcome, result)
}

/// The main thread's report of principal variation `line` at `depth`.
fn iteration(worker: &Worker, depth: i32, line: usize, score: i32, bound: Bound) -> Iteration {
    let result = RootResult {
        depth,
        seldepth: worker.seldepth,
        score,
        pv: worker.root_pv(),
    };
    report_of(worker.shared(), &result, line, bound)
}

/// The report of `result` as principal variation `line`, with the search's
/// counts as they are now.
pub fn report_of(shared: &Shared, result: &RootResult, line: usize, bound: Bound) -> Iteration {
    let time = shared.since_go();
    let nodes = shared.nodes.load(Ordering::Relaxed);
    Iteration {
        depth: result.depth,
        // Mate-distance pruning can keep every line shorter than the nominal
        // depth; GUIs expect seldepth >= depth.
        seldepth: result.seldepth.max(result.depth as usize),
        multipv: line + 1,
        score: Score::from_internal(result.score),
        bound,
        nodes,
        nps: (nodes as f64 / time.as_secs_f64().max(1e-3)) as u64,
        time,
        hashfull: shared.tt.hashfull(),
        pv: result.pv.clone(),
    }
}

/// Whether to start no further iteration (timed searches only), given the
/// best line's score and how settled this iteration left the search.
fn should_stop_iterating(
    shared: &Shared,
    depth: i32,
    score: i32,
    settled: Settledness,
    root_moves: usize,
) -> bool {
    let Some(plan) = shared.plan else {
        return false;
    };
    let pondering = shared.pondering.load(Ordering::Relaxed);
    // A ponder search thinks on until told; one that would have stopped by
    // now, counting from `go`, answers at once on `ponderhit`.
    let elapsed = if pondering {
        shared.since_go()
    } else {
        shared.elapsed()
    };
    let done = root_moves == 1
        || (is_mate(score) && depth >= 2 * (MATE - score.abs()) + 4)
        || elapsed >= plan.soft_limit(settled);
    if pondering {
        if done {
            shared.stop_on_ponderhit.store(true, Ordering::Relaxed);
        }
        return false;
    }
    done
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluator;
    use crate::search::limits::TimePlan;
    use crate::search::tt::TranspositionTable;
    use std::sync::Arc;
    use std::time::Duration;

    fn pondering(soft: Duration) -> Shared {
        let plan = TimePlan {
            soft,
            hard: soft * 3,
            fixed: false,
        };
        Shared::new(
            Arc::new(TranspositionTable::new(1)),
            Arc::default(),
            Evaluator::default(),
            true,
            Some(plan),
            None,
        )
    }

    const SETTLED: Settledness = Settledness {
        stable_iterations: 1,
        score_drop: 0,
        best_move_effort: 0.5,
    };

    /// A ponder search never stops by itself; one that has thought as long
    /// as its plan allows answers at once on `ponderhit`, and one that has
    /// not starts its clock then and thinks on.
    #[test]
    fn a_ponder_search_that_thought_enough_answers_at_once_on_ponderhit() {
        let done = pondering(Duration::ZERO);
        assert!(!should_stop_iterating(&done, 8, 30, SETTLED, 40));
        assert!(!done.stop.load(Ordering::Relaxed));
        done.ponderhit();
        assert!(done.stop.load(Ordering::Relaxed));

        let early = pondering(Duration::from_secs(3600));
        assert!(!should_stop_iterating(&early, 8, 30, SETTLED, 40));
        early.ponderhit();
        assert!(!early.stop.load(Ordering::Relaxed));
        assert!(!should_stop_iterating(&early, 9, 30, SETTLED, 40));
    }
}
