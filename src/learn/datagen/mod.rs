//! Self-play for training data, as `chuhan datagen` runs it: one game
//! (`game`) and the run that plays many on several threads and writes them
//! (`run`). The shards it writes keep the name `selfplay-COMMIT-sSEED.bin`,
//! which their recipes and checksums name.

pub mod game;
pub mod run;
