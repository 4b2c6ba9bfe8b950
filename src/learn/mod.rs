//! Learning the evaluation from our own games: the training data (`data`:
//! the two file formats, which records a learner takes, held-out games,
//! merged files), self-play that writes it (`datagen`), the Texel tuner of
//! the classical evaluation (`texel`) and the network trainer (`train`),
//! the SPSA tuner of the search's parameters (`spsa`), and what both
//! learners share: the loss and its fit (`fit`) and the Adam optimiser
//! (`adam`).

pub mod adam;
pub mod data;
pub mod datagen;
pub mod fit;
pub mod spsa;
pub mod texel;
pub mod train;
