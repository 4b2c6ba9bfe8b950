//! A tool whose reader stops reading (`chuhan bench | head -3`) ends there,
//! quietly, as Unix tools do. Rust starts every program with SIGPIPE
//! ignored, so a write to a closed pipe is an error, and `println!` panics
//! on it; the tools that only write to their own output restore the
//! signal's default action instead. The protocol loop keeps Rust's choice
//! (a GUI that closes the pipe ends the loop by the end of its input), and
//! so does the match runner, which writes to engines that may die.

/// Restores the default action of SIGPIPE: the process ends, with no
/// message, when it writes to a pipe nobody reads.
#[cfg(unix)]
pub fn end_when_the_reader_goes() {
    use super::posix::{signal, SIGPIPE, SIG_DFL};
    // SAFETY: `signal` with SIG_DFL touches no memory of ours; it runs before
    // the tool starts any thread.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

/// Elsewhere a closed pipe stays an error, as Rust has it.
#[cfg(not(unix))]
pub fn end_when_the_reader_goes() {}
