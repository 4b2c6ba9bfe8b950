//! Playing a batch of SPSA's game pairs: for each probe, two processes of
//! a tuning build (one set to the plus values, one to the minus), two games
//! from one opening with colours swapped, at a fixed number of nodes per
//! move, through the match runner's engines and games. Pairs are played
//! N at once on threads; each pair starts its own two processes, so no
//! table or history carries over from one pair to the next and a pair
//! plays the same games whichever thread plays it.

use super::state::{PairProbe, PairScore};
use crate::arena::adjudication::{Adjudication, DrawRule, ResignRule};
use crate::arena::openings::Opening;
use crate::core::{Color, GameResult};
use crate::matchrunner::clock::EngineLimits;
use crate::matchrunner::engine::{
    EngineConfig, EngineProcess, Protocol, StartError, HANDSHAKE_TIMEOUT,
};
use crate::matchrunner::game::{self, GameSettings, Termination};
use crate::rules::RuleSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// Everything the pairs of a run share.
#[derive(Clone, Debug)]
pub struct PairSetup {
    /// The tuning build to run, and its arguments.
    pub engine: String,
    pub engine_args: Vec<String>,
    /// The tuned parameters' names, in the probes' order.
    pub params: Vec<String>,
    /// Other options, the same for both sides.
    pub engine_options: Vec<(String, String)>,
    pub nodes: u64,
    /// The openings, already in the run's order: pair `k` plays the
    /// `(k - 1) % len`-th.
    pub openings: Vec<Opening>,
}

/// The games' rules: fishtest's resign and draw adjudication (a side down
/// 6 pawns for 3 moves while its opponent agrees; both within 0.2 pawn for
/// 8 moves from move 34), so that decided and dead games end early.
pub fn game_settings() -> GameSettings {
    GameSettings {
        rules: RuleSet::Chinese,
        adjudication: Adjudication {
            resign: Some(ResignRule {
                move_count: 3,
                score: 600,
                two_sided: true,
            }),
            draw: Some(DrawRule {
                move_number: 34,
                move_count: 8,
                score: 20,
            }),
        },
        max_moves: Some(300),
        hang_limit: Duration::from_secs(60),
    }
}

impl PairSetup {
    /// The engine set to one side's values.
    pub fn engine_config(&self, name: &str, values: &[i32]) -> EngineConfig {
        let mut options = self.engine_options.clone();
        options.extend(
            self.params
                .iter()
                .zip(values)
                .map(|(name, value)| (name.clone(), value.to_string())),
        );
        EngineConfig {
            name: name.to_string(),
            cmd: self.engine.clone(),
            args: self.engine_args.clone(),
            dir: None,
            protocol: Protocol::Auto,
            ranks: None,
            options,
            limits: EngineLimits {
                clock: None,
                move_time_ms: None,
                depth: None,
                nodes: Some(self.nodes),
            },
            margin_ms: 0,
        }
    }

    /// Starts the engine once with the values given and stops it: whether
    /// it runs and takes every option (a normal build refuses the
    /// parameters).
    pub fn check(&self, values: &[i32]) -> Result<(), StartError> {
        EngineProcess::start(&self.engine_config("check", values), HANDSHAKE_TIMEOUT)
            .map(EngineProcess::quit)
    }

    fn opening(&self, pair: u64) -> &Opening {
        &self.openings[((pair - 1) % self.openings.len() as u64) as usize]
    }
}

/// Plays the probes' pairs, `concurrency` at once, calling `on_score` as
/// each ends; returns their scores in pair order. A pair once begun is
/// played to its end (Ctrl-C is for the caller to heed between batches).
pub fn play_batch(
    setup: &PairSetup,
    probes: &[PairProbe],
    concurrency: usize,
    mut on_score: impl FnMut(&PairScore),
) -> Vec<PairScore> {
    let next = AtomicUsize::new(0);
    let settings = game_settings();
    let (sender, receiver) = mpsc::channel();
    let mut scores = Vec::with_capacity(probes.len());
    std::thread::scope(|scope| {
        for _ in 0..concurrency.clamp(1, probes.len().max(1)) {
            let sender = sender.clone();
            let (next, settings) = (&next, &settings);
            scope.spawn(move || loop {
                let index = next.fetch_add(1, Ordering::SeqCst);
                let Some(probe) = probes.get(index) else {
                    break;
                };
                if sender.send(play_pair(setup, probe, settings)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        for score in receiver {
            on_score(&score);
            scores.push(score);
        }
    });
    scores.sort_by_key(|s| s.pair);
    scores
}

/// One pair: the plus engine has Red in the first game, the minus engine in
/// the second.
fn play_pair(setup: &PairSetup, probe: &PairProbe, settings: &GameSettings) -> PairScore {
    let opening = setup.opening(probe.pair);
    let configs = [
        setup.engine_config("plus", &probe.plus),
        setup.engine_config("minus", &probe.minus),
    ];
    let never = AtomicBool::new(false);
    let mut engines: [Option<EngineProcess>; 2] = [None, None];
    let mut score = PairScore {
        pair: probe.pair,
        ..PairScore::default()
    };
    for plus_color in [Color::Red, Color::Black] {
        let mut start_failed = None;
        for (side, engine) in engines.iter_mut().enumerate() {
            if engine.as_mut().is_some_and(|e| !e.new_game()) {
                if let Some(stuck) = engine.take() {
                    stuck.kill();
                }
            }
            if engine.is_none() {
                match EngineProcess::start(&configs[side], HANDSHAKE_TIMEOUT) {
                    Ok(started) => *engine = Some(started),
                    Err(_) => start_failed = start_failed.or(Some(side)),
                }
            }
        }
        let (result, termination) = match start_failed {
            // The side that would not start loses the game.
            Some(side) => {
                let color = if side == 0 { plus_color } else { !plus_color };
                (GameResult::loss_for(color), Termination::StartFailure)
            }
            None => {
                let [plus, minus] = &mut engines;
                let (plus, minus) = (
                    plus.as_mut().expect("started"),
                    minus.as_mut().expect("started"),
                );
                let players = match plus_color {
                    Color::Red => [plus, minus],
                    Color::Black => [minus, plus],
                };
                let outcome = game::play(players, opening, settings, &never)
                    .expect("a game nobody stops ends");
                let red_first = plus_color == Color::Red;
                for (i, restart) in outcome.restart.into_iter().enumerate() {
                    let side = if red_first { i } else { 1 - i };
                    if restart {
                        if let Some(faulty) = engines[side].take() {
                            faulty.kill();
                        }
                    }
                }
                (outcome.record.result, outcome.record.termination)
            }
        };
        match result.half_points(plus_color) {
            2 => score.wins += 1,
            1 => score.draws += 1,
            _ => score.losses += 1,
        }
        if is_fault(termination) {
            score.faults += 1;
        }
    }
    for engine in engines.into_iter().flatten() {
        engine.quit();
    }
    score
}

/// Whether a game ended by a fault of an engine rather than on the board.
fn is_fault(termination: Termination) -> bool {
    matches!(
        termination,
        Termination::TimeForfeit
            | Termination::IllegalMove
            | Termination::Crash
            | Termination::Stall
            | Termination::StartFailure
    )
}
