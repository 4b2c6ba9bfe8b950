//! Training the network ([`crate::nnue`]) on the quiet positions of
//! `chuhan datagen` files: the same network in floating point, trained by
//! Adam on the cross-entropy between `sigmoid(K * eval)` and a blend of
//! the game's result and the search's score (as the Texel tuner does,
//! [`super::tune`]), then rounded to the engine's integers.
//!
//! Each position is learned from as it is or as its left-right mirror (a
//! coin toss per position and epoch): the rules are symmetric, and the
//! mirror doubles what a small data set teaches. The step size falls from
//! its start to a twentieth of it along a half cosine over the epochs.

use super::adam::Adam;
use super::format::Record;
use super::position_set::PositionSet;
use super::tune::{cross_entropy, is_quiet, minimise_convex, shuffle, sigmoid};
use crate::core::Color;
use crate::nnue::features::{active_features, mirrored, seen_by_black, FEATURES};
use crate::nnue::network::{Network, HIDDEN, QA, QB};
use crate::random::Rng;
use arrayvec::ArrayVec;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Centipawns per unit of the network's output.
pub const OUTPUT_SCALE: f32 = 400.0;

/// The largest input weight or bias: 33 of them (32 pieces and the bias)
/// times `QA` must fit the accumulator's `i16`.
const MAX_INPUT_WEIGHT: f32 = 3.8;

// Where each tensor starts in the flat parameter vector.
const W1_AT: usize = 0;
const B1_AT: usize = W1_AT + FEATURES * HIDDEN;
const W2_AT: usize = B1_AT + HIDDEN;
const B2_AT: usize = W2_AT + 2 * HIDDEN;
/// Parameters of the network.
pub const PARAMETERS: usize = B2_AT + 1;

/// Positions per parallel piece of work.
const PIECE: usize = 1024;

/// The pieces of a position, each as Red sees it.
type Pieces = ArrayVec<u16, 32>;

/// Quiet positions with their labels, as the trainer reads them.
#[derive(Clone, Debug, Default)]
pub struct NetDataset {
    /// Where each position's features end in `features` (each starts where
    /// the one before ends).
    ends: Vec<u32>,
    /// Every piece, as Red sees it ([`crate::nnue::features::feature`]).
    features: Vec<u16>,
    red_to_move: Vec<bool>,
    /// The search score in centipawns, Red's view.
    score: Vec<f32>,
    /// Red's share of the points: 0, 0.5 or 1.
    result: Vec<f32>,
    /// Records left out (in check, a capture to come, a mate score).
    skipped: u64,
}

impl PositionSet for NetDataset {
    fn empty() -> NetDataset {
        NetDataset::default()
    }

    fn add(&mut self, record: &Record) -> bool {
        let Some(pos) = is_quiet(record).then(|| record.position().ok()).flatten() else {
            self.skipped += 1;
            return false;
        };
        self.features
            .extend(active_features(&pos, Color::Red).map(|f| f as u16));
        self.ends.push(self.features.len() as u32);
        self.red_to_move.push(pos.side_to_move() == Color::Red);
        self.score.push(record.score as f32);
        self.result.push(record.result.red_score() as f32);
        true
    }

    fn len(&self) -> usize {
        self.ends.len()
    }

    fn skipped(&self) -> u64 {
        self.skipped
    }
}

impl NetDataset {
    /// The scaling constant that makes `sigmoid(K * score)` fit the results
    /// best: what a centipawn of the search is worth in winning chances.
    pub fn fit_score_scale(&self) -> f64 {
        minimise_convex(|k| {
            let total: f64 = (0..self.len())
                .into_par_iter()
                .map(|n| cross_entropy(sigmoid(k * self.score[n] as f64), self.result[n] as f64))
                .sum();
            total / self.len().max(1) as f64
        })
    }

    /// Position `n`'s features for the side to move and for the other
    /// side, on the mirrored board if `mirror`.
    fn inputs(&self, n: usize, mirror: bool) -> (Pieces, Pieces) {
        let start = if n == 0 { 0 } else { self.ends[n - 1] as usize };
        let range = start..self.ends[n] as usize;
        let (mut red, mut black) = (Pieces::new(), Pieces::new());
        for &f in &self.features[range] {
            let f = f as usize;
            let (r, b) = (f, seen_by_black(f));
            let (r, b) = if mirror {
                (mirrored(r), mirrored(b))
            } else {
                (r, b)
            };
            red.push(r as u16);
            black.push(b as u16);
        }
        if self.red_to_move[n] {
            (red, black)
        } else {
            (black, red)
        }
    }

    /// Position `n`'s target for the side to move.
    fn target(&self, n: usize, k: f64, lambda: f64) -> f32 {
        let (result, score) = if self.red_to_move[n] {
            (self.result[n], self.score[n])
        } else {
            (1.0 - self.result[n], -self.score[n])
        };
        (lambda * result as f64 + (1.0 - lambda) * sigmoid(k * score as f64)) as f32
    }
}

/// The network in floating point: the input weights (`FEATURES` rows of
/// `HIDDEN`), the accumulator biases, the output weights (side to move,
/// then the other) and the output bias, in one flat vector.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNetwork {
    pub parameters: Vec<f32>,
}

/// The sums of a forward pass, kept for the backward one.
struct Forward {
    ours: [f32; HIDDEN],
    theirs: [f32; HIDDEN],
    output: f32,
}

impl FloatNetwork {
    /// Small random weights (seeded), biases that leave most units active.
    pub fn random(seed: u64) -> FloatNetwork {
        let mut rng = Rng::new(seed);
        let mut parameters = vec![0.0f32; PARAMETERS];
        for w in &mut parameters[W1_AT..B1_AT] {
            *w = (rng.next_f64() as f32 - 0.5) * 0.2;
        }
        parameters[B1_AT..W2_AT].fill(0.25);
        for w in &mut parameters[W2_AT..B2_AT] {
            *w = (rng.next_f64() as f32 - 0.5) * 0.1;
        }
        FloatNetwork { parameters }
    }

    fn forward(&self, ours: &[u16], theirs: &[u16]) -> Forward {
        let p = &self.parameters;
        let sums = |features: &[u16]| {
            let mut acc = [0.0f32; HIDDEN];
            acc.copy_from_slice(&p[B1_AT..W2_AT]);
            for &f in features {
                let row = &p[W1_AT + f as usize * HIDDEN..][..HIDDEN];
                acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
            }
            acc
        };
        let (ours, theirs) = (sums(ours), sums(theirs));
        let dot = |acc: &[f32; HIDDEN], w: &[f32]| -> f32 {
            acc.iter().zip(w).map(|(a, w)| a.clamp(0.0, 1.0) * w).sum()
        };
        let output = dot(&ours, &p[W2_AT..W2_AT + HIDDEN])
            + dot(&theirs, &p[W2_AT + HIDDEN..B2_AT])
            + p[B2_AT];
        Forward {
            ours,
            theirs,
            output,
        }
    }

    /// The evaluation in centipawns for the side to move of `pos`.
    pub fn evaluate(&self, pos: &crate::core::Position) -> f32 {
        let side = pos.side_to_move();
        let ours: Vec<u16> = active_features(pos, side).map(|f| f as u16).collect();
        let theirs: Vec<u16> = active_features(pos, side.opposite())
            .map(|f| f as u16)
            .collect();
        self.forward(&ours, &theirs).output * OUTPUT_SCALE
    }

    /// Adds the gradient of the loss of one position to `gradient` and
    /// returns the loss.
    fn backward(
        &self,
        ours: &[u16],
        theirs: &[u16],
        target: f32,
        k: f32,
        gradient: &mut [f32],
    ) -> f64 {
        let p = &self.parameters;
        let forward = self.forward(ours, theirs);
        let slope = k * OUTPUT_SCALE;
        let q = sigmoid((slope * forward.output) as f64);
        let loss = cross_entropy(q, target as f64);
        let push = slope * (q as f32 - target);
        gradient[B2_AT] += push;
        for (side, acc, features) in [(0, &forward.ours, ours), (1, &forward.theirs, theirs)] {
            let w2 = W2_AT + side * HIDDEN;
            let mut through = [0.0f32; HIDDEN];
            for i in 0..HIDDEN {
                gradient[w2 + i] += push * acc[i].clamp(0.0, 1.0);
                if acc[i] > 0.0 && acc[i] < 1.0 {
                    through[i] = push * p[w2 + i];
                }
            }
            gradient[B1_AT..W2_AT]
                .iter_mut()
                .zip(&through)
                .for_each(|(g, t)| *g += t);
            for &f in features {
                let row = &mut gradient[W1_AT + f as usize * HIDDEN..][..HIDDEN];
                row.iter_mut().zip(&through).for_each(|(g, t)| *g += t);
            }
        }
        loss
    }

    /// Keeps the input weights and biases where the engine's integers hold them.
    fn clip(&mut self) {
        for w in &mut self.parameters[W1_AT..W2_AT] {
            *w = w.clamp(-MAX_INPUT_WEIGHT, MAX_INPUT_WEIGHT);
        }
    }

    /// The network in the engine's integers.
    pub fn quantise(&self) -> Network {
        let p = &self.parameters;
        let round = |x: f32, q: i32| {
            (x * q as f32)
                .round()
                .clamp(i16::MIN as f32, i16::MAX as f32) as i16
        };
        let row = |at: usize, q: i32| {
            let mut row = [0i16; HIDDEN];
            row.iter_mut()
                .zip(&p[at..at + HIDDEN])
                .for_each(|(r, &x)| *r = round(x, q));
            row
        };
        Network {
            input_weights: (0..FEATURES).map(|f| row(W1_AT + f * HIDDEN, QA)).collect(),
            input_bias: row(B1_AT, QA),
            output_weights: [row(W2_AT, QB), row(W2_AT + HIDDEN, QB)],
            output_bias: (p[B2_AT] * (QA * QB) as f32).round() as i32,
            scale: OUTPUT_SCALE as u16,
        }
    }

    /// The parameters as bytes (a checkpoint to resume from): the magic
    /// "CHUHANNF", then every parameter as a little-endian `f32`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = b"CHUHANNF".to_vec();
        for p in &self.parameters {
            out.extend_from_slice(&p.to_le_bytes());
        }
        out
    }

    /// Reads a checkpoint written by [`FloatNetwork::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<FloatNetwork, String> {
        if bytes.len() != 8 + 4 * PARAMETERS || &bytes[..8] != b"CHUHANNF" {
            return Err(format!(
                "not a checkpoint of this network ({} bytes, expected {})",
                bytes.len(),
                8 + 4 * PARAMETERS
            ));
        }
        let parameters = bytes[8..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        Ok(FloatNetwork { parameters })
    }
}

/// How a training run goes.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub epochs: usize,
    /// Adam's first step size.
    pub learning_rate: f64,
    /// Positions per step.
    pub batch: usize,
    /// The weight of the game result in the target (the rest is the search score).
    pub lambda: f64,
    /// Orders the positions and picks the mirrored ones.
    pub seed: u64,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            epochs: 30,
            learning_rate: 2e-3,
            batch: 4096,
            lambda: 0.0,
            seed: 1,
        }
    }
}

/// The loss after an epoch (epoch 0: before any step).
#[derive(Clone, Debug, PartialEq)]
pub struct EpochReport {
    pub epoch: usize,
    /// The mean loss over the epoch's steps (epoch 0: over the data).
    pub loss: f64,
    /// On the held-out positions, if there are any.
    pub validation_loss: Option<f64>,
    pub learning_rate: f64,
    pub elapsed: Duration,
}

/// The step size of `epoch` (1-based): a half cosine from the first rate
/// down to a twentieth of it.
fn learning_rate(config: &TrainConfig, epoch: usize) -> f64 {
    let progress = (epoch - 1) as f64 / config.epochs.max(2).saturating_sub(1) as f64;
    let low = config.learning_rate / 20.0;
    low + (config.learning_rate - low) * 0.5 * (1.0 + (std::f64::consts::PI * progress).cos())
}

/// The mean loss of `net` on `data` (no mirrors).
pub fn mean_loss(net: &FloatNetwork, data: &NetDataset, k: f64, lambda: f64) -> f64 {
    let total: f64 = (0..data.len())
        .into_par_iter()
        .map(|n| {
            let (ours, theirs) = data.inputs(n, false);
            let q = sigmoid(k * (net.forward(&ours, &theirs).output * OUTPUT_SCALE) as f64);
            cross_entropy(q, data.target(n, k, lambda) as f64)
        })
        .sum();
    total / data.len().max(1) as f64
}

/// The gradient of the mean loss over `positions`, and that mean loss;
/// with `mirrors`, each position is mirrored where a coin seeded by it and
/// the position says so.
pub fn gradient(
    net: &FloatNetwork,
    data: &NetDataset,
    positions: &[u32],
    mirrors: Option<u64>,
    k: f64,
    lambda: f64,
) -> (Vec<f32>, f64) {
    let (mut gradient, loss) = positions
        .par_chunks(PIECE)
        .map(|piece| {
            let mut gradient = vec![0.0f32; PARAMETERS];
            let mut loss = 0.0;
            for &n in piece {
                let n = n as usize;
                let mirror = mirrors.is_some_and(|seed| {
                    Rng::new(seed ^ (n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)).next_u64() & 1
                        == 1
                });
                let (ours, theirs) = data.inputs(n, mirror);
                let target = data.target(n, k, lambda);
                loss += net.backward(&ours, &theirs, target, k as f32, &mut gradient);
            }
            (gradient, loss)
        })
        .reduce(
            || (vec![0.0f32; PARAMETERS], 0.0),
            |(mut a, la), (b, lb)| {
                a.iter_mut().zip(&b).for_each(|(a, b)| *a += b);
                (a, la + lb)
            },
        );
    let count = positions.len().max(1) as f32;
    gradient.iter_mut().for_each(|g| *g /= count);
    (gradient, loss / count as f64)
}

/// Trains `net` on `data` with the fitted `k`; `report` hears the loss after
/// each epoch (and may write a checkpoint); `stop` is asked between steps.
pub fn train(
    net: &mut FloatNetwork,
    data: &NetDataset,
    validation: Option<&NetDataset>,
    k: f64,
    config: &TrainConfig,
    stop: &dyn Fn() -> bool,
    report: &mut dyn FnMut(&EpochReport, &FloatNetwork),
) {
    let started = Instant::now();
    let held_out = validation.filter(|v| !v.is_empty());
    let validation_loss =
        |net: &FloatNetwork| held_out.map(|v| mean_loss(net, v, k, config.lambda));
    let first = EpochReport {
        epoch: 0,
        loss: mean_loss(net, data, k, config.lambda),
        validation_loss: validation_loss(net),
        learning_rate: 0.0,
        elapsed: started.elapsed(),
    };
    report(&first, net);
    let mut adam = Adam::new(PARAMETERS);
    let mut order: Vec<u32> = (0..data.len() as u32).collect();
    for epoch in 1..=config.epochs {
        let rate = learning_rate(config, epoch);
        let epoch_seed = config
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(epoch as u64);
        shuffle(&mut order, epoch_seed);
        let (mut loss_sum, mut steps) = (0.0, 0);
        for batch in order.chunks(config.batch.max(1)) {
            if stop() {
                return;
            }
            let (g, loss) = gradient(net, data, batch, Some(epoch_seed), k, config.lambda);
            loss_sum += loss;
            steps += 1;
            adam.step(&mut net.parameters, &g, rate as f32);
            net.clip();
        }
        let epoch_report = EpochReport {
            epoch,
            loss: loss_sum / steps.max(1) as f64,
            validation_loss: validation_loss(net),
            learning_rate: rate,
            elapsed: started.elapsed(),
        };
        report(&epoch_report, net);
    }
}
