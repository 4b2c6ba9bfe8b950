//! What bounds a search: depth, nodes, a fixed time, a clock, or nothing
//! (infinite and ponder searches wait for `stop` or `ponderhit`), and the
//! time plan derived from a clock.

use super::params;
use super::score::{MATE, MATE_BOUND};
use super::skill::Skill;
use crate::core::Move;
use std::time::Duration;

/// A side's clock as a GUI reports it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left for the side to move.
    pub time: Duration,
    /// Added after each move (Fischer).
    pub increment: Duration,
    /// Moves until the next time control, if the control has periods.
    pub moves_to_go: Option<u32>,
    /// The opponent's time left and increment, if known.
    pub opponent_time: Option<Duration>,
    pub opponent_increment: Duration,
}

/// Everything that tells a search when to stop.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    /// Start no iteration once this many nodes are spent (the one running
    /// finishes, within `nodes` if that is set too): results of a whole
    /// depth, as training labels want.
    pub soft_nodes: Option<u64>,
    /// Think exactly this long (UCI `movetime`).
    pub move_time: Option<Duration>,
    pub clock: Option<Clock>,
    /// Search until told to stop.
    pub infinite: bool,
    /// Think on the opponent's time: no time limit until `ponderhit`.
    pub ponder: bool,
    /// Root moves the search must not play (UCCI `banmoves`).
    pub banned: Vec<Move>,
    /// How many best lines to report (UCI MultiPV); 0 or 1 means one.
    pub multipv: usize,
    /// Stop once a mate in this many moves or fewer is proven for the side
    /// to move (UCI `go mate N`); other limits still apply.
    pub mate: Option<u32>,
    /// Play below full strength (`None`: full strength).
    pub skill: Option<Skill>,
}

/// How long to think: stop starting iterations after `soft` (scaled by
/// [`TimePlan::soft_limit`]), and never run past `hard`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimePlan {
    pub soft: Duration,
    pub hard: Duration,
    /// A fixed time (`movetime`): all of it is spent, however settled the
    /// search looks; only `hard` stops it.
    pub fixed: bool,
}

/// A fixed-time search (`movetime`) answers this much before its time is up,
/// besides the move overhead, since it is stopped mid-iteration.
const MOVE_TIME_MARGIN: Duration = Duration::from_millis(5);

/// Time a clock keeps beyond every move's spending, for the moments the
/// engine does not control: the GUI reading the reply, a loaded machine
/// scheduling the process late. It grows with the move overhead the user
/// sets, since a larger overhead says the link is slow.
pub fn clock_reserve(overhead: Duration) -> Duration {
    Duration::from_millis(20) + overhead * 2
}

/// How settled an iteration left the search, as the time plan reads it.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Settledness {
    /// Iterations in a row that kept the best move.
    pub stable_iterations: u32,
    /// How far the score fell from the previous iteration, in centipawns
    /// (negative when it rose).
    pub score_drop: i32,
    /// The share (0 to 1) of the thread's nodes spent under the best move.
    pub best_move_effort: f64,
}

impl TimePlan {
    /// How long the search may run before it starts no further iteration:
    /// the plan's soft time, longer while the best move keeps changing and
    /// while the score falls, shorter once the move has settled and once it
    /// takes nearly all the nodes; never past `hard`. A fixed-time plan uses
    /// all its time.
    pub fn soft_limit(&self, settled: Settledness) -> Duration {
        if self.fixed {
            return self.hard;
        }
        let hundredths = |n: i32| f64::from(n) / 100.0;
        let stability = hundredths(match settled.stable_iterations {
            0 => params::tm_unstable(),
            1 => params::tm_stable_1(),
            2 | 3 => params::tm_stable_3(),
            _ => params::tm_settled(),
        });
        // A falling score says the position holds a problem the search has
        // begun to see: a drop of a pawn or more buys up to half as much
        // time again.
        let cap = params::tm_fall_cap();
        let fall = f64::from(settled.score_drop.clamp(0, cap)) / f64::from(cap);
        let falling = 1.0 + fall * hundredths(params::tm_fall_bonus());
        // A best move that took nearly all the nodes has left its rivals
        // little to refute it with.
        let effort = if settled.best_move_effort >= hundredths(params::tm_effort_share()) {
            hundredths(params::tm_effort_cut())
        } else {
            1.0
        };
        self.soft
            .mul_f64(stability * falling * effort)
            .min(self.hard)
    }
}

/// The limits in the words of a `go` command (`depth 8 nodes 5000 clock
/// 60000+1000 ms`), only those set, for the debug line a GUI's user reads.
impl std::fmt::Display for Limits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_millis();
        let mut words = Vec::new();
        if self.infinite {
            words.push("infinite".to_string());
        }
        if self.ponder {
            words.push("ponder".to_string());
        }
        if let Some(depth) = self.depth {
            words.push(format!("depth {depth}"));
        }
        if let Some(nodes) = self.nodes {
            words.push(format!("nodes {nodes}"));
        }
        if let Some(mate) = self.mate {
            words.push(format!("mate {mate}"));
        }
        if let Some(t) = self.move_time {
            words.push(format!("movetime {} ms", ms(t)));
        }
        if let Some(c) = &self.clock {
            let mut clock = format!("clock {}+{} ms", ms(c.time), ms(c.increment));
            if let Some(moves) = c.moves_to_go {
                clock += &format!(" movestogo {moves}");
            }
            if let Some(opp) = c.opponent_time {
                clock += &format!(" opponent {}+{} ms", ms(opp), ms(c.opponent_increment));
            }
            words.push(clock);
        }
        if self.multipv > 1 {
            words.push(format!("multipv {}", self.multipv));
        }
        if let Some(skill) = self.skill {
            words.push(format!("skill {}", skill.level()));
        }
        if !self.banned.is_empty() {
            let banned: Vec<String> = self.banned.iter().map(Move::to_string).collect();
            words.push(format!("banned {}", banned.join(" ")));
        }
        if words.is_empty() {
            return f.write_str("no limit (until stop)");
        }
        f.write_str(&words.join(", "))
    }
}

impl Limits {
    /// Whether `score` (internal, from a completed iteration) proves the
    /// mate that [`Limits::mate`] asks for.
    pub fn mate_is_proven(&self, score: i32) -> bool {
        self.mate.is_some_and(|moves| {
            score >= MATE_BOUND && (MATE - score + 1) / 2 <= moves.min(i32::MAX as u32) as i32
        })
    }

    /// Whether the search ends without being told: a depth, node, time or
    /// clock limit bounds it and it is neither infinite nor pondering. A
    /// search that does not (a bare `go`, or `go mate N` with nothing else)
    /// runs until `stop`, so the protocol must stop it when input ends.
    pub fn ends_by_itself(&self) -> bool {
        !self.infinite
            && !self.ponder
            && (self.depth_limit().is_some()
                || self.node_limit().is_some()
                || self.move_time.is_some()
                || self.clock.is_some())
    }

    /// The depth limit: the GUI's, or the skill level's if that is smaller.
    pub fn depth_limit(&self) -> Option<i32> {
        let skill = self.skill.map(Skill::depth_cap);
        match (self.depth, skill) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The node budget: the GUI's, or the skill level's if that is smaller.
    pub fn node_limit(&self) -> Option<u64> {
        let skill = self.skill.map(Skill::node_budget);
        match (self.nodes, skill) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The time plan for these limits, leaving `overhead` for communication;
    /// `None` when time does not bound the search.
    pub fn time_plan(&self, overhead: Duration) -> Option<TimePlan> {
        if let Some(t) = self.move_time {
            // The whole time, minus what the reply needs to arrive in time.
            let t = t
                .saturating_sub(overhead + MOVE_TIME_MARGIN)
                .max(Duration::from_millis(1));
            return Some(TimePlan {
                soft: t,
                hard: t,
                fixed: true,
            });
        }
        let clock = self.clock.as_ref()?;
        // What this and every later move may spend: the clock less its
        // reserve, or a sliver of it once the clock is down to the reserve
        // (there is still a move to make).
        let time = clock.time;
        let left = time
            .saturating_sub(clock_reserve(overhead))
            .max(time / 16)
            .max(Duration::from_millis(1));
        let left_ms = left.as_millis() as u64;
        let inc_ms = clock.increment.as_millis() as u64;
        let moves_left = params::tm_moves_left() as u64;
        let moves = clock
            .moves_to_go
            .map_or(moves_left, |m| (m as u64).clamp(1, moves_left));
        let mut soft_ms = left_ms / moves + inc_ms * params::tm_increment_share() as u64 / 100;
        // With more time than the opponent we may spend a little more, and
        // less with less (each clock counted with 20 increments to come).
        if let Some(opp) = clock.opponent_time {
            let ours = left_ms + 20 * inc_ms;
            let theirs = opp.as_millis() as u64 + 20 * clock.opponent_increment.as_millis() as u64;
            let stretch = 1.0 + f64::from(params::tm_clock_ratio()) / 100.0;
            let ratio = (ours as f64 / theirs.max(1) as f64).clamp(1.0 / stretch, stretch);
            soft_ms = (soft_ms as f64 * ratio) as u64;
        }
        let (soft_cap, hard_cap) = if moves == 1 {
            (
                left_ms * params::tm_last_soft_cap() as u64 / 100,
                left_ms * params::tm_last_hard_cap() as u64 / 100,
            )
        } else {
            (
                left_ms / params::tm_soft_cap_divisor() as u64,
                left_ms * params::tm_hard_cap() as u64 / 100,
            )
        };
        let soft_ms = soft_ms.min(soft_cap).max(1);
        let hard_ms = (soft_ms * params::tm_hard_ratio() as u64 / 100)
            .min(hard_cap)
            .max(soft_ms);
        Some(TimePlan {
            soft: Duration::from_millis(soft_ms),
            hard: Duration::from_millis(hard_ms),
            fixed: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn hard_limit_never_exceeds_the_clock() {
        let overhead = ms(30);
        for time in [1u64, 50, 100, 500, 1_000, 5_000, 60_000, 600_000, 7_200_000] {
            for inc in [0u64, 100, 1_000, 10_000] {
                for mtg in [None, Some(1), Some(2), Some(10), Some(40)] {
                    for opp in [None, Some(ms(1)), Some(ms(time * 10 + 1))] {
                        let limits = Limits {
                            clock: Some(Clock {
                                time: ms(time),
                                increment: ms(inc),
                                moves_to_go: mtg,
                                opponent_time: opp,
                                opponent_increment: ms(inc),
                            }),
                            ..Limits::default()
                        };
                        let plan = limits.time_plan(overhead).unwrap();
                        assert!(plan.soft <= plan.hard, "{time} {inc} {mtg:?}");
                        let budget = ms(time).saturating_sub(overhead).max(ms(1));
                        assert!(plan.hard <= budget, "{time}+{inc} mtg {mtg:?}: {plan:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn plans_scale_with_the_clock() {
        let plan = |time, inc, mtg| {
            Limits {
                clock: Some(Clock {
                    time: ms(time),
                    increment: ms(inc),
                    moves_to_go: mtg,
                    ..Clock::default()
                }),
                ..Limits::default()
            }
            .time_plan(ms(0))
            .unwrap()
        };
        assert!(plan(60_000, 0, None).soft > plan(10_000, 0, None).soft);
        assert!(plan(10_000, 1_000, None).soft > plan(10_000, 0, None).soft);
        // The last move before the control may use most of the time.
        assert!(plan(10_000, 0, Some(1)).soft >= ms(5_000));
        let fixed = Limits {
            move_time: Some(ms(500)),
            ..Limits::default()
        }
        .time_plan(ms(20))
        .unwrap();
        assert_eq!(
            fixed,
            TimePlan {
                soft: ms(475),
                hard: ms(475),
                fixed: true,
            }
        );
        assert!(Limits::default().time_plan(ms(0)).is_none());
    }

    fn sudden_death(time: u64, inc: u64, overhead: u64) -> TimePlan {
        Limits {
            clock: Some(Clock {
                time: ms(time),
                increment: ms(inc),
                ..Clock::default()
            }),
            ..Limits::default()
        }
        .time_plan(ms(overhead))
        .unwrap()
    }

    #[test]
    fn a_fixed_move_time_is_spent_whole() {
        let plan = Limits {
            move_time: Some(ms(700)),
            ..Limits::default()
        }
        .time_plan(ms(30))
        .unwrap();
        for stable_iterations in [0, 1, 5, 20] {
            for (score_drop, best_move_effort) in [(0, 0.0), (-300, 0.5), (300, 1.0)] {
                let settled = Settledness {
                    stable_iterations,
                    score_drop,
                    best_move_effort,
                };
                assert_eq!(plan.soft_limit(settled), ms(665));
            }
        }
    }

    #[test]
    fn an_unsettled_move_and_a_falling_score_buy_time() {
        let plan = sudden_death(60_000, 0, 30);
        assert!(!plan.fixed && plan.soft < plan.hard);
        let limit = |stable_iterations, score_drop| {
            plan.soft_limit(Settledness {
                stable_iterations,
                score_drop,
                best_move_effort: 0.5,
            })
        };
        // Each iteration that keeps the best move shortens the wait, down to
        // 60% of the soft time.
        assert!(limit(0, 0) > limit(1, 0));
        assert!(limit(1, 0) > limit(2, 0));
        assert!(limit(3, 0) > limit(4, 0));
        assert_eq!(limit(10, 0), plan.soft.mul_f64(0.6));
        // A score that fell buys more time the more it fell, up to half
        // again; a score that rose buys none.
        assert!(limit(2, 60) > limit(2, 0));
        assert!(limit(2, 120) > limit(2, 60));
        assert_eq!(limit(2, 120), limit(2, 5_000));
        assert_eq!(limit(2, -200), limit(2, 0));
        // A best move that takes nearly all the nodes stops the search sooner.
        let effort = |best_move_effort| {
            plan.soft_limit(Settledness {
                stable_iterations: 2,
                score_drop: 0,
                best_move_effort,
            })
        };
        assert_eq!(effort(0.0), limit(2, 0));
        assert_eq!(effort(0.89), limit(2, 0));
        let ratio = effort(0.95).as_secs_f64() / limit(2, 0).as_secs_f64();
        assert!((ratio - 0.75).abs() < 1e-6, "{ratio}");
        // Never past the hard limit.
        let short = sudden_death(1_000, 500, 30);
        let unsettled = Settledness {
            score_drop: 500,
            ..Settledness::default()
        };
        assert_eq!(short.soft_limit(unsettled), short.hard);
    }

    #[test]
    fn low_clocks_keep_a_reserve_that_grows_with_the_overhead() {
        assert!(clock_reserve(ms(100)) > clock_reserve(ms(30)));
        for overhead in [0u64, 10, 30, 100, 500] {
            let reserve = clock_reserve(ms(overhead));
            for time in (10u64..3_000).step_by(7) {
                for inc in [0u64, 10, 100, 1_000] {
                    let plan = sudden_death(time, inc, overhead);
                    let kept = ms(time) - plan.hard;
                    // The reserve stays on the clock; below it, three quarters
                    // of what is left does.
                    assert!(
                        kept >= reserve.min(ms(time * 3 / 4)),
                        "{time}+{inc} overhead {overhead}: {plan:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_game_that_always_spends_its_hard_limit_never_drains_the_reserve() {
        // The worst case for a clock: every move runs to its hard limit.
        for (start, inc) in [(3_000u64, 100u64), (1_000, 10), (2_000, 20), (10_000, 100)] {
            for overhead in [0u64, 30, 100] {
                let reserve = clock_reserve(ms(overhead)).as_millis() as u64;
                let mut clock = start;
                for ply in 0..300 {
                    let spent = sudden_death(clock, inc, overhead).hard.as_millis() as u64;
                    clock -= spent;
                    assert!(
                        clock >= reserve,
                        "{start}+{inc} overhead {overhead}: {clock} ms left at move {ply}"
                    );
                    clock += inc;
                }
            }
        }
    }
}
