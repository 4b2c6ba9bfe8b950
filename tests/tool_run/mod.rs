//! Running the `chuhan` binary as a command-line tool: arguments in, the
//! exit status and both output streams back.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `chuhan ARGS` with `stdin` as its input: (success, stdout, stderr).
pub fn chuhan_with_input(args: &[&str], stdin: &str) -> (bool, String, String) {
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
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Runs `chuhan ARGS` with nothing on its input.
pub fn chuhan(args: &[&str]) -> (bool, String, String) {
    chuhan_with_input(args, "")
}
