//! Material in the rule book's sense (1999 §25.3, 2011 §26.6): what a chase
//! can threaten to win, and the values an exchange is counted in.

use crate::core::attacks::on_own_side;
use crate::core::{Piece, PieceKind, Square};

/// The value of `piece` standing on `sq`: chariot = 2 horses = 2 cannons,
/// horse = cannon, advisor = elephant. The king and a pawn still on its own
/// side of the river are not material (0); a crossed pawn is worth the least
/// of anything, because the rules let it "float" (trading it for a piece is
/// no gain).
pub const fn material_value(piece: Piece, sq: Square) -> i32 {
    match piece.kind {
        PieceKind::King => 0,
        PieceKind::Chariot => 10,
        PieceKind::Horse | PieceKind::Cannon => 5,
        PieceKind::Advisor | PieceKind::Elephant => 2,
        PieceKind::Pawn => {
            if on_own_side(sq, piece.color) {
                0
            } else {
                1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Color;

    #[test]
    fn pawns_are_material_only_across_the_river() {
        let red_pawn = Piece::new(Color::Red, PieceKind::Pawn);
        assert_eq!(material_value(red_pawn, Square::E4), 0);
        assert_eq!(material_value(red_pawn, Square::E5), 1);
        let black_pawn = Piece::new(Color::Black, PieceKind::Pawn);
        assert_eq!(material_value(black_pawn, Square::E5), 0);
        assert_eq!(material_value(black_pawn, Square::E4), 1);
    }
}
