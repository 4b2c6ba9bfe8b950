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
//! One model of attack, protection and chase serves every rule set; where
//! the rule books differ, each difference is one row of
//! [`rule_set::Articles`]. One concept per file, each using only those
//! listed before it, so the room reads from the bottom up:
//!
//! 1. [`rule_set`]: the rule sets and the table of their differences;
//!    [`asian_articles`], the AXF articles one by one; [`material`] values;
//!    [`answers`], a cache of answers by key; [`interrupt`], a judgement
//!    the search may cut short; [`pass`], asking what a side could do if
//!    the other passed; [`natural_limit`], the 60-move rule;
//!    [`replay`], a cycle's positions read around the cycle.
//! 2. [`mate`]: mates by consecutive checks, and mate threats.
//! 3. [`attack`]: attacks, protection and exchange offers, as the rules
//!    define them.
//! 4. [`threat`]: what each attack threatens, and why or why not.
//! 5. [`novelty`]: which threats a move makes its chases (new, answered,
//!    taken part in); [`excuse`]: the Chinese rules' excuses; [`joint`]:
//!    single-piece and joint chases; [`classify`]: one move of a cycle:
//!    check, mate threat, the pieces it chases, or idle.
//! 6. [`verdict_tables`]: who must vary, given how each side played.
//! 7. [`cycle`]: one cycle, replayed, classified and ruled on.
//! 8. [`memo`]: the search's verdicts, remembered; [`citations`]: the
//!    article behind each finding, label and verdict, and [`explain`]: the
//!    facts behind each label, for a referee; [`game`]: a whole game.

// The layers the module doc numbers, in order (the numbers keep rustfmt
// from sorting one layer into another).
// 1.
pub mod answers;
pub mod asian_articles;
pub mod interrupt;
pub mod material;
pub mod natural_limit;
pub mod pass;
pub mod replay;
pub mod rule_set;
// 2.
pub mod mate;
// 3.
pub mod attack;
// 4.
pub mod threat;
// 5.
pub mod excuse;
pub mod joint;
pub mod novelty;
// 5b.
pub mod classify;
// 6.
pub mod verdict_tables;
// 7.
pub mod cycle;
// 8.
pub mod citations;
pub mod explain;
pub mod game;
pub mod memo;

pub use classify::{MoveClass, MoveKind};
pub use cycle::{color_name, cycle_loser, judge_cycle, CycleError, Judgement};
pub use game::{judge_game, losing_repetitions, occurrences, GameError, GameJudgement, Referee};
pub use interrupt::Interrupt;
pub use memo::{judge_repetition, Verdict, VerdictMemo};
pub use natural_limit::MoveClock;
pub use rule_set::{Articles, RuleSet, UnknownRuleSet, VerdictTable};
pub use verdict_tables::{CycleMove, Offence};
