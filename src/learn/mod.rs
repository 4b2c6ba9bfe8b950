//! Learning the evaluation from our own games: the training-data format
//! (`format`), self-play games (`selfplay`) and the run that writes them
//! (`datagen`), the evaluation as coefficients times weights (`layout`,
//! `features`), the Texel tuner (`tune`) and the weights written back as
//! Rust source (`source`), the network trainer (`train`), and the Adam
//! optimiser both learners step with (`adam`).

pub mod adam;
pub mod datagen;
pub mod features;
pub mod format;
pub mod layout;
pub mod merge;
pub mod position_set;
pub mod selfplay;
pub mod source;
pub mod train;
pub mod tune;
