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
    use crate::core::{Piece, Square};
    use crate::eval::classical::weights::{MATERIAL, PHASE, PST_EG_KING, PST_EG_PAWN, PST_MG};
    use crate::eval::classical::{evaluate, table_entry};

    /// Material and tables summed piece by piece straight from the weight
    /// tables and blended by the phase, for the side to move: an oracle
    /// apart from the table the evaluation builds and keeps up to date.
    fn material_by_pieces(pos: &Position) -> i32 {
        let (mut middlegame, mut endgame, mut phase) = (0, 0, 0);
        for index in 0..90 {
            let Some(Piece { color, kind }) = pos.piece_at(Square::from_index(index).unwrap())
            else {
                continue;
            };
            let (kind, entry) = (kind.index(), table_entry(color, index));
            let endgame_table = match kind {
                0 => PST_EG_KING[entry],
                6 => PST_EG_PAWN[entry],
                _ => PST_MG[kind][entry],
            };
            let sign = if color == Color::Red { 1 } else { -1 };
            middlegame += sign * (MATERIAL[kind].0 + PST_MG[kind][entry]);
            endgame += sign * (MATERIAL[kind].1 + endgame_table);
            phase += PHASE[kind];
        }
        let phase = phase.min(PHASE_MAX);
        let red = (middlegame * phase + endgame * (PHASE_MAX - phase)) / PHASE_MAX;
        if pos.side_to_move() == Color::Red {
            red
        } else {
            -red
        }
    }

    #[test]
    fn the_parts_are_the_material_and_what_the_evaluation_adds() {
        for fen in [
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 b - - 0 1",
            "3k5/9/9/9/r8/9/9/4B4/9/3AKA3 w - - 0 1",
            "2bak4/4a4/4b4/p3p3p/2p6/6P2/P3P3P/4B1N2/9/2BAKA3 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let t = terms(&pos);
            let material = material_by_pieces(&pos);
            assert_eq!(t.material, material, "{fen}");
            assert_eq!(t.total, evaluate(&pos), "{fen}");
            let lines = eval_lines(&pos, &Evaluator::Classical);
            assert_eq!(lines[2], format!("eval material {material}"));
            assert_eq!(lines[3], format!("eval rest {}", evaluate(&pos) - material));
            assert_eq!(lines[4], format!("eval total {}", evaluate(&pos)));
        }
        let pos = Position::from_fen(
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 b - - 0 1",
        )
        .unwrap();
        let lines = eval_lines(&pos, &Evaluator::Classical);
        assert_eq!(lines[0], "eval side black evaluation classical");
        assert_eq!(lines[1], format!("eval phase {}/48", terms(&pos).phase));
        // The start is the same for both sides: no material edge, and the
        // side to move has the tempo bonus over its mirror image.
        let start = Position::startpos();
        assert_eq!(terms(&start).material, 0);
        assert!(terms(&start).rest > 0);
    }
}
