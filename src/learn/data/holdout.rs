//! The games held out for validation.

use super::format::Record;
use crate::random::Rng;

/// Chooses a deterministic share of the games for validation. Datagen
/// writes each game's records together in order of ply, so a game starts
/// where the ply does not grow; whole games are held out, since positions
/// of one game are too alike to test each other.
#[derive(Clone, Debug)]
pub struct Holdout {
    fraction: f64,
    last_ply: Option<u16>,
    game: u64,
    held: bool,
}

impl Holdout {
    /// Holds out about `fraction` (0 to 1) of the games.
    pub fn new(fraction: f64) -> Holdout {
        Holdout {
            fraction,
            last_ply: None,
            game: 0,
            held: false,
        }
    }

    /// Whether `record`, the next record read, belongs to a held-out game.
    pub fn holds(&mut self, record: &Record) -> bool {
        if self.last_ply.is_none_or(|last| record.ply <= last) {
            self.game += 1;
            self.held = Rng::new(self.game).next_f64() < self.fraction;
        }
        self.last_ply = Some(record.ply);
        self.held
    }
}
