//! The evaluations: symmetry, the classical terms, the network.
//!
//! One test binary for the room (linking one binary per file cost the
//! CI most of its time); each file below is one subject.

#[path = "../support/engine_process.rs"]
mod engine_process;
#[path = "../support/random_positions.rs"]
mod random_positions;
#[path = "../support/scrambled_network.rs"]
mod scrambled_network;

mod nnue;
mod symmetry;
mod terms;
