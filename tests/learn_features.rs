//! The evaluation as coefficients times weights: the dot product with the
//! engine's weights is the engine's evaluation, exactly, on thousands of
//! positions; and the evaluation is colour- and mirror-symmetric.

use chuhan::core::{File, Rank};
use chuhan::learn::features::Features;
use chuhan::learn::layout::{current_weights, COUNT};
use chuhan::random::Rng;
use chuhan::search::eval::evaluate;
use chuhan::{Color, Position, Square};

/// Positions from random games (seeded), every ply of each game.
fn random_positions(games: u64, plies: usize) -> Vec<Position> {
    let mut positions = Vec::new();
    let mut rng = Rng::new(0x5EED);
    for _ in 0..games {
        let mut pos = Position::startpos();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make(moves[rng.below(moves.len() as u64) as usize]);
            let mut fresh = pos.clone();
            fresh.clear_history();
            positions.push(fresh);
        }
    }
    positions
}

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
fn coefficients_times_weights_is_the_evaluation_on_thousands_of_positions() {
    let weights = current_weights();
    let positions = random_positions(40, 160);
    assert!(positions.len() > 4000, "{} positions", positions.len());
    let mut phases = std::collections::HashSet::new();
    for pos in &positions {
        let features = Features::of(pos);
        assert!(features
            .coefficients
            .iter()
            .all(|&(i, c)| (i as usize) < COUNT && c != 0));
        let red_view = features.evaluate(&weights);
        let for_mover = match pos.side_to_move() {
            Color::Red => red_view,
            Color::Black => -red_view,
        };
        assert_eq!(for_mover, evaluate(pos), "{}", pos.to_fen());
        // The real-valued form differs only by the blend's rounding.
        let real: Vec<f64> = weights.iter().map(|&w| w as f64).collect();
        assert!((features.value(&real) - red_view as f64).abs() < 1.0);
        phases.insert(features.phase);
    }
    // The games reach the endgame, so both tables are exercised.
    assert!(phases.len() > 10, "phases seen: {phases:?}");
}

#[test]
fn evaluation_is_colour_and_mirror_symmetric() {
    for pos in random_positions(20, 160) {
        let flipped = transformed(&pos, Square::flip, true);
        let mirrored = transformed(&pos, Square::mirror, false);
        assert_eq!(
            evaluate(&pos),
            evaluate(&flipped),
            "colour flip of {}",
            pos.to_fen()
        );
        assert_eq!(
            evaluate(&pos),
            evaluate(&mirrored),
            "mirror of {}",
            pos.to_fen()
        );
    }
}
