//! `chuhan spsa` end to end, through the binary: a run made, played, resumed
//! and drawn. The engine is the scripted test engine with a tunable option
//! (`examples/scripted_engine.rs --tunable NAME=TARGET`: the farther its
//! value from TARGET, the sooner it resigns), so the tuner has a known
//! optimum to climb to, in games of a few plies.

use crate::tool_run;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The scripted engine, built by `cargo test` beside this test binary.
fn scripted() -> String {
    tool_run::scripted_engine("tools")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chuhan-spsa-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("openings.epd"),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n\
         rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\n",
    )
    .unwrap();
    dir
}

fn spsa(dir: &Path, args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .current_dir(dir)
        .arg("spsa")
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("panicked"),
        "{out:?}"
    );
    out
}

/// A new run over one parameter, rfp_margin (90, range 40..=160, c_end 10),
/// with large steps so that a few pairs move it.
fn new_run(dir: &Path, state: &str) {
    let out = spsa(
        dir,
        &[
            "new",
            state,
            "--params",
            "rfp_margin",
            "--openings",
            "openings.epd",
            "--planned-pairs",
            "20",
            "--r-end",
            "0.1",
            "--batch",
            "4",
            "--history-every",
            "4",
            "--nodes",
            "100",
        ],
    );
    assert!(out.status.success(), "{out:?}");
}

/// `run` with the scripted engine, whose best rfp_margin is 130.
fn run(dir: &Path, state: &str, extra: &[&str]) -> Output {
    let engine = scripted();
    let mut args = vec![
        "run",
        state,
        "--engine",
        &engine,
        "--engine-arg=--tunable",
        "--engine-arg",
        "rfp_margin=130",
    ];
    args.extend_from_slice(extra);
    spsa(dir, &args)
}

/// The parameter's theta as the state file holds it.
fn theta(dir: &Path, state: &str) -> f64 {
    let text = std::fs::read_to_string(dir.join(state)).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("rfp_margin = ["))
        .expect("the parameter's line");
    line["rfp_margin = [".len()..]
        .split(',')
        .next()
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn a_run_climbs_towards_the_better_value_and_a_resumed_run_ends_where_one_at_once_does() {
    let dir = scratch("climb");
    new_run(&dir, "at-once.toml");
    new_run(&dir, "resumed.toml");
    assert_eq!(theta(&dir, "at-once.toml"), 90.0);

    let out = run(
        &dir,
        "at-once.toml",
        &["--pairs", "16", "--concurrency", "2", "--svg", "paths.svg"],
    );
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("pairs 16 (32 games"), "{stdout}");
    let climbed = theta(&dir, "at-once.toml");
    assert!(
        climbed > 115.0,
        "theta went from 90 to {climbed}, not towards 130"
    );

    // Two sittings of 8 pairs, one pair at a time: the same file, byte for byte.
    for _ in 0..2 {
        let out = run(&dir, "resumed.toml", &["--pairs", "8"]);
        assert!(out.status.success(), "{out:?}");
    }
    let at_once = std::fs::read_to_string(dir.join("at-once.toml")).unwrap();
    let resumed = std::fs::read_to_string(dir.join("resumed.toml")).unwrap();
    assert_eq!(resumed, at_once);
    assert!(at_once.contains("pairs = 16\n") && at_once.contains("  [16, "));

    let show = spsa(&dir, &["show", "at-once.toml"]);
    let table = String::from_utf8_lossy(&show.stdout);
    assert!(table.starts_with("16 pairs, 32 games"), "{table}");
    assert!(
        table.contains("rfp_margin") && table.contains("40..=160"),
        "{table}"
    );

    let svg = std::fs::read_to_string(dir.join("paths.svg")).unwrap();
    assert!(
        svg.contains("<polyline") && svg.contains("over 16 game pairs"),
        "{svg}"
    );
    let out = spsa(&dir, &["plot", "at-once.toml", "--out", "again.svg"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(std::fs::read_to_string(dir.join("again.svg")).unwrap(), svg);
}

#[test]
fn an_engine_without_the_parameters_is_refused_before_any_pair() {
    let dir = scratch("refused");
    new_run(&dir, "s.toml");
    let before = std::fs::read_to_string(dir.join("s.toml")).unwrap();
    // The scripted engine without --tunable, and a normal build of chuhan.
    for engine in [scripted(), env!("CARGO_BIN_EXE_chuhan").to_string()] {
        let out = spsa(
            &dir,
            &["run", "s.toml", "--engine", &engine, "--pairs", "4"],
        );
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("no option 'rfp_margin'") && stderr.contains("--features tune"),
            "{stderr}"
        );
    }
    assert_eq!(std::fs::read_to_string(dir.join("s.toml")).unwrap(), before);
    // A normal build does not offer itself as the engine.
    let out = spsa(&dir, &["run", "s.toml"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a tuning build"));
}

#[test]
fn new_keeps_an_existing_run_and_names_what_it_cannot_take() {
    let dir = scratch("new");
    new_run(&dir, "s.toml");
    let out = spsa(&dir, &["new", "s.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("s.toml exists"));
    let out = spsa(&dir, &["new", "t.toml", "--params", "rfp_margin,no_such"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no parameter 'no_such'"));
    assert!(!dir.join("t.toml").exists());
    // A damaged state is named with its line, and left as it is.
    let text = std::fs::read_to_string(dir.join("s.toml")).unwrap();
    std::fs::write(
        dir.join("s.toml"),
        text.replace("batch = 4", "batch = four"),
    )
    .unwrap();
    let out = run(&dir, "s.toml", &["--pairs", "4"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("s.toml: line ") && stderr.contains("four"),
        "{stderr}"
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_ends_the_sitting_after_the_pairs_under_way_and_keeps_them() {
    let dir = scratch("interrupt");
    new_run(&dir, "s.toml");
    let engine = scripted();
    // Each move sleeps a little, so the run is still going when Ctrl-C comes.
    let child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .current_dir(&dir)
        .args([
            "spsa",
            "run",
            "s.toml",
            "--engine",
            &engine,
            "--engine-arg=--tunable",
        ])
        .args(["--engine-arg", "rfp_margin=130", "--engine-arg=--script"])
        .args([
            "--engine-arg",
            "sleep:30 sleep:30 sleep:30",
            "--pairs",
            "1000",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    tool_run::send_ctrl_c(&child);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("stopped after"), "{stderr}");
    let text = std::fs::read_to_string(dir.join("s.toml")).unwrap();
    let pairs: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("pairs = "))
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        pairs > 0 && pairs < 1000 && pairs.is_multiple_of(4),
        "{pairs} pairs kept"
    );
    // And the run goes on from there.
    let out = run(&dir, "s.toml", &["--pairs", "4"]);
    assert!(out.status.success(), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains(&format!("holds {} pairs", pairs + 4)));
}

#[test]
fn a_batch_played_in_parts_elsewhere_and_applied_is_the_batch_played_here() {
    let dir = scratch("parts");
    new_run(&dir, "here.toml");
    new_run(&dir, "spread.toml");
    let out = run(&dir, "here.toml", &["--pairs", "4"]);
    assert!(out.status.success(), "{out:?}");
    let engine = scripted();
    for part in ["1/2", "2/2"] {
        let file = format!("part-{}.scores", &part[..1]);
        let out = spsa(
            &dir,
            &[
                "play",
                "spread.toml",
                "--part",
                part,
                "--out",
                &file,
                "--engine",
                &engine,
                "--engine-arg=--tunable",
                "--engine-arg",
                "rfp_margin=130",
            ],
        );
        assert!(out.status.success(), "{out:?}");
    }
    // One part alone is not a batch; both are.
    let out = spsa(&dir, &["apply", "spread.toml", "part-1.scores"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no part holds pair 2, 4"),
        "{out:?}"
    );
    let out = spsa(
        &dir,
        &["apply", "spread.toml", "part-1.scores", "part-2.scores"],
    );
    assert!(out.status.success(), "{out:?}");
    let here = std::fs::read_to_string(dir.join("here.toml")).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("spread.toml")).unwrap(),
        here
    );
    // Applied once, the parts are stale.
    let out = spsa(
        &dir,
        &["apply", "spread.toml", "part-1.scores", "part-2.scores"],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("another state"),
        "{out:?}"
    );
}
