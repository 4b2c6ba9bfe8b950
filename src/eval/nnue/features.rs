//! The network's inputs: one feature per (piece, square) as a side sees the
//! board. Each side sees it from its own end (Black's view is the board
//! turned over rank by rank) with its own pieces first, so one set of
//! weights serves both colours.

use crate::core::{Color, Piece, Position, Square};

/// Piece kinds (7) times owners (ours, theirs) times squares (90).
pub const FEATURES: usize = 14 * 90;

/// The feature of `piece` on `sq` as `view` sees it.
#[inline]
pub fn feature(view: Color, piece: Piece, sq: Square) -> usize {
    let owner = usize::from(piece.color != view);
    let kind = owner * 7 + piece.kind.index();
    let sq = match view {
        Color::Red => sq,
        Color::Black => sq.flip(),
    };
    kind * 90 + sq.index()
}

/// The same feature on the left-right mirror of the board (the rules are
/// symmetric, so a trainer may learn from a position and its mirror).
#[inline]
pub fn mirrored(feature: usize) -> usize {
    let (kind, sq) = (feature / 90, feature % 90);
    kind * 90 + (sq / 9) * 9 + (8 - sq % 9)
}

/// The feature that Black sees for the piece that Red sees as `red_feature`:
/// the owner changes sides and the square turns over.
#[inline]
pub fn seen_by_black(red_feature: usize) -> usize {
    let (kind, sq) = (red_feature / 90, red_feature % 90);
    let swapped = (kind + 7) % 14;
    swapped * 90 + (9 - sq / 9) * 9 + sq % 9
}

/// Every feature of `pos` as `view` sees it, one per piece.
pub fn active_features(pos: &Position, view: Color) -> impl Iterator<Item = usize> + '_ {
    pos.occupied()
        .into_iter()
        .filter_map(move |sq| pos.piece_at(sq).map(|piece| feature(view, piece, sq)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::PieceKind;

    #[test]
    fn each_side_sees_its_own_king_on_its_own_back_rank() {
        let pos = Position::startpos();
        let red_king = Square::from_index(4).unwrap();
        let black_king = Square::from_index(85).unwrap();
        let ours = |c| {
            feature(
                c,
                Piece::new(c, PieceKind::King),
                if c == Color::Red {
                    red_king
                } else {
                    black_king
                },
            )
        };
        assert_eq!(ours(Color::Red), ours(Color::Black));
        assert_eq!(ours(Color::Red), 4);
        assert_eq!(active_features(&pos, Color::Red).count(), 32);
        let mut red: Vec<_> = active_features(&pos, Color::Red).collect();
        let mut black: Vec<_> = active_features(&pos, Color::Black).collect();
        red.sort_unstable();
        black.sort_unstable();
        assert_eq!(red, black, "the start is the same from both ends");
    }

    #[test]
    fn black_sees_what_red_sees_turned_over() {
        let pos =
            Position::from_fen("2bak4/4a4/4b1n2/p3C3p/2p6/4P1R2/P5c1P/4B4/4A4/2BAK4 w - - 0 1")
                .unwrap();
        let mut turned: Vec<_> = active_features(&pos, Color::Red)
            .map(seen_by_black)
            .collect();
        let mut black: Vec<_> = active_features(&pos, Color::Black).collect();
        turned.sort_unstable();
        black.sort_unstable();
        assert_eq!(turned, black);
    }

    #[test]
    fn mirroring_twice_is_the_identity_and_keeps_the_piece() {
        for f in 0..FEATURES {
            assert_eq!(mirrored(mirrored(f)), f);
            assert_eq!(mirrored(f) / 90, f / 90);
        }
        assert_eq!(mirrored(0), 8);
        assert_eq!(mirrored(4), 4);
    }
}
