//! `chuhan data` through the binary: a game file from datagen converts to
//! version 1 and back with every record kept, in under four bytes a
//! position; `data stats` shows the recipe and what the file holds; `merge`
//! writes either version with the same records.

use crate::tool_run;

use chuhan::learn::data::source::RecordStream;
use std::path::{Path, PathBuf};
use tool_run::{chuhan, run_with_input};

fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("chuhan-data-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn game_files_convert_both_ways_and_say_what_they_hold() {
    let games = temp_file("games.bin");
    let (ok, _, err) = chuhan(&[
        "datagen",
        "--out",
        arg(&games),
        "--nodes",
        "300",
        "--games",
        "8",
        "--threads",
        "2",
        "--seed",
        "17",
        "--network",
    ]);
    assert!(ok, "{err}");
    let records = RecordStream::open(&games).unwrap().read_all().unwrap();
    let bytes = std::fs::metadata(&games).unwrap().len() as f64;
    assert!(
        bytes / (records.len() as f64) < 4.0,
        "{bytes} bytes, {} records",
        records.len()
    );

    // Version 1 and back, twice: the records stay, and version 1 made again
    // is the same bytes.
    let (v1, v2, v1_again) = (
        temp_file("v1.bin"),
        temp_file("v2.bin"),
        temp_file("v1-again.bin"),
    );
    for (from, to, version) in [(&games, &v1, "1"), (&v1, &v2, "2"), (&v2, &v1_again, "1")] {
        let (ok, out, err) = chuhan(&["data", "reformat", arg(from), arg(to), "--to", version]);
        assert!(ok, "{err}");
        assert!(
            out.contains(&format!("wrote {} records", records.len())),
            "{out}"
        );
    }
    assert_eq!(
        RecordStream::open(&v1).unwrap().read_all().unwrap(),
        records
    );
    assert_eq!(
        RecordStream::open(&v2).unwrap().read_all().unwrap(),
        records
    );
    assert!(std::fs::read(&v1).unwrap() == std::fs::read(&v1_again).unwrap());
    // It writes a new file only; `convert`, its old name, still runs it.
    let run = run_with_input(&["data", "convert", arg(&games), arg(&v1)], "");
    assert_eq!(run.code, Some(1));
    assert_eq!(run.err.lines().count(), 1, "{}", run.err);

    let (ok, stats, err) = chuhan(&["data", "stats", arg(&games), arg(&v1)]);
    assert!(ok, "{err}");
    for line in [
        "version 2,",
        "  seed = 17",
        "  nodes = 300",
        "  network = ",
        "  program = chuhan ",
        "version 1,",
        "bytes a position",
        "games ",
        "scores (centipawns, Red's view):",
        "plies (half-moves since the standard start):",
    ] {
        assert!(stats.contains(line), "{line:?} in {stats}");
    }
    // The second file repeats the first: every position counted once.
    let positions = |stats: &str| -> String {
        let line = stats.lines().find(|l| l.starts_with("positions ")).unwrap();
        line.split(' ').nth(1).unwrap().to_string()
    };
    let (ok, alone, _) = chuhan(&["data", "stats", arg(&games)]);
    assert!(ok);
    assert_eq!(positions(&stats), positions(&alone));

    // merge writes either version, with the same records.
    let (m1, m2) = (temp_file("m1.bin"), temp_file("m2.bin"));
    for (out, format) in [(&m1, "1"), (&m2, "2")] {
        let (ok, _, err) = chuhan(&["merge", arg(&games), "--out", arg(out), "--format", format]);
        assert!(ok, "{err}");
    }
    assert_eq!(
        RecordStream::open(&m1).unwrap().read_all().unwrap(),
        RecordStream::open(&m2).unwrap().read_all().unwrap()
    );
    let run = run_with_input(
        &[
            "data",
            "reformat",
            arg(&games),
            arg(&temp_file("x")),
            "--to",
            "3",
        ],
        "",
    );
    assert_eq!(run.code, Some(2), "{}", run.err);
    for path in [games, v1, v2, v1_again, m1, m2] {
        let _ = std::fs::remove_file(path);
    }
}
