//! Strength levels through the library API: a level caps depth and nodes,
//! keeps to the GUI's own limits, plays legal moves that differ from full
//! strength, and chooses the same move again for the same position.

use chuhan::core::Position;
use chuhan::search::bench::BENCH_POSITIONS;
use chuhan::search::skill::{Skill, FULL_LEVEL};
use chuhan::search::{Clock, Engine, Limits, SearchOutcome};
use std::time::Duration;

/// The search checks its node budget every 1024 nodes.
const POLL: u64 = 1024;

fn play(fen: &str, limits: Limits) -> SearchOutcome {
    Engine::new(16, 1).search(&Position::from_fen(fen).unwrap(), limits)
}

fn at(level: u8) -> Limits {
    Limits {
        skill: Skill::new(level),
        ..Limits::default()
    }
}

#[test]
fn full_strength_is_no_level() {
    assert_eq!(Skill::new(FULL_LEVEL), None);
    assert!(Skill::new(FULL_LEVEL - 1).is_some());
}

#[test]
fn a_level_caps_depth_and_nodes() {
    for level in [0, 3, 10, 19] {
        let skill = Skill::new(level).unwrap();
        for fen in BENCH_POSITIONS.iter().take(6) {
            let out = play(fen, at(level));
            assert!(out.depth <= skill.depth_cap(), "{level} {fen}: {out:?}");
            assert!(
                out.nodes <= skill.node_budget() + POLL,
                "{level} {fen}: {out:?}"
            );
            let pos = Position::from_fen(fen).unwrap();
            assert!(pos.is_legal(out.best.unwrap()), "{level} {fen}");
        }
    }
}

#[test]
fn a_level_keeps_to_the_gui_limits() {
    let skill = Skill::new(19).unwrap();
    let fen = BENCH_POSITIONS[0];
    let out = play(
        fen,
        Limits {
            nodes: Some(3_000),
            ..at(19)
        },
    );
    assert!(out.nodes <= 3_000 + POLL, "{out:?}");
    let out = play(
        fen,
        Limits {
            depth: Some(2),
            ..at(19)
        },
    );
    assert_eq!(out.depth, 2);
    // A nearly spent clock ends the search long before the level's budget.
    let out = play(
        fen,
        Limits {
            clock: Some(Clock {
                time: Duration::from_millis(35),
                ..Clock::default()
            }),
            ..at(19)
        },
    );
    assert!(out.time < Duration::from_millis(300), "{out:?}");
    assert!(out.nodes < skill.node_budget() / 2, "{out:?}");
}

#[test]
fn low_levels_play_other_moves_and_repeat_their_choices() {
    let skill = Skill::new(0).unwrap();
    let mut different = 0;
    for fen in BENCH_POSITIONS.iter().take(20) {
        let weak = play(fen, at(0));
        // Full strength under the same caps.
        let strong = play(
            fen,
            Limits {
                depth: Some(skill.depth_cap()),
                nodes: Some(skill.node_budget()),
                ..Limits::default()
            },
        );
        different += (weak.best != strong.best) as usize;
        assert_eq!(play(fen, at(0)).best, weak.best, "{fen}: the same choice");
    }
    assert!(different >= 3, "{different} of 20 differ");
}
