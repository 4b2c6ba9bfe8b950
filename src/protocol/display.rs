//! `d`: the board from Black's back rank down, the FEN, the hash key and the
//! checkers, for people at a terminal (GUIs never send it).

use crate::core::{Position, Square};

pub fn board_lines(pos: &Position) -> Vec<String> {
    let mut lines = Vec::new();
    for rank in (0..10).rev() {
        let row: Vec<String> = (0..9)
            .map(|file| {
                Square::from_index(rank * 9 + file)
                    .and_then(|sq| pos.piece_at(sq))
                    .map_or('.', |p| p.letter())
                    .to_string()
            })
            .collect();
        lines.push(format!("{rank} {}", row.join(" ")));
    }
    lines.push("  a b c d e f g h i".to_string());
    lines.push(format!("fen {}", pos.to_fen()));
    lines.push(format!("key {:016x}", pos.hash()));
    let checkers: Vec<String> = pos.checkers().into_iter().map(|s| s.to_string()).collect();
    lines.push(
        format!("checkers {}", checkers.join(" "))
            .trim_end()
            .to_string(),
    );
    lines
}
