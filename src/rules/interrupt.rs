//! A judgement the search may cut short. Judging one cycle can search for
//! mates by checks thousands of times (a cycle of chases among many pieces
//! that could check), and a search out of time cannot wait for it: a
//! judgement of some 600 ms lost a game on time at 5 s and 0.05 s a move.
//! The search hands the judge its stop flag and its hard deadline; the
//! judge's mate search polls them, and once either is met every search of
//! the judge answers at once and nothing more is remembered, so an answer
//! made after the cut never outlives the judgement the search throws away.
//!
//! Judgements made without [`judge_unless_stopped`] (the referee, the
//! `judge` tool, the bench at a fixed depth) are never cut short.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// What ends a judgement early: the search's stop flag, and the time by
/// which the search must have answered.
pub struct Interrupt {
    pub stop: Arc<AtomicBool>,
    pub deadline: Option<Instant>,
}

/// How many polls pass between two looks at the clock (a look at the stop
/// flag costs nothing, one at the clock some nanoseconds).
const POLLS_PER_CLOCK: u32 = 16;

thread_local! {
    static CURRENT: RefCell<Option<Interrupt>> = const { RefCell::new(None) };
    static POLLS: Cell<u32> = const { Cell::new(0) };
    static CUT: Cell<bool> = const { Cell::new(false) };
}

/// `judge()`, or `None` when the stop flag was raised or the deadline
/// passed before it ended (what it returned then is no verdict).
pub fn judge_unless_stopped<T>(interrupt: Interrupt, judge: impl FnOnce() -> T) -> Option<T> {
    // Restores the state before, even if the judge unwinds.
    struct Restore(Option<Interrupt>, bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            CURRENT.with(|current| *current.borrow_mut() = self.0.take());
            CUT.with(|cut| cut.set(self.1));
        }
    }
    let before = CURRENT.with(|current| current.borrow_mut().replace(interrupt));
    let _restore = Restore(before, CUT.with(|cut| cut.replace(false)));
    let answer = judge();
    (!CUT.with(Cell::get)).then_some(answer)
}

/// Whether the judgement under way has been cut short, without polling:
/// an answer is remembered only while this is false.
pub fn already_cut() -> bool {
    CUT.with(Cell::get)
}

/// Whether the judgement under way has been cut short: polled by the
/// judge's own searches, which then answer at once and remember nothing.
/// Once true it stays true until the judgement ends.
pub fn cut_short() -> bool {
    if already_cut() {
        return true;
    }
    let cut = CURRENT.with(|current| {
        let current = current.borrow();
        let Some(interrupt) = current.as_ref() else {
            return false;
        };
        if interrupt.stop.load(Ordering::Relaxed) {
            return true;
        }
        let polls = POLLS.with(|polls| {
            let n = polls.get().wrapping_add(1);
            polls.set(n);
            n
        });
        polls.is_multiple_of(POLLS_PER_CLOCK)
            && interrupt
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
    });
    if cut {
        CUT.with(|c| c.set(true));
    }
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    fn interrupt(stopped: bool, deadline: Option<Instant>) -> Interrupt {
        Interrupt {
            stop: Arc::new(AtomicBool::new(stopped)),
            deadline,
        }
    }

    #[test]
    fn a_judgement_without_an_interrupt_is_never_cut() {
        assert!(!cut_short());
    }

    #[test]
    fn a_raised_stop_flag_cuts_the_judgement_and_it_is_no_verdict() {
        let answer = judge_unless_stopped(interrupt(true, None), || (cut_short(), cut_short()));
        assert_eq!(answer, None);
        // Outside the judgement nothing is cut any more.
        assert!(!cut_short());
    }

    #[test]
    fn a_passed_deadline_cuts_it_within_a_few_polls() {
        let passed = interrupt(false, Some(Instant::now()));
        let answer = judge_unless_stopped(passed, || {
            (0..POLLS_PER_CLOCK).any(|_| cut_short()) && cut_short()
        });
        assert_eq!(answer, None);
    }

    #[test]
    fn a_judgement_in_time_keeps_its_answer() {
        let later = Instant::now() + std::time::Duration::from_secs(3600);
        let answer = judge_unless_stopped(interrupt(false, Some(later)), || {
            (0..100).filter(|_| cut_short()).count()
        });
        assert_eq!(answer, Some(0));
    }
}
