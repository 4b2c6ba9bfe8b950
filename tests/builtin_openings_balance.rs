//! Every built-in opening of `chuhan match` is a real, balanced system: a
//! fixed-depth search of our engine scores each within about a pawn and a
//! half, so no game pair is decided by the opening it starts from.

use chuhan::matchrunner::openings::built_in;
use chuhan::search::{Engine, Limits, Score};
use std::time::Instant;

/// How far from level an opening may be, in centipawns.
const BALANCED: i32 = 150;
/// Deep enough to see a hanging piece or an exchange that loses material.
const DEPTH: i32 = 10;

#[test]
fn every_built_in_opening_is_balanced() {
    let start = Instant::now();
    let engine = Engine::new(16, 1);
    let mut lopsided = Vec::new();
    for opening in built_in() {
        engine.clear();
        let pos = opening.position();
        let outcome = engine.search(
            &pos,
            Limits {
                depth: Some(DEPTH),
                ..Limits::default()
            },
        );
        // From Red's side, whoever is to move.
        let for_mover = match outcome.score {
            Score::Cp(cp) => cp,
            Score::Mate(_) => 30_000,
        };
        let red = if pos.side_to_move() == chuhan::Color::Red {
            for_mover
        } else {
            -for_mover
        };
        println!("{red:+5} {}", opening.name);
        if red.abs() > BALANCED {
            lopsided.push(format!("{} ({red:+})", opening.name));
        }
    }
    println!("{} s", start.elapsed().as_secs_f64());
    assert!(lopsided.is_empty(), "lopsided openings: {lopsided:?}");
}
