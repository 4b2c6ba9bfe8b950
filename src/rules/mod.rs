//! Game-end judgement under Xiangqi rules (棋例): what a repeated cycle of
//! moves means for each side, and when a game is over.
//!
//! * [`judge_repetition`] is the search's hook: called once when a line
//!   repeats a position, it classifies the cycle's moves only then, and only
//!   as far as the verdict needs; [`VerdictMemo`] remembers its verdicts.
//! * [`judge_cycle`] gives the full [`Judgement`] (reason, each move's kind
//!   and targets) and [`judge_game`] the referee's view of a whole game, for
//!   the `judge` tool and the match runner.
//!
//! One concept per file: [`rule_set`] (the rule sets, where their books
//! disagree and which way each goes), [`material`] values, [`chase`] (protection and
//! threats), [`mate`] (the mate-threat search), [`classify`] (one move),
//! [`tables`] (verdict tables), [`cycle`] (one cycle),
//! [`memo`] (remembered verdicts), [`explain`] (the facts behind
//! each label, for a referee), [`natural_limit`] (the 60-move rule) and
//! [`game`] (a whole game).

pub mod chase;
pub mod classify;
pub mod cycle;
pub mod explain;
pub mod game;
pub mod mate;
pub mod material;
pub mod memo;
pub mod natural_limit;
pub mod rule_set;
pub mod tables;

pub use classify::{MoveClass, MoveKind};
pub use cycle::{color_name, cycle_loser, judge_cycle, CycleError, Judgement};
pub use game::{
    judge_game, losing_repetitions, occurrences, GameError, GameJudgement, GameOutcome, Referee,
};
pub use memo::VerdictMemo;
pub use natural_limit::MoveClock;
pub use rule_set::{Articles, RuleSet, UnknownRuleSet};
pub use tables::{CycleMove, Offence};

use crate::core::Position;

/// The outcome of a repetition, for the side to move in the repeated position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Draw,
    /// The side to move has been making forbidden attacks and loses.
    Loss,
    /// The opponent has been making forbidden attacks and loses.
    Win,
}

/// Judges the cycle of the last `cycle` plies, after which `pos` stands as it
/// stood `cycle` plies ago (`cycle` is even and at least 4).
pub fn judge_repetition(pos: &Position, cycle: usize, rules: RuleSet) -> Verdict {
    match cycle_loser(pos, cycle, rules) {
        None => Verdict::Draw,
        Some(loser) if loser == pos.side_to_move() => Verdict::Loss,
        Some(_) => Verdict::Win,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Move;

    fn play(pos: &mut Position, moves: &str) {
        for text in moves.split_whitespace() {
            let mv: Move = text.parse().unwrap();
            pos.try_play(mv).unwrap_or_else(|e| panic!("{e}"));
        }
    }

    #[test]
    fn perpetual_check_loses_for_the_checker() {
        // The red chariot checks along ranks 9 and 8 while the black king steps.
        let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K3R w").unwrap();
        play(&mut pos, "i0i9 d9d8 i9i8 d8d9 i8i9 d9d8 i9i8 d8d9");
        assert_eq!(pos.hash(), pos.history()[pos.history().len() - 4].hash);
        for rules in RuleSet::ALL {
            // Red, to move, checked with every move: Red loses.
            assert_eq!(judge_repetition(&pos, 4, rules), Verdict::Loss);
        }
        pos.unmake();
        assert_eq!(pos.hash(), pos.history()[pos.history().len() - 4].hash);
        assert_eq!(judge_repetition(&pos, 4, RuleSet::Simple), Verdict::Win);
    }

    #[test]
    fn idle_repetition_is_a_draw() {
        let mut pos = Position::startpos();
        play(&mut pos, "b0c2 b9c7 c2b0 c7b9");
        for rules in RuleSet::ALL {
            assert_eq!(judge_repetition(&pos, 4, rules), Verdict::Draw);
        }
    }

    #[test]
    fn chasing_an_unprotected_cannon_loses_except_under_simple_rules() {
        let mut pos = Position::from_fen("4k3r/9/c8/9/9/9/9/1R7/9/3K5 w").unwrap();
        play(&mut pos, "b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7");
        assert_eq!(judge_repetition(&pos, 4, RuleSet::Chinese), Verdict::Loss);
        assert_eq!(judge_repetition(&pos, 4, RuleSet::Asian), Verdict::Loss);
        assert_eq!(judge_repetition(&pos, 4, RuleSet::Simple), Verdict::Draw);
    }

    #[test]
    fn rule_names_parse() {
        assert_eq!("Asian".parse::<RuleSet>(), Ok(RuleSet::Asian));
        assert!("fide".parse::<RuleSet>().is_err());
    }
}
