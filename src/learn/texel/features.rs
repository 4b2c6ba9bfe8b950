//! The evaluation as coefficients times weights: for a position, the sparse
//! vector of coefficients whose product with the weight vector
//! ([`super::layout`]) is the hand-crafted evaluation, so that a tuner's
//! gradient is exact.
//!
//! The evaluation blends a middlegame and an endgame sum by the phase `p`
//! and divides by `PHASE_MAX` with integer rounding: [`Features::evaluate`]
//! does the same and equals the engine's evaluation exactly (a test checks
//! it on thousands of positions); [`Features::value`] is the same sum in real
//! numbers, without the rounding (less than a centipawn), which is what a
//! gradient can follow. All values are from Red's view.

use super::layout::{
    taper, term_index, Taper, COUNT, MATERIAL_AT, PST_EG_KING_AT, PST_EG_PAWN_AT, PST_MG_AT,
    TEMPO_AT,
};
use crate::core::{Color, PieceKind, Position};
use crate::eval::classical::weights::PHASE_MAX;
use crate::eval::classical::{side_terms, table_entry, Material, Term, TermSink};

/// A position's coefficients.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// The game phase, capped at `PHASE_MAX`.
    pub phase: i32,
    /// (weight index, coefficient), by index, no zero coefficients.
    pub coefficients: Vec<(u16, i16)>,
}

/// Collects one side's positional terms as coefficients.
struct Coefficients<'a> {
    dense: &'a mut [i32; COUNT],
    sign: i32,
}

impl TermSink for Coefficients<'_> {
    fn add(&mut self, term: Term, count: i32) {
        let at = term_index(term);
        self.dense[at] += self.sign * count;
        if !matches!(term, Term::KingZoneAttackers(_)) {
            // A pair: its endgame value counts as often.
            self.dense[at + 1] += self.sign * count;
        }
    }
}

impl Features {
    pub fn of(pos: &Position) -> Features {
        let mut dense = [0i32; COUNT];
        for color in Color::ALL {
            let sign = if color == Color::Red { 1 } else { -1 };
            for kind in PieceKind::ALL {
                let k = kind.index();
                for sq in pos.pieces(color, kind) {
                    let entry = table_entry(color, sq.index());
                    dense[MATERIAL_AT + 2 * k] += sign;
                    dense[MATERIAL_AT + 2 * k + 1] += sign;
                    dense[PST_MG_AT + 90 * k + entry] += sign;
                    match kind {
                        PieceKind::King => dense[PST_EG_KING_AT + entry] += sign,
                        PieceKind::Pawn => dense[PST_EG_PAWN_AT + entry] += sign,
                        _ => {}
                    }
                }
            }
            side_terms(
                pos,
                color,
                &mut Coefficients {
                    dense: &mut dense,
                    sign,
                },
            );
        }
        dense[TEMPO_AT] = match pos.side_to_move() {
            Color::Red => 1,
            Color::Black => -1,
        };
        let coefficients = dense
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c != 0)
            .map(|(i, &c)| (i as u16, c as i16))
            .collect();
        Features {
            phase: Material::of(pos).phase.min(PHASE_MAX),
            coefficients,
        }
    }

    /// How much weight `index` counts with coefficient 1 at this phase.
    pub fn scale(&self, index: usize) -> f64 {
        let p = self.phase as f64 / PHASE_MAX as f64;
        match taper(index) {
            Taper::Mg => p,
            Taper::Eg => 1.0 - p,
            Taper::Both | Taper::Flat => 1.0,
        }
    }

    /// The evaluation with `weights`, rounded as the engine rounds: with the
    /// engine's own weights, exactly its evaluation (Red's view).
    pub fn evaluate(&self, weights: &[i32]) -> i32 {
        let (mut blended, mut flat) = (0i64, 0i64);
        for &(index, c) in &self.coefficients {
            let term = c as i64 * weights[index as usize] as i64;
            match taper(index as usize) {
                Taper::Mg => blended += term * self.phase as i64,
                Taper::Eg => blended += term * (PHASE_MAX - self.phase) as i64,
                Taper::Both => blended += term * PHASE_MAX as i64,
                Taper::Flat => flat += term,
            }
        }
        // Integer division truncates towards zero, as the engine's blend does.
        (blended / PHASE_MAX as i64 + flat) as i32
    }

    /// The evaluation with real-valued `weights`, without rounding: linear,
    /// with partial derivative `coefficient * scale(index)` for each weight.
    pub fn value(&self, weights: &[f64]) -> f64 {
        self.coefficients
            .iter()
            .map(|&(index, c)| c as f64 * self.scale(index as usize) * weights[index as usize])
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::classical::evaluate;
    use crate::learn::texel::layout::current_weights;

    #[test]
    fn the_start_position_is_the_tempo_alone() {
        let features = Features::of(&Position::startpos());
        assert_eq!(features.phase, PHASE_MAX);
        assert_eq!(features.coefficients, vec![(TEMPO_AT as u16, 1)]);
        assert_eq!(
            features.evaluate(&current_weights()),
            evaluate(&Position::startpos())
        );
    }
}
