//! Ending a game by the scores the engines report, as cutechess-cli's
//! `-resign` and `-draw` do: the rule the match runner applies between two
//! engines and self-play applies to one engine playing both sides.
//!
//! Each side's scores are kept from its own point of view, one per move it
//! made; a move without a score (an engine that sent none, a win by the
//! repetition rules that the loser may still avoid) breaks every run.

use crate::core::{Color, GameResult};

/// A loss once a side has scored at or below `-score` for its last
/// `move_count` moves; `two_sided` also needs its opponent at or above
/// `score` for as many moves (both agree).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub move_count: u32,
    pub score: i32,
    pub two_sided: bool,
}

/// From move `move_number` on, a draw once both sides have scored within
/// `score` of 0 for their last `move_count` moves each.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub move_number: u32,
    pub move_count: u32,
    pub score: i32,
}

/// The score rules of a game: either, both or neither.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
}

/// What the score rules decided.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Adjudged {
    Resign { loser: Color },
    Draw,
}

impl Adjudged {
    pub fn result(self) -> GameResult {
        match self {
            Adjudged::Resign { loser } => GameResult::loss_for(loser),
            Adjudged::Draw => GameResult::Draw,
        }
    }
}

/// The scores of a game so far: each side's, from its own point of view.
#[derive(Clone, Debug, Default)]
pub struct ScoreHistory {
    scores: [Vec<Option<i32>>; 2],
}

impl ScoreHistory {
    /// Records the score of a move by `mover` (from `mover`'s view).
    pub fn push(&mut self, mover: Color, score: Option<i32>) {
        self.scores[mover.index()].push(score);
    }

    /// Moves recorded, both sides together.
    pub fn plies(&self) -> usize {
        self.scores[0].len() + self.scores[1].len()
    }

    /// Whether `color`'s last `n` moves (n >= 1) all have a score passing `test`.
    fn last_all(&self, color: Color, n: u32, test: impl Fn(i32) -> bool) -> bool {
        let list = &self.scores[color.index()];
        let n = n as usize;
        n > 0 && list.len() >= n && list[list.len() - n..].iter().all(|s| s.is_some_and(&test))
    }
}

impl Adjudication {
    /// The verdict after `mover`'s move, if the rules reach one. The resign
    /// rule is judged first, for the mover first.
    pub fn judge(&self, history: &ScoreHistory, mover: Color) -> Option<Adjudged> {
        if let Some(resign) = self.resign {
            let lost = |color| history.last_all(color, resign.move_count, |s| s <= -resign.score);
            let won = |color| history.last_all(color, resign.move_count, |s| s >= resign.score);
            for loser in [mover, !mover] {
                if lost(loser) && (!resign.two_sided || won(!loser)) {
                    return Some(Adjudged::Resign { loser });
                }
            }
        }
        if let Some(draw) = self.draw {
            let quiet = |color| history.last_all(color, draw.move_count, |s| s.abs() <= draw.score);
            if history.plies() / 2 >= draw.move_number as usize
                && quiet(Color::Red)
                && quiet(Color::Black)
            {
                return Some(Adjudged::Draw);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Scores alternating from `first` on, each from its mover's view.
    fn history(first: Color, scores: &[Option<i32>]) -> (ScoreHistory, Color) {
        let mut history = ScoreHistory::default();
        let mut mover = first;
        for &score in scores {
            history.push(mover, score);
            mover = !mover;
        }
        (history, !mover)
    }

    fn judged(rules: Adjudication, scores: &[Option<i32>]) -> Option<Adjudged> {
        let (history, last_mover) = history(Color::Red, scores);
        rules.judge(&history, last_mover)
    }

    const RESIGN: ResignRule = ResignRule {
        move_count: 2,
        score: 500,
        two_sided: false,
    };

    #[test]
    fn a_side_that_scores_itself_lost_for_its_last_moves_resigns() {
        let one_sided = Adjudication {
            resign: Some(RESIGN),
            draw: None,
        };
        // Black scores -600 and -700 for its two moves; Red's own scores do not matter.
        let scores = [Some(0), Some(-600), Some(0), Some(-700)];
        assert_eq!(
            judged(one_sided, &scores),
            Some(Adjudged::Resign {
                loser: Color::Black
            })
        );
        assert_eq!(judged(one_sided, &scores[..3]), None, "one move is not two");
        // Both agreeing is needed when two-sided.
        let two_sided = Adjudication {
            resign: Some(ResignRule {
                two_sided: true,
                ..RESIGN
            }),
            draw: None,
        };
        assert_eq!(judged(two_sided, &scores), None);
        let agreed = [Some(600), Some(-600), Some(650), Some(-700)];
        assert_eq!(
            judged(two_sided, &agreed),
            Some(Adjudged::Resign {
                loser: Color::Black
            })
        );
        assert_eq!(
            Adjudged::Resign {
                loser: Color::Black
            }
            .result(),
            GameResult::RedWins
        );
        // A move without a score breaks the run.
        let broken = [Some(600), None, Some(650), Some(-700)];
        assert_eq!(judged(one_sided, &broken), None);
    }

    #[test]
    fn quiet_scores_draw_only_from_the_move_number_on() {
        let rules = Adjudication {
            resign: Some(RESIGN),
            draw: Some(DrawRule {
                move_number: 3,
                move_count: 2,
                score: 10,
            }),
        };
        let quiet = [Some(100), Some(-80), Some(5), Some(-3), Some(0)];
        assert_eq!(judged(rules, &quiet), None, "move 2 and a half");
        let quiet = [Some(100), Some(-80), Some(5), Some(-3), Some(0), Some(10)];
        assert_eq!(judged(rules, &quiet), Some(Adjudged::Draw));
        assert_eq!(Adjudged::Draw.result(), GameResult::Draw);
        let mut broken = quiet;
        broken[4] = None;
        assert_eq!(judged(rules, &broken), None);
        assert_eq!(judged(Adjudication::default(), &quiet), None);
    }
}
