//! A tuning run's whole state: its settings, each parameter's current value
//! (theta), the pairs played and their tally, and the values' history. It
//! is kept in one text file (see [`super::state_file`]) so that a run can
//! stop anywhere and go on from the file on any machine.
//!
//! The run is deterministic: pair `k`'s signs, rounding and opening are
//! drawn from the seed and `k` alone, and pairs are planned in batches of a
//! fixed size, each batch probing the theta its first pair found. A run
//! stopped between batches and resumed therefore ends where one run at once
//! would, whenever the games themselves are deterministic (fixed nodes, one
//! thread).

use super::schedule::Schedule;
use crate::random::{splitmix64, Rng};
use crate::search::params::{self, Param};

/// The settings fixed when a run is created.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaSettings {
    pub seed: u64,
    /// Nodes per move, for both engines.
    pub nodes: u64,
    /// The openings file (PGN or EPD), relative to where the run is started.
    pub openings: String,
    /// Engine options set besides the parameters (`NAME=VALUE`).
    pub engine_options: Vec<String>,
    /// Pairs planned per batch: each batch probes one theta.
    pub batch: u64,
    /// A row of history is kept every this many pairs.
    pub history_every: u64,
    pub schedule: Schedule,
}

/// One tuned parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct TunedParam {
    pub name: String,
    /// Its current value; engines play it rounded.
    pub theta: f64,
    /// Its value when the run began.
    pub start: i32,
    pub min: i32,
    pub max: i32,
    /// Its perturbation at the planned last pair.
    pub c_end: f64,
}

impl TunedParam {
    /// The parameter as the search declares it, starting at its value.
    pub fn from_search(param: &Param) -> TunedParam {
        TunedParam {
            name: param.name.to_string(),
            theta: f64::from(param.value),
            start: param.value,
            min: param.min,
            max: param.max,
            c_end: f64::from(param.step),
        }
    }

    /// Its drift since the start, in units of its final perturbation.
    pub fn drift(&self) -> f64 {
        (self.theta - f64::from(self.start)) / self.c_end
    }

    fn clamp(&self, value: f64) -> f64 {
        value.clamp(f64::from(self.min), f64::from(self.max))
    }
}

/// The games played so far, counted for the plus side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SpsaTally {
    pub pairs: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Games that ended by a fault rather than on the board: a crash, a
    /// hang, an illegal move, a lost start.
    pub faults: u64,
}

impl SpsaTally {
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}

impl std::fmt::Display for SpsaTally {
    /// `+89 =105 -94 for the plus side, 0 faults`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "+{} ={} -{} for the plus side, {} faults",
            self.wins, self.draws, self.losses, self.faults
        )
    }
}

/// Theta after a number of pairs, for the plot.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryRow {
    pub pairs: u64,
    pub theta: Vec<f64>,
}

/// The run.
#[derive(Clone, Debug, PartialEq)]
pub struct SpsaState {
    pub settings: SpsaSettings,
    pub params: Vec<TunedParam>,
    pub tally: SpsaTally,
    pub history: Vec<HistoryRow>,
}

/// What one game pair is played with: pair `k`'s signs and the two sets of
/// values, rounded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairProbe {
    /// The pair's number, from 1.
    pub pair: u64,
    /// One sign per parameter.
    pub flips: Vec<i8>,
    pub plus: Vec<i32>,
    pub minus: Vec<i32>,
}

/// What a pair gave the plus side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PairScore {
    pub pair: u64,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub faults: u32,
}

/// Why a state cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpsaError {
    UnknownParam(String),
    NoParams,
    /// A score for a pair that is not the next one.
    OutOfOrder {
        expected: u64,
        got: u64,
    },
}

impl std::fmt::Display for SpsaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpsaError::UnknownParam(name) => write!(f, "the search has no parameter '{name}'"),
            SpsaError::NoParams => f.write_str("no parameter to tune"),
            SpsaError::OutOfOrder { expected, got } => {
                write!(f, "pair {got} came where pair {expected} was due")
            }
        }
    }
}

impl std::error::Error for SpsaError {}

impl SpsaState {
    /// A new run over the parameters named (when none is, all that games at
    /// fixed nodes can tune: the time manager's need a clock), each
    /// starting at the search's value.
    pub fn new(settings: SpsaSettings, names: &[String]) -> Result<SpsaState, SpsaError> {
        let params: Vec<TunedParam> = if names.is_empty() {
            params::PARAMS
                .iter()
                .filter(|p| !p.needs_clock())
                .map(TunedParam::from_search)
                .collect()
        } else {
            names
                .iter()
                .map(|name| {
                    params::find(name)
                        .map(|(_, p)| TunedParam::from_search(p))
                        .ok_or_else(|| SpsaError::UnknownParam(name.clone()))
                })
                .collect::<Result<_, _>>()?
        };
        if params.is_empty() {
            return Err(SpsaError::NoParams);
        }
        let mut state = SpsaState {
            settings,
            params,
            tally: SpsaTally::default(),
            history: Vec::new(),
        };
        state.record_history();
        Ok(state)
    }

    /// The probes of the next batch, all from the current theta.
    pub fn next_batch(&self) -> Vec<PairProbe> {
        let first = self.tally.pairs + 1;
        (first..first + self.settings.batch.max(1))
            .map(|k| self.probe(k))
            .collect()
    }

    /// Pair `k`'s probe from the current theta: the signs, and each value
    /// `theta ± c_k` rounded up or down at random in proportion (so the
    /// rounding adds no bias), both kept in the parameter's range.
    pub fn probe(&self, k: u64) -> PairProbe {
        let mut rng = self.pair_stream(k);
        let mut probe = PairProbe {
            pair: k,
            flips: Vec::with_capacity(self.params.len()),
            plus: Vec::with_capacity(self.params.len()),
            minus: Vec::with_capacity(self.params.len()),
        };
        for param in &self.params {
            let flip: i8 = if rng.next_u64() & 1 == 0 { 1 } else { -1 };
            let c = self.settings.schedule.perturbation(param.c_end, k);
            let nudge = rng.next_f64();
            let round = |value: f64| (param.clamp(value) + nudge).floor() as i32;
            let offset = c * f64::from(flip);
            probe.flips.push(flip);
            probe.plus.push(round(param.theta + offset));
            probe.minus.push(round(param.theta - offset));
        }
        probe
    }

    /// Moves theta by the batch's scores, pair by pair in order, each with
    /// the signs of its own probe.
    pub fn apply(&mut self, probes: &[PairProbe], scores: &[PairScore]) -> Result<(), SpsaError> {
        for score in scores {
            let expected = self.tally.pairs + 1;
            let probe = probes
                .iter()
                .find(|p| p.pair == score.pair)
                .filter(|_| score.pair == expected)
                .ok_or(SpsaError::OutOfOrder {
                    expected,
                    got: score.pair,
                })?;
            let result = score.wins as i32 - score.losses as i32;
            let schedule = self.settings.schedule;
            for (param, &flip) in self.params.iter_mut().zip(&probe.flips) {
                let moved = param.theta + schedule.step(param.c_end, score.pair, result, flip);
                param.theta = param.clamp(moved);
            }
            self.tally.pairs += 1;
            self.tally.wins += u64::from(score.wins);
            self.tally.draws += u64::from(score.draws);
            self.tally.losses += u64::from(score.losses);
            self.tally.faults += u64::from(score.faults);
            if self
                .tally
                .pairs
                .is_multiple_of(self.settings.history_every.max(1))
            {
                self.record_history();
            }
        }
        Ok(())
    }

    /// Each parameter's value as the engine would play it now.
    pub fn rounded(&self) -> Vec<(String, i32)> {
        self.params
            .iter()
            .map(|p| (p.name.clone(), p.theta.round() as i32))
            .collect()
    }

    /// Pair `k`'s own random stream, from the seed and `k` alone.
    fn pair_stream(&self, k: u64) -> Rng {
        let (_, mixed) = splitmix64(self.settings.seed ^ k.wrapping_mul(0xD1B5_4A32_D192_ED03));
        Rng::new(mixed)
    }

    fn record_history(&mut self) {
        let pairs = self.tally.pairs;
        if self.history.last().is_some_and(|row| row.pairs == pairs) {
            return;
        }
        self.history.push(HistoryRow {
            pairs,
            theta: self.params.iter().map(|p| p.theta).collect(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> SpsaSettings {
        SpsaSettings {
            seed: 7,
            nodes: 1000,
            openings: "book/match-openings.pgn".into(),
            engine_options: vec![],
            batch: 4,
            history_every: 4,
            schedule: Schedule::fishtest(100),
        }
    }

    fn state(names: &[&str]) -> SpsaState {
        let names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        SpsaState::new(settings(), &names).unwrap()
    }

    #[test]
    fn a_new_run_starts_every_parameter_at_the_searchs_value() {
        let all = state(&[]);
        let at_fixed_nodes: Vec<_> = params::PARAMS.iter().filter(|p| !p.needs_clock()).collect();
        assert_eq!(all.params.len(), 36);
        assert_eq!(all.params.len(), at_fixed_nodes.len());
        for (tuned, param) in all.params.iter().zip(at_fixed_nodes) {
            assert_eq!(tuned.theta, f64::from(param.value));
            assert_eq!(tuned.drift(), 0.0);
        }
        assert_eq!(all.history.len(), 1);
        let unknown = SpsaState::new(settings(), &["no_such".to_string()]);
        assert_eq!(unknown, Err(SpsaError::UnknownParam("no_such".into())));
    }

    #[test]
    fn probes_straddle_theta_in_range_and_depend_on_the_seed_and_pair_alone() {
        let s = state(&["rfp_margin", "rfp_depth"]);
        let batch = s.next_batch();
        assert_eq!(
            batch.iter().map(|p| p.pair).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        for probe in &batch {
            for (i, param) in s.params.iter().enumerate() {
                let (plus, minus) = (probe.plus[i], probe.minus[i]);
                assert!((param.min..=param.max).contains(&plus));
                assert!((param.min..=param.max).contains(&minus));
                let theta = param.theta as i32;
                if probe.flips[i] > 0 {
                    assert!(plus > theta && minus < theta, "{probe:?}");
                } else {
                    assert!(plus < theta && minus > theta, "{probe:?}");
                }
            }
            assert_eq!(s.probe(probe.pair), *probe);
        }
        let flips: Vec<_> = batch.iter().map(|p| p.flips.clone()).collect();
        assert!(
            flips.iter().any(|f| *f != flips[0]),
            "signs vary between pairs"
        );
    }

    #[test]
    fn scores_move_theta_towards_the_winner_in_pair_order() {
        let mut s = state(&["rfp_margin"]);
        let batch = s.next_batch();
        let wins: Vec<PairScore> = batch
            .iter()
            .map(|p| {
                // The side with the larger value wins both games.
                let plus_larger = p.flips[0] > 0;
                PairScore {
                    pair: p.pair,
                    wins: if plus_larger { 2 } else { 0 },
                    losses: if plus_larger { 0 } else { 2 },
                    ..Default::default()
                }
            })
            .collect();
        s.apply(&batch, &wins).unwrap();
        assert!(s.params[0].theta > 90.0 + 0.1, "{}", s.params[0].theta);
        assert_eq!(s.tally.pairs, 4);
        assert_eq!((s.tally.wins + s.tally.losses, s.tally.draws), (8, 0));
        assert_eq!(s.history.len(), 2);
        assert_eq!(s.history[1].pairs, 4);
        // A stale or skipped pair is refused.
        let again = s.apply(&batch, &wins[..1]);
        assert_eq!(
            again,
            Err(SpsaError::OutOfOrder {
                expected: 5,
                got: 1
            })
        );
    }
}
