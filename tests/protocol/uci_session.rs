//! UCI conversations with the real binary, as GUIs that load Pikafish-style
//! engines hold them.

use crate::engine_process;

use chuhan::{Move, Position, Ranks};
use engine_process::{legal_best, Engine, SLOW};
use std::time::{Duration, Instant};

fn uci() -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok", SLOW);
    e
}

fn after(moves: &[&str]) -> Position {
    let mut pos = Position::startpos();
    for m in moves {
        pos.try_play(m.parse::<Move>().unwrap()).unwrap();
    }
    pos
}

#[test]
fn handshake_announces_uci_options() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok", SLOW);
    assert!(lines[0].starts_with("id name chuhan"));
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    for wanted in [
        "option name Hash type spin default 16 min 0 max 33554432",
        "option name UCI_Variant type combo default xiangqi var xiangqi",
        "option name Threads type spin default 1 min 0 max 256",
        "option name Ponder type check default false",
        "option name Clear Hash type button",
        "option name Move Overhead type spin default 30 min 0 max 5000",
        "option name Rule type combo default chinese var chinese var asian var simple",
        "option name MultiPV type spin default 1 min 1 max 64",
        "option name OwnBook type check default true",
    ] {
        assert!(lines.iter().any(|l| l == wanted), "{wanted}: {lines:?}");
    }
    // UCCI-only options stay out of a UCI GUI's dialog.
    assert!(!lines.iter().any(|l| l.contains("usemillisec")));
    e.send("quit");
    assert!(e.exits_within(Duration::from_secs(5)));
    assert!(!e.transcript.iter().any(|l| l == "< bye"));
}

#[test]
fn a_game_of_uci_commands() {
    let mut e = uci();
    for line in [
        "setoption name Hash value 32",
        "setoption name Threads value 2",
        "setoption name Move Overhead value 20",
        "setoption name Ponder value true",
        "setoption name Rule value asian",
        "setoption name Clear Hash",
        // The shipped book knows the position below; this test wants a search.
        "setoption name OwnBook value false",
        "ucinewgame",
    ] {
        e.send(line);
        let said = e.sync();
        assert!(said.is_empty(), "{line}: {said:?}");
    }
    e.send("position startpos moves h2e2");
    e.send("go wtime 2000 btime 2000 winc 0 binc 0");
    let lines = e.until("bestmove", SLOW);
    let black = after(&["h2e2"]);
    legal_best(lines.last().unwrap(), &black);
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth "))
        .expect("progress is reported");
    let words: Vec<&str> = info.split(' ').collect();
    let at = words.iter().position(|w| *w == "score").unwrap();
    assert!(matches!(words[at + 1], "cp" | "mate"), "{info}");
    words[at + 2].parse::<i32>().unwrap();
    for key in ["seldepth", "nodes", "nps", "time", "pv"] {
        assert!(words.contains(&key), "{key} missing in {info}");
    }
}

#[test]
fn searchmoves_limits_the_root() {
    let mut e = uci();
    e.send("position startpos");
    let line = e.go("go depth 3 searchmoves a3a4 i0i1");
    let best = legal_best(&line, &Position::startpos()).to_string();
    assert!(best == "a3a4" || best == "i0i1", "{line}");
}

#[test]
fn movetime_and_mate_and_infinite() {
    let mut e = uci();
    e.send("position startpos");
    let sent = Instant::now();
    legal_best(&e.go("go movetime 300"), &Position::startpos());
    let took = sent.elapsed();
    assert!(took < Duration::from_secs(2), "{took:?}");
    // Mate in one: the chariot to the back rank.
    let mate = "3k5/9/3P5/9/9/9/9/9/9/4K3R w - - 0 1";
    e.send(&format!("position fen {mate}"));
    e.send("go mate 1");
    let lines = e.until("bestmove", SLOW);
    assert_eq!(
        lines.last().unwrap().split(' ').nth(1),
        Some("i0i9"),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
    e.send("position startpos");
    e.send("go infinite");
    let early = e.quiet(Duration::from_millis(500));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")));
    e.send("stop");
    legal_best(&e.until_best(SLOW), &Position::startpos());
}

#[test]
fn ponder_and_ponderhit() {
    let mut e = uci();
    e.send("position startpos moves h2e2 h9g7");
    e.send("go ponder wtime 3000 btime 3000");
    let early = e.quiet(Duration::from_millis(500));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")));
    e.send("ponderhit");
    legal_best(&e.until_best(SLOW), &after(&["h2e2", "h9g7"]));
}

#[test]
fn no_legal_move_is_bestmove_none_and_stop_when_idle_is_silent() {
    let mut e = uci();
    e.send("position fen 3kR4/9/3P5/9/9/9/9/9/9/4K4 b - - 0 1");
    e.send("go depth 3");
    // The loss is reported first, as Stockfish does.
    assert_eq!(
        e.until("bestmove", SLOW),
        ["info depth 0 score mate 0", "bestmove (none)"]
    );
    e.send("stop");
    assert!(e.sync().is_empty());
}

#[test]
fn multipv_reports_several_distinct_lines() {
    let mut e = uci();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos moves h2e2");
    e.send("go depth 6");
    let lines = e.until("bestmove", SLOW);
    let pos = after(&["h2e2"]);
    let deepest: Vec<&String> = lines
        .iter()
        // A failed aspiration window's report (lowerbound/upperbound) is not a line.
        .filter(|l| {
            l.starts_with("info depth 6 ") && l.contains(" multipv ") && !l.contains("bound")
        })
        .collect();
    assert_eq!(deepest.len(), 3, "{lines:?}");
    let mut firsts = Vec::new();
    for (k, line) in deepest.iter().enumerate() {
        assert!(line.contains(&format!(" multipv {} ", k + 1)), "{line}");
        let pv: Vec<&str> = line.split(" pv ").nth(1).unwrap().split(' ').collect();
        let mut p = pos.clone();
        for mv in &pv {
            assert!(p.try_play(mv.parse().unwrap()).is_ok(), "{line}");
        }
        firsts.push(pv[0].to_string());
    }
    firsts.sort();
    firsts.dedup();
    assert_eq!(
        firsts.len(),
        3,
        "the lines start with different moves: {deepest:?}"
    );
    // The best move is the first line's first move.
    let best = legal_best(lines.last().unwrap(), &pos);
    assert!(deepest[0].contains(&format!(" pv {best}")), "{deepest:?}");
    // Back to one line.
    e.send("setoption name MultiPV value 1");
    e.send("go depth 4");
    let lines = e.until("bestmove", SLOW);
    assert!(lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .all(|l| l.contains(" multipv 1 ")));
    // Out of range is refused with one error line; the old value stays.
    e.send("setoption name MultiPV value 500");
    let said = e.sync();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].starts_with("info string error"), "{said:?}");
}

#[test]
fn variant_debug_and_hash_as_multi_variant_guis_use_them() {
    let mut e = uci();
    let quiet = |e: &mut Engine, line: &str| {
        e.send(line);
        let said = e.sync();
        assert!(said.is_empty(), "{line}: {said:?}");
    };
    let one_error = |e: &mut Engine, line: &str, words: &str| {
        e.send(line);
        let said = e.sync();
        assert!(
            said.len() == 1
                && said[0].starts_with("info string error: ")
                && said[0].contains(words),
            "{line}: {said:?}"
        );
    };
    // The one variant played is accepted (with a word on how its moves are
    // written); any other is refused.
    e.send("setoption name UCI_Variant value xiangqi");
    let said = e.sync();
    assert!(
        said.len() == 1 && said[0].starts_with("info string UCI_Variant: moves with ranks 1-10"),
        "{said:?}"
    );
    one_error(&mut e, "setoption name UCI_Variant value chess", "xiangqi");
    // The rest of this conversation writes ranks 0-9.
    quiet(&mut e, "setoption name Ranks value 0-9");
    // `debug on` prints the limits of each search; `debug off` stops it.
    quiet(&mut e, "setoption name OwnBook value false");
    quiet(&mut e, "debug on");
    e.send("position startpos");
    e.send("go depth 1");
    let said = e.until("bestmove", SLOW);
    assert!(
        said.iter().any(|l| l.starts_with("info string debug: ")),
        "{said:?}"
    );
    quiet(&mut e, "debug off");
    e.send("go depth 1");
    let said = e.until("bestmove", SLOW);
    assert!(!said.iter().any(|l| l.contains("debug")), "{said:?}");
    one_error(&mut e, "debug maybe", "maybe");
    one_error(&mut e, "debug", "debug");
    // The largest size announced is in range, and refused only for want of memory.
    // The error names the option as UCI calls it (not UCCI's hashsize).
    one_error(
        &mut e,
        "setoption name Hash value 33554432",
        "Hash 33554432: not enough memory",
    );
    one_error(
        &mut e,
        "setoption name BookFile value /nonexistent/book.obk",
        "BookFile: ",
    );
    one_error(&mut e, "setoption name Hash value 33554433", "33554432");
    quiet(&mut e, "setoption name Hash value 32");
    legal_best(&e.go("go depth 3"), &Position::startpos());
}

/// `UCI_ShowWDL` adds `wdl W D L` after each score, as Stockfish does: the
/// chances per mille for the side to move, summing to 1000, larger for
/// the side a position favours; a mate is certain.
#[test]
fn show_wdl_gives_chances_beside_each_score() {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok", SLOW);
    e.send("setoption name UCI_ShowWDL value true");
    // Red a chariot up, then a mate in one.
    for (fen, expect_mate) in [
        (
            "rnbakab2/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            false,
        ),
        ("3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1", true),
    ] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 4");
        let said = e.until("bestmove", SLOW);
        let scored: Vec<&String> = said.iter().filter(|l| l.contains(" score ")).collect();
        assert!(!scored.is_empty(), "{said:?}");
        for line in scored {
            let words: Vec<&str> = line.split(' ').collect();
            let at = words
                .iter()
                .position(|&w| w == "wdl")
                .unwrap_or_else(|| panic!("no wdl: {line}"));
            // Right after the score (and its bound, if any).
            let score_at = words.iter().position(|&w| w == "score").unwrap();
            assert!(at == score_at + 3 || at == score_at + 4, "{line}");
            let wdl: Vec<u32> = words[at + 1..at + 4]
                .iter()
                .map(|w| w.parse().unwrap())
                .collect();
            assert_eq!(wdl.iter().sum::<u32>(), 1000, "{line}");
            assert!(
                wdl[0] > wdl[2],
                "the side a chariot up is likelier to win: {line}"
            );
        }
        let last = said.iter().rev().find(|l| l.contains(" wdl ")).unwrap();
        assert_eq!(last.contains(" wdl 1000 0 0 "), expect_mate, "{last}");
    }
    e.send("setoption name UCI_ShowWDL value false");
    e.send("position startpos");
    e.send("go depth 3");
    let said = e.until("bestmove", SLOW);
    assert!(!said.iter().any(|l| l.contains(" wdl ")), "{said:?}");
}

/// The best move of a `bestmove` line read with `ranks`, which must be legal
/// in `pos` so and (at the positions used here) not with the other
/// numbering, so the numbering the engine wrote is beyond doubt.
fn best_in(line: &str, pos: &Position, ranks: Ranks) -> Move {
    let text = line.split(' ').nth(1).unwrap_or_default();
    let mv = pos
        .read_legal(ranks, text)
        .unwrap_or_else(|| panic!("{line}: not legal with ranks {ranks}"));
    assert!(
        pos.read_legal(ranks.other(), text).is_none(),
        "{line}: legal in both numberings"
    );
    mv
}

#[test]
fn the_xiangqi_variant_speaks_ranks_1_to_10_and_reads_both() {
    let mut e = uci();
    e.send("setoption name OwnBook value false");
    e.send("setoption name UCI_Variant value xiangqi");
    e.sync();
    // Ranks 1-10, as Fairy-Stockfish writes them: bestmove, ponder and pv.
    e.send("position startpos");
    e.send("go depth 3");
    let said = e.until("bestmove", SLOW);
    best_in(said.last().unwrap(), &Position::startpos(), Ranks::FromOne);
    let pv_line = said.iter().rfind(|l| l.contains(" pv ")).unwrap();
    let pv_first = pv_line
        .split(" pv ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert!(
        Position::startpos()
            .read_legal(Ranks::FromOne, pv_first)
            .is_some(),
        "{pv_line}"
    );
    // A GUI's moves in ranks 1-10 are read, and so are searchmoves.
    e.send("position startpos moves h3e3 h10g8");
    assert_eq!(e.sync(), Vec::<String>::new());
    e.send("go depth 2 searchmoves b1c3");
    assert!(e
        .until("bestmove", SLOW)
        .last()
        .unwrap()
        .starts_with("bestmove b1c3"));
    // A GUI that writes 0-9 after all is followed, with a word.
    e.send("position startpos moves h2e2 h9g7");
    let said = e.sync();
    assert!(
        said.len() == 1 && said[0].contains("moves read with ranks 0-9: answering with ranks 0-9"),
        "{said:?}"
    );
    e.send("go depth 2");
    let line = e.until("bestmove", SLOW).pop().unwrap();
    best_in(&line, &after(&["h2e2", "h9g7"]), Ranks::FromZero);
    // The option fixes the numbering the engine writes, whatever it reads.
    e.send("setoption name Ranks value 1-10");
    e.send("position startpos");
    assert_eq!(e.sync(), Vec::<String>::new());
    e.send("go depth 2");
    let line = e.until("bestmove", SLOW).pop().unwrap();
    best_in(&line, &Position::startpos(), Ranks::FromOne);
    // Moves that fit neither numbering are refused with both named.
    e.send("position startpos moves h2e2 h2e2");
    let said = e.sync();
    assert!(
        said.len() == 1
            && said[0].starts_with("info string error: position: move 1 'h2e2' is illegal")
            && said[0].contains("ranks 1-10")
            && said[0].contains("ranks 0-9"),
        "{said:?}"
    );
}

/// `bench` with `quit` right behind it: the bench finishes and says its
/// line before the engine leaves, as Stockfish does.
#[test]
fn quit_after_bench_waits_for_its_line() {
    let mut e = uci();
    e.send("bench 2");
    e.send("quit");
    let mut said = Vec::new();
    while let Some(line) = e.next_line(SLOW) {
        said.push(line);
    }
    assert!(
        said.iter()
            .any(|l| l.starts_with("info string bench depth 2 evaluation ")),
        "{said:?}"
    );
    assert!(e.exits_within(Duration::from_secs(10)));
}
