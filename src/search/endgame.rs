//! Endings that cannot be won, whatever the material count says: what the
//! static evaluation (either one) is held to before the search reads it.
//! The network learns such endings only as far as its games reached them,
//! and a count of material never sees them, so they are written here once,
//! from the endgame theory every Xiangqi player learns:
//! - a side with no piece that can cross the river (no chariot, horse,
//!   cannon or pawn) cannot mate, so its edge is no edge (the referee
//!   draws when neither side has one);
//! - a lone chariot, horse or cannon with no pawn does not beat a king with
//!   both advisors and both elephants (车/马/炮难胜士象全): the defence holds
//!   with correct play, so the edge is cut to a sixteenth.

use super::score::DRAW;
use crate::core::{Color, PieceKind, Position};

/// The share of the edge a lone piece keeps against a full defence.
const LONE_PIECE_SHARE: i32 = 16;

/// `eval`, for the side to move of `pos`, held to what the material left
/// allows the side it favours.
#[inline]
pub fn held_to_material(pos: &Position, eval: i32) -> i32 {
    let us = pos.side_to_move();
    let favoured = match eval {
        0 => return DRAW,
        e if e > 0 => us,
        _ => !us,
    };
    if !pos.can_attack(favoured) {
        DRAW
    } else if lone_piece_against_full_defence(pos, favoured) {
        eval / LONE_PIECE_SHARE
    } else {
        eval
    }
}

/// Whether `side` has one chariot, horse or cannon and no pawn, and the
/// other side both advisors and both elephants.
fn lone_piece_against_full_defence(pos: &Position, side: Color) -> bool {
    let count = |color, kind| pos.pieces(color, kind).count();
    let attackers = count(side, PieceKind::Chariot)
        + count(side, PieceKind::Horse)
        + count(side, PieceKind::Cannon);
    attackers == 1
        && count(side, PieceKind::Pawn) == 0
        && count(!side, PieceKind::Advisor) == 2
        && count(!side, PieceKind::Elephant) == 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(fen: &str, eval: i32) -> i32 {
        held_to_material(&Position::from_fen(fen).unwrap(), eval)
    }

    #[test]
    fn a_lone_piece_against_a_full_defence_keeps_a_sixteenth() {
        for piece in ["R", "N", "C"] {
            let fen = format!("2bakab2/9/9/9/9/9/9/9/{piece}8/3K5 w - - 0 1");
            assert_eq!(held(&fen, 700), 43, "{fen}");
            // The defender, with nothing to attack with, has no edge.
            assert_eq!(held(&fen, -50), DRAW, "{fen}");
            let black_to_move = fen.replace(" w ", " b ");
            assert_eq!(held(&black_to_move, -700), -43, "{black_to_move}");
        }
        // A pawn beside the piece, a second piece, or a missing elephant:
        // the edge stands.
        for fen in [
            "2bakab2/9/9/9/9/9/4P4/9/R8/3K5 w - - 0 1",
            "2bakab2/9/9/9/9/9/9/9/RN7/3K5 w - - 0 1",
            "3akab2/9/9/9/9/9/9/9/R8/3K5 w - - 0 1",
        ] {
            assert_eq!(held(fen, 700), 700, "{fen}");
        }
    }

    #[test]
    fn a_side_that_cannot_attack_has_no_edge() {
        let fen = "4k4/9/4b4/9/9/9/9/4B4/4A4/4K4 w - - 0 1";
        assert_eq!(held(fen, 56), DRAW);
        assert_eq!(held(fen, -56), DRAW);
        let pawn_up = "4k4/9/4b4/9/9/9/4P4/4B4/4A4/4K4 w - - 0 1";
        assert_eq!(held(pawn_up, 80), 80);
        assert_eq!(held(pawn_up, -80), DRAW, "Black has nothing to attack with");
    }
}
