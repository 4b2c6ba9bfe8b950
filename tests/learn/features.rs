//! The evaluation as coefficients times weights: the dot product with the
//! engine's weights is the engine's evaluation, exactly, on thousands of
//! positions (the symmetry of the evaluation is tests/eval/symmetry.rs).

use crate::random_positions;

use chuhan::eval::classical::evaluate;
use chuhan::learn::texel::features::Features;
use chuhan::learn::texel::layout::{current_weights, COUNT};
use chuhan::Color;
use random_positions::random_positions;

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
