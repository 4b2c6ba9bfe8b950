//! The search through its library API: tactics it must solve, mate scores
//! and principal variations that are legal, the no-legal-move loss, stopping
//! on request, pondering, and the bench signature.
//!
//! Every tactical position here was composed for this test (the comment by
//! each says why the answer is forced); none is taken from elsewhere.

use crate::mate_oracle;

use chuhan::core::{Move, Position};
use chuhan::search::bench::run_bench;
use chuhan::search::{Bound, Engine, Info, Limits, Score, SearchOutcome};
use mate_oracle::forced_win_within;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn search(fen: &str, depth: i32) -> SearchOutcome {
    let pos = Position::from_fen(fen).unwrap();
    Engine::new(16, 1).search(
        &pos,
        Limits {
            depth: Some(depth),
            ..Limits::default()
        },
    )
}

/// Plays `mv` and says whether the opponent is left without a legal move.
fn leaves_no_reply(fen: &str, mv: Move) -> bool {
    let mut pos = Position::from_fen(fen).unwrap();
    pos.try_play(mv).unwrap();
    pos.has_no_moves()
}

/// The shortest forced win (in moves) the oracle finds, up to `max`.
fn oracle_mate(fen: &str, max: u32) -> Option<u32> {
    let mut pos = Position::from_fen(fen).unwrap();
    (1..=max).find(|&n| forced_win_within(&mut pos, n))
}

#[test]
fn mate_in_one_with_two_chariots() {
    // The a8 chariot covers rank 8 and the open e-file forbids e9 (flying
    // general): b0b9 or b0d0 leaves the black king on d9 no square.
    let fen = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w";
    let out = search(fen, 4);
    assert_eq!(out.score, Score::Mate(1));
    assert!(leaves_no_reply(fen, out.best.unwrap()));
}

#[test]
fn mates_in_two_and_three_match_the_oracle() {
    // Two chariots against a bare king (mate in 2), and against a king with
    // an advisor on e8 (mate in 3); the oracle confirms the distances.
    for (fen, moves) in [
        ("4k4/9/9/9/9/9/9/9/9/RR1K5 w", 2),
        ("4k4/4a4/9/9/9/9/9/9/9/RR1K5 w", 3),
    ] {
        assert_eq!(oracle_mate(fen, moves), Some(moves), "{fen}");
        let out = search(fen, 2 * moves as i32 + 4);
        assert_eq!(out.score, Score::Mate(moves as i32), "{fen}");
    }
}

#[test]
fn horse_and_cannon_mate() {
    // 马后炮: the horse on e7 covers d9 and f9; a cannon behind it on the
    // e-file checks through it and also covers e8.
    let fen = "4k4/9/4N4/9/C8/9/9/9/9/3K5 w";
    let out = search(fen, 4);
    assert_eq!(out.score, Score::Mate(1));
    assert!(leaves_no_reply(fen, out.best.unwrap()));
}

#[test]
fn double_cannon_mate() {
    // 重炮: cannon e5 is the screen for the cannon that arrives on e4; the
    // advisors on d9/f9 box the king in, and a block on e8 makes e5 check.
    let fen = "3aka3/9/9/9/4C4/C8/9/9/9/3K5 w";
    let out = search(fen, 4);
    assert_eq!(out.score, Score::Mate(1));
    assert_eq!(out.best.unwrap().to_string(), "a4e4");
}

#[test]
fn wins_a_hanging_chariot() {
    // The horse on d2 takes the undefended chariot on f3.
    let out = search("3k5/9/9/9/9/9/5r3/3N5/9/4K4 w", 6);
    assert_eq!(out.best.unwrap().to_string(), "d2f3");
    match out.score {
        Score::Cp(cp) => assert!(cp > 300, "{cp}"),
        Score::Mate(_) => {}
    }
}

#[test]
fn avoids_a_defended_capture_that_loses_the_chariot() {
    // Taking the pawn on e5 loses the chariot to the cannon behind the horse.
    let out = search("3kc4/9/4n4/9/4p4/9/9/9/4R4/5K3 w", 6);
    assert_ne!(out.best.unwrap().to_string(), "e1e5");
}

#[test]
fn side_without_legal_moves_has_lost() {
    // Black to move: d8 is covered along rank 8, e9 along the e-file.
    let out = search("3k5/4R4/9/9/9/9/9/9/9/5K3 b", 3);
    assert_eq!(out.best, None);
    assert_eq!(out.score, Score::Mate(0), "mated now");
}

#[test]
fn principal_variations_are_legal_move_sequences() {
    for fen in chuhan::search::bench::BENCH_POSITIONS.iter().take(12) {
        let pos = Position::from_fen(fen).unwrap();
        let pvs = Arc::new(Mutex::new(Vec::new()));
        let sink_pvs = Arc::clone(&pvs);
        let engine = Engine::new(16, 1);
        let handle = engine.go(
            &pos,
            Limits {
                depth: Some(7),
                ..Limits::default()
            },
            Box::new(move |info: &Info| {
                if let Info::Iteration(it) = info {
                    sink_pvs.lock().unwrap().push(it.pv.clone());
                }
            }),
        );
        let outcome = handle.wait();
        let pvs = pvs.lock().unwrap();
        assert!(!pvs.is_empty());
        for pv in pvs.iter() {
            let mut p = pos.clone();
            for mv in pv {
                assert!(p.try_play(*mv).is_ok(), "{fen}: illegal {mv} in {pv:?}");
            }
        }
        assert_eq!(outcome.best, pvs.last().unwrap().first().copied(), "{fen}");
    }
}

#[test]
fn banned_moves_are_never_played() {
    let pos = Position::startpos();
    let first = Engine::new(16, 1)
        .search(
            &pos,
            Limits {
                depth: Some(5),
                ..Limits::default()
            },
        )
        .best
        .unwrap();
    let banned = vec![first];
    let second = Engine::new(16, 1).search(
        &pos,
        Limits {
            depth: Some(5),
            banned: banned.clone(),
            ..Limits::default()
        },
    );
    assert_ne!(second.best, Some(first));
    // Banning every move leaves nothing to play.
    let all: Vec<Move> = pos.legal_moves().into_iter().collect();
    let none = Engine::new(16, 1).search(
        &pos,
        Limits {
            depth: Some(3),
            banned: all,
            ..Limits::default()
        },
    );
    assert_eq!(none.best, None);
}

#[test]
fn stop_ends_an_infinite_search_promptly() {
    let engine = Engine::new(16, 1);
    let handle = engine.go(
        &Position::startpos(),
        Limits {
            infinite: true,
            ..Limits::default()
        },
        Box::new(|_| {}),
    );
    std::thread::sleep(Duration::from_millis(300));
    assert!(!handle.is_finished(), "an infinite search waits for stop");
    let asked = Instant::now();
    handle.stop();
    let outcome = handle.wait();
    let latency = asked.elapsed();
    println!("stop latency {latency:?}");
    // The search polls every 1024 nodes (well under a millisecond); the bound
    // is generous for a loaded machine.
    assert!(latency < Duration::from_millis(500), "{latency:?}");
    assert!(outcome.best.is_some());
}

#[test]
fn ponder_waits_for_ponderhit_then_keeps_to_its_clock() {
    let engine = Engine::new(16, 1);
    let clock = chuhan::search::Clock {
        time: Duration::from_millis(2_000),
        ..Default::default()
    };
    let limits = Limits {
        ponder: true,
        clock: Some(clock),
        ..Limits::default()
    };
    let handle = engine.go(&Position::startpos(), limits, Box::new(|_| {}));
    std::thread::sleep(Duration::from_millis(400));
    assert!(!handle.is_finished(), "pondering ignores the clock");
    let hit = Instant::now();
    handle.ponderhit();
    let outcome = handle.wait();
    assert!(
        hit.elapsed() < Duration::from_millis(1_900),
        "{:?}",
        hit.elapsed()
    );
    assert!(outcome.best.is_some());
}

#[test]
fn fixed_node_searches_stop_near_the_budget() {
    let engine = Engine::new(16, 1);
    let out = engine.search(
        &Position::startpos(),
        Limits {
            nodes: Some(50_000),
            ..Limits::default()
        },
    );
    assert!(out.nodes >= 50_000 && out.nodes < 60_000, "{}", out.nodes);
}

/// A soft node budget lets the iteration running when it is spent finish:
/// the search ends on a whole depth, past the budget and within the hard
/// cap, where a hard budget alone stops in the middle of one.
#[test]
fn a_soft_node_budget_finishes_the_iteration_it_is_in() {
    let fen = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1";
    let (hard, hard_out) = iterations(
        fen,
        Limits {
            nodes: Some(20_000),
            ..Limits::default()
        },
    );
    let (soft, soft_out) = iterations(
        fen,
        Limits {
            nodes: Some(80_000),
            soft_nodes: Some(20_000),
            ..Limits::default()
        },
    );
    assert!(hard_out.nodes < 21_000, "{}", hard_out.nodes);
    assert!(
        soft_out.nodes > 20_000 && soft_out.nodes <= 81_000,
        "{}",
        soft_out.nodes
    );
    let last = soft.last().unwrap();
    assert_eq!(
        last.depth, soft_out.depth,
        "the outcome is the last whole depth"
    );
    assert_eq!(last.bound, Bound::Exact);
    // Its last iteration began before the budget ran out, and finished.
    let before_last = soft.iter().rev().find(|it| it.depth < last.depth).unwrap();
    assert!(before_last.nodes < 20_000, "{}", before_last.nodes);
    assert!(soft_out.depth >= hard_out.depth, "never a shallower label");
    assert!(!hard.is_empty());
}

#[test]
fn two_threads_complete_the_depth_asked_with_a_legal_move_and_reply() {
    let pos = Position::startpos();
    let out = Engine::new(16, 2).search(
        &pos,
        Limits {
            depth: Some(8),
            ..Limits::default()
        },
    );
    assert_eq!(out.depth, 8);
    let best = out.best.unwrap();
    assert!(pos.is_legal(best));
    let mut after = pos.clone();
    after.make(best);
    assert!(after.is_legal(out.ponder.expect("a reply at depth 8")));
    assert!(out.score.as_centipawns().abs() < 200, "{:?}", out.score);
}

#[test]
fn a_parallel_search_plays_the_line_it_reports_last() {
    // Four threads deepen on their own and vote on the move; whichever
    // thread's line wins, the last report shows it, so a GUI's score and
    // principal variation belong to the move played.
    let engine = Engine::new(16, 4);
    for fen in chuhan::search::bench::BENCH_POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        let last = Arc::new(Mutex::new(None));
        let sink_last = Arc::clone(&last);
        let out = engine
            .go(
                &pos,
                Limits {
                    move_time: Some(Duration::from_millis(100)),
                    ..Limits::default()
                },
                Box::new(move |info: &Info| {
                    // A bound's report (a failed aspiration window) is
                    // searched again; only finished iterations count.
                    match info {
                        Info::Iteration(iteration) if iteration.bound == Bound::Exact => {
                            *sink_last.lock().unwrap() = Some(iteration.clone());
                        }
                        _ => {}
                    }
                }),
            )
            .wait();
        let last = last
            .lock()
            .unwrap()
            .clone()
            .expect("an iteration was reported");
        assert_eq!(Some(last.pv[0]), out.best, "{fen}");
        assert_eq!(last.pv.get(1).copied(), out.ponder, "{fen}");
        assert_eq!((last.score, last.depth), (out.score, out.depth), "{fen}");
        assert!(pos.is_legal(last.pv[0]));
    }
}

/// The bench is deterministic; its counts are pinned in one place,
/// `tests/data/bench.tsv`, read by `tests/tools/bench.rs`.
#[test]
fn bench_signature_is_stable() {
    let first = run_bench(6, 16);
    let second = run_bench(6, 16);
    assert_eq!(first.nodes, second.nodes);
    assert!(first.nodes > 1_000);
}

#[test]
fn root_moves_are_announced_after_three_seconds() {
    let pos = Position::startpos();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink_seen = Arc::clone(&seen);
    let engine = Engine::new(16, 1);
    // Taken before `go`, so the engine's own clock, started inside `go`,
    // is never ahead of this one: a lower bound a loaded machine cannot fail.
    let started = Instant::now();
    let handle = engine.go(
        &pos,
        Limits {
            infinite: true,
            ..Limits::default()
        },
        Box::new(move |info: &Info| {
            if let Info::CurrMove { mv, number, .. } = info {
                sink_seen.lock().unwrap().push((*mv, *number));
            }
        }),
    );
    // A root move is announced when one starts after three seconds; on a
    // loaded machine the move under search then may take a while to finish.
    while seen.lock().unwrap().is_empty() && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let waited = started.elapsed();
    handle.stop();
    handle.wait();
    let seen = seen.lock().unwrap();
    assert!(!seen.is_empty(), "no currmove after {waited:?}");
    assert!(
        waited >= Duration::from_secs(3),
        "announced before three seconds: {waited:?}"
    );
    assert!(seen
        .iter()
        .all(|&(mv, n)| pos.is_legal(mv) && (1..=44).contains(&n)));
}

/// Every iteration report of a search, in order.
fn iterations(fen: &str, limits: Limits) -> (Vec<chuhan::search::Iteration>, SearchOutcome) {
    let pos = Position::from_fen(fen).unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink_seen = Arc::clone(&seen);
    let handle = Engine::new(16, 1).go(
        &pos,
        limits,
        Box::new(move |info: &Info| {
            if let Info::Iteration(it) = info {
                sink_seen.lock().unwrap().push(it.clone());
            }
        }),
    );
    let outcome = handle.wait();
    let seen = seen.lock().unwrap().clone();
    (seen, outcome)
}

#[test]
fn seldepth_is_never_below_depth() {
    // Once the mate in one is found, mate-distance pruning cuts every line
    // at ply 2, far above the nominal depth.
    let (its, _) = iterations(
        "3k5/R8/9/9/9/9/9/9/9/1R2K4 w",
        Limits {
            depth: Some(9),
            ..Limits::default()
        },
    );
    assert_eq!(its.last().unwrap().depth, 9);
    for it in &its {
        assert!(it.seldepth >= it.depth as usize, "{it:?}");
    }
}

#[test]
fn a_mate_search_stops_once_the_mate_is_proven() {
    for (fen, moves) in [
        ("4k4/9/9/9/9/9/9/9/9/RR1K5 w", 2),
        ("4k4/4a4/9/9/9/9/9/9/9/RR1K5 w", 3),
    ] {
        assert_eq!(oracle_mate(fen, moves), Some(moves), "{fen}");
        let (its, out) = iterations(
            fen,
            Limits {
                mate: Some(moves),
                ..Limits::default()
            },
        );
        assert_eq!(out.score, Score::Mate(moves as i32), "{fen}");
        // It stops at the first iteration that proves the mate, not at a depth limit.
        let last = its.last().unwrap();
        assert_eq!(last.score, Score::Mate(moves as i32), "{fen}");
        assert_eq!(its.iter().filter(|it| it.score == last.score).count(), 1);
        assert_eq!(out.depth, last.depth, "{fen}");
        assert!(out.depth <= 2 * moves as i32 + 4, "{fen}: {its:?}");
        let mut pos = Position::from_fen(fen).unwrap();
        for mv in &last.pv {
            pos.try_play(*mv).unwrap();
        }
        assert!(pos.has_no_moves(), "{fen}: the PV ends in mate");
    }
}

#[test]
fn a_mate_search_without_a_short_enough_mate_keeps_to_its_other_limits() {
    // A mate in 3 is there, a mate in 2 is not: the search runs to its depth.
    let fen = "4k4/4a4/9/9/9/9/9/9/9/RR1K5 w";
    assert_eq!(oracle_mate(fen, 2), None);
    let out = iterations(
        fen,
        Limits {
            mate: Some(2),
            depth: Some(9),
            ..Limits::default()
        },
    )
    .1;
    assert_eq!((out.depth, out.score), (9, Score::Mate(3)));
    let out = iterations(
        fen,
        Limits {
            mate: Some(2),
            nodes: Some(30_000),
            ..Limits::default()
        },
    )
    .1;
    assert!(out.nodes >= 30_000 && out.nodes < 40_000, "{}", out.nodes);
}

#[test]
fn failed_aspiration_windows_are_reported_as_bounds() {
    let (mut lower, mut upper) = (0, 0);
    for fen in chuhan::search::bench::BENCH_POSITIONS.iter().take(8) {
        let (its, out) = iterations(
            fen,
            Limits {
                depth: Some(9),
                ..Limits::default()
            },
        );
        for (i, it) in its.iter().enumerate() {
            match it.bound {
                Bound::Exact => continue,
                Bound::Lower => lower += 1,
                Bound::Upper => upper += 1,
            }
            // A failed window is searched again at the same depth, which ends exact.
            let settled = its[i + 1..]
                .iter()
                .find(|later| later.bound == Bound::Exact)
                .unwrap_or_else(|| panic!("{fen}: no exact report after {it:?}"));
            assert_eq!(settled.depth, it.depth, "{fen}");
            // A fail-high names the move that beat the window.
            if it.bound == Bound::Lower {
                assert!(!it.pv.is_empty(), "{fen}: {it:?}");
            }
        }
        // The outcome is the last exact report's.
        let last = its.last().unwrap();
        assert_eq!((last.bound, last.score), (Bound::Exact, out.score), "{fen}");
    }
    println!("{lower} fail-highs, {upper} fail-lows");
    assert!(
        lower > 0 && upper > 0,
        "{lower} fail-highs, {upper} fail-lows"
    );
}

#[test]
fn long_searches_report_progress_about_once_a_second() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let sink_seen = Arc::clone(&seen);
    let handle = Engine::new(16, 2).go(
        &Position::startpos(),
        Limits {
            infinite: true,
            ..Limits::default()
        },
        Box::new(move |info: &Info| sink_seen.lock().unwrap().push(info.clone())),
    );
    std::thread::sleep(Duration::from_millis(3_500));
    handle.stop();
    handle.wait();
    let seen = seen.lock().unwrap();
    let progress: Vec<_> = seen
        .iter()
        .filter_map(|info| match info {
            Info::Progress(p) => Some(p),
            _ => None,
        })
        .collect();
    // At 1 s, 2 s and 3 s; never sooner than a second after the last one.
    assert!(progress.len() >= 2 && progress.len() <= 3, "{progress:?}");
    let mut last = Duration::ZERO;
    for p in &progress {
        assert!(p.nodes > 0 && p.nps > 0 && p.hashfull > 0, "{p:?}");
        assert!(p.time >= last + Duration::from_secs(1), "{progress:?}");
        last = p.time;
    }
    // A search shorter than a second sends no progress report.
    let seen = Arc::new(Mutex::new(0));
    let sink_seen = Arc::clone(&seen);
    let quick = Engine::new(16, 1)
        .go(
            &Position::from_fen(chuhan::search::bench::BENCH_POSITIONS[0]).unwrap(),
            Limits {
                depth: Some(5),
                ..Limits::default()
            },
            Box::new(move |info: &Info| {
                if matches!(info, Info::Progress(_)) {
                    *sink_seen.lock().unwrap() += 1;
                }
            }),
        )
        .wait();
    assert!(quick.time < Duration::from_secs(1), "{:?}", quick.time);
    assert_eq!(*seen.lock().unwrap(), 0);
}
