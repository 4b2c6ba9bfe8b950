//! `chuhan perft` through the binary: counts, divide, and bad input.

use crate::tool_run;

use tool_run::chuhan;

#[test]
fn counts_from_the_start_position() {
    let (ok, out, _) = chuhan(&["perft", "3"]);
    assert!(ok);
    assert!(out.lines().any(|l| l == "nodes 79666"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("nps ")));
}

#[test]
fn divide_lists_each_root_move() {
    let (ok, out, _) = chuhan(&["perft", "2", "--divide"]);
    assert!(ok);
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.len() > 4 && l.as_bytes()[4] == b':')
        .collect();
    assert_eq!(rows.len(), 44);
    assert!(rows.contains(&"h2e2: 45"), "{out}");
    assert!(out.lines().any(|l| l == "nodes 1920"));
}

#[test]
fn reads_a_fen_given_as_words_or_quoted() {
    let fen = "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1";
    let (ok, out, _) = chuhan(&["perft", "2", "--fen", fen]);
    assert!(ok && out.contains("nodes 424"), "{out}");
    let mut args = vec!["perft", "2", "--fen"];
    args.extend(fen.split(' '));
    args.push("--parallel");
    let (ok, out, _) = chuhan(&args);
    assert!(ok && out.contains("nodes 424"), "{out}");
}

#[test]
fn bad_input_gives_one_error_line_and_a_failure_code() {
    for args in [
        vec!["perft", "x"],
        vec!["perft"],
        vec!["perft", "2", "--fen", "rnbakabnr/9/9 w"],
        vec!["perft", "2", "--fen"],
        vec!["perft", "2", "--fen", "4k4/9/9/9/9/9/9/9/9/4K4 w"],
        vec!["frobnicate"],
    ] {
        let (ok, out, err) = chuhan(&args);
        assert!(!ok, "{args:?} should fail");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{err}");
        assert!(!err.contains("panicked"));
    }
}

/// A deep count tells stderr how far it has come, root move by root move,
/// alone or shared among the cores, and counts the same either way.
#[test]
fn a_deep_count_reports_its_progress() {
    // Two kings and a chariot: depth 7 in well under a second.
    let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    let mut counts = Vec::new();
    for extra in [&[][..], &["--parallel"]] {
        let mut args = vec!["perft", "7", "--fen", fen];
        args.extend_from_slice(extra);
        let (ok, out, err) = chuhan(&args);
        assert!(ok, "{err}");
        let last = err.lines().last().unwrap_or_default();
        assert!(
            last.starts_with("perft 7: ") && last.contains(" root moves, "),
            "{err}"
        );
        let (done, total) = last["perft 7: ".len()..]
            .split_once(" of ")
            .map(|(d, rest)| (d.to_string(), rest.split(' ').next().unwrap().to_string()))
            .unwrap();
        assert_eq!(done, total, "{err}");
        counts.push(out.lines().next().unwrap().to_string());
    }
    assert_eq!(counts[0], counts[1]);
    // A shallow one says nothing on stderr.
    let (ok, _, err) = chuhan(&["perft", "3"]);
    assert!(ok && err.is_empty(), "{err}");
}
