//! From `go` words to search [`Limits`]: UCCI clocks in milliseconds (the
//! default) or, after `setoption usemillisec false`, seconds; UCI clocks by
//! colour in milliseconds.

use super::command::{Dialect, Go};
use crate::core::Color;
use crate::search::{Clock, Limits};
use std::time::Duration;

/// The search limits a `go` asks for (bans and `searchmoves` are the session's).
pub fn limits(go: &Go, dialect: Dialect, use_millisec: bool, side: Color) -> Limits {
    let mut limits = Limits {
        depth: go.depth.map(|d| d.min(i32::MAX as u32) as i32),
        nodes: go.nodes,
        infinite: go.infinite,
        ponder: go.ponder,
        // `mate 0` asks for nothing provable: read it as a mate in one.
        mate: go.mate.map(|n| n.max(1)),
        ..Limits::default()
    };
    match dialect {
        Dialect::Ucci => {
            let unit = if use_millisec { 1.0 } else { 1000.0 };
            let ms = |v: f64| Duration::from_secs_f64(v * unit / 1000.0);
            limits.clock = go.time.map(|time| Clock {
                time: ms(time),
                increment: go.increment.map_or(Duration::ZERO, ms),
                moves_to_go: go.moves_to_go,
                opponent_time: go.opp_time.map(ms),
                opponent_increment: go.opp_increment.map_or(Duration::ZERO, ms),
            });
            // Not a UCCI word, but GUIs that speak both send it: milliseconds,
            // as in UCI, whatever `usemillisec` says of the clock words.
            limits.move_time = go.move_time.map(|v| Duration::from_secs_f64(v / 1000.0));
        }
        Dialect::Uci => {
            let ms = |v: f64| Duration::from_secs_f64(v / 1000.0);
            let (ours, theirs, our_inc, their_inc) = match side {
                Color::Red => (go.wtime, go.btime, go.winc, go.binc),
                Color::Black => (go.btime, go.wtime, go.binc, go.winc),
            };
            limits.clock = ours.map(|time| Clock {
                time: ms(time),
                increment: our_inc.map_or(Duration::ZERO, ms),
                moves_to_go: go.moves_to_go,
                opponent_time: theirs.map(ms),
                opponent_increment: their_inc.map_or(Duration::ZERO, ms),
            });
            limits.move_time = go.move_time.map(ms);
        }
    }
    limits
}

/// Whether the search must end by itself (a clock or a fixed time), which is
/// when draw offers and resignation make sense.
pub fn is_timed(limits: &Limits) -> bool {
    limits.clock.is_some() || limits.move_time.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::command::{parse, Command};

    fn go(line: &str, dialect: Dialect) -> Go {
        match parse(line, dialect) {
            Ok(Command::Go(go)) => *go,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn ucci_seconds_until_usemillisec() {
        let g = go(
            "go time 300 increment 2 opptime 200 oppincrement 1",
            Dialect::Ucci,
        );
        let clock = limits(&g, Dialect::Ucci, false, Color::Red).clock.unwrap();
        assert_eq!(clock.time, Duration::from_secs(300));
        assert_eq!(clock.increment, Duration::from_secs(2));
        assert_eq!(clock.opponent_time, Some(Duration::from_secs(200)));
        assert_eq!(clock.opponent_increment, Duration::from_secs(1));
        let clock = limits(&g, Dialect::Ucci, true, Color::Black).clock.unwrap();
        assert_eq!(clock.time, Duration::from_millis(300));
        assert_eq!(clock.increment, Duration::from_millis(2));
        let g = go("go time 1.5 movestogo 10", Dialect::Ucci);
        let clock = limits(&g, Dialect::Ucci, false, Color::Red).clock.unwrap();
        assert_eq!(clock.time, Duration::from_millis(1500));
        assert_eq!(clock.moves_to_go, Some(10));
    }

    #[test]
    fn ucci_movetime_is_a_fixed_time_in_milliseconds() {
        for use_millisec in [true, false] {
            let g = go("go movetime 700", Dialect::Ucci);
            let fixed = limits(&g, Dialect::Ucci, use_millisec, Color::Red);
            assert_eq!(fixed.move_time, Some(Duration::from_millis(700)));
            assert!(is_timed(&fixed));
        }
    }

    #[test]
    fn uci_clocks_follow_the_side_to_move() {
        let g = go("go wtime 1000 btime 2000 winc 10 binc 20", Dialect::Uci);
        let red = limits(&g, Dialect::Uci, false, Color::Red).clock.unwrap();
        assert_eq!(red.time, Duration::from_millis(1000));
        assert_eq!(red.increment, Duration::from_millis(10));
        assert_eq!(red.opponent_time, Some(Duration::from_millis(2000)));
        let black = limits(&g, Dialect::Uci, false, Color::Black).clock.unwrap();
        assert_eq!(black.time, Duration::from_millis(2000));
        assert_eq!(black.increment, Duration::from_millis(20));
        let fixed = limits(
            &go("go movetime 250", Dialect::Uci),
            Dialect::Uci,
            false,
            Color::Red,
        );
        assert_eq!(fixed.move_time, Some(Duration::from_millis(250)));
        assert!(is_timed(&fixed));
        let mate = limits(
            &go("go mate 3", Dialect::Uci),
            Dialect::Uci,
            false,
            Color::Red,
        );
        assert_eq!((mate.mate, mate.depth), (Some(3), None));
        assert!(!is_timed(&mate));
    }

    #[test]
    fn depth_nodes_infinite_and_ponder() {
        let l = limits(
            &go("go ponder depth 7 nodes 900", Dialect::Ucci),
            Dialect::Ucci,
            true,
            Color::Red,
        );
        assert_eq!(
            (l.depth, l.nodes, l.ponder, l.infinite),
            (Some(7), Some(900), true, false)
        );
        let l = limits(
            &go("go depth infinite", Dialect::Ucci),
            Dialect::Ucci,
            true,
            Color::Red,
        );
        assert!(l.infinite && l.clock.is_none());
    }
}
