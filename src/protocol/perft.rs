//! `go perft N`: the core's move-tree count, run as a job that `stop`
//! abandons, with its answer in protocol words.

use super::reply;
use crate::core::{perft_interruptible, Position};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Deepest `go perft` allowed: deeper counts take hours.
pub const MAX_PERFT: u32 = 7;

/// Counts the leaves `depth` plies below `pos`, or says it was stopped.
pub fn report(mut pos: Position, depth: u32, stop: &AtomicBool) -> Vec<String> {
    let start = Instant::now();
    let Some(nodes) = perft_interruptible(&mut pos, depth, stop) else {
        return vec![reply::note(format!("perft {depth} stopped"))];
    };
    let ms = start.elapsed().as_millis();
    vec![
        reply::note(format!("perft {depth} nodes {nodes}")),
        format!("info time {ms} nodes {nodes}"),
    ]
}
