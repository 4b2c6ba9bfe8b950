//! The natural limit (1999 §4.2.4, §23.3): sixty moves (120 plies) without a
//! capture is a draw, and a side's checks beyond its tenth do not count
//! towards it, so a side cannot run out the clock by checking.

use crate::core::Color;

/// Plies without a capture that draw the game.
pub const NATURAL_LIMIT_PLIES: u32 = 120;

/// Checks per side that still count towards the limit.
pub const COUNTED_CHECKS: u32 = 10;

/// Counts the plies since the last capture, and each side's checks among them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveClock {
    plies: u32,
    checks: [u32; Color::NUM],
}

impl MoveClock {
    /// A clock that starts with `plies` already played without a capture (a
    /// FEN's halfmove field; their checks are unknown and all count).
    pub fn starting_at(plies: u32) -> MoveClock {
        MoveClock {
            plies,
            checks: [0; Color::NUM],
        }
    }

    /// Records a move by `mover`.
    pub fn record(&mut self, mover: Color, captured: bool, gave_check: bool) {
        if captured {
            *self = MoveClock::default();
            return;
        }
        self.plies += 1;
        if gave_check {
            self.checks[mover.index()] += 1;
        }
    }

    /// The checks `side` has given since the count last started; those past
    /// the tenth count no ply.
    pub fn checks(&self, side: Color) -> u32 {
        self.checks[side.index()]
    }

    /// The plies that count towards the limit.
    pub fn counted(&self) -> u32 {
        let excess: u32 = self
            .checks
            .iter()
            .map(|&c| c.saturating_sub(COUNTED_CHECKS))
            .sum();
        self.plies - excess
    }

    /// Whether the game is drawn by the natural limit (unless the side to
    /// move has no legal move, which loses first).
    pub fn reached(&self) -> bool {
        self.counted() >= NATURAL_LIMIT_PLIES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_restarts_the_count() {
        let mut clock = MoveClock::starting_at(119);
        clock.record(Color::Red, true, false);
        assert_eq!(clock.counted(), 0);
        clock.record(Color::Black, false, false);
        assert_eq!(clock.counted(), 1);
    }

    #[test]
    fn checks_beyond_ten_do_not_count() {
        let mut clock = MoveClock::default();
        for _ in 0..60 {
            clock.record(Color::Red, false, true);
            clock.record(Color::Black, false, false);
        }
        // 120 plies, but 50 of Red's 60 checks are beyond its tenth.
        assert_eq!(clock.counted(), 70);
        assert!(!clock.reached());
        for _ in 0..25 {
            clock.record(Color::Red, false, false);
            clock.record(Color::Black, false, false);
        }
        assert!(clock.reached());
    }
}
