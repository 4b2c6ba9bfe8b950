//! Every built-in opening of `chuhan match` is a real, balanced system: the
//! engine, as it plays (the binary, its own evaluation, one thread, a 16
//! MB table cleared before each), searches each to depth 14 and scores it
//! within a pawn and a half for Red, so no game pair is decided by the
//! opening it starts from.
//!
//! Depth 14 sees past the first exchanges: two systems that stopped where
//! Red's next move wins the initiative scored +172 and +238 there while
//! depth 10 called them +154 and +159. It costs about 15 to 20 s for the
//! 44 openings on a loaded 2-core machine (`--nocapture` prints each score).

use crate::engine_process;

use chuhan::arena::openings::built_in;
use engine_process::{Engine, SLOW};
use std::time::Instant;

/// How far from level an opening may be, in centipawns, from Red's side.
const BALANCED: i32 = 150;
const DEPTH: u32 = 14;

#[test]
fn every_built_in_opening_is_balanced_at_depth_14() {
    let start = Instant::now();
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok", SLOW);
    e.send("setoption name Threads value 1");
    e.send("setoption name Hash value 16");
    let mut lopsided = Vec::new();
    for opening in built_in() {
        let moves: Vec<String> = opening.moves.iter().map(|m| m.to_string()).collect();
        e.send("ucinewgame");
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send(&format!("go depth {DEPTH}"));
        let lines = e.until("bestmove", SLOW);
        let depth_line = format!("info depth {DEPTH} ");
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with(&depth_line) && !l.contains("bound"))
            .unwrap_or_else(|| panic!("{}: no depth {DEPTH} line: {lines:?}", opening.name));
        let words: Vec<&str> = last.split(' ').collect();
        let at = words.iter().position(|&w| w == "score").unwrap();
        // A mate counts as far past the bar.
        let for_mover: i32 = match words[at + 1] {
            "cp" => words[at + 2].parse().unwrap(),
            _ => 30_000,
        };
        // From Red's side, whoever is to move.
        let red = if moves.len().is_multiple_of(2) {
            for_mover
        } else {
            -for_mover
        };
        println!("{red:+5} {}", opening.name);
        if red.abs() > BALANCED {
            lopsided.push(format!("{} ({red:+})", opening.name));
        }
    }
    println!("depth {DEPTH}: {:.1} s", start.elapsed().as_secs_f64());
    assert!(lopsided.is_empty(), "lopsided openings: {lopsided:?}");
}
