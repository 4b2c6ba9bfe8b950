//! Learning: self-play data, its formats and merging, features, the Texel
//! tuner and the network trainer.
//!
//! One test binary for the room (linking one binary per file cost the
//! CI most of its time); each file below is one subject.

#[path = "../support/engine_process.rs"]
mod engine_process;
#[path = "../support/random_positions.rs"]
mod random_positions;
#[path = "../support/scrambled_network.rs"]
mod scrambled_network;
#[path = "../support/tool_run.rs"]
mod tool_run;

mod datagen;
mod features;
mod format;
mod merge;
mod texel;
mod train;
