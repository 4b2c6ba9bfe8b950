//! Perft: counts the leaf nodes of the legal move tree, to prove the move
//! generator against reference counts. The last ply is counted, not played.

use super::{Move, Position};
use rayon::prelude::*;

/// Leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut nodes = 0;
            for mv in pos.legal_moves() {
                pos.make(mv);
                nodes += perft(pos, depth - 1);
                pos.unmake();
            }
            nodes
        }
    }
}

/// Leaf nodes below each root move, in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            pos.make(mv);
            let nodes = perft(pos, depth - 1);
            pos.unmake();
            (mv, nodes)
        })
        .collect()
}

/// Like [`perft`], with the root moves shared among rayon's threads.
pub fn perft_parallel(pos: &Position, depth: u32) -> u64 {
    if depth <= 1 {
        return perft(&mut pos.clone(), depth);
    }
    let moves: Vec<_> = pos.legal_moves().into_iter().collect();
    moves
        .into_par_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.make(mv);
            perft(&mut child, depth - 1)
        })
        .sum()
}
