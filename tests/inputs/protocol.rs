//! Bad input never crashes or wedges the engine: each mistake gets at most
//! one `info string error: ...` line, the last valid position is kept, and
//! the engine goes on answering `isready` and `go` correctly. Ends with a
//! deterministic mutation fuzz over whole command lines.

use crate::engine_process;

use chuhan::{Move, Position};
use engine_process::{legal_best, Engine, SLOW};
use std::time::Duration;

fn after(moves: &[&str]) -> Position {
    let mut pos = Position::startpos();
    for m in moves {
        pos.try_play(m.parse::<Move>().unwrap()).unwrap();
    }
    pos
}

/// The FEN the engine holds, from `d`.
fn held_fen(e: &mut Engine) -> String {
    e.send("d");
    let lines = e.until("checkers", SLOW);
    let line = lines.iter().find(|l| l.starts_with("fen ")).unwrap();
    line["fen ".len()..].to_string()
}

/// Sends `line`, then checks: at most one reply, an error if any, and the engine still ready.
fn at_most_one_error(e: &mut Engine, line: &str) -> Vec<String> {
    e.send(line);
    let said = e.sync();
    assert!(said.len() <= 1, "{line:?} -> {said:?}");
    for s in &said {
        assert!(s.starts_with("info string "), "{line:?} -> {s:?}");
    }
    said
}

#[test]
fn every_bad_input_keeps_the_engine_serving() {
    let mut e = Engine::ucci();
    let kept = ["h2e2", "h9g7"];
    e.send("position startpos moves h2e2 h9g7");
    let fen = held_fen(&mut e);
    assert_eq!(fen, after(&kept).to_fen());
    let errors = [
        "fly to the moon",
        "position fen rnbakabnr/9/9 w",
        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
        "position fen",
        "position",
        "position startpos moves h2e2 h9g7 a0a9",
        "position startpos moves h2e2 xyz",
        "position startpos moves h2e2 h9g7 h0g2 b9c7 e2e9",
        "position startpos h2e2",
        "banmoves a0a9",
        "banmoves zz99",
        "go fast",
        "go depth",
        "go time abc",
        "go perft 99",
        "go perft 0",
        "bench 0",
        "ponderhit",
        "ponderhit now",
        "setoption hashsize 33554433",
        "setoption hashsize -5",
        "setoption threads many",
        "setoption usemillisec maybe",
        "setoption style wild",
        "setoption rule martian",
        "setoption promotion true",
        "setoption nosuchoption 3",
        "setoption",
        "probe fen not a fen",
        "probe startpos moves a0a9",
    ];
    for line in errors {
        let said = at_most_one_error(&mut e, line);
        if !line.starts_with("setoption nosuch") && line != "setoption" {
            assert!(
                said.len() == 1 && said[0].starts_with("info string error: "),
                "{line:?} -> {said:?}"
            );
        }
        assert_eq!(held_fen(&mut e), fen, "after {line:?}");
    }
    // An illegal move is reported by its number.
    e.send("position startpos moves h2e2 h9g7 h0g2 b9c7 e2e9");
    let said = e.sync();
    assert!(said[0].contains("move 5 'e2e9'"), "{said:?}");
    // Silently ignored: blank lines, white space, CRLF.
    for line in ["", "   ", "\t\t", " \r"] {
        e.send(line);
        assert!(e.sync().is_empty(), "{line:?}");
    }
    e.send_raw(b"isready\r\n");
    assert_eq!(e.until("readyok", SLOW), ["readyok"]);
    e.send_raw(b"\xff\xfe\xc3 garbage\r\n");
    assert_eq!(e.sync().len(), 1);
    let long = "x".repeat(100_000);
    at_most_one_error(&mut e, &long);
    e.send("position\t startpos   moves  h2e2\th9g7  ");
    assert_eq!(held_fen(&mut e), fen);
    // Absurd numbers are clamped with one note, and the search still answers.
    e.send("go time -100");
    let lines = e.until("bestmove", SLOW);
    assert!(
        lines[0].starts_with("info string error: go: time -100"),
        "{lines:?}"
    );
    legal_best(lines.last().unwrap(), &after(&kept));
    e.send("go depth -3");
    let lines = e.until("nobestmove", SLOW);
    assert!(
        lines[0].starts_with("info string error: go: depth -3"),
        "{lines:?}"
    );
    e.send("go nodes 1e40");
    e.quiet(Duration::from_millis(200));
    e.send("stop");
    legal_best(&e.until_best(SLOW), &after(&kept));
    // Still correct afterwards.
    assert_eq!(held_fen(&mut e), fen);
    legal_best(&e.go("go depth 1"), &after(&kept));
}

#[test]
fn commands_while_thinking_are_refused_and_the_search_goes_on() {
    let mut e = Engine::ucci();
    e.send("position startpos");
    e.send("go infinite");
    e.until("info depth 2", SLOW);
    for line in [
        "position startpos moves h2e2",
        "go depth 3",
        "banmoves h2e2",
        "setoption hashsize 8",
        "ucci",
        "bench 1",
        "ponderhit",
    ] {
        e.send(line);
        let said: Vec<String> = e
            .sync()
            .into_iter()
            .filter(|l| !l.starts_with("info depth") && !l.starts_with("info time"))
            .collect();
        assert!(
            said.len() == 1 && said[0].starts_with("info string error: "),
            "{line:?} -> {said:?}"
        );
    }
    e.send("stop");
    legal_best(&e.until_best(SLOW), &Position::startpos());
    assert_eq!(held_fen(&mut e), Position::startpos().to_fen());
}

#[test]
fn commands_before_the_handshake() {
    let mut e = Engine::start();
    e.send("isready");
    assert_eq!(e.until("readyok", SLOW), ["readyok"]);
    e.send("go depth 1");
    let said = e.sync();
    assert!(said.len() == 1 && said[0].contains("ucci"), "{said:?}");
    e.send("ucci");
    e.until("ucciok", SLOW);
    legal_best(&e.go("go depth 1"), &Position::startpos());
}

#[test]
fn end_of_input_finishes_the_search_then_exits() {
    let mut e = Engine::ucci();
    e.send("go depth 3");
    e.close_input();
    legal_best(&e.until_best(SLOW), &Position::startpos());
    assert!(e.exits_within(Duration::from_secs(5)));
    let mut e = Engine::ucci();
    e.send("go infinite");
    e.close_input();
    legal_best(&e.until_best(SLOW), &Position::startpos());
    assert!(e.exits_within(Duration::from_secs(5)));
}

/// A search with no limit at all runs until `stop`, as `go infinite` does,
/// so the end of input stops it too: the engine answers and exits.
#[test]
fn end_of_input_stops_a_search_with_no_limit() {
    for (start, go) in [
        ("ucci", "go"),
        ("uci", "go"),
        ("uci", "go mate 1"),
        ("uci", "go searchmoves h2e2"),
        ("uci", "go ponder"),
    ] {
        let mut e = Engine::start();
        e.send(start);
        e.until(if start == "ucci" { "ucciok" } else { "uciok" }, SLOW);
        e.send("position startpos");
        e.send(go);
        e.close_input();
        let best = e.until_best(SLOW);
        legal_best(&best, &Position::startpos());
        if go.contains("searchmoves") {
            assert!(best.starts_with("bestmove h2e2"), "{best}");
        }
        assert!(
            e.exits_within(Duration::from_secs(5)),
            "{start} {go}: still running\n{}",
            e.tail()
        );
    }
}

/// Valid lines to mutate. Left out on purpose: `quit` (ends the run), `bench`
/// (long and not stoppable), `batch` (stops reading `stop`), and hash and
/// thread sizes (the fuzz would allocate gigabytes or hundreds of threads).
const CORPUS: &[&str] = &[
    "isready",
    "position startpos",
    "position startpos moves h2e2 h9g7 h0g2 i9h9",
    "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves b2e2",
    "position fen 3k5/9/9/9/r8/9/9/9/9/3AKA3 w - - 0 1",
    "banmoves h2e2 b2e2",
    "go depth 2",
    "go nodes 2000",
    "go time 300 increment 10 opptime 300 oppincrement 10",
    "go draw depth 1",
    "go ponder time 200",
    "go infinite",
    "go perft 2",
    "ponderhit draw",
    "stop",
    "probe startpos moves h2e2",
    "setoption usemillisec true",
    "setoption rule asian",
    "setoption style solid",
    "setoption newgame",
    "setoption resignscore 300",
    "d",
    "eval",
];

#[test]
fn fuzzed_command_lines_never_crash_or_wedge() {
    let alphabet: Vec<char> = "abcdefghiklmnoprstuvwxyz0123456789 -/.\t\u{4e2d}"
        .chars()
        .collect();
    let mut rng = chuhan::random::Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut next = move || rng.next_u64();
    let mut e = Engine::ucci();
    let mut sent = 0;
    while sent < 1_500 {
        let base = CORPUS[(next() % CORPUS.len() as u64) as usize];
        let mut text: Vec<char> = base.chars().collect();
        for _ in 0..(next() % 4) {
            if text.is_empty() {
                break;
            }
            let at = (next() % text.len() as u64) as usize;
            let c = alphabet[(next() % alphabet.len() as u64) as usize];
            match next() % 3 {
                0 => text[at] = c,
                1 => {
                    text.remove(at);
                }
                _ => text.insert(at, c),
            }
        }
        let line: String = text.into_iter().collect();
        let first = line.split_whitespace().next().unwrap_or("").to_lowercase();
        if ["quit", "bye", "bench"].contains(&first.as_str())
            || ["batch", "hash", "thread"].iter().any(|w| line.contains(w))
        {
            continue;
        }
        e.send(&line);
        sent += 1;
        if sent % 20 == 0 {
            e.send("stop");
            e.sync();
            assert!(e.is_alive(), "{}", e.tail());
        }
    }
    e.send("stop");
    e.sync();
    // The fuzz reached the search and the error paths, not just the parser.
    let count = |prefix: &str| {
        e.transcript
            .iter()
            .filter(|l| l.starts_with(prefix))
            .count()
    };
    let (moves, errors) = (count("< bestmove"), count("< info string error"));
    println!("fuzz: {sent} lines, {moves} bestmoves, {errors} errors");
    assert!(
        moves >= 20 && errors >= 100,
        "{moves} bestmoves, {errors} errors"
    );
    // A mutation may have switched the dialect to UCI: switch back.
    e.send("ucci");
    e.until("ucciok", SLOW);
    e.send("position startpos");
    e.send("banmoves");
    legal_best(&e.go("go depth 1"), &Position::startpos());
    e.send("quit");
    e.until("bye", SLOW);
}

/// After a refused `position`, `go` has no board the GUI agrees on: one
/// error line and no move (never a move for the previous board), until a
/// valid `position` arrives. `banmoves` is refused too; `probe` names its
/// own position and still answers.
fn go_after_a_refused_position(mut e: Engine, no_move: &str) {
    let refused = [
        "position startpos moves h2e2 h9g7 a0a9",
        "position startpos h2e2",
        "position fen rnbakabnr/9/9 w",
    ];
    for bad in refused {
        e.send("position startpos moves h2e2");
        e.send(bad);
        let said = e.sync();
        assert!(
            said.len() == 1 && said[0].starts_with("info string error: "),
            "{bad}: {said:?}"
        );
        for _ in 0..2 {
            e.send("go depth 2");
            let said = e.until_any(&[no_move], SLOW);
            assert_eq!(said.len(), 2, "{bad}: {said:?}");
            assert!(said[0].starts_with("info string error: go: "), "{said:?}");
            assert_eq!(said[1], no_move, "{bad}");
        }
        e.send("go perft 2");
        let said = e.sync();
        assert!(said.len() == 1 && said[0].contains("error"), "{said:?}");
        e.send("banmoves b0c2");
        let said = e.sync();
        assert!(said.len() == 1 && said[0].contains("error"), "{said:?}");
        e.send("probe startpos");
        assert!(e.until("pophash", SLOW).len() == 1);
    }
    // A valid position ends it.
    e.send("position startpos moves h2e2");
    legal_best(&e.go("go depth 2"), &after(&["h2e2"]));
    // So does a new game, at the start position.
    e.send("position startpos moves a0a9");
    e.send("ucinewgame");
    e.send("setoption newgame");
    e.sync();
    legal_best(&e.go("go depth 2"), &Position::startpos());
    // A position refused because the engine was thinking counts as refused.
    e.send("go infinite");
    e.until("info depth 1", SLOW);
    e.send("position startpos moves h2e2");
    e.send("stop");
    legal_best(&e.until_best(SLOW), &Position::startpos());
    e.send("go depth 1");
    assert_eq!(e.until_any(&[no_move], SLOW).last().unwrap(), no_move);
}

#[test]
fn go_after_a_refused_position_answers_no_move_in_ucci() {
    go_after_a_refused_position(Engine::ucci(), "nobestmove");
}

#[test]
fn go_after_a_refused_position_answers_no_move_in_uci() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok", SLOW);
    e.send("setoption name OwnBook value false");
    go_after_a_refused_position(e, "bestmove (none)");
}
