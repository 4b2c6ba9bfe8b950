//! Ctrl-C during a long run (a match, self-play, training, tuning, an
//! analysis): the first press asks the run to stop where its work is kept
//! (the match runner prints the table so far, every finished game already
//! in the PGN; the trainer ends after the epoch), a second press ends the
//! process at once.
//!
//! The handler only stores to an atomic, the one thing a signal handler may
//! safely do; the run polls [`interrupted`]. The match runner's engine
//! processes run in their own process group (`matchrunner/engine.rs`), so
//! the terminal's Ctrl-C reaches the runner alone and games in progress end
//! cleanly.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C (SIGINT) has been received since [`install`].
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Routes SIGINT to the flag. Without Unix signals, Ctrl-C ends the process
/// as usual (a match's PGN is still complete up to the last finished game).
pub fn install() {
    #[cfg(unix)]
    unix::install();
}

#[cfg(unix)]
mod unix {
    use super::*;
    use crate::signals::posix::{signal, SIGINT, SIG_DFL};

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
