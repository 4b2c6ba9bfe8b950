//! Ctrl-C during a match: the first press asks the runner to stop (it then
//! prints the table so far; every finished game is already in the PGN), a
//! second press ends it at once.
//!
//! The handler only stores to an atomic, the one thing a signal handler may
//! safely do; the match loop polls [`interrupted`]. Engine processes run in
//! their own process group (see `engine.rs`), so the terminal's Ctrl-C
//! reaches the runner alone and games in progress end cleanly.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C (SIGINT) has been received since [`install`].
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Routes SIGINT to the flag. Without Unix signals, Ctrl-C ends the process
/// as usual, and the PGN is still complete up to the last finished game.
pub fn install() {
    #[cfg(unix)]
    unix::install();
}

#[cfg(unix)]
mod unix {
    use super::*;

    const SIGINT: i32 = 2;
    const SIG_DFL: usize = 0;

    extern "C" {
        /// POSIX `signal(2)`; the handler is passed as its address.
        fn signal(signum: i32, handler: usize) -> usize;
    }

    extern "C" fn on_interrupt(_signum: i32) {
        INTERRUPTED.store(true, Ordering::SeqCst);
        // SAFETY: signal() is async-signal-safe; restoring the default makes
        // a second Ctrl-C end the process.
        unsafe {
            signal(SIGINT, SIG_DFL);
        }
    }

    pub fn install() {
        // SAFETY: the handler is an `extern "C" fn(i32)` that only touches an
        // atomic and calls signal(), as a signal handler must.
        unsafe {
            signal(SIGINT, on_interrupt as extern "C" fn(i32) as usize);
        }
    }
}
