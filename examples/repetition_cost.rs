//! What the repetition rules cost where nearly every line repeats: each
//! rule-book position of `tests/data/cases.json` with its cycle played
//! up to its last move, searched to a fixed depth (default 10) under each
//! rule set, three alternating rounds.
//!
//!     cargo run --release --example repetition_cost [depth]

use chuhan::rules::RuleSet;
use chuhan::search::{Engine, Limits};
use chuhan::{Move, Position};
use serde_json::Value;
use std::time::Instant;

fn positions() -> Vec<Position> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cases.json");
    let text = std::fs::read_to_string(path).expect("the rules corpus is readable");
    let cases: Vec<Value> = serde_json::from_str(&text).expect("the corpus is JSON");
    let mut found = Vec::new();
    for case in cases {
        let (Some(fen), Some(moves)) = (case["fen"].as_str(), case["moves"].as_array()) else {
            continue;
        };
        let Ok(mut pos) = Position::from_fen(fen) else {
            continue;
        };
        let moves: Vec<Move> = moves
            .iter()
            .filter_map(|m| m.as_str()?.parse().ok())
            .collect();
        let all_legal = moves[..moves.len().saturating_sub(1)]
            .iter()
            .all(|&mv| pos.try_play(mv).is_ok());
        if all_legal {
            found.push(pos);
        }
    }
    found
}

fn main() {
    let depth: i32 = match std::env::args().nth(1) {
        Some(text) => text.parse().expect("the depth is a number"),
        None => 10,
    };
    let positions = positions();
    for round in 1..=3 {
        for rules in RuleSet::ALL {
            let mut engine = Engine::new(16, 1);
            engine.set_rules(rules);
            let (mut nodes, start) = (0, Instant::now());
            for pos in &positions {
                engine.clear();
                let limits = Limits {
                    depth: Some(depth),
                    ..Limits::default()
                };
                nodes += engine.search(pos, limits).nodes;
            }
            let seconds = start.elapsed().as_secs_f64();
            println!(
                "round {round} rule {rules} positions {} depth {depth} nodes {nodes} time {seconds:.3} s nps {:.0}",
                positions.len(),
                nodes as f64 / seconds
            );
        }
    }
}
