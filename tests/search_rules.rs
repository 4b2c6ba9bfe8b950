//! The search under the game's own rules, through the library API: a
//! repetition verdict holds only for the line that reached the cycle, so it
//! never decides a transposition reached another way, and it is shown as a
//! decisive score, not as a mate.

use chuhan::core::Position;
use chuhan::search::score::{is_rule_score, INFINITE, RULE_WIN_SHOWN};
use chuhan::search::tt::LINE_BOUND_DEPTH;
use chuhan::search::{Engine, Limits, Score};

fn depth(d: i32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// Red to move, in check from the chariot on a0; Black has checked on each
/// of its last two moves, and Red's only move, e0e1, repeats the position
/// after which Black began checking: a perpetual check, which Black loses.
fn perpetually_checked() -> Position {
    let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/4K4/r8 b - - 0 1").unwrap();
    for mv in ["a0a1", "e1e0", "a1a0"] {
        pos.try_play(mv.parse().unwrap()).unwrap();
    }
    assert_eq!(pos.legal_moves().len(), 1);
    pos
}

#[test]
fn a_win_by_the_rules_is_shown_as_decisive_but_not_as_a_mate() {
    let out = Engine::new(16, 1).search(&perpetually_checked(), depth(6));
    assert_eq!(out.best.unwrap().to_string(), "e0e1");
    assert!(
        matches!(out.score, Score::Cp(cp) if is_rule_score(cp)),
        "{:?}",
        out.score
    );
    assert_eq!(out.score.as_centipawns(), RULE_WIN_SHOWN);
    assert_eq!(out.score.to_string(), format!("cp {RULE_WIN_SHOWN}"));
}

#[test]
fn a_repetition_verdict_never_cuts_another_path_to_the_position() {
    let pos = perpetually_checked();
    let engine = Engine::new(16, 1);
    engine.search(&pos, depth(6));
    // The root's value came from a cycle that began in the game's history:
    // the table keeps its move, but its score must not cut a search that
    // reaches this position without that history.
    let hit = engine
        .tt()
        .probe(pos.hash(), 0)
        .expect("the root is stored");
    assert_eq!(hit.mv.unwrap().to_string(), "e0e1");
    assert_eq!(hit.depth, LINE_BOUND_DEPTH, "{hit:?}");
    assert!(!hit.cuts(-INFINITE, INFINITE));
    // The same position without the checks before it is no win by the
    // rules, whatever the table learnt on the other path.
    let fresh = Position::from_fen(&pos.to_fen()).unwrap();
    let again = engine.search(&fresh, depth(6));
    let clean = Engine::new(16, 1).search(&fresh, depth(6));
    assert_eq!(again.score, clean.score);
    assert!(
        !matches!(again.score, Score::Cp(cp) if is_rule_score(cp)),
        "{:?}",
        again.score
    );
}
