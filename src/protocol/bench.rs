//! `bench [depth]` inside a session: the search benchmark of
//! [`crate::search::bench`] with the evaluation the session plays with, run
//! as a job, with its result as a note.

use super::reply;
use crate::eval::Evaluator;
use crate::rules::RuleSet;
use crate::search::bench::{run_bench_with, BENCH_DEPTH};

/// Deepest `bench` allowed.
pub const MAX_BENCH: u32 = 30;
/// The depth when `bench` names none.
pub const DEFAULT_DEPTH: u32 = BENCH_DEPTH as u32;
/// The table size of a session bench, as `chuhan bench` uses.
const BENCH_HASH_MB: usize = 16;

/// Runs the bench to `depth` with `evaluator` (not interruptible) and
/// reports its signature; the rules are the Chinese ones, as `chuhan bench`
/// uses by default, so the two give the same count.
pub fn report(depth: u32, evaluator: Evaluator) -> Vec<String> {
    let name = evaluator.name();
    let result = run_bench_with(depth as i32, BENCH_HASH_MB, RuleSet::default(), evaluator);
    vec![reply::note(format!(
        "bench depth {depth} evaluation {name} nodes {} time {} nps {}",
        result.nodes,
        result.time.as_millis(),
        result.nps()
    ))]
}
