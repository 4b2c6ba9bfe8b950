//! Self-play for training data: one game (`game`) and the run that plays
//! many on several threads and writes them (`datagen`).

pub mod datagen;
pub mod game;
