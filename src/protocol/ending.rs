//! When to write `draw` or `resign` after `bestmove` (UCCI): accept an
//! offered draw when the position is objectively drawn or worse, offer one
//! in a dead-drawn ending, and resign only when the game is clearly lost.
//! Each behaviour has an option that switches it off.

use super::reply::Ending;
use crate::core::{Color, PieceKind, Position};
use crate::search::Score;

/// The thresholds, taken from the options.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    pub accept_draws: bool,
    pub offer_draws: bool,
    /// Resign below minus this many centipawns; 0 never resigns.
    pub resign_score: i32,
}

/// Consecutive hopeless searches before resigning: one bad score may be a
/// horizon effect, three in a row rarely are.
pub const RESIGN_STREAK: u32 = 3;
/// An offered draw is taken when our score is at most this.
pub const ACCEPT_AT_MOST: i32 = 0;
/// A draw is offered in a dead-drawn ending only if the score agrees.
pub const OFFER_WITHIN: i32 = 50;

/// What the search's verdict means for the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EndingDecision {
    pub ending: Option<Ending>,
    /// The hopeless streak after this search.
    pub hopeless_streak: u32,
}

/// Judges one finished search. `offered`: the opponent offered a draw;
/// `timed`: a game is being played (analysis never resigns or offers).
pub fn judge(
    policy: Policy,
    pos: &Position,
    score: Score,
    offered: bool,
    timed: bool,
    hopeless_streak: u32,
) -> EndingDecision {
    let cp = score.as_centipawns();
    let hopeless = policy.resign_score > 0 && cp <= -policy.resign_score;
    let streak = match (timed, hopeless) {
        (false, _) => hopeless_streak,
        (true, true) => hopeless_streak + 1,
        (true, false) => 0,
    };
    let being_mated = matches!(score, Score::Mate(n) if n < 0);
    let ending = if offered && policy.accept_draws && cp <= ACCEPT_AT_MOST {
        Some(Ending::Draw)
    } else if timed && hopeless && (streak >= RESIGN_STREAK || being_mated) {
        Some(Ending::Resign)
    } else if timed && policy.offer_draws && cp.abs() <= OFFER_WITHIN && dead_drawn(pos) {
        Some(Ending::Draw)
    } else {
        None
    };
    EndingDecision {
        ending,
        hopeless_streak: streak,
    }
}

/// Neither side has a piece that can cross the river: kings, advisors and
/// elephants alone can never give mate.
pub fn dead_drawn(pos: &Position) -> bool {
    Color::ALL.into_iter().all(|color| {
        [
            PieceKind::Chariot,
            PieceKind::Horse,
            PieceKind::Cannon,
            PieceKind::Pawn,
        ]
        .into_iter()
        .all(|kind| pos.pieces(color, kind).count() == 0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const ON: Policy = Policy {
        accept_draws: true,
        offer_draws: true,
        resign_score: 1_500,
    };
    const OFF: Policy = Policy {
        accept_draws: false,
        offer_draws: false,
        resign_score: 0,
    };

    fn bare() -> Position {
        Position::from_fen("3akab2/9/4b4/9/9/9/9/4B4/4A4/3AK1B2 w - - 0 1").unwrap()
    }

    #[test]
    fn draws_are_accepted_when_level_or_worse() {
        let pos = Position::startpos();
        let j = judge(ON, &pos, Score::Cp(-20), true, true, 0);
        assert_eq!(j.ending, Some(Ending::Draw));
        assert_eq!(judge(ON, &pos, Score::Cp(40), true, true, 0).ending, None);
        assert_eq!(judge(OFF, &pos, Score::Cp(-20), true, true, 0).ending, None);
    }

    #[test]
    fn resigns_only_after_a_hopeless_streak_or_a_mate() {
        let pos = Position::startpos();
        let j = judge(ON, &pos, Score::Cp(-2_000), false, true, 0);
        assert_eq!((j.ending, j.hopeless_streak), (None, 1));
        let j = judge(ON, &pos, Score::Cp(-2_000), false, true, 2);
        assert_eq!(j.ending, Some(Ending::Resign));
        let j = judge(ON, &pos, Score::Mate(-2), false, true, 0);
        assert_eq!(j.ending, Some(Ending::Resign));
        // Analysis never resigns, and the option switches it off.
        assert_eq!(
            judge(ON, &pos, Score::Mate(-2), false, false, 5).ending,
            None
        );
        assert_eq!(
            judge(OFF, &pos, Score::Mate(-2), false, true, 5).ending,
            None
        );
        // A good score ends the streak.
        assert_eq!(
            judge(ON, &pos, Score::Cp(0), false, true, 2).hopeless_streak,
            0
        );
    }

    #[test]
    fn offers_draws_in_dead_drawn_endings() {
        assert!(dead_drawn(&bare()));
        assert!(!dead_drawn(&Position::startpos()));
        assert_eq!(
            judge(ON, &bare(), Score::Cp(5), false, true, 0).ending,
            Some(Ending::Draw)
        );
        assert_eq!(
            judge(OFF, &bare(), Score::Cp(5), false, true, 0).ending,
            None
        );
        assert_eq!(
            judge(ON, &bare(), Score::Cp(5), false, false, 0).ending,
            None
        );
    }
}
