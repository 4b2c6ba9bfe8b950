//! Games against the clock, run the way a match runner runs them: the whole
//! game as `position startpos moves ...`, then `go time T increment I
//! opptime T2 oppincrement I2`, with the runner's own stopwatch charging each
//! side for the time from `go` to `bestmove`. The engine plays both sides
//! and must never overstep its clock.

mod engine_process;

use chuhan::{Move, Position};
use engine_process::{legal_best, move_list, Engine, SLOW};
use std::time::{Duration, Instant};

struct Report {
    plies: usize,
    /// The least time either side had left after a move, in ms.
    least_left: f64,
    slowest_move: Duration,
    /// Mate, stalemate or resignation ended the game before `max_plies`.
    decided: bool,
}

fn play(start_ms: f64, inc_ms: f64, max_plies: usize) -> Report {
    let mut e = Engine::ucci();
    e.send("setoption newgame");
    let mut pos = Position::startpos();
    let mut moves: Vec<Move> = Vec::new();
    let mut clocks = [start_ms, start_ms];
    let mut least_left = start_ms;
    let mut slowest_move = Duration::ZERO;
    let mut decided = false;
    while moves.len() < max_plies {
        let side = moves.len() % 2;
        e.send(&format!("position startpos moves {}", move_list(&moves)));
        let go = format!(
            "go time {} increment {} opptime {} oppincrement {}",
            clocks[side] as u64,
            inc_ms as u64,
            clocks[1 - side] as u64,
            inc_ms as u64
        );
        let sent = Instant::now();
        e.send(&go);
        let line = e.until_best(SLOW);
        let took = sent.elapsed();
        slowest_move = slowest_move.max(took);
        clocks[side] -= took.as_secs_f64() * 1e3;
        assert!(
            clocks[side] > 0.0,
            "lost on time at ply {} ({go}, took {took:?})",
            moves.len() + 1
        );
        least_left = least_left.min(clocks[side]);
        clocks[side] += inc_ms;
        if line == "nobestmove" || line.ends_with("resign") {
            decided = true;
            break;
        }
        let mv = legal_best(&line, &pos);
        pos.try_play(mv).unwrap();
        moves.push(mv);
    }
    e.send("quit");
    e.until("bye", SLOW);
    Report {
        plies: moves.len(),
        least_left,
        slowest_move,
        decided,
    }
}

fn print(name: &str, r: &Report) {
    println!(
        "{name}: {} plies, least time left {:.0} ms, slowest move {:.0} ms",
        r.plies,
        r.least_left,
        r.slowest_move.as_secs_f64() * 1e3
    );
}

#[test]
fn a_match_runner_game_of_sixty_plies() {
    let r = play(3_000.0, 100.0, 70);
    print("3 s + 0.1 s", &r);
    assert!(r.plies >= 60 || r.decided, "only {} plies", r.plies);
}

#[test]
fn a_one_second_clock_is_never_overstepped() {
    let r = play(1_000.0, 0.0, 80);
    print("1 s sudden death", &r);
}

#[test]
#[ignore = "a minute or more: run with --ignored"]
fn ten_seconds_plus_a_tenth_for_a_whole_game() {
    let r = play(10_000.0, 100.0, 160);
    print("10 s + 0.1 s", &r);
}
