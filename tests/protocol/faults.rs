//! A failure inside the engine never wedges a session: with a test-only
//! fault injected through `CHUHAN_FAULT`, a search thread, a perft or bench
//! job, or a command handler panics, and the engine answers one
//! `info string error ...` line, gives the best move it knows (or no move),
//! and goes on serving correctly. (The injected panics print their
//! messages on the engine's stderr; that is expected.)

use crate::engine_process;

use chuhan::Position;
use engine_process::{legal_best, Engine, SLOW};

fn engine(fault: &str, dialect: &str) -> Engine {
    let mut e = Engine::start_with(&[("CHUHAN_FAULT", fault)]);
    e.send(dialect);
    e.until(&format!("{dialect}ok"), SLOW);
    e
}

/// Sends `go`, returns the lines up to its answer and checks there is exactly one error.
fn failed_search(e: &mut Engine, go: &str, answer: &str) -> String {
    e.send(go);
    let said = e.until_any(&[answer], SLOW);
    let errors: Vec<&String> = said.iter().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 1, "{said:?}");
    assert!(
        errors[0].starts_with("info string error: the search failed (injected fault"),
        "{said:?}"
    );
    said.last().unwrap().clone()
}

#[test]
fn a_search_that_panics_answers_the_best_move_it_had_and_the_session_goes_on() {
    for (dialect, threads) in [
        ("ucci", "setoption threads 1"),
        ("ucci", "setoption threads 3"),
        ("uci", "setoption name Threads value 3"),
    ] {
        let mut e = engine("search-panic:20000", dialect);
        e.send(threads);
        e.send("position startpos");
        // Every search panics after 20000 nodes; each is answered, none wedges.
        for go in ["go depth 30", "go depth 30", "go infinite"] {
            let best = failed_search(&mut e, go, "bestmove");
            legal_best(&best, &Position::startpos());
        }
        e.send("go perft 3");
        let said = e.until("info time", SLOW);
        assert!(said.iter().any(|l| l.ends_with("nodes 79666")), "{said:?}");
        assert!(e.sync().is_empty());
    }
}

#[test]
fn a_search_that_panics_before_its_first_move_answers_no_move() {
    let mut e = engine("search-panic", "ucci");
    assert_eq!(
        failed_search(&mut e, "go depth 1", "nobestmove"),
        "nobestmove"
    );
    assert_eq!(
        failed_search(&mut e, "go depth 1", "nobestmove"),
        "nobestmove"
    );
    // The bench searches too: its job fails with one line, and the session goes on.
    e.send("bench 1");
    let said = e.until("info string error", SLOW);
    assert!(said.last().unwrap().contains("bench failed"), "{said:?}");
    assert!(e.sync().is_empty());
    let mut e = engine("search-panic", "uci");
    assert_eq!(
        failed_search(&mut e, "go depth 1", "bestmove"),
        "bestmove (none)"
    );
    assert!(e.sync().is_empty());
}

#[test]
fn a_job_that_panics_reports_once_and_the_session_goes_on() {
    let mut e = engine("job-panic", "ucci");
    for (command, name) in [
        ("go perft 3", "perft"),
        ("bench 1", "bench"),
        ("go perft 2", "perft"),
    ] {
        e.send(command);
        let said = e.until("info string error", SLOW);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].contains(&format!("{name} failed")), "{said:?}");
        assert!(e.sync().is_empty());
    }
    legal_best(&e.go("go depth 2"), &Position::startpos());
}

#[test]
fn a_command_that_panics_reports_once_and_the_session_goes_on() {
    let mut e = engine("command-panic:eval", "ucci");
    for _ in 0..2 {
        e.send("eval");
        let said = e.sync();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].starts_with("info string error: internal error (injected fault"),
            "{said:?}"
        );
    }
    e.send("position startpos moves h2e2");
    e.send("d");
    assert!(e
        .until("checkers", SLOW)
        .iter()
        .any(|l| l.starts_with("fen ")));
    let mut pos = Position::startpos();
    pos.try_play("h2e2".parse().unwrap()).unwrap();
    legal_best(&e.go("go depth 2"), &pos);
    // A panic in the command that starts searches never leaves the engine
    // busy: each `go` fails the same way, none is refused as "while thinking".
    let mut e = engine("command-panic:go", "ucci");
    for _ in 0..3 {
        e.send("go depth 2");
        let said = e.sync();
        assert!(
            said.len() == 1 && said[0].contains("internal error"),
            "{said:?}"
        );
    }
    e.send("quit");
    assert_eq!(e.until("bye", SLOW), ["bye"]);
}
