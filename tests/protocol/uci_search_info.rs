//! What a UCI GUI reads while chuhan searches, through the real binary:
//! seldepth, `go mate`, bound words on failed aspiration windows, the
//! periodic progress line, and strength levels.

use crate::engine_process;

use engine_process::{Engine, SLOW};

fn uci() -> Engine {
    let mut e = Engine::start();
    e.send("uci");
    e.until("uciok", SLOW);
    e
}

/// The number after `key` in an `info` line.
fn field(line: &str, key: &str) -> Option<i64> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == key)?;
    words.next()?.parse().ok()
}

/// The `info` lines and the `bestmove` line of one `go`.
fn think(e: &mut Engine, go: &str) -> (Vec<String>, String) {
    e.send(go);
    let mut lines = e.until("bestmove", SLOW);
    let best = lines.pop().unwrap_or_default();
    (lines, best)
}

#[test]
fn seldepth_is_never_below_depth() {
    let mut e = uci();
    e.send("position fen 3k5/R8/9/9/9/9/9/9/9/1R2K4 w");
    let (infos, best) = think(&mut e, "go depth 9");
    assert!(best.starts_with("bestmove "), "{best}");
    let mut checked = 0;
    for line in infos.iter().filter(|l| l.contains(" seldepth ")) {
        let (depth, sel) = (field(line, "depth"), field(line, "seldepth"));
        assert!(sel >= depth, "{line}");
        checked += 1;
    }
    assert!(checked >= 9, "{infos:?}");
}

#[test]
fn go_mate_answers_once_the_mate_is_proven() {
    let mut e = uci();
    // Two chariots against a bare king (mate in 2) and against a king with an
    // advisor (mate in 3); tests/search/api.rs confirms the distances by brute
    // force. The mate in 2 is proven only at depth 6, past the 3 plies a
    // "mate in 2" lies within: the search must not stop at a depth.
    for (fen, moves) in [
        ("4k4/9/9/9/9/9/9/9/9/RR1K5 w", 2),
        ("4k4/4a4/9/9/9/9/9/9/9/RR1K5 w", 3),
    ] {
        e.send(&format!("position fen {fen}"));
        let started = std::time::Instant::now();
        let (infos, best) = think(&mut e, &format!("go mate {moves}"));
        assert!(started.elapsed() < std::time::Duration::from_secs(20));
        assert!(best.starts_with("bestmove "), "{best}");
        let last = infos.iter().rev().find(|l| l.contains(" score ")).unwrap();
        assert!(last.contains(&format!(" score mate {moves} ")), "{last}");
        let proven = infos
            .iter()
            .filter(|l| l.contains(&format!(" score mate {moves} ")))
            .count();
        assert_eq!(proven, 1, "it stops at the first proof: {infos:?}");
    }
}

#[test]
fn failed_aspiration_windows_carry_bound_words() {
    let mut e = uci();
    let mut bounds = Vec::new();
    for fen in chuhan::search::bench::BENCH_POSITIONS.iter().take(8) {
        e.send(&format!("position fen {fen}"));
        let (infos, _) = think(&mut e, "go depth 9");
        bounds.extend(
            infos
                .into_iter()
                .filter(|l| l.contains("lowerbound") || l.contains("upperbound")),
        );
    }
    assert!(!bounds.is_empty());
    for line in &bounds {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| *w == "score").unwrap();
        // `score cp X lowerbound`, as UCI orders it.
        assert_eq!(words[at + 1], "cp", "{line}");
        assert!(words[at + 2].parse::<i32>().is_ok(), "{line}");
        assert!(
            matches!(words[at + 3], "lowerbound" | "upperbound"),
            "{line}"
        );
    }
}

#[test]
fn ucci_prints_no_failed_window_as_an_exact_score() {
    // UCCI has no bound words: one `info depth` line per finished iteration.
    let mut e = Engine::ucci();
    for fen in chuhan::search::bench::BENCH_POSITIONS.iter().take(8) {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 9");
        let lines = e.until("bestmove", SLOW);
        let depths: Vec<i64> = lines
            .iter()
            .filter(|l| l.starts_with("info depth "))
            .filter_map(|l| field(l, "depth"))
            .collect();
        assert_eq!(depths, (1..=9).collect::<Vec<_>>(), "{lines:?}");
        assert!(!lines.iter().any(|l| l.contains("bound")), "{lines:?}");
    }
}

#[test]
fn long_searches_print_a_progress_line_once_a_second() {
    let is_progress = |l: &&String| l.starts_with("info nodes ");
    // Lines are read until the engine's own clock says two seconds have
    // passed, so a loaded machine slows the test but cannot fail it.
    let mut e = uci();
    e.send("position startpos");
    e.send("go infinite");
    let mut lines = Vec::new();
    while !lines
        .iter()
        .any(|l: &String| is_progress(&l) && field(l, "time").is_some_and(|t| t >= 2_000))
    {
        let line = e
            .next_line(SLOW)
            .expect("progress lines during go infinite");
        lines.push(line);
    }
    e.send("stop");
    e.until("bestmove", SLOW);
    let progress: Vec<&String> = lines.iter().filter(is_progress).collect();
    assert_eq!(progress.len(), 2, "one a second: {progress:?}");
    let mut last = 0;
    for line in &progress {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            [words[1], words[3], words[5], words[7]],
            ["nodes", "nps", "hashfull", "time"],
            "{line}"
        );
        let time = field(line, "time").unwrap();
        assert!(time >= last + 1_000, "{progress:?}");
        last = time;
    }
    // A short search prints none.
    let (infos, _) = think(&mut e, "go depth 4");
    assert!(!infos.iter().any(|l| is_progress(&l)), "{infos:?}");
    // UCCI has the words for time and nodes only.
    let mut e = Engine::ucci();
    e.send("position startpos");
    e.send("go infinite");
    // An iteration's `info time` line follows its `info depth` line; a
    // progress line stands alone. Two are awaited, a second apart by the
    // engine's clock.
    let mut lines: Vec<String> = Vec::new();
    let mut alone = Vec::new();
    while alone.len() < 2 {
        let line = e
            .next_line(SLOW)
            .expect("progress lines during go infinite");
        let follows_depth = lines.last().is_some_and(|l| l.starts_with("info depth "));
        if line.starts_with("info time ") && !follows_depth {
            alone.push(field(&line, "time").unwrap());
        }
        lines.push(line);
    }
    e.send("stop");
    e.until("bestmove", SLOW);
    assert!(
        alone[0] >= 1_000 && alone[1] >= alone[0] + 1_000,
        "{lines:?}"
    );
}

#[test]
fn skill_levels_are_announced_validated_and_obeyed() {
    let mut e = Engine::start();
    e.send("ucci");
    let lines = e.until("ucciok", SLOW);
    assert!(
        lines
            .iter()
            .any(|l| l == "option skill type spin default 20 min 0 max 20"),
        "{lines:?}"
    );
    e.send("setoption usemillisec true");
    e.send("setoption skill 21");
    let refused = e.sync();
    assert!(
        refused.iter().any(|l| l.starts_with("info string error")),
        "{refused:?}"
    );
    // Still full strength: the depth asked for is reached.
    e.send("position startpos");
    let (infos, _) = think(&mut e, "go depth 6");
    assert!(
        infos.iter().any(|l| l.starts_with("info depth 6 ")),
        "{infos:?}"
    );
    // Level 0 stops at depth 1, whatever the GUI allows.
    e.send("setoption skill 0");
    let (infos, best) = think(&mut e, "go depth 12");
    assert!(best.starts_with("bestmove "), "{best}");
    let depths: Vec<i64> = infos
        .iter()
        .filter(|l| l.starts_with("info depth "))
        .filter_map(|l| field(l, "depth"))
        .collect();
    assert_eq!(depths, [1], "{infos:?}");
    // It still keeps to the clock.
    e.send("setoption skill 19");
    let started = std::time::Instant::now();
    let (_, best) = think(&mut e, "go time 60 increment 0");
    assert!(best.starts_with("bestmove "), "{best}");
    assert!(started.elapsed() < std::time::Duration::from_secs(2));

    let mut e = uci();
    e.send("setoption name Skill Level value 0");
    e.send("position startpos");
    let (infos, _) = think(&mut e, "go depth 12");
    assert!(
        infos
            .iter()
            .all(|l| field(l, "depth").is_none_or(|d| d <= 1)),
        "{infos:?}"
    );
}

#[test]
fn uci_elo_limits_strength_when_asked() {
    use chuhan::search::skill::{FULL_ELO, WEAKEST_ELO};
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until("uciok", SLOW);
    for wanted in [
        "option name UCI_LimitStrength type check default false".to_string(),
        format!(
            "option name UCI_Elo type spin default {FULL_ELO} min {WEAKEST_ELO} max {FULL_ELO}"
        ),
        "option name Skill Level type spin default 20 min 0 max 20".to_string(),
    ] {
        assert!(lines.contains(&wanted), "{wanted}: {lines:?}");
    }
    let depths = |e: &mut Engine| -> Vec<i64> {
        let (infos, best) = think(e, "go depth 8");
        assert!(best.starts_with("bestmove "), "{best}");
        infos
            .iter()
            .filter(|l| l.contains(" multipv "))
            .filter_map(|l| field(l, "depth"))
            .collect()
    };
    e.send("position startpos");
    // UCI_Elo alone changes nothing: UCI_LimitStrength is off.
    e.send(&format!("setoption name UCI_Elo value {WEAKEST_ELO}"));
    assert_eq!(depths(&mut e).last(), Some(&8));
    e.send("setoption name UCI_LimitStrength value true");
    assert_eq!(depths(&mut e), [1]);
    // Out of range: refused, the weakest level stays.
    e.send(&format!("setoption name UCI_Elo value {}", FULL_ELO + 1));
    assert!(e.sync().iter().any(|l| l.starts_with("info string error")));
    assert_eq!(depths(&mut e), [1]);
    // The top of the scale is full strength.
    e.send(&format!("setoption name UCI_Elo value {FULL_ELO}"));
    assert_eq!(depths(&mut e).last(), Some(&8));
    // UCCI has its own `skill` and no UCI_ names.
    let mut u = Engine::start();
    u.send("ucci");
    let lines = u.until("ucciok", SLOW);
    assert!(!lines.iter().any(|l| l.contains("UCI_")), "{lines:?}");
}
