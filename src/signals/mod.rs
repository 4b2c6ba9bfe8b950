//! The process's signals, in one place: Ctrl-C turned into a flag that the
//! long runs poll, so they stop between games or epochs with their work
//! kept (`interrupt`), and SIGPIPE's default restored for the tools that
//! only write to their output (`closed_pipe`).

pub mod closed_pipe;
pub mod interrupt;

/// POSIX `signal(2)`, which the standard library does not bind. The numbers
/// and `SIG_DFL` are the same on Linux, the BSDs and macOS.
#[cfg(unix)]
mod posix {
    pub const SIGINT: i32 = 2;
    pub const SIGPIPE: i32 = 13;
    pub const SIG_DFL: usize = 0;

    extern "C" {
        /// Sets the action of `signum`: `SIG_DFL`, or a handler passed as
        /// its address. Async-signal-safe.
        pub fn signal(signum: i32, handler: usize) -> usize;
    }
}
