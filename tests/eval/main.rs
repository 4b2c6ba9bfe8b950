//! The evaluations: symmetry, the classical terms, the network.
//!
//! One test binary for the room (linking one binary per file cost the
//! CI most of its time); each file below is one subject.

#[path = "../engine_process/mod.rs"]
mod engine_process;
#[path = "../random_positions/mod.rs"]
mod random_positions;
#[path = "../scrambled_network/mod.rs"]
mod scrambled_network;

mod nnue;
mod symmetry;
mod terms;
