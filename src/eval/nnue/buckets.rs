//! The output bucket of a position: which output layer speaks, chosen by the
//! attacking force left on the board (chariots, horses and cannons of both
//! sides, 0 to 12), so that an opening and a bare ending are weighed by
//! weights of their own. Mirror images and colour flips share a bucket.

use crate::core::{Color, PieceKind, Position};

/// The attacking pieces a full board holds.
const FULL_FORCE: usize = 12;

/// The bucket of `pos` among `buckets`.
#[inline]
pub fn output_bucket(pos: &Position, buckets: usize) -> usize {
    bucket_of_force(attacking_force(pos), buckets)
}

/// The chariots, horses and cannons on the board.
#[inline]
pub fn attacking_force(pos: &Position) -> usize {
    let force: u32 = Color::ALL
        .iter()
        .flat_map(|&c| {
            [PieceKind::Chariot, PieceKind::Horse, PieceKind::Cannon]
                .map(|kind| pos.pieces(c, kind).count())
        })
        .sum();
    force as usize
}

/// The bucket of a force among `buckets`: the force split into equal runs.
#[inline]
pub fn bucket_of_force(force: usize, buckets: usize) -> usize {
    force.min(FULL_FORCE) * buckets / (FULL_FORCE + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_force_left_picks_the_bucket() {
        let start = Position::startpos();
        assert_eq!(output_bucket(&start, 1), 0);
        assert_eq!(output_bucket(&start, 8), 7);
        let bare = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert_eq!(output_bucket(&bare, 8), 0);
        let one_chariot = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
        assert_eq!(output_bucket(&one_chariot, 8), 0);
        let six = Position::from_fen("2bak4/9/2n1b4/9/9/9/2C6/9/9/RN2KR1c1 w - - 0 1").unwrap();
        assert_eq!(output_bucket(&six, 8), 6 * 8 / 13);
        let buckets: Vec<usize> = (0..=12).map(|force| force * 8 / 13).collect();
        assert!(buckets.windows(2).all(|w| w[1] >= w[0]));
        assert_eq!((buckets[0], buckets[12]), (0, 7));
    }
}
