//! The accumulator's shape, which every layer and loop is built for.

/// Accumulator values per side.
pub const HIDDEN: usize = 128;
/// The accumulator's quantisation: a clipped activation of 1.0 is `QA`.
pub const QA: i32 = 255;
