//! Scores: centipawn-like integers (a pawn that has not crossed the river is
//! worth about 30, a horse about 420), the band of wins by the repetition
//! rules above them, and the mate scale above that.

use super::MAX_PLY;
use std::fmt;

/// The score of giving mate at the root; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// A forbidden perpetual (Chinese rules): a win, but below every real mate so
/// the search still prefers mating. Found `n` plies from the root it scores
/// `RULE_WIN - n`.
pub const RULE_WIN: i32 = MATE_BOUND - 1_000;
/// How a win by the repetition rules is shown: ten pawns, decisive if the
/// cycle goes on, yet no mate (the search judges a cycle at its second
/// occurrence, and the opponent may still vary), and below the resign and
/// adjudication thresholds that a mate would cross.
pub const RULE_WIN_SHOWN: i32 = 1_000;
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

/// Scores beyond this (and below [`MATE_BOUND`]) are wins by the repetition
/// rules: their distance from the root, like a mate's, may reach twice the
/// deepest ply once the table has moved it from one node to another.
pub const RULE_BOUND: i32 = RULE_WIN - 2 * MAX_PLY as i32;

/// Whether `score` is a win or a loss by the repetition rules: a verdict on
/// the line that reached the cycle, not a value of the position alone.
#[inline]
pub const fn is_rule_score(score: i32) -> bool {
    let magnitude = score.abs();
    magnitude <= RULE_WIN && magnitude > RULE_BOUND
}

/// Whether `score` counts plies from the root (a mate, or a win by the
/// repetition rules), so that the table keeps it counted from the node.
#[inline]
pub const fn counts_plies(score: i32) -> bool {
    is_mate(score) || is_rule_score(score)
}

/// A score as the protocols print it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's view; in the band of wins by the
    /// repetition rules (see [`is_rule_score`]) the search's own number,
    /// which protocols show as [`RULE_WIN_SHOWN`].
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

    /// A plain number for protocols without mate scores (UCCI): mates map to
    /// ±MATE-ish values, wins by the rules to ±[`RULE_WIN_SHOWN`].
    pub fn as_centipawns(self) -> i32 {
        match self {
            Score::Cp(cp) if is_rule_score(cp) => RULE_WIN_SHOWN * cp.signum(),
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
            Score::Cp(_) => write!(f, "cp {}", self.as_centipawns()),
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
    }

    #[test]
    fn rule_wins_are_shown_as_decisive_but_not_as_mates() {
        assert!(is_rule_score(RULE_WIN - 5) && is_rule_score(-RULE_WIN + 5));
        assert!(!is_rule_score(MATE - 5) && !is_rule_score(2_000));
        let win = Score::from_internal(RULE_WIN - 3);
        assert_eq!(win, Score::Cp(RULE_WIN - 3));
        assert_eq!(win.as_centipawns(), RULE_WIN_SHOWN);
        assert_eq!(win.to_string(), format!("cp {RULE_WIN_SHOWN}"));
        let loss = Score::from_internal(-RULE_WIN + 8);
        assert_eq!(loss.as_centipawns(), -RULE_WIN_SHOWN);
        assert_eq!(Score::from_internal(-350).to_string(), "cp -350");
    }
}
