//! The command line a user learns from: `--help` on every tool (usage, each
//! flag, an example), `--version`, one-line argument errors with exit
//! status 2 (a failure while running is status 1), and no arguments at all
//! still start the engine.

use crate::tool_run;

use std::path::Path;
use std::process::Command;
use tool_run::{run_with_input, Run};

fn run(args: &[&str]) -> Run {
    run_with_input(args, "")
}

/// `chuhan ARGS --help`: it succeeds on stdout with the usage, every flag
/// named and an example.
fn check_help(args: &[&str], flags: &[&str]) {
    let mut with_help = args.to_vec();
    with_help.push("--help");
    let run = run(&with_help);
    let shown = format!("chuhan {}", args.join(" "));
    assert_eq!(run.code, Some(0), "{shown} --help: {}", run.err);
    assert!(run.err.is_empty(), "{}", run.err);
    assert!(
        run.out.contains(&format!("Usage: {shown}")),
        "{shown}: {}",
        run.out
    );
    for flag in flags {
        assert!(
            run.out.contains(flag),
            "{shown} --help lacks {flag}: {}",
            run.out
        );
    }
    let examples = run.out.split("Examples:").nth(1);
    assert!(
        examples.is_some_and(|e| e.contains(&format!("  {shown} "))),
        "{shown} --help has no example: {}",
        run.out
    );
}

#[test]
fn the_top_level_help_lists_every_tool() {
    let run = run(&["--help"]);
    assert_eq!(run.code, Some(0), "{}", run.err);
    for tool in [
        "perft", "bench", "judge", "match", "book", "convert", "analyse", "tactics",
    ] {
        assert!(
            run.out.lines().any(|l| l.trim_start().starts_with(tool)),
            "{tool} missing: {}",
            run.out
        );
    }
    assert!(run.out.contains("With no arguments chuhan is the engine"));
    // `help TOOL` is the same as `TOOL --help`.
    let help = run_with_input(&["help", "perft"], "");
    assert_eq!(help.out, run_with_input(&["perft", "--help"], "").out);
}

#[test]
fn every_tool_answers_help_with_usage_flags_and_an_example() {
    check_help(&["perft"], &["<DEPTH>", "--fen", "--divide", "--parallel"]);
    check_help(&["bench"], &["[DEPTH]", "--rule", "[default: 10]"]);
    check_help(&["judge"], &["--rule", "--json", "[default: chinese]"]);
    check_help(&["convert"], &["--to", "--game", "[FILE]"]);
    check_help(
        &["analyse"],
        &[
            "<FILE>",
            "--depth",
            "--nodes",
            "--movetime",
            "--to",
            "--svg",
            "--game",
            "--hash",
            "--threads",
        ],
    );
    check_help(&["book"], &["build", "probe"]);
    check_help(
        &["book", "build"],
        &[
            "--output",
            "-o",
            "--min-games",
            "--max-plies",
            "--analysis",
            "--plies",
            "--depth",
            "--margin",
            "--max-moves",
            "--root-margin",
            "--root-moves",
            "--max-positions",
            "--hash",
            "--threads",
            "[PGN]...",
        ],
    );
    check_help(&["book", "probe"], &["<BOOK>...", "--fen", "--moves"]);
}

/// The commit HEAD points at, if this crate is the top of a git checkout.
fn checkout_commit() -> Option<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .args(args)
            .current_dir(dir)
            .output()
            .ok()?;
        let text = String::from_utf8(out.stdout).ok()?;
        out.status.success().then(|| text.trim().to_string())
    };
    let top = git(&["rev-parse", "--show-toplevel"])?;
    if Path::new(&top).canonicalize().ok()? != dir.canonicalize().ok()? {
        return None;
    }
    git(&["rev-parse", "--short", "HEAD"])
}

#[test]
fn version_names_the_version_and_the_commit() {
    let run = run(&["--version"]);
    assert_eq!(run.code, Some(0), "{}", run.err);
    let version = env!("CARGO_PKG_VERSION");
    let expected = match checkout_commit() {
        Some(commit) => format!("chuhan {version} ({commit})"),
        None => format!("chuhan {version}"),
    };
    assert_eq!(run.out.trim(), expected);
    assert_eq!(run_with_input(&["-V"], "").out, run.out);
}

#[test]
fn argument_errors_are_one_line_with_the_usage_and_status_2() {
    for (args, says) in [
        (
            &["perft", "--depth", "3"][..],
            "unexpected argument '--depth'",
        ),
        (&["perft", "three"], "depth 'three' is not a number"),
        (&["bench", "--frob"], "unexpected argument '--frob'"),
        (&["bench", "0"], "depth '0' is not a number from 1 to 60"),
        (
            &["judge", "--rule"],
            "a value is required for '--rule <RULE>'",
        ),
        (
            &["convert", "--game", "0"],
            "--game '0' is not a game number",
        ),
        (
            &["convert", "a.pgn", "b.pgn"],
            "unexpected argument 'b.pgn'",
        ),
        (&["book", "probe"], "<BOOK>..."),
        (
            &["book", "build", "--hash", "-3", "x.pgn"],
            "unexpected argument '-3'",
        ),
        (&["book", "build", "--analysis", "x.pgn"], "not both"),
        (&["frobnicate"], "unrecognized subcommand 'frobnicate'"),
        // Misspellings get clap's suggestion.
        (
            &["perft", "3", "--divid"],
            "a similar argument exists: '--divide'",
        ),
        (&["book", "prob"], "a similar subcommand exists: 'probe'"),
    ] {
        let run = run(args);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.err);
        assert!(run.out.is_empty(), "{args:?}: {}", run.out);
        assert_eq!(run.err.lines().count(), 1, "{args:?}: {}", run.err);
        assert!(run.err.starts_with("error: "), "{args:?}: {}", run.err);
        assert!(run.err.contains(says), "{args:?}: {}", run.err);
        assert!(!run.err.contains("use '--"), "{args:?}: {}", run.err);
        // The usage of the tool named and where its help is.
        let tool: Vec<&str> = args
            .iter()
            .take_while(|a| {
                [
                    "perft", "bench", "judge", "convert", "book", "build", "probe",
                ]
                .contains(a)
            })
            .copied()
            .collect();
        let name = ["chuhan"]
            .into_iter()
            .chain(tool)
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            run.err.contains(&format!("(usage: {name}")),
            "{args:?}: {}",
            run.err
        );
        assert!(
            run.err.contains(&format!("see {name} --help)")),
            "{args:?}: {}",
            run.err
        );
    }
    // A tool with no subcommand named shows its help, as a usage error.
    let run = run(&["book"]);
    assert_eq!(run.code, Some(2));
    assert!(
        run.err.contains("Usage: chuhan book <COMMAND>"),
        "{}",
        run.err
    );
}

#[test]
fn a_failure_while_running_is_status_1() {
    let run = run(&["perft", "2", "--fen", "4k4/9/9 w"]);
    assert_eq!(run.code, Some(1), "{}", run.err);
    assert!(run.err.starts_with("error: bad FEN"), "{}", run.err);
    let run = run_with_input(&["convert", "--game", "2"], "1. h2e2 *\n");
    assert_eq!(run.code, Some(1), "{}", run.err);
    assert!(run.err.contains("there is no game 2"), "{}", run.err);
}

#[test]
fn match_arguments_go_to_the_match_runner_as_they_are() {
    // cutechess-style single-dash options are not clap's: the runner reads
    // them and names the bad value itself.
    let run = run(&["match", "-games", "x"]);
    assert!(run.err.contains("-games"), "{}", run.err);
    assert!(!run.err.contains("unexpected argument"), "{}", run.err);
}

/// `chuhan help match` is the runner's help, as `chuhan match --help` is,
/// not clap's stub of a tool that takes arguments.
#[test]
fn help_match_is_the_match_runners_help() {
    let help = run(&["match", "--help"]);
    assert_eq!(help.code, Some(0), "{}", help.err);
    assert!(help.out.contains("-engine SETTINGS"), "{}", help.out);
    assert!(help.out.contains("-concurrency N"), "{}", help.out);
    let via_help = run(&["help", "match"]);
    assert_eq!(via_help.code, Some(0), "{}", via_help.err);
    assert_eq!(via_help.out, help.out);
    assert!(!via_help.out.contains("[ARGS]"), "{}", via_help.out);
}

/// A match command line the runner cannot read is an argument error like
/// any other tool's: one line with the runner's usage, exit status 2.
#[test]
fn match_argument_errors_are_one_line_with_the_usage_and_status_2() {
    for (args, says) in [
        (&["match"][..], "no engines given"),
        (&["match", "-bogus"], "unknown option '-bogus'"),
        (&["match", "-games", "abc"], "bad value 'abc' for -games"),
        (
            &["match", "-engine", "cmd=x", "tc=1"],
            "at least two -engine groups",
        ),
    ] {
        let run = run(args);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.err);
        assert!(run.out.is_empty(), "{args:?}: {}", run.out);
        assert_eq!(run.err.lines().count(), 1, "{args:?}: {}", run.err);
        assert!(run.err.starts_with("error: "), "{args:?}: {}", run.err);
        assert!(run.err.contains(says), "{args:?}: {}", run.err);
        assert!(
            run.err
                .contains("(usage: chuhan match -engine cmd=PATH [SETTINGS] -engine cmd=PATH"),
            "{args:?}: {}",
            run.err
        );
        assert!(
            run.err.contains("see chuhan match --help)"),
            "{args:?}: {}",
            run.err
        );
    }
    // An engine that does not start is a failure while running: status 1.
    let run = run(&[
        "match",
        "-engine",
        "cmd=/nonexistent/engine",
        "-engine",
        "cmd=/nonexistent/engine",
        "-each",
        "depth=1",
        "-games",
        "2",
    ]);
    assert_eq!(run.code, Some(1), "{}", run.err);
}

#[test]
fn no_arguments_start_the_engine() {
    let run = run_with_input(&[], "ucci\nisready\nquit\n");
    assert_eq!(run.code, Some(0), "{}", run.err);
    assert!(run.out.lines().any(|l| l == "ucciok"), "{}", run.out);
    assert!(run.out.lines().any(|l| l == "readyok"), "{}", run.out);
}

/// The package names no `repository` (nor `homepage`): no public address
/// has been checked to exist, and a crates.io page would send users to
/// whatever answers there. Add one only with an address that is real.
#[test]
fn the_package_names_no_unchecked_address() {
    let manifest = include_str!("../../Cargo.toml");
    let package: Vec<&str> = manifest
        .lines()
        .skip_while(|l| l.trim() != "[package]")
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with('['))
        .collect();
    assert!(package.iter().any(|l| l.starts_with("name = ")));
    for key in ["repository", "homepage", "documentation"] {
        assert!(
            !package
                .iter()
                .any(|l| l.split('=').next().unwrap().trim() == key),
            "Cargo.toml names a {key}"
        );
    }
}
