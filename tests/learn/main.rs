//! Learning: self-play data, its formats and merging, features, the Texel
//! tuner and the network trainer.
//!
//! One test binary for the room (linking one binary per file cost the
//! CI most of its time); each file below is one subject.

#[path = "../engine_process/mod.rs"]
mod engine_process;
#[path = "../random_positions/mod.rs"]
mod random_positions;
#[path = "../scrambled_network/mod.rs"]
mod scrambled_network;
#[path = "../tool_run/mod.rs"]
mod tool_run;

mod datagen;
mod features;
mod format;
mod merge;
mod texel;
mod train;
