//! An independent mate oracle for the search tests: plain brute force over
//! the move generator, sharing nothing with the search.

use chuhan::core::Position;

/// An independent oracle: can the side to move leave the opponent without a
/// legal move within `n` moves, whatever the defence? Plain brute force over
/// the move generator, sharing nothing with the search.
pub fn forced_win_within(pos: &mut Position, n: u32) -> bool {
    for mv in pos.legal_moves() {
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
        if wins {
            return true;
        }
    }
    false
}
