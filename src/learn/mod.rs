//! Learning the evaluation from our own games: the training-data format
//! (`format`), self-play games (`selfplay`) and the run that writes them
//! (`datagen`).

pub mod datagen;
pub mod format;
pub mod selfplay;
