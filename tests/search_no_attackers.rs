//! A side with no piece that can cross the river (only advisors and
//! elephants beside its king) can never mate, so no edge of its is real:
//! the search holds its score to the draw, and where neither side can
//! attack it scores the position as the draw the referee calls it (the
//! match runner's "no attacking pieces"). Through the library API.

use chuhan::core::Position;
use chuhan::search::{Engine, Limits, Score};

/// Red's king, two advisors and two elephants against the bare king.
const NEITHER_CAN_ATTACK: &str = "4k4/9/9/9/9/9/9/9/4A4/2B1KAB2 w - - 0 1";
/// The same with a crossed black pawn: Red has more, and cannot win.
const RED_CANNOT_ATTACK: [&str; 2] = [
    "4k4/9/9/9/9/9/4p4/9/4A4/2B1KAB2 w - - 0 1",
    "4k4/9/9/9/9/9/4p4/9/4A4/2B1KAB2 b - - 0 1",
];

fn search(fen: &str) -> Score {
    let pos = Position::from_fen(fen).unwrap();
    Engine::new(16, 1)
        .search(
            &pos,
            Limits {
                depth: Some(8),
                ..Limits::default()
            },
        )
        .score
}

#[test]
fn neither_side_can_attack_is_a_draw() {
    let pos = Position::from_fen(NEITHER_CAN_ATTACK).unwrap();
    assert!(!pos.can_attack(chuhan::core::Color::Red));
    assert!(!pos.can_attack(chuhan::core::Color::Black));
    assert_eq!(search(NEITHER_CAN_ATTACK), Score::Cp(0));
}

#[test]
fn a_side_that_cannot_attack_never_scores_a_win() {
    for fen in RED_CANNOT_ATTACK {
        let red_to_move = fen.contains(" w ");
        let score = match search(fen) {
            Score::Cp(cp) => cp,
            Score::Mate(n) => panic!("{fen}: a mate in {n}"),
        };
        let for_red = if red_to_move { score } else { -score };
        assert!(
            for_red <= 0,
            "{fen}: Red, with advisors and elephants only, scored {for_red}"
        );
    }
}
