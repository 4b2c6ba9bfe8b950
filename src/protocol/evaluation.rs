//! `eval`: the static evaluation of the position, from the side to move's
//! view, and which evaluation spoke. The hand-crafted one shows its parts
//! (material and tables, the rest, the total) as it computes them; with
//! the network, its total and the hand-crafted total beside it.

use crate::core::{Color, Position};
use crate::eval::classical::terms;
use crate::eval::classical::weights::PHASE_MAX;
use crate::eval::Evaluator;

pub fn eval_lines(pos: &Position, evaluator: &Evaluator) -> Vec<String> {
    let terms = terms(pos);
    let side = match pos.side_to_move() {
        Color::Red => "red",
        Color::Black => "black",
    };
    let head = format!("eval side {side} evaluation {}", evaluator.name());
    match evaluator {
        Evaluator::Classical => vec![
            head,
            format!("eval phase {}/{PHASE_MAX}", terms.phase),
            format!("eval material {}", terms.material),
            format!("eval rest {}", terms.rest),
            format!("eval total {}", terms.total),
        ],
        Evaluator::Network(_) => vec![
            head,
            format!("eval classical {}", terms.total),
            format!("eval total {}", evaluator.evaluate(pos)),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::classical::evaluate;

    #[test]
    fn the_parts_add_up_to_the_evaluation() {
        let pos = Position::from_fen(
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 b - - 0 1",
        )
        .unwrap();
        let t = terms(&pos);
        assert_eq!(t.total, evaluate(&pos));
        assert_eq!(t.material + t.rest, t.total);
        let lines = eval_lines(&pos, &Evaluator::Classical);
        assert_eq!(lines[0], "eval side black evaluation classical");
        assert_eq!(lines[1], format!("eval phase {}/48", t.phase));
        assert_eq!(lines[4], format!("eval total {}", evaluate(&pos)));
    }
}
