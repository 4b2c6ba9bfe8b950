//! UCCI conversations with the real binary, as XiangQi Wizard, ElephantEye's
//! tools and the UCCI league simulator hold them.

use crate::elephanteye_books;
use crate::engine_process;

use chuhan::{Move, Position};
use engine_process::{legal_best, long_game, move_list, Engine, SLOW};
use std::time::{Duration, Instant};

#[test]
fn elephanteye_style_handshake() {
    let mut e = Engine::start();
    e.send("ucci");
    let lines = e.until("ucciok", SLOW);
    // The name is the build's, as `chuhan --version` says it (with the
    // commit when built from a checkout), so a game record names the build.
    let version = std::process::Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .arg("--version")
        .output()
        .unwrap();
    let version = String::from_utf8(version.stdout).unwrap();
    assert_eq!(lines[0], format!("id name {}", version.trim()), "{lines:?}");
    for wanted in [
        "option usemillisec type check default true",
        "option newgame type button",
        "option promotion type check default false",
        "option rule type combo default chinese var chinese var asian var simple",
    ] {
        assert!(
            lines.iter().any(|l| l == wanted),
            "{wanted} missing: {lines:?}"
        );
    }
    for name in [
        "batch",
        "debug",
        "ponder",
        "usebook",
        "bookfiles",
        "hashsize",
        "threads",
        "idle",
        "randomness",
        "pruning",
        "knowledge",
        "style",
        "drawoffer",
        "drawaccept",
        "resignscore",
    ] {
        let prefix = format!("option {name} type ");
        assert!(
            lines.iter().any(|l| l.starts_with(&prefix)),
            "{name} missing"
        );
    }
    assert_eq!(lines.last().map(String::as_str), Some("ucciok"));
    assert!(e.sync().is_empty());
    e.send("quit");
    assert_eq!(e.until("bye", SLOW), ["bye"]);
    assert!(e.exits_within(Duration::from_secs(5)));
}

#[test]
fn xiangqi_wizard_session() {
    let mut e = Engine::ucci();
    // Every option the issue lists, the way a GUI sends them.
    for line in [
        "setoption batch false",
        "setoption debug false",
        "setoption ponder true",
        "setoption usebook false",
        "setoption hashsize 32",
        "setoption threads 1",
        "setoption newgame",
        "setoption promotion false",
        "setoption rule chinese",
        "setoption moveoverhead 40",
        "setoption drawoffer true",
        "setoption drawaccept true",
        "setoption resignscore 2000",
    ] {
        e.send(line);
        let said = e.sync();
        assert!(said.is_empty(), "{line}: {said:?}");
    }
    // Book files that do not open are named, one error line each.
    e.send("setoption bookfiles BOOK.DAT;other book.obk");
    let said = e.sync();
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(
        said.iter()
            .all(|l| l.starts_with("info string error") && l.contains("bookfiles")),
        "{said:?}"
    );
    e.send("setoption randomness small");
    assert!(e.sync().is_empty());
    // These are accepted with one note that they change nothing yet.
    for line in [
        "setoption idle small",
        "setoption pruning large",
        "setoption knowledge medium",
        "setoption style risky",
    ] {
        e.send(line);
        let said = e.sync();
        assert!(
            said.len() == 1 && said[0].starts_with("info string "),
            "{said:?}"
        );
        assert!(!said[0].contains("error"), "{said:?}");
    }
    // The whole game as one move list after the start FEN.
    let (moves, pos) = long_game(120, 7);
    e.send(&format!(
        "position fen {} moves {}",
        Position::START_FEN,
        move_list(&moves)
    ));
    let line = e.go("go depth 3");
    legal_best(&line, &pos);
    e.send("go infinite");
    e.until("info depth 2", SLOW);
    e.send("stop");
    legal_best(&e.until_best(SLOW), &pos);
    let line = e.go("go time 2000 increment 0");
    legal_best(&line, &pos);
}

#[test]
fn a_thousand_move_list_is_read() {
    let mut e = Engine::ucci();
    // Horses out and back: 1,000 legal plies that repeat the start.
    let cycle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let moves: Vec<&str> = cycle.iter().cycle().take(1000).copied().collect();
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    e.send("d");
    let board = e.until("fen ", SLOW);
    assert_eq!(
        board.last().unwrap().as_str(),
        format!("fen {}", Position::START_FEN.replace(" 0 1", " 1000 501"))
    );
    let line = e.go("go depth 2");
    legal_best(&line, &Position::startpos());
}

#[test]
fn stop_during_infinite_answers_at_once() {
    let mut e = Engine::ucci();
    e.send("position startpos");
    e.send("go infinite");
    e.until("info depth 3", SLOW);
    std::thread::sleep(Duration::from_millis(300));
    let sent = Instant::now();
    e.send("stop");
    let line = e.until_best(SLOW);
    let latency = sent.elapsed();
    println!("stop -> bestmove: {:.1} ms", latency.as_secs_f64() * 1e3);
    legal_best(&line, &Position::startpos());
    assert!(latency < Duration::from_secs(1), "{latency:?}");
}

#[test]
fn stop_while_idle_answers_nobestmove() {
    let mut e = Engine::ucci();
    e.send("stop");
    assert_eq!(e.until("nobestmove", SLOW), ["nobestmove"]);
}

#[test]
fn quit_while_thinking_says_bye_and_exits() {
    let mut e = Engine::ucci();
    e.send("go infinite");
    e.until("info depth 2", SLOW);
    let sent = Instant::now();
    e.send("quit");
    e.until("bye", SLOW);
    assert!(e.exits_within(Duration::from_secs(2)));
    println!("quit -> exit: {:.1} ms", sent.elapsed().as_secs_f64() * 1e3);
}

#[test]
fn isready_is_answered_while_thinking() {
    let mut e = Engine::ucci();
    e.send("go depth infinite");
    e.until("info depth 2", SLOW);
    let sent = Instant::now();
    e.send("isready");
    let lines = e.until("readyok", SLOW);
    assert!(sent.elapsed() < Duration::from_secs(1));
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "{lines:?}"
    );
    e.send("stop");
    e.until_best(SLOW);
}

#[test]
fn ponder_then_ponderhit_and_ponder_then_stop() {
    let mut e = Engine::ucci();
    e.send("position startpos moves h2e2");
    e.send("go ponder time 3000 increment 0");
    // Pondering never ends by itself.
    let early = e.quiet(Duration::from_millis(800));
    assert!(!early.iter().any(|l| l.contains("bestmove")), "{early:?}");
    let sent = Instant::now();
    e.send("ponderhit");
    let pos = {
        let mut p = Position::startpos();
        p.try_play("h2e2".parse().unwrap()).unwrap();
        p
    };
    legal_best(&e.until_best(SLOW), &pos);
    // After ponderhit the clock runs: 3 s left means well under a second.
    assert!(
        sent.elapsed() < Duration::from_secs(3),
        "{:?}",
        sent.elapsed()
    );

    e.send("go ponder time 3000 increment 0");
    let early = e.quiet(Duration::from_millis(300));
    assert!(!early.iter().any(|l| l.contains("bestmove")), "{early:?}");
    e.send("stop");
    legal_best(&e.until_best(SLOW), &pos);
    // ponderhit with nothing pondering is one error, then business as usual.
    e.send("ponderhit");
    let said = e.sync();
    assert!(
        said.len() == 1 && said[0].starts_with("info string error:"),
        "{said:?}"
    );
}

/// Red has its king and advisors, Black a chariot more.
const RED_LOST: &str = "3k5/9/9/9/r8/9/9/9/9/3AKA3 w - - 0 1";
/// The same with the chariot Red's.
const RED_WON: &str = "3k5/9/9/9/R8/9/9/9/9/3AKA3 w - - 0 1";
/// Red defends with advisors and an elephant (with both elephants the lone
/// chariot cannot win, and the engine knows it): lost on the score, but no
/// mate in sight.
const RED_DOWN_A_CHARIOT: &str = "3k5/9/9/9/r8/9/9/4B4/9/3AKA3 w - - 0 1";
/// Kings, advisors and elephants only.
const BARE: &str = "3akab2/9/4b4/9/9/9/9/4B4/4A4/3AK1B2 w - - 0 1";

#[test]
fn draw_offers_are_accepted_only_when_not_better() {
    let mut e = Engine::ucci();
    e.send(&format!("position fen {RED_LOST}"));
    let line = e.go("go draw depth 3");
    assert!(line.ends_with(" draw"), "{line}");
    e.send(&format!("position fen {RED_WON}"));
    let line = e.go("go draw depth 3");
    assert!(!line.contains("draw"), "{line}");
    // Pondering, the offer may come with ponderhit.
    e.send(&format!("position fen {RED_LOST}"));
    e.send("go ponder time 2000 increment 0");
    e.quiet(Duration::from_millis(200));
    e.send("ponderhit draw");
    let line = e.until_best(SLOW);
    assert!(line.ends_with(" draw"), "{line}");
    // And the option switches acceptance off.
    e.send("setoption drawaccept false");
    let line = e.go("go draw depth 3");
    assert!(!line.contains("draw"), "{line}");
}

#[test]
fn draws_are_offered_in_dead_drawn_endings() {
    let mut e = Engine::ucci();
    e.send(&format!("position fen {BARE}"));
    let line = e.go("go time 1000 increment 0");
    assert!(line.ends_with(" draw"), "{line}");
    // Analysis never offers.
    let line = e.go("go depth 2");
    assert!(!line.contains("draw"), "{line}");
    e.send("setoption drawoffer false");
    let line = e.go("go time 1000 increment 0");
    assert!(!line.contains("draw"), "{line}");
}

#[test]
fn resigns_only_when_lost_for_several_moves() {
    let mut e = Engine::ucci();
    e.send("setoption resignscore 300");
    e.send(&format!("position fen {RED_DOWN_A_CHARIOT}"));
    // Enough time for a few plies even on a loaded machine: a search cut
    // off before its first iteration has no score to judge by.
    let lines: Vec<String> = (0..3).map(|_| e.go("go time 5000 increment 0")).collect();
    assert!(!lines[0].contains("resign"), "{lines:?}");
    assert!(lines[2].ends_with(" resign"), "{lines:?}");
    // A new game forgets the streak, and 0 switches resigning off.
    e.send("setoption newgame");
    e.send("setoption resignscore 0");
    e.send(&format!("position fen {RED_DOWN_A_CHARIOT}"));
    for _ in 0..4 {
        let line = e.go("go time 1000 increment 0");
        assert!(!line.contains("resign"), "{line}");
    }
}

#[test]
fn banmoves_are_not_played() {
    let mut e = Engine::ucci();
    let start = Position::startpos();
    let all: Vec<Move> = start.legal_moves().to_vec();
    // Ban all but one move: that one must be played.
    let keep = "b0c2";
    let banned: Vec<String> = all
        .iter()
        .map(|m| m.to_string())
        .filter(|m| m != keep)
        .collect();
    e.send("position startpos");
    e.send(&format!("banmoves {}", banned.join(" ")));
    let line = e.go("go depth 4");
    assert_eq!(legal_best(&line, &start).to_string(), keep, "{line}");
    // Bans last until the next position.
    let line = e.go("go depth 2");
    assert_eq!(legal_best(&line, &start).to_string(), keep, "{line}");
    e.send("position startpos");
    e.send("banmoves b0c2");
    let line = e.go("go depth 3");
    assert_ne!(legal_best(&line, &start).to_string(), keep, "{line}");
}

#[test]
fn probe_reads_the_hash_table() {
    let mut e = Engine::ucci();
    e.send("probe startpos");
    assert_eq!(e.until("pophash", SLOW), ["pophash"]);
    e.send("position startpos moves h2e2");
    e.go("go depth 5");
    e.send("probe startpos moves h2e2");
    let line = e.until("pophash", SLOW).pop().unwrap();
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(&words[..2], ["pophash", "bestmove"], "{line}");
    assert!(line.contains(" depth "), "{line}");
    let mut pos = Position::startpos();
    pos.try_play("h2e2".parse().unwrap()).unwrap();
    assert!(pos.is_legal(words[2].parse().unwrap()), "{line}");
    e.send("probe fen 9/9/3k5/9/9/9/9/9/4A4/4K4 w - - 0 1");
    assert_eq!(e.until("pophash", SLOW), ["pophash"]);
}

#[test]
fn go_perft_counts_the_tree() {
    let mut e = Engine::ucci();
    e.send("go perft 3");
    let lines = e.until("info time", SLOW);
    assert!(
        lines.iter().any(|l| l == "info string perft 3 nodes 79666"),
        "{lines:?}"
    );
    assert!(lines.last().unwrap().ends_with("nodes 79666"));
}

#[test]
fn depth_zero_is_a_static_score_and_no_move() {
    let mut e = Engine::ucci();
    e.send("go depth 0");
    let lines = e.until("nobestmove", SLOW);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("info depth 0 score "), "{lines:?}");
}

#[test]
fn checkmated_side_answers_nobestmove() {
    let mut e = Engine::ucci();
    // Black is mated: the chariot checks along rank 9, the king cannot move.
    e.send("position fen 3kR4/9/3P5/9/9/9/9/9/9/4K4 b - - 0 1");
    assert_eq!(e.go("go depth 3"), "nobestmove");
}

#[test]
fn usemillisec_switches_the_clock_unit() {
    let mut e = Engine::ucci();
    // The start position is in the book, which would answer at once.
    e.send("setoption usebook false");
    // 3000 ms: the answer comes well within a second.
    let sent = Instant::now();
    e.go("go time 3000 increment 0");
    assert!(
        sent.elapsed() < Duration::from_secs(2),
        "{:?}",
        sent.elapsed()
    );
    // 3000 seconds: a second is nowhere near the time planned.
    e.send("setoption usemillisec false");
    e.send("go time 3000 increment 0");
    let early = e.quiet(Duration::from_millis(1000));
    assert!(!early.iter().any(|l| l.contains("bestmove")), "{early:?}");
    e.send("stop");
    e.until_best(SLOW);
}

/// A search of two seconds, a game's move, prints no `info currmove` line
/// for every root move of every iteration: like Stockfish, the engine
/// announces root moves only in searches longer than three seconds. The
/// `debug` line says the limits in a `go` command's words, not as a Rust
/// dump.
#[test]
fn short_searches_announce_no_root_moves_and_debug_speaks_plainly() {
    let mut e = Engine::ucci();
    e.send("setoption usebook false");
    e.send("setoption debug true");
    e.send("position startpos");
    // Taken before `go`: the engine's clock, started later, is never ahead.
    let started = Instant::now();
    e.send("go infinite");
    let mut said = e.until("info string debug: ", SLOW);
    std::thread::sleep(Duration::from_secs(2).saturating_sub(started.elapsed()));
    e.send("stop");
    said.extend(e.until("bestmove", SLOW));
    assert!(!said.iter().any(|l| l.contains("currmove")), "{said:?}");
    assert!(
        said.contains(&"info string debug: limits infinite".to_string()),
        "{said:?}"
    );
    e.send("go time 60000 increment 1000 opptime 50000 oppincrement 1000");
    let debug = e.until("info string debug: ", SLOW).pop().unwrap();
    e.send("stop");
    e.until("bestmove", SLOW);
    assert!(
        debug.starts_with(
            "info string debug: limits clock 60000+1000 ms opponent 50000+1000 ms; time plan: soft "
        ),
        "{debug}"
    );
    assert!(!debug.contains('{') && !debug.contains("Some("), "{debug}");
}

#[test]
fn thinking_info_lines_have_the_ucci_shape() {
    let mut e = Engine::ucci();
    e.send("go depth 3");
    let lines = e.until("bestmove", SLOW);
    let depth = lines
        .iter()
        .find(|l| l.starts_with("info depth 3 "))
        .unwrap();
    let words: Vec<&str> = depth.split(' ').collect();
    assert_eq!(words[3], "score");
    words[4]
        .parse::<i32>()
        .expect("UCCI scores are plain numbers");
    assert_eq!(words[5], "pv");
    assert!(lines.iter().any(|l| {
        let w: Vec<&str> = l.split(' ').collect();
        w.len() == 5 && w[0] == "info" && w[1] == "time" && w[3] == "nodes"
    }));
}

#[test]
fn timed_games_play_book_moves_and_analysis_searches() {
    // Our own small ElephantEye-format book, and ElephantEye's BOOK.DAT
    // when it lies beside the checkout.
    for book in elephanteye_books::book_paths() {
        timed_games_play_book_moves_and_analysis_searches_with(&book);
    }
}

fn timed_games_play_book_moves_and_analysis_searches_with(book: &std::path::Path) {
    let mut e = Engine::ucci();
    e.send(&format!("setoption bookfiles {}", book.display()));
    assert!(e.sync().is_empty());
    e.send("position startpos");
    e.send("go time 60000 opptime 60000");
    let said = e.until("bestmove", Duration::from_secs(10));
    assert!(
        said.iter().any(|l| l.starts_with("info string book ")),
        "{said:?}"
    );
    let best = said.last().unwrap().split(' ').nth(1).unwrap().to_string();
    assert!(
        ["h2e2", "b2e2", "h0g2", "b0c2", "g3g4", "c3c4", "g0e2", "c0e2"].contains(&best.as_str()),
        "{best}"
    );
    // A banned book move is never played.
    e.send("position startpos");
    e.send(&format!("banmoves {best}"));
    e.send("go time 60000");
    let said = e.until("bestmove", Duration::from_secs(10));
    assert_ne!(said.last().unwrap().split(' ').nth(1).unwrap(), best);
    // Fixed-depth analysis searches even in a book position.
    e.send("position startpos");
    e.send("go depth 3");
    let said = e.until("bestmove", Duration::from_secs(10));
    assert!(
        said.iter().any(|l| l.starts_with("info depth 3")),
        "{said:?}"
    );
    assert!(!said.iter().any(|l| l.contains("book")), "{said:?}");
    // With the book off, a timed game searches too.
    e.send("setoption usebook false");
    e.send("position startpos");
    e.send("go time 500");
    let said = e.until("bestmove", Duration::from_secs(10));
    assert!(!said.iter().any(|l| l.contains("book")), "{said:?}");
}
