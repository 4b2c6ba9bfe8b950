//! `chuhan bench` through the binary: the node signatures pinned in
//! `tests/data/bench.tsv` (the engine's own evaluation, the network, by
//! default; the hand-crafted one with `--classical`), the totals in
//! Stockfish's words, and bad input.

use chuhan::rules::RuleSet;
use chuhan::search::bench::run_bench_under;

use crate::tool_run;

use tool_run::chuhan;

/// The signatures, one place for all: `tests/data/bench.tsv`.
const SIGNATURES: &str = include_str!("../data/bench.tsv");

fn field<'a>(out: &'a str, name: &str) -> Option<&'a str> {
    out.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
}

/// A Stockfish-style total: `Nodes searched  : 814438`.
fn total(out: &str, name: &str) -> Option<u64> {
    out.lines()
        .find_map(|l| l.strip_prefix(name)?.trim_start().strip_prefix(':'))
        .and_then(|n| n.trim().parse().ok())
}

#[test]
fn the_signatures_are_the_pinned_ones() {
    let mut rows = 0;
    let mut wrong = Vec::new();
    for line in SIGNATURES.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [evaluation, rule, depth, nodes] = fields[..] else {
            panic!("bench.tsv: {line:?} is not four tab-separated fields");
        };
        let mut args = vec!["bench", depth, "--rule", rule];
        match evaluation {
            "network" => {}
            "classical" => args.push("--classical"),
            other => panic!("bench.tsv: unknown evaluation {other:?}"),
        }
        let (ok, out, err) = chuhan(&args);
        assert!(ok, "{args:?}: {err}");
        let expected = if evaluation == "network" {
            "evaluation network "
        } else {
            "evaluation classical"
        };
        assert!(out.contains(expected), "{args:?}: {out}");
        assert!(total(&out, "Nodes/second").is_some(), "{out}");
        let found = total(&out, "Nodes searched").expect("a node total");
        if found.to_string() != nodes {
            wrong.push(format!(
                "{evaluation}\t{rule}\t{depth}\t{found} (pinned {nodes})"
            ));
        }
        rows += 1;
    }
    assert!(rows >= 4, "bench.tsv has {rows} rows");
    assert!(
        wrong.is_empty(),
        "bench signatures changed; if on purpose, update tests/data/bench.tsv:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn reports_the_library_signature_under_the_rule_set_asked_for() {
    for rules in RuleSet::ALL {
        let (ok, out, err) = chuhan(&["bench", "5", "--rule", rules.name()]);
        assert!(ok, "{err}");
        assert_eq!(field(&out, "rule"), Some(rules.name()), "{out}");
        let nodes = run_bench_under(5, 16, rules).nodes;
        assert_eq!(total(&out, "Nodes searched"), Some(nodes), "{out}");
        assert!(total(&out, "Total time (ms)").is_some(), "{out}");
    }
    // `--network` alone is the built-in network, the default.
    let (_, default, _) = chuhan(&["bench", "3"]);
    let (_, named, _) = chuhan(&["bench", "3", "--network"]);
    assert_eq!(
        total(&default, "Nodes searched"),
        total(&named, "Nodes searched")
    );
}

#[test]
fn bad_arguments_are_named() {
    let (ok, _, err) = chuhan(&["bench", "5", "--rule", "fide"]);
    assert!(!ok);
    assert!(err.contains("unknown rule set 'fide'"), "{err}");
    let (ok, _, err) = chuhan(&["bench", "99"]);
    assert!(!ok);
    assert!(err.contains("depth '99'"), "{err}");
    let (ok, _, err) = chuhan(&["bench", "5", "--rule"]);
    assert!(!ok);
    assert!(err.contains("usage: chuhan bench"), "{err}");
    let (ok, _, err) = chuhan(&["bench", "5", "--classical", "--network"]);
    assert!(!ok);
    assert!(err.contains("cannot be used with"), "{err}");
    let (ok, _, err) = chuhan(&["bench", "5", "--network", "/nonexistent.nnue"]);
    assert!(!ok);
    assert!(err.contains("/nonexistent.nnue"), "{err}");
}

/// `chuhan bench | head -1`: once the reader has gone, the tool ends at
/// its next line, killed by SIGPIPE as Unix tools are, and says nothing
/// (before, `println!` panicked on the broken pipe).
#[cfg(unix)]
#[test]
fn a_reader_that_stops_reading_ends_the_tool_quietly() {
    use std::io::{BufRead, BufReader};
    use std::os::unix::process::ExitStatusExt;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(["bench", "6"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty());
    // The reader is dropped here, with 33 positions still to print.
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.signal(), Some(13), "{:?}: {stderr}", out.status);
}
