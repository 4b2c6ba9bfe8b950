//! Scores: centipawn-like integers (a pawn that has not crossed the river is
//! worth about 30, a horse about 420) and the mate scale above them.

use std::fmt;

/// The score of giving mate at the root; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// A forbidden perpetual (Chinese rules): a win, but below every real mate so
/// the search still prefers mating.
pub const RULE_WIN: i32 = MATE_BOUND - 1_000;
/// Larger than any score, for open windows.
pub const INFINITE: i32 = MATE + 1;
pub const DRAW: i32 = 0;

/// The score of the side to move being mated `ply` plies from the root.
#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

#[inline]
pub const fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// A score as the protocols print it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's view.
    Cp(i32),
    /// Mate in this many moves (not plies): positive when the side to move mates.
    Mate(i32),
}

impl Score {
    pub fn from_internal(score: i32) -> Score {
        if is_mate(score) {
            let plies = MATE - score.abs();
            let moves = (plies + 1) / 2;
            Score::Mate(if score > 0 { moves } else { -moves })
        } else {
            Score::Cp(score)
        }
    }

    /// A plain number for protocols without mate scores (UCCI): mates map to ±MATE-ish values.
    pub fn as_centipawns(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(moves) if moves > 0 => MATE - (2 * moves - 1),
            Score::Mate(moves) => -MATE + (-2 * moves),
        }
    }
}

impl fmt::Display for Score {
    /// UCI style: `cp 35` or `mate -3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(mated_in(2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(150), Score::Cp(150));
        assert_eq!(Score::from_internal(RULE_WIN), Score::Cp(RULE_WIN));
    }
}
