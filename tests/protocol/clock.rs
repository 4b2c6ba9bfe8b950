//! Games against the clock, run the way a match runner runs them: the whole
//! game as `position startpos moves ...`, then `go time T increment I
//! opptime T2 oppincrement I2`. The engine plays both sides and must never
//! overstep its clock. In the default run each side is charged what the
//! engine itself reports it spent (its last `info time`, which leaves out
//! the unfinished last iteration) at 3 s + 0.1 s: the test's stopwatch
//! would count the time a loaded machine keeps the engine waiting, and
//! with an increment every move has a tenth of a second to finish its
//! first iteration however slowly it runs (at 1 s sudden death, with a
//! few milliseconds left, an engine starved of the CPU overstepped by its
//! own clock). The games charged by the runner's own stopwatch
//! from `go` to `bestmove`, as a match runner charges, run with `--ignored`
//! (`make protocol-latency`), on a machine that is otherwise idle.

use crate::engine_process;

use chuhan::{Move, Position};
use engine_process::{legal_best, move_list, Engine, SLOW};
use std::time::{Duration, Instant};

/// Who measures the time a move took.
#[derive(Copy, Clone, PartialEq)]
enum Stopwatch {
    /// The engine's own last `info time` before `bestmove` (its last
    /// finished iteration or progress line; a book move takes none).
    Engine,
    /// The test's clock from sending `go` to reading `bestmove`.
    Runner,
}

struct Report {
    plies: usize,
    /// The least time either side had left after a move, in ms.
    least_left: f64,
    slowest_move: Duration,
    /// Mate, stalemate or resignation ended the game before `max_plies`.
    decided: bool,
}

fn play(start_ms: f64, inc_ms: f64, max_plies: usize, stopwatch: Stopwatch) -> Report {
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
        let lines = e.until_any(&["bestmove", "nobestmove"], SLOW);
        let took = match stopwatch {
            Stopwatch::Runner => sent.elapsed(),
            Stopwatch::Engine => {
                let reported = lines.iter().rev().find_map(|l| {
                    let mut words = l.split_whitespace().skip_while(|w| *w != "time");
                    words.nth(1)?.parse::<u64>().ok()
                });
                let book = lines.iter().any(|l| l.starts_with("info string book"));
                Duration::from_millis(reported.unwrap_or_else(|| {
                    assert!(book, "a search reports its time: {lines:?}");
                    0
                }))
            }
        };
        let line = lines.last().cloned().unwrap_or_default();
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
fn a_game_at_three_seconds_and_a_tenth_is_kept_by_the_engine_s_own_reckoning() {
    let r = play(3_000.0, 100.0, 70, Stopwatch::Engine);
    print("3 s + 0.1 s, engine's times", &r);
    assert!(r.plies >= 60 || r.decided, "only {} plies", r.plies);
}

#[test]
#[ignore = "timed by the test's stopwatch: run on an idle machine with --ignored"]
fn a_match_runner_game_of_sixty_plies() {
    let r = play(3_000.0, 100.0, 70, Stopwatch::Runner);
    print("3 s + 0.1 s", &r);
    assert!(r.plies >= 60 || r.decided, "only {} plies", r.plies);
}

#[test]
#[ignore = "timed by the test's stopwatch: run on an idle machine with --ignored"]
fn a_one_second_clock_is_never_overstepped() {
    let r = play(1_000.0, 0.0, 80, Stopwatch::Runner);
    print("1 s sudden death", &r);
}

#[test]
#[ignore = "a minute or more: run with --ignored"]
fn ten_seconds_plus_a_tenth_for_a_whole_game() {
    let r = play(10_000.0, 100.0, 160, Stopwatch::Runner);
    print("10 s + 0.1 s", &r);
}
