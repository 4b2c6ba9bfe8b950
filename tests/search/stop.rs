//! A search cut off mid-iteration (by `stop` or by its node budget) reports
//! a score it computed: the best root move its last iteration fully
//! searched, or the last finished iteration's, never the 0 that the
//! interrupted lines return. Through the library API and through the binary,
//! where that 0 used to take an offered draw in a won position.

use crate::engine_process;

use chuhan::core::Position;
use chuhan::search::{Engine, Limits, Score};
use std::time::Duration;

/// The start position without Black's a9 chariot: Red is a chariot up.
const CHARIOT_UP: &str = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn decisive(score: Score) -> bool {
    match score {
        Score::Cp(cp) => cp > 300,
        Score::Mate(n) => n > 0,
    }
}

#[test]
fn a_search_out_of_nodes_mid_iteration_keeps_a_computed_score() {
    let pos = Position::from_fen(CHARIOT_UP).unwrap();
    for nodes in [
        1_000, 2_000, 3_000, 5_000, 8_000, 13_000, 21_000, 34_000, 55_000,
    ] {
        let out = Engine::new(16, 1).search(
            &pos,
            Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
        );
        assert!(decisive(out.score), "{nodes} nodes: {:?}", out.score);
        assert!(pos.is_legal(out.best.unwrap()));
    }
}

/// The score of the last `info depth` line before `bestmove`.
fn last_score(lines: &[String]) -> Option<i32> {
    let info = lines.iter().rev().find(|l| l.starts_with("info depth"))?;
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "score")?;
    words.get(at + 1)?.parse().ok()
}

#[test]
fn a_stop_mid_iteration_refuses_the_offered_draw() {
    let mut e = engine_process::Engine::ucci();
    // A node budget ends the search inside an iteration, at the same point every run.
    e.send(&format!("position fen {CHARIOT_UP}"));
    let best = e.go("go draw nodes 3000");
    assert!(!best.contains("draw"), "{best}");
    // And so does `stop`, wherever it lands.
    for wait in [20, 60, 150, 300, 600] {
        e.send("setoption newgame");
        e.send(&format!("position fen {CHARIOT_UP}"));
        e.send("go draw infinite");
        std::thread::sleep(Duration::from_millis(wait));
        e.send("stop");
        let lines = e.until("bestmove", engine_process::SLOW);
        let best = lines.last().unwrap();
        assert!(!best.contains("draw"), "after {wait} ms: {best}");
        let score = last_score(&lines).expect("an iteration report");
        assert!(score > 300, "after {wait} ms: score {score}");
    }
}
