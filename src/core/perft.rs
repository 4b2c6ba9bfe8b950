//! Perft: counts the leaf nodes of the legal move tree, to prove the move
//! generator against reference counts. The last ply is counted, not played.

use super::{Move, Position};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let never = AtomicBool::new(false);
    perft_interruptible(pos, depth, &never).expect("a perft nobody stops finishes")
}

/// [`perft`] that gives up (`None`) soon after `stop` is raised, for counts
/// run on behalf of a user who may change their mind. The flag is read once
/// per interior node, which costs nothing next to move generation.
pub fn perft_interruptible(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    match depth {
        0 => Some(1),
        1 => Some(pos.count_legal_moves() as u64),
        _ => {
            let mut nodes = 0;
            for mv in pos.legal_moves() {
                if stop.load(Ordering::Relaxed) {
                    return None;
                }
                pos.make(mv);
                let below = perft_interruptible(pos, depth - 1, stop);
                pos.unmake();
                nodes += below?;
            }
            Some(nodes)
        }
    }
}

/// Leaf nodes below each root move, in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    divide_each(pos, depth, false, &|_, _| {})
}

/// [`divide`], the root moves shared among rayon's threads when
/// `parallel`; `done(move, nodes)` hears each root move as it is counted
/// (from any thread), for a long count's progress.
pub fn divide_each(
    pos: &Position,
    depth: u32,
    parallel: bool,
    done: &(dyn Fn(Move, u64) + Sync),
) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    let count = |&mv: &Move| {
        let mut child = pos.clone();
        child.make(mv);
        let nodes = perft(&mut child, depth - 1);
        done(mv, nodes);
        (mv, nodes)
    };
    let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    if parallel {
        moves.par_iter().map(count).collect()
    } else {
        moves.iter().map(count).collect()
    }
}

/// Like [`perft`], with the root moves shared among rayon's threads.
pub fn perft_parallel(pos: &Position, depth: u32) -> u64 {
    if depth <= 1 {
        return perft(&mut pos.clone(), depth);
    }
    divide_each(pos, depth, true, &|_, _| {})
        .iter()
        .map(|(_, n)| n)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interruptible_perft_counts_the_same_or_gives_up() {
        let mut pos = Position::startpos();
        let go_on = AtomicBool::new(false);
        assert_eq!(perft_interruptible(&mut pos, 3, &go_on), Some(79_666));
        assert_eq!(perft(&mut pos, 3), 79_666);
        let stop = AtomicBool::new(true);
        assert_eq!(perft_interruptible(&mut pos, 3, &stop), None);
        // Giving up leaves the position as it was.
        assert_eq!(pos, Position::startpos());
    }
}
