//! Running the `chuhan` binary as a command-line tool: arguments in, the
//! exit status and both output streams back.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The scripted test engine (`examples/scripted_engine.rs`), which `cargo
/// test` builds beside the test binaries; `room` is the test binary to name
/// when it is missing.
pub fn scripted_engine(room: &str) -> String {
    let exe = std::env::current_exe().expect("the test binary has a path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps");
    let path = dir
        .join("examples")
        .join(format!("scripted_engine{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: `cargo test` builds it; with `--test {room}` alone, \
         run `cargo build --release --example scripted_engine` first",
        path.display()
    );
    path.to_string_lossy().into_owned()
}

/// How a run of the tool ended.
pub struct Run {
    /// The exit status (`None` if a signal ended it).
    pub code: Option<i32>,
    pub out: String,
    pub err: String,
}

/// Sends a running tool Ctrl-C (SIGINT), as a terminal would.
#[cfg(unix)]
pub fn send_ctrl_c(child: &std::process::Child) {
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());
}

/// Runs `chuhan ARGS` with `stdin` as its input.
pub fn run_with_input(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    // The tool may fail and exit before reading its input: a broken pipe
    // here is not the test's concern, the exit status and stderr are.
    let _ = pipe.write_all(stdin.as_bytes());
    drop(pipe);
    let out = child.wait_with_output().expect("the tool finishes");
    Run {
        code: out.status.code(),
        out: String::from_utf8_lossy(&out.stdout).into(),
        err: String::from_utf8_lossy(&out.stderr).into(),
    }
}

/// Runs `chuhan ARGS` with `stdin` as its input: (success, stdout, stderr).
pub fn chuhan_with_input(args: &[&str], stdin: &str) -> (bool, String, String) {
    let run = run_with_input(args, stdin);
    (run.code == Some(0), run.out, run.err)
}

/// Runs `chuhan ARGS` with nothing on its input.
pub fn chuhan(args: &[&str]) -> (bool, String, String) {
    chuhan_with_input(args, "")
}

/// A path in the temporary folder for a scratch file of this test process.
pub fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("chuhan-{}-{name}", std::process::id()))
}
