//! The evaluations are colour- and mirror-symmetric: a position, its colour
//! flip (ranks mirrored, colours and the side to move swapped), its
//! left-right mirror and both at once evaluate the same for the side to
//! move, exactly, over thousands of positions from random games (the
//! network over more than 10,000): both evaluations are symmetric by
//! construction.

use crate::random_positions;

use chuhan::core::{File, Rank};
use chuhan::eval::classical::evaluate;
use chuhan::{Color, Position, Square};
use random_positions::random_positions;

/// The FEN of `pos` with each square `sq` read from `source(sq)`, the
/// piece's colour swapped when `swap` is set.
fn transformed(pos: &Position, source: impl Fn(Square) -> Square, swap: bool) -> Position {
    let mut fen = String::new();
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..9u8 {
            let sq = Square::new(File::new(file).unwrap(), Rank::new(rank).unwrap());
            match pos.piece_at(source(sq)) {
                Some(piece) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let letter = piece.letter();
                    fen.push(match swap {
                        true if letter.is_ascii_uppercase() => letter.to_ascii_lowercase(),
                        true => letter.to_ascii_uppercase(),
                        false => letter,
                    });
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let red_moves = (pos.side_to_move() == Color::Red) != swap;
    fen.push_str(if red_moves { " w" } else { " b" });
    Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn evaluation_is_colour_and_mirror_symmetric() {
    let positions = random_positions(20, 160);
    assert!(positions.len() > 3000, "{} positions", positions.len());
    for pos in positions {
        let value = evaluate(&pos);
        let fen = pos.to_fen();
        let flipped = transformed(&pos, Square::flip, true);
        assert_eq!(value, evaluate(&flipped), "colour flip of {fen}");
        let mirrored = transformed(&pos, Square::mirror, false);
        assert_eq!(value, evaluate(&mirrored), "mirror of {fen}");
        let both = transformed(&mirrored, Square::flip, true);
        assert_eq!(value, evaluate(&both), "mirrored colour flip of {fen}");
    }
}

/// The network sees the board from the side to move's end, so a colour
/// flip is the same input; half its accumulator reads the board through the
/// mirror, so a mirror image swaps the halves and the output, a sum over
/// both, is the same. Exactly, in the engine's integers.
#[test]
fn the_network_is_colour_and_mirror_symmetric() {
    let net = chuhan::eval::nnue::built_in();
    let positions = random_positions(70, 160);
    assert!(positions.len() > 10_000, "{} positions", positions.len());
    let evaluate = |pos: &Position| chuhan::eval::nnue::evaluate(&net, pos);
    for pos in &positions {
        let value = evaluate(pos);
        let fen = pos.to_fen();
        let flipped = transformed(pos, Square::flip, true);
        assert_eq!(value, evaluate(&flipped), "colour flip of {fen}");
        let mirrored = transformed(pos, Square::mirror, false);
        assert_eq!(value, evaluate(&mirrored), "mirror of {fen}");
        let both = transformed(&mirrored, Square::flip, true);
        assert_eq!(value, evaluate(&both), "mirrored colour flip of {fen}");
    }
}
