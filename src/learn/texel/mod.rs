//! `chuhan texel`: Texel tuning of the hand-crafted evaluation.
//!
//! Each quiet position (not in check, best move not a capture, no mate
//! score) becomes its coefficient vector ([`super::features`]). The
//! prediction for Red is `sigmoid(K * eval)`; the scaling constant `K` is
//! fitted first, to the game results with the weights as they are. The
//! target blends the game result and the search score:
//! `lambda * result + (1 - lambda) * sigmoid(K * score)`. The loss is the
//! logistic (cross-entropy) loss, whose gradient with respect to weight `i`
//! is `K * (prediction - target) * coefficient_i * scale_i`, exact because
//! the evaluation is linear in the weights; Adam follows it in mini-batches.
//!
//! A validation set of whole games ([`Holdout`]) can be kept out of the
//! training: its loss, reported beside the training loss each epoch, shows
//! when the weights start to fit the training games rather than the game.

pub mod features;
pub mod layout;
pub mod source;

use super::adam::Adam;
use super::data::format::Record;
use super::data::position_set::{is_quiet, PositionSet};
use super::fit::{cross_entropy, minimise_convex, ordered_mean, shuffle, sigmoid, EpochReport};
use crate::eval::classical::weights::PHASE_MAX;
use features::Features;
use layout::{blocks, taper, Form, Taper, COUNT};
use rayon::prelude::*;
use std::time::Instant;

/// The positions a tuner learns from, as coefficients.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Where each position's coefficients start in `index`/`coefficient`;
    /// one more entry than positions.
    offsets: Vec<u32>,
    index: Vec<u16>,
    coefficient: Vec<i16>,
    /// Per position: the phase share `p / PHASE_MAX`.
    phase: Vec<f32>,
    /// Red's result: 0, 0.5 or 1.
    result: Vec<f32>,
    /// The search score, Red's view.
    score: Vec<f32>,
    /// Records left out (in check, a capture to come, a mate score).
    skipped: u64,
}

impl PositionSet for Dataset {
    fn empty() -> Dataset {
        Dataset::new()
    }

    fn add(&mut self, record: &Record) -> bool {
        let Some(pos) = is_quiet(record).then(|| record.position().ok()).flatten() else {
            self.skipped += 1;
            return false;
        };
        let features = Features::of(&pos);
        for &(i, c) in &features.coefficients {
            self.index.push(i);
            self.coefficient.push(c);
        }
        self.offsets.push(self.index.len() as u32);
        self.phase.push(features.phase as f32 / PHASE_MAX as f32);
        self.result.push(record.result.red_score() as f32);
        self.score.push(record.score as f32);
        true
    }

    fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    fn skipped(&self) -> u64 {
        self.skipped
    }
}

impl Dataset {
    pub fn new() -> Dataset {
        Dataset {
            offsets: vec![0],
            ..Dataset::default()
        }
    }

    /// The evaluation of position `n` with real-valued weights.
    fn value(&self, n: usize, weights: &[f64], tapers: &[Taper]) -> f64 {
        let p = self.phase[n] as f64;
        let range = self.offsets[n] as usize..self.offsets[n + 1] as usize;
        self.index[range.clone()]
            .iter()
            .zip(&self.coefficient[range])
            .map(|(&i, &c)| c as f64 * scale(tapers[i as usize], p) * weights[i as usize])
            .sum()
    }
}

fn scale(taper: Taper, p: f64) -> f64 {
    match taper {
        Taper::Mg => p,
        Taper::Eg => 1.0 - p,
        Taper::Both | Taper::Flat => 1.0,
    }
}

/// Positions per parallel piece of work.
const PIECE: usize = 2048;

/// The loss of a dataset for a scaling constant and a blend of labels.
pub struct Objective<'a> {
    data: &'a Dataset,
    pub k: f64,
    targets: Vec<f64>,
    tapers: Vec<Taper>,
}

impl<'a> Objective<'a> {
    /// `lambda` is the weight of the game result in the target (1: results
    /// only, 0: search scores only).
    pub fn new(data: &'a Dataset, k: f64, lambda: f64) -> Objective<'a> {
        let targets = (0..data.len())
            .map(|n| {
                lambda * data.result[n] as f64 + (1.0 - lambda) * sigmoid(k * data.score[n] as f64)
            })
            .collect();
        Objective {
            data,
            k,
            targets,
            tapers: (0..COUNT).map(taper).collect(),
        }
    }

    /// The mean loss over every position.
    pub fn loss(&self, weights: &[f64]) -> f64 {
        ordered_mean(self.data.len(), |i| {
            let q = sigmoid(self.k * self.data.value(i, weights, &self.tapers));
            cross_entropy(q, self.targets[i])
        })
    }

    /// The gradient of the mean loss over `positions`.
    pub fn gradient(&self, weights: &[f64], positions: &[u32]) -> Vec<f64> {
        let pieces: Vec<Vec<f64>> = positions
            .par_chunks(PIECE)
            .map(|piece| {
                let mut gradient = vec![0.0; COUNT];
                for &n in piece {
                    let n = n as usize;
                    let q = sigmoid(self.k * self.data.value(n, weights, &self.tapers));
                    let push = self.k * (q - self.targets[n]);
                    let p = self.data.phase[n] as f64;
                    let range = self.data.offsets[n] as usize..self.data.offsets[n + 1] as usize;
                    for (&i, &c) in self.data.index[range.clone()]
                        .iter()
                        .zip(&self.data.coefficient[range])
                    {
                        let i = i as usize;
                        gradient[i] += push * c as f64 * scale(self.tapers[i], p);
                    }
                }
                gradient
            })
            .collect();
        let mut total = vec![0.0; COUNT];
        for piece in pieces {
            for (t, g) in total.iter_mut().zip(piece) {
                *t += g;
            }
        }
        let count = positions.len().max(1) as f64;
        total.iter_mut().for_each(|g| *g /= count);
        total
    }
}

/// The scaling constant that fits the game results best with `weights`
/// (a golden-section search: the loss is convex in `K`).
pub fn fit_scale(data: &Dataset, weights: &[f64]) -> f64 {
    minimise_convex(|k| Objective::new(data, k, 1.0).loss(weights))
}

/// How a tuning run goes.
#[derive(Clone, Debug)]
pub struct TexelConfig {
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub learning_rate: f64,
    /// Positions per step.
    pub batch: usize,
    /// The weight of the game result in the target.
    pub lambda: f64,
    /// Orders the positions of each epoch.
    pub seed: u64,
    /// The pull of each weight back toward its starting value (an L2
    /// penalty `l2 / 2 * (w - w0)^2` added to the mean loss), so that a
    /// weight the data rarely sees keeps its hand-set value rather than
    /// drifting with the noise of a few games.
    pub l2: f64,
}

impl Default for TexelConfig {
    fn default() -> TexelConfig {
        TexelConfig {
            epochs: 20,
            learning_rate: 1.0,
            batch: 16_384,
            lambda: 0.5,
            seed: 1,
            l2: 0.0,
        }
    }
}

/// Tunes `initial` on `data` with the fitted `k`; `report` hears the loss
/// after each epoch, on `data` and on `validation` (not trained on); `stop`
/// is asked between steps (Ctrl-C). Returns the weights, unrounded.
pub fn tune(
    data: &Dataset,
    validation: Option<&Dataset>,
    k: f64,
    initial: &[i32],
    config: &TexelConfig,
    stop: &dyn Fn() -> bool,
    report: &mut dyn FnMut(&EpochReport),
) -> Vec<f64> {
    let objective = Objective::new(data, k, config.lambda);
    let held_out = validation
        .filter(|v| !v.is_empty())
        .map(|v| Objective::new(v, k, config.lambda));
    let started = Instant::now();
    let mut weights: Vec<f64> = initial.iter().map(|&w| w as f64).collect();
    let report_epoch = |epoch, weights: &[f64], report: &mut dyn FnMut(&EpochReport)| {
        report(&EpochReport {
            epoch,
            loss: objective.loss(weights),
            validation_loss: held_out.as_ref().map(|v| v.loss(weights)),
            learning_rate: if epoch == 0 {
                0.0
            } else {
                config.learning_rate
            },
            elapsed: started.elapsed(),
        })
    };
    report_epoch(0, &weights, report);
    let mut adam = Adam::new(COUNT);
    let mut order: Vec<u32> = (0..data.len() as u32).collect();
    for epoch in 1..=config.epochs {
        shuffle(&mut order, config.seed.wrapping_add(epoch as u64));
        for batch in order.chunks(config.batch.max(1)) {
            if stop() {
                return weights;
            }
            let mut gradient = objective.gradient(&weights, batch);
            for ((g, w), &w0) in gradient.iter_mut().zip(&weights).zip(initial) {
                *g += config.l2 * (w - w0 as f64);
            }
            adam.step(&mut weights, &gradient, config.learning_rate);
            tie_mirrored_entries(&mut weights);
        }
        report_epoch(epoch, &weights, report);
    }
    weights
}

/// Gives each piece-square entry and its left-right mirror their mean: the
/// board is symmetric, so the tables must be (the evaluation of a position
/// and its mirror are the same, a test), while the data, a finite number of
/// games, is not.
pub fn tie_mirrored_entries(weights: &mut [f64]) {
    for block in blocks() {
        let tables = match block.form {
            Form::Table => 1,
            Form::Tables => 7,
            _ => continue,
        };
        for table in 0..tables {
            let start = block.start + 90 * table;
            for row in 0..10 {
                for file in 0..4 {
                    let (left, right) = (start + row * 9 + file, start + row * 9 + 8 - file);
                    let mean = (weights[left] + weights[right]) / 2.0;
                    weights[left] = mean;
                    weights[right] = mean;
                }
            }
        }
    }
}

/// Weights as the engine stores them.
pub fn rounded(weights: &[f64]) -> Vec<i32> {
    weights.iter().map(|w| w.round() as i32).collect()
}
