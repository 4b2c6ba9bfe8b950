//! An optional hidden layer between the accumulator and the output: per
//! output bucket a few units, each a clipped weighted sum of the
//! accumulator's activations, whose values the output weighs beside its
//! own linear sum of them (a skip connection: without the layer, the
//! network is the one before it).
//!
//! Its inputs ([`LAYER_INPUTS`]) are per side each activation added to its
//! mirror twin's, as the trainer lays the twins out `HIDDEN / 2` apart:
//! the mirror of a position swaps every unit with its twin, so the sums,
//! and the evaluation, stay exactly the same.

use super::shape::{LAYER_INPUTS, QA, QH};

/// The layer's integers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiddenLayer {
    /// Units per output bucket, 1 to `MAX_LAYER_UNITS`.
    pub units: usize,
    /// Per output bucket, per unit: its input weights (the side to move's
    /// sums, then the other's), times [`QH`].
    pub weights: Vec<[i16; LAYER_INPUTS]>,
    /// Per output bucket, per unit: its bias, times `QH * QA`.
    pub biases: Vec<i32>,
    /// Per output bucket, per unit: its weight in the output, times the
    /// network's output quantisation.
    pub outputs: Vec<i16>,
}

impl HiddenLayer {
    /// The layer's part of the output's sum in `bucket`, in units of `QA`
    /// times the output quantisation, from its `inputs` (each activation
    /// in units of `QA`, twins added).
    #[inline]
    pub fn output(&self, bucket: usize, inputs: &[i16; LAYER_INPUTS]) -> i64 {
        let first = bucket * self.units;
        (first..first + self.units)
            .map(|unit| {
                // At most 128 * 32,767 * 510 in size: within an i32
                // whatever a file holds (the bias is added wider).
                let sum: i32 = self.weights[unit]
                    .iter()
                    .zip(inputs)
                    .map(|(&w, &x)| w as i32 * x as i32)
                    .sum();
                // Clipped to 0..1, in units of QA.
                let value =
                    ((sum as i64 + self.biases[unit] as i64) / QH as i64).clamp(0, QA as i64);
                self.outputs[unit] as i64 * value
            })
            .sum()
    }
}
