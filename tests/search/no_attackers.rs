//! Endings that cannot be won. A side with no piece that can cross the
//! river (only advisors and elephants beside its king) can never mate, so no
//! edge of its is real: the search holds its score to the draw, and where
//! neither side can attack it scores the position as the draw the referee
//! calls it (the match runner's "no attacking pieces"). A lone chariot,
//! horse or cannon does not beat a full set of advisors and elephants: the
//! engine scores it near the draw with either evaluation. Through the
//! library API.

use chuhan::core::Position;
use chuhan::eval::Evaluator;
use chuhan::search::{Engine, Limits, Score};

/// Red's king, two advisors and two elephants against the bare king.
const NEITHER_CAN_ATTACK: &str = "4k4/9/9/9/9/9/9/9/4A4/2B1KAB2 w - - 0 1";
/// The same with a crossed black pawn: Red has more, and cannot win.
const RED_CANNOT_ATTACK: [&str; 2] = [
    "4k4/9/9/9/9/9/4p4/9/4A4/2B1KAB2 w - - 0 1",
    "4k4/9/9/9/9/9/4p4/9/4A4/2B1KAB2 b - - 0 1",
];

fn search(fen: &str) -> Score {
    search_with(fen, Evaluator::Classical)
}

fn search_with(fen: &str, evaluator: Evaluator) -> Score {
    let pos = Position::from_fen(fen).unwrap();
    let mut engine = Engine::new(16, 1);
    engine.set_evaluator(evaluator);
    engine
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

/// The left-right mirror of a FEN: each rank read backwards.
fn mirrored(fen: &str) -> String {
    let (board, rest) = fen.split_once(' ').unwrap();
    let ranks: Vec<String> = board
        .split('/')
        .map(|r| r.chars().rev().collect())
        .collect();
    format!("{} {rest}", ranks.join("/"))
}

/// The colour flip of a FEN: the board turned over, the pieces' colours and
/// the side to move swapped.
fn colour_flipped(fen: &str) -> String {
    let mut fields = fen.split(' ');
    let board = fields.next().unwrap();
    let side = if fields.next() == Some("w") { "b" } else { "w" };
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .map(|c| match c {
                    c if c.is_ascii_uppercase() => c.to_ascii_lowercase(),
                    c => c.to_ascii_uppercase(),
                })
                .collect()
        })
        .collect();
    format!("{} {side} - - 0 1", ranks.join("/"))
}

fn centipawns(fen: &str, evaluator: &Evaluator) -> i32 {
    match search_with(fen, evaluator.clone()) {
        Score::Cp(cp) => cp,
        Score::Mate(n) => panic!("{fen}: a mate in {n}"),
    }
}

#[test]
fn a_lone_piece_against_a_full_defence_scores_near_the_draw() {
    let evaluators = [
        Evaluator::Network(chuhan::eval::nnue::built_in()),
        Evaluator::Classical,
    ];
    let endings = [
        "2bakab2/9/9/9/9/9/9/9/R8/3K5 w - - 0 1",
        "2bakab2/9/9/9/9/9/9/9/1N7/3K5 w - - 0 1",
        "2bakab2/9/9/9/9/9/9/9/2C6/3K5 b - - 0 1",
        // King, advisor and elephant against king and elephant: neither
        // side can attack.
        "4k4/9/4b4/9/9/9/9/4B4/4A4/4K4 w - - 0 1",
    ];
    for evaluator in &evaluators {
        for ending in endings {
            for fen in [
                ending.to_string(),
                mirrored(ending),
                colour_flipped(ending),
                mirrored(&colour_flipped(ending)),
            ] {
                let cp = centipawns(&fen, evaluator);
                assert!(cp.abs() <= 60, "{fen}: {cp} with {}", evaluator.name());
            }
        }
    }
    // One elephant fewer and the chariot wins: its edge stands.
    let broken = "3akab2/9/9/9/9/9/9/9/R8/3K5 w - - 0 1";
    for evaluator in &evaluators {
        let cp = centipawns(broken, evaluator);
        assert!(cp > 200, "{broken}: {cp} with {}", evaluator.name());
    }
}
