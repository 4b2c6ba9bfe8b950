//! The accumulator's shape, which every layer and loop is built for.

/// Accumulator values per side.
pub const HIDDEN: usize = 128;
/// The accumulator's quantisation: a clipped activation of 1.0 is `QA`.
pub const QA: i32 = 255;

/// The most units an optional hidden layer (see super::hidden_layer) has.
pub const MAX_LAYER_UNITS: usize = 32;
/// The hidden layer's inputs: per side, each of the accumulator's first
/// `HIDDEN / 2` activations added to its mirror twin's (`HIDDEN / 2`
/// further on), so that the layer keeps the evaluation mirror-symmetric.
pub const LAYER_INPUTS: usize = HIDDEN;
/// The hidden layer's weight quantisation: a weight of 1.0 is `QH`.
pub const QH: i32 = 1024;
