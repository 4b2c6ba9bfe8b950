//! The static evaluations, side by side below the search: the hand-crafted
//! one ([`classical`], its weights tuned by `chuhan texel`) and the network
//! ([`nnue`], trained by `chuhan train`), and the [`Evaluator`] that says
//! which of them a search asks.

pub mod classical;
pub mod evaluator;
pub mod nnue;

pub use evaluator::{EvalChoice, Evaluator};
