//! `chuhan datagen` through the binary: the same seed writes the same bytes
//! (for any thread count), the records are whole games with their labels,
//! progress goes to stderr, Ctrl-C ends a run with the file intact, and bad
//! arguments are one error line.

use crate::tool_run;

use chuhan::eval::Evaluator;
use chuhan::learn::data::format::Record;
use chuhan::learn::data::source::RecordStream;
use chuhan::search::{Engine, Limits};
use chuhan::Color;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tool_run::{chuhan, run_with_input};

fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("chuhan-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn datagen(out: &Path, extra: &[&str]) -> (bool, String, String) {
    let mut args = vec!["datagen", "--out", out.to_str().unwrap(), "--nodes", "300"];
    args.extend_from_slice(extra);
    chuhan(&args)
}

/// Splits records into games: a game's plies grow.
fn games(records: &[Record]) -> Vec<&[Record]> {
    let mut games = Vec::new();
    let mut start = 0;
    for i in 1..=records.len() {
        if i == records.len() || records[i].ply <= records[i - 1].ply {
            games.push(&records[start..i]);
            start = i;
        }
    }
    games
}

#[test]
fn a_seed_writes_the_same_data_for_any_thread_count() {
    let (a, b, c) = (
        temp_file("dg-a.bin"),
        temp_file("dg-b.bin"),
        temp_file("dg-c.bin"),
    );
    let (ok, out, err) = datagen(&a, &["--games", "4", "--threads", "2", "--seed", "5"]);
    assert!(ok, "{err}");
    assert!(out.contains("of 4 games"), "{out}");
    // Progress: positions, their rate, elapsed time and time left.
    let progress = err.lines().last().unwrap_or_default();
    for word in ["positions,", "positions/s", "4 games", "elapsed", "ETA"] {
        assert!(progress.contains(word), "{word} in {progress}");
    }
    assert!(datagen(&b, &["--games", "4", "--threads", "1", "--seed", "5"]).0);
    assert!(datagen(&c, &["--games", "4", "--threads", "2", "--seed", "6"]).0);
    let bytes = |p: &PathBuf| std::fs::read(p).unwrap();
    assert_eq!(bytes(&a), bytes(&b), "same seed, other thread count");
    assert_ne!(bytes(&a), bytes(&c), "another seed");

    let records = RecordStream::open(&a).unwrap().read_all().unwrap();
    let games = games(&records);
    assert_eq!(games.len(), 4, "four games of consecutive plies");
    for game in games {
        assert!(
            game.iter().all(|r| r.result == game[0].result),
            "one result per game"
        );
        assert!(game[0].ply >= 2, "games start after an opening");
        let last = game.last().unwrap().position().unwrap();
        assert!(
            !last.legal_moves().is_empty(),
            "the last searched position had a move"
        );
        // Plies grow (a position whose score was a mate is not written),
        // and the side to move alternates with them.
        for pair in game.windows(2) {
            assert!(pair[1].ply > pair[0].ply);
            let odd = (pair[1].ply - pair[0].ply) % 2 == 1;
            assert_eq!(pair[0].side_to_move != pair[1].side_to_move, odd);
        }
    }
    assert!(records.iter().any(|r| r.in_check) || records.iter().any(|r| r.best_move_captures));
    for p in [a, b, c] {
        let _ = std::fs::remove_file(p);
    }
}

/// The first record of each game, searched again by a fresh engine with
/// `evaluator` at datagen's 300 nodes: the score it gives, from Red's view.
fn first_scores_searched_with(records: &[Record], evaluator: &Evaluator) -> Vec<(i16, i16)> {
    games(records)
        .iter()
        .map(|game| {
            let first = &game[0];
            let pos = first.position().unwrap();
            let mut engine = Engine::new(16, 1);
            engine.set_evaluator(evaluator.clone());
            let limits = Limits {
                nodes: Some(300),
                ..Limits::default()
            };
            let for_mover = engine.search(&pos, limits).score.as_centipawns();
            let red = match pos.side_to_move() {
                Color::Red => for_mover,
                Color::Black => -for_mover,
            };
            (first.score, red as i16)
        })
        .collect()
}

#[test]
fn network_plays_the_games_with_the_network_evaluation() {
    let (classical, network, again) = (
        temp_file("dg-classical.bin"),
        temp_file("dg-network.bin"),
        temp_file("dg-network2.bin"),
    );
    let args = ["--games", "2", "--threads", "2", "--seed", "9"];
    assert!(datagen(&classical, &args).0);
    let with_network: Vec<&str> = args.iter().copied().chain(["--network"]).collect();
    let (ok, _, err) = datagen(&network, &with_network);
    assert!(ok, "{err}");
    assert!(datagen(&again, &with_network).0);
    let bytes = |p: &PathBuf| std::fs::read(p).unwrap();
    assert_eq!(
        bytes(&network),
        bytes(&again),
        "a seed repeats with the network too"
    );
    assert_ne!(
        bytes(&network),
        bytes(&classical),
        "the evaluation changes the games"
    );

    // Each game's first score is the network's search, not the classical one.
    let read = |p: &PathBuf| RecordStream::open(p).unwrap().read_all().unwrap();
    let net = Evaluator::Network(chuhan::eval::nnue::built_in());
    for (recorded, searched) in first_scores_searched_with(&read(&network), &net) {
        assert_eq!(recorded, searched, "network data, network search");
    }
    for (recorded, searched) in first_scores_searched_with(&read(&classical), &Evaluator::Classical)
    {
        assert_eq!(recorded, searched, "classical data, classical search");
    }

    // A network file that cannot be read is one error line and no data.
    let missing = temp_file("dg-no-such.nnue");
    let target = temp_file("dg-unwritten.bin");
    let run = run_with_input(
        &[
            "datagen",
            "--out",
            target.to_str().unwrap(),
            "--games",
            "1",
            "--network",
            missing.to_str().unwrap(),
        ],
        "",
    );
    assert_ne!(run.code, Some(0));
    assert_eq!(run.err.lines().count(), 1, "{}", run.err);
    assert!(!target.exists(), "nothing written");
    for p in [classical, network, again] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn positions_bound_a_run_and_a_file_takes_games_of_its_own_recipe_only() {
    let path = temp_file("dg-positions.bin");
    let (ok, out, err) = datagen(&path, &["--positions", "150", "--seed", "3"]);
    assert!(ok, "{err}");
    let first = RecordStream::open(&path).unwrap().read_all().unwrap();
    // Whole games until 150 positions are reached.
    assert!(first.len() >= 150, "{}", first.len());
    assert!(
        out.contains(&format!("wrote {} positions", first.len())),
        "{out}"
    );
    let bytes = std::fs::read(&path).unwrap();

    // The same file again: refused without --resume, refused for another
    // recipe, and with it nothing more to do (the run had ended).
    let run = |extra: &[&str]| {
        let mut args = vec!["datagen", "--out", path.to_str().unwrap(), "--nodes", "300"];
        args.extend_from_slice(&["--positions", "150"]);
        args.extend_from_slice(extra);
        run_with_input(&args, "")
    };
    let again = run(&["--seed", "3"]);
    assert_eq!(again.code, Some(1));
    assert!(again.err.contains("--resume"), "{}", again.err);
    let other = run(&["--seed", "4", "--resume"]);
    assert_eq!(other.code, Some(1));
    assert!(
        other.err.contains("seed is 3 in the file, 4 asked"),
        "{}",
        other.err
    );
    assert_eq!(other.err.lines().count(), 1, "{}", other.err);
    let (ok, out, err) = datagen(&path, &["--positions", "150", "--seed", "3", "--resume"]);
    assert!(ok, "{err}");
    assert!(out.contains("wrote 0 positions of 0 games"), "{out}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "nothing added");
    let _ = std::fs::remove_file(&path);
}

/// The file of `datagen` with `args`, made at once.
fn made_at_once(name: &str, args: &[&str]) -> Vec<u8> {
    let path = temp_file(name);
    let (ok, _, err) = datagen(&path, args);
    assert!(ok, "{err}");
    let bytes = std::fs::read(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    bytes
}

/// Goes on with the file at `path` with `--resume` and `args`.
fn resume(path: &Path, args: &[&str]) {
    let mut args = args.to_vec();
    args.push("--resume");
    let (ok, out, err) = datagen(path, &args);
    assert!(ok, "{err}");
    assert!(out.contains("games before"), "{out}");
}

#[test]
fn a_run_cut_anywhere_and_resumed_writes_the_bytes_of_a_run_made_at_once() {
    let args = ["--games", "10", "--threads", "2", "--seed", "41"];
    let whole = made_at_once("dg-whole.bin", &args);
    // A killed run leaves a prefix of these bytes, perhaps ending inside a
    // game: cut there, and go on with --resume (on one thread: the count
    // changes the speed only).
    let header = 16 + u32::from_le_bytes(whole[12..16].try_into().unwrap()) as usize;
    let path = temp_file("dg-cut.bin");
    for cut in [
        header,
        header + 3,
        header + (whole.len() - header) / 3,
        whole.len() - 5,
    ] {
        std::fs::write(&path, &whole[..cut]).unwrap();
        resume(&path, &["--games", "10", "--threads", "1", "--seed", "41"]);
        assert!(
            std::fs::read(&path).unwrap() == whole,
            "cut at {cut} of {}",
            whole.len()
        );
    }
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_run_stopped_by_ctrl_c_and_resumed_writes_the_bytes_of_a_run_made_at_once() {
    // Enough games that the run is still going when the first ones land:
    // a run that ended before the signal would prove nothing.
    let args = ["--games", "48", "--threads", "2", "--seed", "43"];
    let whole = made_at_once("dg-whole-2.bin", &args);
    let path = temp_file("dg-stopped.bin");
    let child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(["datagen", "--out", path.to_str().unwrap(), "--nodes", "300"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Stopped once it has a game on the disk.
    let header = 16 + u32::from_le_bytes(whole[12..16].try_into().unwrap()) as u64;
    let started = Instant::now();
    while std::fs::metadata(&path).map_or(0, |m| m.len()) <= header
        && started.elapsed() < Duration::from_secs(60)
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    tool_run::send_ctrl_c(&child);
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(130),
        "stopped by the signal: {stdout}"
    );
    assert!(stdout.contains("interrupted"), "{stdout}");
    let stopped_at = std::fs::metadata(&path).unwrap().len();
    assert!(
        stopped_at < whole.len() as u64,
        "the stopped file ({stopped_at} bytes) holds less than the whole run's ({})",
        whole.len()
    );
    resume(&path, &args);
    assert!(
        std::fs::read(&path).unwrap() == whole,
        "stopped and resumed"
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn ctrl_c_ends_the_run_with_the_file_intact() {
    let path = temp_file("dg-interrupt.bin");
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(["datagen", "--out", path.to_str().unwrap()])
        .args(["--nodes", "300", "--threads", "2", "--progress", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Progress lines, read on a thread to the end so the pipe stays open.
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let (lines, progress) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    let started = Instant::now();
    // Wait until some games are written.
    for line in progress.iter() {
        let positions: u64 = line
            .strip_prefix("datagen: ")
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        if positions > 0 {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "no game in two minutes"
        );
    }
    tool_run::send_ctrl_c(&child);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "a clean end, as a Ctrl-C one");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("interrupted"), "{stdout}");
    let written: usize = stdout
        .strip_prefix("wrote ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{stdout}"));
    let records = RecordStream::open(&path).unwrap().read_all().unwrap();
    assert_eq!(records.len(), written);
    assert!(written > 0);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn bad_arguments_and_foreign_files_are_one_error_line() {
    let run = run_with_input(&["datagen", "--nodes", "100"], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.err.starts_with("error: ") && run.err.lines().count() == 1,
        "{}",
        run.err
    );

    let path = temp_file("dg-foreign.bin");
    let run = run_with_input(
        &["datagen", "--out", path.to_str().unwrap(), "--threads", "0"],
        "",
    );
    assert_eq!(run.code, Some(2), "{}", run.err);

    std::fs::write(&path, b"not training data at all").unwrap();
    let run = run_with_input(
        &["datagen", "--out", path.to_str().unwrap(), "--games", "1"],
        "",
    );
    assert_eq!(run.code, Some(1));
    assert!(
        run.err.contains("not a chuhan training-data file"),
        "{}",
        run.err
    );
    assert_eq!(std::fs::read(&path).unwrap(), b"not training data at all");
    let _ = std::fs::remove_file(&path);

    let (ok, help, _) = chuhan(&["datagen", "--help"]);
    assert!(ok);
    for flag in [
        "--out",
        "--threads",
        "--nodes",
        "--games",
        "--seed",
        "--positions",
        "--network",
    ] {
        assert!(help.contains(flag), "{flag} in the help");
    }
}
