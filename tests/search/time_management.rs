//! Time management through the binary: a fixed move time is spent, not cut
//! short when the best move looks settled. The arithmetic of clock plans
//! (reserves at low clocks, stability and score-drop terms) is tested with
//! the library's `TimePlan` in `src/search/limits.rs`.
//!
//! This is a timing test: the lower bound cannot be missed under load (the
//! engine's own clock starts when it reads `go`, and load only delays the
//! reply); the upper bound is generous for a loaded machine.

use crate::engine_process;

use engine_process::{legal_best, Engine, SLOW};
use std::time::{Duration, Instant};

#[test]
fn go_movetime_uses_its_time() {
    // `movetime` is UCI's (a UCCI match runner sends `time T movestogo 1`;
    // UCCI's `go movetime` is `ucci_go_movetime_ends_by_itself`).
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok", SLOW);
    // The book would answer at once.
    e.send("setoption name OwnBook value false");
    // Black's chariot on a4 hangs to the a0 chariot: the capture settles
    // as best within a few iterations, which used to stop the search at
    // 60% of its time (about 410 ms); and the start position.
    let hanging = "1nbakabnr/9/1c5c1/p1p1p1p1p/9/r8/2P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let hanging_line = format!("position fen {hanging}");
    for (position, fen) in [
        (hanging_line.as_str(), Some(hanging)),
        ("position startpos", None),
    ] {
        e.send(position);
        e.sync();
        let sent = Instant::now();
        e.send("go movetime 700");
        let line = e.until_best(SLOW);
        let took = sent.elapsed();
        println!("{position}: bestmove after {took:?}");
        let pos = match fen {
            Some(fen) => chuhan::Position::from_fen(fen).unwrap(),
            None => chuhan::Position::startpos(),
        };
        legal_best(&line, &pos);
        assert!(
            took >= Duration::from_millis(640),
            "{position}: answered after {took:?}, well before the 700 ms asked for\n{}",
            e.tail()
        );
        assert!(
            took <= Duration::from_millis(1_500),
            "{position}: answered after {took:?}\n{}",
            e.tail()
        );
    }
    e.send("quit");
}

#[test]
fn ucci_go_movetime_ends_by_itself() {
    // Not a UCCI word, but GUIs that speak both protocols send it; the
    // engine used to accept it and then search until `stop`.
    let mut e = Engine::start();
    e.send("ucci");
    e.until("ucciok", SLOW);
    e.send("setoption usebook false");
    e.send("position startpos");
    e.sync();
    let sent = Instant::now();
    e.send("go movetime 300");
    let line = e.until_best(SLOW);
    let took = sent.elapsed();
    legal_best(&line, &chuhan::Position::startpos());
    assert!(
        took >= Duration::from_millis(250),
        "answered after {took:?}\n{}",
        e.tail()
    );
    e.send("quit");
}
