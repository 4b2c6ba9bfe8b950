//! Learning the evaluation from our own games: the training data (`data`:
//! the two file formats, which records a learner takes, held-out games,
//! merged files), self-play that writes it (`datagen`), the Texel tuner of
//! the classical evaluation (`texel`) and the network trainer (`train`),
//! and what both learners share: the loss and its fit (`fit`) and the Adam
//! optimiser (`adam`). The search's parameters are tuned in [`crate::spsa`].

pub mod adam;
pub mod data;
pub mod datagen;
pub mod fit;
pub mod texel;
pub mod train;
