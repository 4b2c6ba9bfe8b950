//! Records made into games: how a version 1 file (loose records) becomes a
//! version 2 file (games) with nothing lost. Datagen writes a game's records
//! together, in order of ply; a record continues the game before it when it
//! has the same result, a later ply, and a line of legal moves leads to it
//! in exactly that many plies (positions datagen left out, a mate score
//! for one, are found again as the line's middle and kept as positions that
//! are no records). Anything else starts a new game, so any file of records
//! converts, and reads back record for record.

use super::damage::RecordError;
use super::format::{DataError, Record};
use super::games::{Entry, TrainingGame};
use crate::core::{Move, Position};

/// The most plies searched between two records of one game: datagen leaves
/// out a few positions at a time (mate scores), and a deeper search would
/// cost more than starting a new game saves.
const MAX_GAP: u16 = 3;

/// Builds games from records given in order.
#[derive(Default)]
pub struct Chainer {
    building: Option<Building>,
    /// Games started so far: the next game's index.
    started: u64,
    /// Records taken so far.
    records: u64,
}

/// The game being built and where it stands.
struct Building {
    game: TrainingGame,
    /// The game's last position.
    last: Position,
    last_ply: u16,
}

impl Chainer {
    pub fn new() -> Chainer {
        Chainer::default()
    }

    /// Takes the next record; gives back the game before it once the record
    /// starts a new one. A record whose flags its own position contradicts
    /// (in check when it is not) cannot be kept exactly and is refused.
    pub fn push(&mut self, record: &Record) -> Result<Option<TrainingGame>, DataError> {
        let index = self.records;
        self.records += 1;
        let target = record
            .position()
            .map_err(|why| DataError::BadRecord { index, why })?;
        if let Some(building) = &mut self.building {
            if let Some(line) = building.line_to(record, &target) {
                building.extend(&line, record);
                return Ok(None);
            }
        }
        let exact = Record::new(
            &target,
            record.score,
            record.best_move_captures,
            record.result,
            record.ply,
        );
        if exact != *record {
            return Err(DataError::BadRecord {
                index,
                why: RecordError::InCheckFlag,
            });
        }
        let game = TrainingGame {
            index: self.started,
            result: record.result,
            start: target.clone(),
            start_ply: record.ply,
            entries: vec![entry(record)],
            moves: Vec::new(),
        };
        self.started += 1;
        let finished = self.building.replace(Building {
            game,
            last: target,
            last_ply: record.ply,
        });
        Ok(finished.map(|b| b.game))
    }

    /// The last game, once every record is in.
    pub fn finish(self) -> Option<TrainingGame> {
        self.building.map(|b| b.game)
    }
}

fn entry(record: &Record) -> Entry {
    Entry {
        score: record.score,
        record: true,
        captures: record.best_move_captures,
    }
}

impl Building {
    /// The moves from the game's last position to `record`'s position
    /// (`target`), if `record` continues this game.
    fn line_to(&mut self, record: &Record, target: &Position) -> Option<Vec<Move>> {
        if record.result != self.game.result || record.ply <= self.last_ply {
            return None;
        }
        let gap = record.ply - self.last_ply;
        if gap > MAX_GAP {
            return None;
        }
        let mut line = Vec::new();
        let found = search(&mut self.last, gap, target.hash(), &mut line, &|pos| {
            Record::new(
                pos,
                record.score,
                record.best_move_captures,
                record.result,
                record.ply,
            ) == *record
        });
        found.then_some(line)
    }

    /// Plays `line` on, the positions on the way kept as no records.
    fn extend(&mut self, line: &[Move], record: &Record) {
        let previous = self
            .game
            .entries
            .last()
            .expect("a game has a position")
            .score;
        for (n, &mv) in line.iter().enumerate() {
            if n > 0 {
                self.game.entries.push(Entry {
                    score: previous,
                    record: false,
                    captures: false,
                });
            }
            self.game.moves.push(mv);
            self.last.make(mv);
        }
        self.game.entries.push(entry(record));
        self.last_ply = record.ply;
    }
}

/// Whether `depth` legal moves lead from `pos` to a position with `hash`
/// that `fits`; the moves are left in `line`, and `pos` as it was.
fn search(
    pos: &mut Position,
    depth: u16,
    hash: u64,
    line: &mut Vec<Move>,
    fits: &dyn Fn(&Position) -> bool,
) -> bool {
    for mv in pos.legal_moves() {
        if depth == 1 && pos.hash_after(mv) != hash {
            continue;
        }
        pos.make(mv);
        line.push(mv);
        let found = if depth == 1 {
            fits(pos)
        } else {
            search(pos, depth - 1, hash, line, fits)
        };
        pos.unmake();
        if found {
            return true;
        }
        line.pop();
    }
    false
}
