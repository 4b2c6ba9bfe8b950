//! The two clocks of a game on the board, in the match runner's time
//! controls (`5+3`, `40/60+0.6`, `1:30`): the side to move's clock runs
//! from the moment its turn began.

use crate::core::Color;
use crate::matchrunner::clock::{GameClock, TimeControl};
use std::time::Instant;

/// How far past its time a move may come before the flag falls: the time
/// a move takes from the engine or the page to the server, as the match
/// runner's `timemargin` allows it.
const GRACE_MS: u64 = 200;

pub struct Clocks {
    pub control: TimeControl,
    clocks: [GameClock; Color::NUM],
    /// When the side to move's turn began; `None` while stopped.
    turn_began: Option<Instant>,
}

impl Clocks {
    /// Both clocks full and stopped.
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            clocks: [GameClock::new(control); Color::NUM],
            turn_began: None,
        }
    }

    /// Starts the clock of the side to move (again after a take-back).
    pub fn start_turn(&mut self) {
        self.turn_began = Some(Instant::now());
    }

    pub fn stop(&mut self) {
        self.turn_began = None;
    }

    fn elapsed_ms(&self) -> u64 {
        self.turn_began
            .map_or(0, |began| began.elapsed().as_millis() as u64)
    }

    /// Milliseconds `side` has left now, `to_move` being the side whose
    /// clock runs.
    pub fn remaining_ms(&self, side: Color, to_move: Color) -> u64 {
        let left = self.clocks[side.index()].remaining_ms();
        if side == to_move {
            left.saturating_sub(self.elapsed_ms())
        } else {
            left
        }
    }

    /// Whether the side to move has used up its time and the grace.
    pub fn flag_fallen(&self, to_move: Color) -> bool {
        self.turn_began.is_some()
            && self.elapsed_ms() > self.clocks[to_move.index()].remaining_ms() + GRACE_MS
    }

    /// Charges `mover`'s move (the time since its turn began), adds the
    /// increment, and starts the other side's turn. Returns false if the
    /// move came after the flag fell.
    pub fn moved(&mut self, mover: Color) -> bool {
        let in_time = !self.flag_fallen(mover);
        let used = self.elapsed_ms();
        self.clocks[mover.index()].charge(used);
        self.start_turn();
        in_time
    }

    /// The UCI `go` for the side to move: both clocks, the increments and
    /// the moves to the next period.
    pub fn go_command(&self, to_move: Color) -> String {
        let red = self.remaining_ms(Color::Red, to_move);
        let black = self.remaining_ms(Color::Black, to_move);
        let inc = self.control.increment_ms;
        let mut go = format!("go wtime {red} btime {black} winc {inc} binc {inc}");
        if let Some(moves) = self.clocks[to_move.index()].moves_to_go() {
            go.push_str(&format!(" movestogo {moves}"));
        }
        go
    }

    pub fn running(&self) -> bool {
        self.turn_began.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mover_is_charged_and_the_other_clock_starts() {
        let mut clocks = Clocks::new("1+0.5".parse().unwrap());
        assert_eq!(clocks.remaining_ms(Color::Red, Color::Red), 1000);
        clocks.start_turn();
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert!(clocks.moved(Color::Red));
        let red = clocks.remaining_ms(Color::Red, Color::Black);
        assert!((1000..1500).contains(&red), "{red}");
        assert_eq!(
            clocks.go_command(Color::Black).split(' ').nth(4),
            Some("1000")
        );
    }

    #[test]
    fn a_move_after_the_flag_fell_is_late() {
        let mut clocks = Clocks::new("0.01".parse().unwrap());
        clocks.start_turn();
        std::thread::sleep(std::time::Duration::from_millis(GRACE_MS + 30));
        assert!(clocks.flag_fallen(Color::Red));
        assert!(!clocks.moved(Color::Red));
    }
}
