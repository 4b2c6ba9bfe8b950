//! What a UCI GUI reads while chuhan searches, through the real binary:
//! seldepth, `go mate`, bound words on failed aspiration windows, the
//! periodic progress line, and strength levels.

mod engine_process;

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
