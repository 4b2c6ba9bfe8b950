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
//! [`verdict_tables`], [`cycle`] (one cycle),
//! [`memo`] (the search's verdicts, remembered), [`explain`] (the facts behind
//! each label, for a referee), [`natural_limit`] (the 60-move rule) and
//! [`game`] (a whole game).

pub mod answers;
pub mod chase;
pub mod classify;
pub mod cycle;
pub mod exchange;
pub mod explain;
pub mod game;
pub mod mate;
pub mod material;
pub mod memo;
pub mod natural_limit;
pub mod pass;
pub mod rule_set;
pub mod verdict_tables;

pub use classify::{MoveClass, MoveKind};
pub use cycle::{color_name, cycle_loser, judge_cycle, CycleError, Judgement};
pub use game::{
    judge_game, losing_repetitions, occurrences, GameError, GameJudgement, GameOutcome, Referee,
};
pub use memo::{judge_repetition, Verdict, VerdictMemo};
pub use natural_limit::MoveClock;
pub use rule_set::{Articles, RuleSet, UnknownRuleSet};
pub use verdict_tables::{CycleMove, Offence};
