//! Win, draw and loss chances from a score, as Stockfish reports them with
//! `UCI_ShowWDL`: a model of how our own games ended, given the search's
//! score and the material left on the board. The side to move wins with
//! probability `1 / (1 + exp((a - x) / b))` and loses with `1 / (1 +
//! exp((a + x) / b))` at score `x`; the draw is the rest. `a` (the score at
//! which a win is as likely as not) and `b` (how fast the chance grows) are
//! cubic in the material: with many pieces a score converts less surely.
//!
//! [`FITTED`] was fitted to 3.58 million positions of 21,369 self-play games
//! of the engine with its network (`examples/fit_wdl.rs`; docs/protocol.md says
//! how): the maximum-likelihood fit of the games' results.

use super::Score;
use crate::core::{Color, PieceKind, Position};

/// The material of the start position, by [`material`]'s count.
pub const START_MATERIAL: i32 = 106;

/// Material on the board, both sides together: a chariot 10, a horse or a
/// cannon 5, an advisor or an elephant 2, a pawn 1 (the kings nothing);
/// [`START_MATERIAL`] at the start.
pub fn material(pos: &Position) -> i32 {
    let worth = |kind| match kind {
        PieceKind::Chariot => 10,
        PieceKind::Horse | PieceKind::Cannon => 5,
        PieceKind::Advisor | PieceKind::Elephant => 2,
        PieceKind::Pawn => 1,
        PieceKind::King => 0,
    };
    PieceKind::ALL
        .iter()
        .map(|&kind| {
            let count: u32 = Color::ALL
                .iter()
                .map(|&color| pos.pieces(color, kind).count())
                .sum();
            worth(kind) * count as i32
        })
        .sum()
}

/// The model's parameters: `a` and `b` as cubics in the material over
/// [`START_MATERIAL`], lowest power first.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct WdlModel {
    pub a: [f64; 4],
    pub b: [f64; 4],
}

/// Chances per mille for the side to move; they sum to 1000.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Wdl {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

/// The model fitted to our own games: 3,563,374 positions (mates and wins
/// by the rules left out) of `chuhan datagen --network --nodes 5000`
/// self-play at 6c52056, log-loss 0.55811 against 0.95357 for the
/// outcomes' shares alone. At the start's material a win is as likely as
/// not at +158 (b 150): +100 gives 404/444/152; with half the material
/// (50) it takes +312, and +100 gives 205/727/67.
pub const FITTED: WdlModel = WdlModel {
    a: [841.288, -1701.878, 1417.814, -398.957],
    b: [105.190, 127.446, 1.405, -83.743],
};

impl WdlModel {
    /// `a` and `b` at `material` (clamped to the start's).
    pub fn parameters(&self, material: i32) -> (f64, f64) {
        let t = f64::from(material.clamp(0, START_MATERIAL)) / f64::from(START_MATERIAL);
        let cubic = |c: &[f64; 4]| ((c[3] * t + c[2]) * t + c[1]) * t + c[0];
        // A spread below one centipawn would make the model a step.
        (cubic(&self.a), cubic(&self.b).max(1.0))
    }

    /// The chances of a win and of a loss for the side to move at
    /// centipawns `cp` with `material` on the board.
    pub fn probabilities(&self, cp: f64, material: i32) -> (f64, f64) {
        let (a, b) = self.parameters(material);
        let win = 1.0 / (1.0 + ((a - cp) / b).exp());
        let loss = 1.0 / (1.0 + ((a + cp) / b).exp());
        (win, loss)
    }

    /// The chances per mille for `score` (the side to move's) with
    /// `material` on the board; a mate is certain.
    pub fn wdl(&self, score: Score, material: i32) -> Wdl {
        let cp = match score {
            Score::Mate(moves) if moves > 0 => {
                return Wdl {
                    win: 1000,
                    draw: 0,
                    loss: 0,
                }
            }
            Score::Mate(_) => {
                return Wdl {
                    win: 0,
                    draw: 0,
                    loss: 1000,
                }
            }
            Score::Cp(_) => score.as_centipawns(),
        };
        let (win, loss) = self.probabilities(f64::from(cp), material);
        let win = (win * 1000.0).round() as u32;
        let loss = ((loss * 1000.0).round() as u32).min(1000 - win);
        Wdl {
            win,
            draw: 1000 - win - loss,
            loss,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_holds_the_start_material() {
        assert_eq!(material(&Position::startpos()), START_MATERIAL);
        let bare = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
        assert_eq!(material(&bare), 0);
    }

    #[test]
    fn chances_sum_to_1000_mirror_and_grow_with_the_score() {
        for m in [0, 25, 50, 80, START_MATERIAL] {
            let mut last_win = 0;
            for cp in (-1_500..=1_500).step_by(50) {
                let w = FITTED.wdl(Score::Cp(cp), m);
                assert_eq!(w.win + w.draw + w.loss, 1000, "{cp} {m}");
                let mirrored = FITTED.wdl(Score::Cp(-cp), m);
                assert!(w.win.abs_diff(mirrored.loss) <= 1, "{cp} {m}");
                assert!(w.win >= last_win, "{cp} {m}");
                last_win = w.win;
            }
            let level = FITTED.wdl(Score::Cp(0), m);
            assert_eq!(level.win, level.loss);
        }
        // Fewer pieces, more draws at the same score.
        assert!(FITTED.wdl(Score::Cp(100), 25).draw > FITTED.wdl(Score::Cp(100), 106).draw);
        assert_eq!(
            FITTED.wdl(Score::Mate(3), 40),
            Wdl {
                win: 1000,
                draw: 0,
                loss: 0
            }
        );
        assert_eq!(FITTED.wdl(Score::Mate(-1), 40).loss, 1000);
    }
}
