//! `chuhan merge` through the binary: shards made one file with every
//! repeated position left out, a summary of what the data holds, and the
//! files it must not write refused.

use crate::tool_run;

use chuhan::learn::data::source::RecordStream;
use std::collections::HashSet;
use std::path::PathBuf;
use tool_run::chuhan;

fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("chuhan-merge-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn shard(name: &str, seed: &str) -> PathBuf {
    let path = temp_file(name);
    let args = [
        "datagen",
        "--out",
        path.to_str().unwrap(),
        "--nodes",
        "200",
        "--games",
        "3",
        "--seed",
        seed,
    ];
    let (ok, _, err) = chuhan(&args);
    assert!(ok, "{err}");
    path
}

#[test]
fn shards_merge_into_one_file_of_distinct_positions() {
    let (a, b) = (shard("a.bin", "1"), shard("b.bin", "2"));
    let records = |p: &PathBuf| RecordStream::open(p).unwrap().read_all().unwrap();
    let (ra, rb) = (records(&a), records(&b));
    let keys: HashSet<u64> = ra.iter().chain(&rb).map(|r| r.position_key()).collect();
    let out = temp_file("all.bin");
    // A shard given twice: its second copy is all repeats.
    let (ok, stdout, err) = chuhan(&[
        "merge",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        a.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let merged = records(&out);
    assert_eq!(merged.len(), keys.len());
    let merged_keys: HashSet<u64> = merged.iter().map(|r| r.position_key()).collect();
    assert_eq!(merged_keys, keys, "every position once");
    // The first occurrence is kept, in the order of the files.
    assert_eq!(merged[0], ra[0]);
    let total = 2 * ra.len() + rb.len();
    let repeated = total - keys.len();
    assert!(
        stdout.starts_with(&format!(
            "positions {} ({repeated} repeated positions left out of {total} records",
            keys.len()
        )),
        "{stdout}"
    );
    // Six games, the repeated shard's three not counted again.
    assert!(stdout.contains("\ngames 6 (Red won "), "{stdout}");
    for part in [
        "scores (centipawns, Red's view):",
        "plies (half-moves",
        "wrote ",
    ] {
        assert!(stdout.contains(part), "{part} in {stdout}");
    }

    // Without --out it only reads; an existing output or an input as the
    // output is refused, and nothing is written.
    let (ok, summary, _) = chuhan(&["merge", a.to_str().unwrap()]);
    assert!(ok && summary.contains("\ngames 3 "), "{summary}");
    let before = std::fs::read(&out).unwrap();
    let (ok, _, err) = chuhan(&["merge", a.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(!ok && err.contains("exists"), "{err}");
    assert_eq!(std::fs::read(&out).unwrap(), before);
    let (ok, _, err) = chuhan(&["merge", a.to_str().unwrap(), "--out", a.to_str().unwrap()]);
    assert!(!ok && err.contains("one of the inputs"), "{err}");
    // A reader that stops after a line is no crash: the tool ends quietly
    // (on Unix by SIGPIPE, as `chuhan bench | head` does; see
    // tests/tools/bench.rs), its file already written.
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(["merge", a.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            drop(child.stdout.take());
            child.wait_with_output()
        })
        .unwrap();
    let stderr = String::from_utf8_lossy(&status.stderr);
    #[cfg(unix)]
    let ended_by_the_pipe = {
        use std::os::unix::process::ExitStatusExt;
        status.status.signal() == Some(13)
    };
    #[cfg(not(unix))]
    let ended_by_the_pipe = false;
    assert!(
        (status.status.success() || ended_by_the_pipe) && stderr.is_empty(),
        "{:?}: {stderr}",
        status.status
    );
    let (ok, _, err) = chuhan(&["merge", "/no/such/file.bin"]);
    assert!(!ok && err.lines().count() == 1, "{err}");
    for p in [a, b, out] {
        let _ = std::fs::remove_file(p);
    }
}
