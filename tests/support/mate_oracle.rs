//! An independent mate oracle for the search tests: plain brute force over
//! the move generator, sharing nothing with the search.

use chuhan::core::{Move, Position};

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
