//! The referee's view of a whole game: play the moves from the start
//! position and say whether, and how, the game has ended — checkmate or no
//! legal move (a loss for the side to move), a judged repetition, or the
//! natural limit.

use super::cycle::{cycle_loser, judge_cycle, Judgement};
use super::natural_limit::MoveClock;
use super::rule_set::RuleSet;
use crate::core::{GameResult, Move, Position};
use std::fmt;

/// The verdict on a game.
#[derive(Clone, Debug)]
pub struct GameJudgement {
    /// The result once the game has ended; `None` while it goes on.
    pub outcome: Option<GameResult>,
    /// Empty while the game goes on; otherwise "checkmate", "no legal move",
    /// "60-move rule", or the repetition's reason.
    pub reason: String,
    /// The judged cycle, when a repetition decided the game.
    pub cycle: Option<Judgement>,
    /// The number of plies played when the game ended (all of them if it goes on).
    pub plies: usize,
}

impl GameJudgement {
    /// `ongoing`, `draw`, `red_loses` or `black_loses`: the referee's word
    /// for the outcome.
    pub fn outcome_name(&self) -> &'static str {
        match self.outcome {
            None => "ongoing",
            Some(GameResult::Draw) => "draw",
            Some(GameResult::BlackWins) => "red_loses",
            Some(GameResult::RedWins) => "black_loses",
        }
    }
}

/// A game that cannot be judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// Move `number` (counting from 1) is not legal in its position.
    IllegalMove { number: usize, mv: Move },
    /// Move `number` comes after the game has already ended in checkmate or
    /// with no legal move.
    AfterGameEnd { number: usize, mv: Move },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::IllegalMove { number, mv } => {
                write!(f, "move {number} ({mv}) is not legal")
            }
            GameError::AfterGameEnd { number, mv } => {
                write!(f, "move {number} ({mv}) comes after the game ended")
            }
        }
    }
}

impl std::error::Error for GameError {}

/// How many times the current position has stood since the last capture
/// (itself included), and the plies back to its latest earlier occurrence.
pub fn occurrences(pos: &Position) -> (usize, Option<usize>) {
    let history = pos.history();
    let mut count = 1;
    let mut latest = None;
    for back in 1..=history.len() {
        let undo = &history[history.len() - back];
        if undo.captured.is_some() || undo.mv.is_none() {
            break;
        }
        if back % 2 == 0 && undo.hash == pos.hash() {
            count += 1;
            latest.get_or_insert(back);
        }
    }
    (count, latest)
}

/// Plays `moves` from `start` and judges the game at its first end: a side
/// with no legal move loses (checkmate when in check); the third occurrence
/// of a position ends the game with the repetition verdict of `rules`; the
/// natural limit draws. Moves after a repetition or the natural limit are
/// still checked for legality but do not change the verdict.
pub fn judge_game(
    start: &Position,
    moves: &[Move],
    rules: RuleSet,
) -> Result<GameJudgement, GameError> {
    let mut referee = Referee::new(start, rules);
    for &mv in moves {
        referee.play(mv)?;
    }
    Ok(referee.judgement())
}

/// A game followed move by move, as [`judge_game`] judges it, for callers
/// that play the game as they go (self-play): each move costs its own
/// judging only, not a replay of the game so far.
#[derive(Clone, Debug)]
pub struct Referee {
    pos: Position,
    clock: MoveClock,
    rules: RuleSet,
    plies: usize,
    /// The verdict at the game's first end, once it has ended.
    ended: Option<GameJudgement>,
}

impl Referee {
    /// A game from `start` (its history is not part of the game).
    pub fn new(start: &Position, rules: RuleSet) -> Referee {
        let mut pos = start.clone();
        pos.clear_history();
        let clock = MoveClock::starting_at(pos.halfmove_clock());
        let ended = end_of(&pos, &clock, rules, 0);
        Referee {
            pos,
            clock,
            rules,
            plies: 0,
            ended,
        }
    }

    /// Plays `mv`, which must be legal, in a game that has not ended in
    /// checkmate or with no legal move.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        let number = self.plies + 1;
        if self.pos.has_no_moves() {
            return Err(GameError::AfterGameEnd { number, mv });
        }
        if !self.pos.is_legal(mv) {
            return Err(GameError::IllegalMove { number, mv });
        }
        let mover = self.pos.side_to_move();
        let captured = self.pos.piece_at(mv.to()).is_some();
        self.pos.make(mv);
        self.plies = number;
        self.clock.record(mover, captured, self.pos.in_check());
        if self.ended.is_none() {
            self.ended = end_of(&self.pos, &self.clock, self.rules, number);
        }
        Ok(())
    }

    /// The position now, with the game's moves as its history.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The 60-move rule's count so far.
    pub fn clock(&self) -> &MoveClock {
        &self.clock
    }

    /// Moves played since the start.
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// The verdict: the game's first end, or ongoing.
    pub fn judgement(&self) -> GameJudgement {
        self.ended.clone().unwrap_or(GameJudgement {
            outcome: None,
            reason: String::new(),
            cycle: None,
            plies: self.plies,
        })
    }
}

/// Whether the game ends in `pos`, reached after `plies` moves.
fn end_of(
    pos: &Position,
    clock: &MoveClock,
    rules: RuleSet,
    plies: usize,
) -> Option<GameJudgement> {
    let ends = |outcome, reason: String, cycle| {
        Some(GameJudgement {
            outcome,
            reason,
            cycle,
            plies,
        })
    };
    let side = pos.side_to_move();
    if pos.has_no_moves() {
        let how = if pos.in_check() {
            "checkmate"
        } else {
            "no legal move"
        };
        return ends(Some(GameResult::loss_for(side)), how.to_string(), None);
    }
    if let (3.., Some(cycle)) = occurrences(pos) {
        if let Ok(judgement) = judge_cycle(pos, cycle, rules) {
            let outcome = Some(
                judgement
                    .loser
                    .map_or(GameResult::Draw, GameResult::loss_for),
            );
            let reason = judgement.reason.clone();
            return ends(outcome, reason, Some(judgement));
        }
    }
    if clock.reached() {
        return ends(Some(GameResult::Draw), "60-move rule".to_string(), None);
    }
    None
}

/// The moves that would repeat a position and lose by the repetition verdict
/// of `rules` (what a GUI passes as UCCI `banmoves`, and what the search
/// must avoid): a move that recreates an earlier position after which the
/// cycle since then is forbidden for the mover.
pub fn losing_repetitions(pos: &Position, rules: RuleSet) -> Vec<Move> {
    let mut probe = pos.clone();
    let mover = pos.side_to_move();
    let mut banned = Vec::new();
    for mv in pos.legal_moves() {
        probe.make(mv);
        if let (2.., Some(cycle)) = occurrences(&probe) {
            if cycle_loser(&probe, cycle, rules) == Some(mover) {
                banned.push(mv);
            }
        }
        probe.unmake();
    }
    banned
}
