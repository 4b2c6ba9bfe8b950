//! An independent mate oracle for the search tests and the mate-problem
//! generator (`examples/mate_problems.rs`): plain brute force over the move
//! generator, sharing nothing with the search; and what the suite
//! `tests/data/mates.epd` asks of a problem.

use chuhan::core::{Move, Position};

/// The fewest legal moves a problem offers the solver (the search plays a
/// lone legal move at once).
pub const MIN_CHOICES: usize = 5;

/// An independent oracle: can the side to move leave the opponent without a
/// legal move within `n` moves, whatever the defence? Plain brute force over
/// the move generator, sharing nothing with the search.
pub fn forced_win_within(pos: &mut Position, n: u32) -> bool {
    pos.legal_moves()
        .into_iter()
        .any(|mv| wins_within_after(pos, mv, n))
}

/// Whether playing `mv` (legal here) leaves the opponent without a legal
/// move within `n` moves of the side to move, `mv` counted, whatever the
/// defence.
pub fn wins_within_after(pos: &mut Position, mv: Move, n: u32) -> bool {
    pos.make(mv);
    let replies = pos.legal_moves();
    let wins = replies.is_empty()
        || (n > 1
            && replies.iter().all(|&reply| {
                pos.make(reply);
                let w = forced_win_within(pos, n - 1);
                pos.unmake();
                w
            }));
    pos.unmake();
    wins
}

/// Every first move that forces mate within `n` moves.
pub fn mating_moves(pos: &mut Position, n: u32) -> Vec<Move> {
    let moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    moves
        .into_iter()
        .filter(|&mv| wins_within_after(pos, mv, n))
        .collect()
}

/// Whether `mv` is quiet: neither a capture nor a check.
pub fn is_quiet(pos: &Position, mv: Move) -> bool {
    let mut after = pos.clone();
    after.make(mv);
    pos.piece_at(mv.to()).is_none() && !after.in_check()
}
