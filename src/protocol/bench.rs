//! `bench [depth]` inside a session: the search benchmark of
//! [`crate::search::bench`], run as a job, with its result as a note.

use super::reply;
use crate::search::bench::{run_bench, BENCH_DEPTH};

/// Deepest `bench` allowed.
pub const MAX_BENCH: u32 = 30;
/// The depth when `bench` names none.
pub const DEFAULT_DEPTH: u32 = BENCH_DEPTH as u32;
/// The table size of a session bench, as `chuhan bench` uses.
const BENCH_HASH_MB: usize = 16;

/// Runs the bench to `depth` (not interruptible) and reports its signature.
pub fn report(depth: u32) -> Vec<String> {
    let result = run_bench(depth as i32, BENCH_HASH_MB);
    vec![reply::note(format!(
        "bench depth {depth} nodes {} time {} nps {}",
        result.nodes,
        result.time.as_millis(),
        result.nps()
    ))]
}
