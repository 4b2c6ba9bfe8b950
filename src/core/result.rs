//! How a game ended: the crate's one result type, for PGN games, the match
//! runner, the book builder and the training data. A game without a result
//! (PGN `*`) has none: `Option<GameResult>`.

use super::Color;
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    RedWins,
    BlackWins,
    Draw,
}

impl GameResult {
    /// The result when `loser` loses.
    pub fn loss_for(loser: Color) -> GameResult {
        match loser {
            Color::Red => GameResult::BlackWins,
            Color::Black => GameResult::RedWins,
        }
    }

    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// The PGN result of a game that may have none (`*`).
    pub fn token(result: Option<GameResult>) -> &'static str {
        result.map_or("*", GameResult::as_str)
    }

    /// Half points (0, 1, 2) for `color`.
    pub fn half_points(self, color: Color) -> u32 {
        match (self, color) {
            (GameResult::Draw, _) => 1,
            (GameResult::RedWins, Color::Red) | (GameResult::BlackWins, Color::Black) => 2,
            _ => 0,
        }
    }

    /// 0, 0.5 or 1: Red's share of the points.
    pub fn red_score(self) -> f64 {
        f64::from(self.half_points(Color::Red)) / 2.0
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_add_up_for_both_sides() {
        for result in [GameResult::RedWins, GameResult::BlackWins, GameResult::Draw] {
            assert_eq!(
                result.half_points(Color::Red) + result.half_points(Color::Black),
                2
            );
        }
        assert_eq!(GameResult::loss_for(Color::Red).red_score(), 0.0);
        assert_eq!(GameResult::loss_for(Color::Black).red_score(), 1.0);
        assert_eq!(GameResult::Draw.red_score(), 0.5);
        assert_eq!(GameResult::token(None), "*");
        assert_eq!(GameResult::BlackWins.to_string(), "0-1");
    }
}
