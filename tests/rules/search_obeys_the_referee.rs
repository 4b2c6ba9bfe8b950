//! The search obeys the referee, through the binary: a repetition ends a
//! line only where the referee would end the game (the position standing a
//! third time) or where the cycle lies inside the search tree, so a second
//! occurrence whose first lies before the root is searched on to the third,
//! whose cycle may be forbidden even when the first one was not.

use crate::engine_process::{Engine, SLOW};
use crate::tool_run::chuhan_with_input;

/// Game 498 of `docs/results/games/spsa10008-vs-main-1s-seed4201.pgn.xz`
/// (main's build had Black) up to Black's 111th move, where it played f4g2,
/// scored it +0.00 and lost by perpetual check two plies later.
const GAME_498: &str = concat!(
    "h2h4 h9g7 h0g2 b9c7 i0i1 h7h5 i1d1 a9a8 d1d6 h5a5 b0a2 a8f8 h4e4 a5e5 ",
    "d6c6 g7e8 d0e1 i9i7 c0e2 f8f1 a0d0 e5a5 a2b0 a5h5 b2c2 e6e5 e4e8 c7e8 ",
    "c2c1 f1f7 c3c4 f7d7 c6e6 d7d0 e1d0 i7e7 e6e7 c9e7 g3g4 h5h3 g2f4 h3a3 ",
    "f4g6 a3a0 c1c0 a0c0 e2c0 e8g7 c0e2 b7b3 i3i4 g7i8 g6e5 d9e8 b0c2 i8h6 ",
    "d0e1 h6i4 c2d4 b3c3 d4e6 a6a5 c4c5 a5a4 c5c6 a4b4 e6g7 i4h2 g7h5 e9d9 ",
    "h5f6 c3a3 c6d6 b4b3 e5c4 h2f3 f6d5 i6i5 d6e6 i5i4 e1f2 i4h4 e6e7 g9e7 ",
    "d5e7 h4g4 e3e4 g4g3 f0e1 f3g5 e4e5 g5h3 c4d6 a3a7 d6b5 a7a4 b5c7 d9d8 ",
    "c7b9 d8d9 e5d5 g3g2 d5d6 a4f4 b9c7 d9d8 e7f5 b3b2 e0d0 f4i4 c7b9 d8d9 ",
    "b9c7 d9d8 f5d4 i4i7 g0i2 g2f2 e1f2 h3f2 i2g4 f2e4 c7b5 d8d9 d0e0 b2b1 ",
    "e0e1 b1c1 d6e6 i7i3 b5c7 d9e9 d4b5 i3e3 e2c4 e3b3 b5d6 e4f2 e6f6 b3e3 ",
    "g4i2 f2d3 e1e2 d3e5 d6c8 e9d9 c4a2 e3b3 c8a7 d9e9 a7c8 e9d9 c8e7 d9d8 ",
    "c7a6 b3b9 i2g0 c1d1 a6b8 b9e9 e7g8 e5c6 g8e9 c6b8 e9c8 d1c1 a2c4 c1b1 ",
    "c8d6 b8c6 e2f2 c6d4 g0e2 d4f3 d6e4 b1c1 e4c5 d8d9 c5e6 f3g5 e6c7 d9d8 ",
    "f2f1 g5e4 c7d5 c1d1 f6e6 e4g3 f1f2 g3h1 f2f1 h1i3 d5f4 d8d9 c4a2 d9d8 ",
    "f4d5 i3h5 f1f2 h5i3 e2g0 i3h1 f2e2 h1g3 e2f2 d1c1 d5c3 g3h5 f2f1 h5f4 ",
    "e6f6 d8d9 f1e1 f4g2 e1e2 g2i1 g0i2 i1g2 i2g0 g2f4 e2e1",
);

/// The score at `depth` and the best move of a UCCI search of `position`.
fn search(position: &str, depth: u32) -> (i32, String) {
    let mut engine = Engine::ucci();
    engine.send("setoption usebook false");
    engine.send(&format!("position {position}"));
    engine.send(&format!("go depth {depth}"));
    let lines = engine.until_any(&["bestmove"], SLOW);
    let at_depth = format!("info depth {depth} ");
    let score = lines
        .iter()
        .rev()
        .filter(|l| l.starts_with(&at_depth))
        .filter_map(|l| {
            l.split(" score ")
                .nth(1)?
                .split_whitespace()
                .next()?
                .parse()
                .ok()
        })
        .next()
        .unwrap_or_else(|| panic!("no score at depth {depth}: {lines:?}"));
    let best = lines.last().and_then(|l| l.split_whitespace().nth(1));
    (score, best.unwrap_or_default().to_string())
}

/// The referee's verdict on the game `position` (UCCI's words, one line).
fn judged(position: &str) -> String {
    let (ok, out, err) = chuhan_with_input(&["judge"], position);
    assert!(ok, "{err}");
    out.lines().next().unwrap_or_default().to_string()
}

#[test]
fn the_move_that_made_a_second_occurrence_before_a_lost_third_is_avoided() {
    // What f4g2 leads to: Red's e1e2 makes a position stand the third time,
    // after four plies of checks by Black.
    let lost = format!("startpos moves {GAME_498} f4g2 e1e2");
    assert!(
        judged(&lost).starts_with("black_loses: perpetual check"),
        "{}",
        judged(&lost)
    );
    let (score, best) = search(&format!("startpos moves {GAME_498}"), 12);
    assert_ne!(best, "f4g2", "score {score}");
}

#[test]
fn a_drawn_cycle_followed_by_a_forbidden_one_is_not_scored_a_draw() {
    // Red, two chariots up, answers the black chariot's checks. The first
    // cycle (a0a1 ... h2i0) has Black check twice and move twice without
    // check: drawn. Black's a0a1 now makes the position after it stand a
    // second time, its first before the root; Red's e1e0 and e0e1 then
    // bring back the root position a third time after four plies of checks
    // by Black, which lose.
    let fen = "3k5/9/9/9/4RR3/9/9/9/4K4/r7N b - - 0 1";
    let drawn = "a0a1 e1e2 a1a2 e2e1 a2a3 i0h2 a3a0 h2i0";
    let lost = format!("fen {fen} moves {drawn} a0a1 e1e0 a1a0 e0e1");
    assert!(
        judged(&lost).starts_with("black_loses: perpetual check"),
        "{}",
        judged(&lost)
    );
    assert!(judged(&format!("fen {fen} moves {drawn}")).starts_with("ongoing"));
    let (score, _) = search(&format!("fen {fen} moves {drawn}"), 6);
    assert!(
        score < -300,
        "Black scores its checks {score}, as if they drew"
    );
}
