//! A side's play in one game, in numbers: how many moves, the average
//! centipawns lost a move, and how many of each mark.

use super::mark::Mark;
use super::review::GameReview;
use crate::core::Color;
use std::fmt;

/// One side's figures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideSummary {
    pub moves: usize,
    /// Centipawns lost over all its moves.
    pub total_loss: i64,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
}

impl SideSummary {
    /// Centipawns lost a move, rounded (0 without moves).
    pub fn average_loss(&self) -> i64 {
        if self.moves == 0 {
            return 0;
        }
        (self.total_loss + self.moves as i64 / 2) / self.moves as i64
    }

    /// How many moves earned `mark`.
    pub fn count(&self, mark: Mark) -> usize {
        match mark {
            Mark::Inaccuracy => self.inaccuracies,
            Mark::Mistake => self.mistakes,
            Mark::Blunder => self.blunders,
        }
    }
}

impl fmt::Display for SideSummary {
    /// `average loss 23 cp over 40 moves, 3 inaccuracies, 1 mistake, 0 blunders`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "average loss {} cp over {} move{}",
            self.average_loss(),
            self.moves,
            if self.moves == 1 { "" } else { "s" }
        )?;
        for mark in Mark::ALL {
            let n = self.count(mark);
            let name = match (mark, n) {
                (Mark::Inaccuracy, 1) => "inaccuracy",
                (Mark::Inaccuracy, _) => "inaccuracies",
                (_, 1) => mark.name(),
                (Mark::Mistake, _) => "mistakes",
                (Mark::Blunder, _) => "blunders",
            };
            write!(f, ", {n} {name}")?;
        }
        Ok(())
    }
}

/// Both sides' figures for one game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub red: SideSummary,
    pub black: SideSummary,
}

impl Summary {
    pub fn of(review: &GameReview) -> Summary {
        let mut summary = Summary::default();
        for m in &review.moves {
            let side = match m.mover {
                Color::Red => &mut summary.red,
                Color::Black => &mut summary.black,
            };
            side.moves += 1;
            side.total_loss += i64::from(m.loss);
            match m.mark {
                Some(Mark::Inaccuracy) => side.inaccuracies += 1,
                Some(Mark::Mistake) => side.mistakes += 1,
                Some(Mark::Blunder) => side.blunders += 1,
                None => {}
            }
        }
        summary
    }

    pub fn side(&self, color: Color) -> &SideSummary {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_counts_each_mark_in_the_right_number() {
        let side = SideSummary {
            moves: 3,
            total_loss: 70,
            inaccuracies: 1,
            mistakes: 2,
            blunders: 0,
        };
        assert_eq!(side.average_loss(), 23);
        assert_eq!(
            side.to_string(),
            "average loss 23 cp over 3 moves, 1 inaccuracy, 2 mistakes, 0 blunders"
        );
        assert_eq!(SideSummary::default().average_loss(), 0);
    }
}
