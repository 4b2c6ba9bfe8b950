//! Time controls and clocks: `tc=BASE+INC` and `tc=MOVES/BASE+INC` in
//! seconds, fixed time per move, fixed depth or nodes; each side's clock
//! counts down while its engine thinks.

use std::fmt;
use std::str::FromStr;

/// A clock control: `base_ms` for the game (or for each period of
/// `moves_per_period` moves), plus `increment_ms` after every move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    pub moves_per_period: Option<u32>,
    pub base_ms: u64,
    pub increment_ms: u64,
}

/// A word that is not a time control.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadTimeControl(pub String);

impl fmt::Display for BadTimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad time control '{}' (e.g. 10+0.1 or 40/60+0.6)",
            self.0
        )
    }
}

impl std::error::Error for BadTimeControl {}

impl FromStr for TimeControl {
    type Err = BadTimeControl;

    /// Reads `60+0.6`, `40/60+0.6`, `1:30+1` (minutes:seconds) or `10`.
    fn from_str(text: &str) -> Result<TimeControl, BadTimeControl> {
        let bad = || BadTimeControl(text.to_string());
        let (moves, rest) = match text.split_once('/') {
            Some((m, r)) => (
                Some(m.parse::<u32>().ok().filter(|&m| m > 0).ok_or_else(bad)?),
                r,
            ),
            None => (None, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, Some(i)),
            None => (rest, None),
        };
        let base_ms = match base.split_once(':') {
            Some((min, sec)) => {
                let min: u64 = min.parse().map_err(|_| bad())?;
                min.checked_mul(60_000)
                    .and_then(|ms| ms.checked_add(seconds_to_ms(sec)?))
                    .ok_or_else(bad)?
            }
            None => seconds_to_ms(base).ok_or_else(bad)?,
        };
        let increment_ms = match inc {
            Some(i) => seconds_to_ms(i).ok_or_else(bad)?,
            None => 0,
        };
        if base_ms == 0 && increment_ms == 0 {
            return Err(bad());
        }
        Ok(TimeControl {
            moves_per_period: moves,
            base_ms,
            increment_ms,
        })
    }
}

/// Seconds as text (`0.6`, `10`) to whole milliseconds.
pub fn seconds_to_ms(text: &str) -> Option<u64> {
    let seconds: f64 = text.trim().parse().ok()?;
    (seconds.is_finite() && seconds >= 0.0).then(|| (seconds * 1000.0).round() as u64)
}

fn ms_to_seconds(ms: u64) -> String {
    let text = format!("{:.3}", ms as f64 / 1000.0);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl fmt::Display for TimeControl {
    /// The PGN `TimeControl` form, in seconds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(moves) = self.moves_per_period {
            write!(f, "{moves}/")?;
        }
        write!(f, "{}", ms_to_seconds(self.base_ms))?;
        if self.increment_ms > 0 {
            write!(f, "+{}", ms_to_seconds(self.increment_ms))?;
        }
        Ok(())
    }
}

/// What limits one engine's thinking: a clock, a fixed time per move, a
/// depth, a node count, or a combination (UCI engines get them all; UCCI
/// engines understand one, see `engine.rs`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineLimits {
    pub clock: Option<TimeControl>,
    pub move_time_ms: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

impl EngineLimits {
    pub fn is_set(&self) -> bool {
        self.clock.is_some()
            || self.move_time_ms.is_some()
            || self.depth.is_some()
            || self.nodes.is_some()
    }
}

impl fmt::Display for EngineLimits {
    /// The PGN `TimeControl` tag (`-` when there is no clock).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.clock, self.move_time_ms) {
            (Some(tc), _) => write!(f, "{tc}"),
            (None, Some(ms)) => write!(f, "{}/move", ms_to_seconds(ms)),
            (None, None) => f.write_str("-"),
        }
    }
}

/// One side's clock during a game.
#[derive(Copy, Clone, Debug)]
pub struct GameClock {
    control: TimeControl,
    remaining_ms: i64,
    moves_made: u32,
}

impl GameClock {
    pub fn new(control: TimeControl) -> GameClock {
        GameClock {
            control,
            remaining_ms: control.base_ms as i64,
            moves_made: 0,
        }
    }

    /// Milliseconds left now (never below zero for the engine's sake).
    pub fn remaining_ms(&self) -> u64 {
        self.remaining_ms.max(0) as u64
    }

    pub fn increment_ms(&self) -> u64 {
        self.control.increment_ms
    }

    /// Moves until the next period's time is added, if there are periods.
    pub fn moves_to_go(&self) -> Option<u32> {
        self.control
            .moves_per_period
            .map(|n| n - self.moves_made % n)
    }

    /// Charges a move that took `used_ms`, then adds the increment and, at
    /// the end of a period, the next period's time.
    pub fn charge(&mut self, used_ms: u64) {
        // A move inside the margin leaves an empty clock, not a debt.
        self.remaining_ms = (self.remaining_ms - used_ms as i64).max(0);
        self.remaining_ms += self.control.increment_ms as i64;
        self.moves_made += 1;
        if let Some(n) = self.control.moves_per_period {
            if self.moves_made.is_multiple_of(n) {
                self.remaining_ms += self.control.base_ms as i64;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_cutechess_forms() {
        let tc: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(
            (tc.moves_per_period, tc.base_ms, tc.increment_ms),
            (None, 10_000, 100)
        );
        let tc: TimeControl = "40/60+0.6".parse().unwrap();
        assert_eq!(
            (tc.moves_per_period, tc.base_ms, tc.increment_ms),
            (Some(40), 60_000, 600)
        );
        let tc: TimeControl = "1:30".parse().unwrap();
        assert_eq!(tc.base_ms, 90_000);
        assert_eq!(tc.to_string(), "90");
        assert_eq!(
            "40/60+0.6".parse::<TimeControl>().unwrap().to_string(),
            "40/60+0.6"
        );
        for bad in [
            "",
            "x",
            "10+",
            "0/10",
            "-5",
            "0+0",
            "1:x",
            "999999999999999999:0",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn clock_charges_increments_and_periods() {
        let mut clock = GameClock::new("2/1+0.5".parse().unwrap());
        assert_eq!(clock.moves_to_go(), Some(2));
        clock.charge(300); // 1000 - 300 + 500
        assert_eq!(clock.remaining_ms(), 1200);
        assert_eq!(clock.moves_to_go(), Some(1));
        clock.charge(1500); // overran into the margin: 0 + 500, then a new period of 1000
        assert_eq!(clock.remaining_ms(), 1500);
        assert_eq!(clock.moves_to_go(), Some(2));
    }
}
