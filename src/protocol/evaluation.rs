//! `eval`: the static evaluation of the position in its parts (material and
//! tables, the rest, the total), all from the side to move's view, as the
//! evaluation itself reports them.

use crate::core::{Color, Position};
use crate::search::eval::terms;
use crate::search::weights::PHASE_MAX;

pub fn eval_lines(pos: &Position) -> Vec<String> {
    let terms = terms(pos);
    let side = match pos.side_to_move() {
        Color::Red => "red",
        Color::Black => "black",
    };
    vec![
        format!("eval side {side} phase {}/{PHASE_MAX}", terms.phase),
        format!("eval material {}", terms.material),
        format!("eval rest {}", terms.rest),
        format!("eval total {}", terms.total),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::eval::evaluate;

    #[test]
    fn the_parts_add_up_to_the_evaluation() {
        let pos = Position::from_fen(
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 b - - 0 1",
        )
        .unwrap();
        let t = terms(&pos);
        assert_eq!(t.total, evaluate(&pos));
        assert_eq!(t.material + t.rest, t.total);
        let lines = eval_lines(&pos);
        assert_eq!(lines[0], format!("eval side black phase {}/48", t.phase));
        assert_eq!(lines[3], format!("eval total {}", evaluate(&pos)));
    }
}
