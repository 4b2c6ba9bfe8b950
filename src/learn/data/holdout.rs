//! The games held out for validation.

use super::format::Record;
use crate::random::Rng;

/// Chooses a deterministic share of the games for validation. Datagen
/// writes each game's records together in order of ply, so a game starts
/// where the ply does not grow; whole games are held out, since positions
/// of one game are too alike to test each other.
///
/// A game is held out or not by a hash of its first record (its position
/// and ply), never by its place among the files: the same game is held out
/// in any mix of files in any order, so the held-out losses of two mixes
/// that share games measure the same games.
#[derive(Clone, Debug)]
pub struct Holdout {
    fraction: f64,
    last_ply: Option<u16>,
    held: bool,
}

impl Holdout {
    /// Holds out about `fraction` (0 to 1) of the games.
    pub fn new(fraction: f64) -> Holdout {
        Holdout {
            fraction,
            last_ply: None,
            held: false,
        }
    }

    /// Whether `record`, the next record read, belongs to a held-out game.
    pub fn holds(&mut self, record: &Record) -> bool {
        if self.last_ply.is_none_or(|last| record.ply <= last) {
            self.held = game_share(record) < self.fraction;
        }
        self.last_ply = Some(record.ply);
        self.held
    }
}

/// A number in [0, 1) drawn from a game's first record alone.
fn game_share(first: &Record) -> f64 {
    let key = first.position_key() ^ (first.ply as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    Rng::new(key).next_f64()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{GameResult, Position};

    /// The records of a short game from `moves` played from the start.
    fn game(moves: &[&str]) -> Vec<Record> {
        let mut pos = Position::startpos();
        let mut records = vec![Record::new(&pos, 0, false, GameResult::Draw, 0)];
        for (ply, text) in moves.iter().enumerate() {
            let mv: crate::core::Move = text.parse().expect("a move");
            assert!(pos.is_legal(mv), "{text}");
            pos.make(mv);
            records.push(Record::new(
                &pos,
                0,
                false,
                GameResult::Draw,
                ply as u16 + 1,
            ));
        }
        records
    }

    #[test]
    fn a_game_is_held_out_alike_wherever_it_stands() {
        let games = [
            game(&["h2e2", "h9g7"]),
            game(&["b2e2", "b9c7", "h0g2"]),
            game(&["c3c4", "g6g5"]),
            game(&["h0g2", "h7e7"]),
        ];
        let decide = |order: &[usize]| -> Vec<(usize, bool)> {
            let mut holdout = Holdout::new(0.5);
            let mut held: Vec<(usize, bool)> = order
                .iter()
                .map(|&g| {
                    let all: Vec<bool> = games[g].iter().map(|r| holdout.holds(r)).collect();
                    assert!(all.iter().all(|&h| h == all[0]), "one game, one decision");
                    (g, all[0])
                })
                .collect();
            held.sort();
            held
        };
        assert_eq!(decide(&[0, 1, 2, 3]), decide(&[3, 1, 0, 2]));
        assert_eq!(decide(&[0, 1, 2, 3]), decide(&[2, 3, 1, 0]));
    }

    #[test]
    fn about_the_share_asked_is_held_out() {
        let mut holdout = Holdout::new(0.25);
        let pos = Position::startpos();
        // Games of one record each at plies 1000 down to 1 (each starts a game).
        let held = (1..=1000u16)
            .rev()
            .filter(|&ply| holdout.holds(&Record::new(&pos, 0, false, GameResult::Draw, ply)))
            .count();
        assert!((200..300).contains(&held), "{held} of 1000");
    }
}
