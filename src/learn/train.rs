//! Training the network ([`crate::nnue`]) on the quiet positions of
//! `chuhan datagen` files: the same network in floating point, trained by
//! Adam on the cross-entropy between `sigmoid(K * eval)` and a blend of
//! the game's result and the search's score (as the Texel tuner does,
//! [`super::tune`]), then rounded to the engine's integers.
//!
//! The network is left-right symmetric by construction: half of the
//! accumulator's units are free, and each has a twin that reads the board
//! through the mirror (the twin's weight for a piece on a square is the
//! unit's weight for that piece on the mirrored square; same bias, same
//! output weight). A position and its mirror then fill the accumulator with
//! the same values in swapped twins, and the output, a sum over both, is the
//! same: exactly, in the engine's integers too.
//!
//! The step size falls from its start to `lr_end` times it along a half
//! cosine over the epochs; the run can stop and resume at any epoch.

use super::adam::Adam;
use super::format::Record;
use super::position_set::PositionSet;
use super::tune::{cross_entropy, is_quiet, minimise_convex, shuffle, sigmoid};
use crate::core::Color;
use crate::nnue::buckets::{attacking_force, bucket_of_force};
use crate::nnue::features::{active_features, mirrored, seen_by_black, FEATURES};
use crate::nnue::network::{Activation, Network, HIDDEN, MAX_BUCKETS, QA};
use crate::nnue::simd::MAX_SQUARED_WEIGHT;
use crate::random::Rng;
use arrayvec::ArrayVec;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Centipawns per unit of the network's output.
pub const OUTPUT_SCALE: f32 = 400.0;

/// The largest input weight or bias: 33 of them (32 pieces and the bias)
/// times `QA` must fit the accumulator's `i16`.
const MAX_INPUT_WEIGHT: f32 = 3.8;

/// The bounds of a squared activation's output quantisation: the coarsest
/// step the training clip needs, and the finest worth having (the output
/// biases times `QA` times it must fit an `i32`).
const SQUARED_QB_MIN: i32 = 64;
const SQUARED_QB_MAX: i32 = 4096;

/// The accumulator's free units; each has a mirrored twin.
const FREE: usize = HIDDEN / 2;

/// Positions per parallel piece of work.
const PIECE: usize = 1024;

/// The pieces of a position, each as Red sees it.
type Pieces = ArrayVec<u16, 32>;

/// The shape of a network beyond its fixed input and accumulator sizes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Architecture {
    /// Output buckets by the attacking force left (1 to 16).
    pub buckets: usize,
    pub activation: Activation,
}

impl Default for Architecture {
    /// What the shipped network uses.
    fn default() -> Architecture {
        Architecture {
            buckets: 8,
            activation: Activation::SquaredClipped,
        }
    }
}

impl Architecture {
    /// The output weights' quantisation for output weights up to
    /// `largest`: a squared activation's must stay within
    /// [`MAX_SQUARED_WEIGHT`] as integers, so the finest step that keeps the
    /// largest there is taken (at least 64, what the training clip allows).
    fn output_quantisation(self, largest: f32) -> i32 {
        match self.activation {
            Activation::Clipped => 1024,
            Activation::SquaredClipped => {
                let fitting = (MAX_SQUARED_WEIGHT as f32 / largest.max(1e-6)).floor();
                (fitting as i32).clamp(SQUARED_QB_MIN, SQUARED_QB_MAX)
            }
        }
    }

    /// The largest output weight, in floating point.
    fn max_output_weight(self) -> f32 {
        match self.activation {
            Activation::Clipped => i16::MAX as f32 / 1024.0,
            Activation::SquaredClipped => MAX_SQUARED_WEIGHT as f32 / SQUARED_QB_MIN as f32,
        }
    }

    fn activate(self, x: f32) -> f32 {
        let clipped = x.clamp(0.0, 1.0);
        match self.activation {
            Activation::Clipped => clipped,
            Activation::SquaredClipped => clipped * clipped,
        }
    }

    /// The activation's slope at `x`.
    fn slope(self, x: f32) -> f32 {
        if x <= 0.0 || x >= 1.0 {
            return 0.0;
        }
        match self.activation {
            Activation::Clipped => 1.0,
            Activation::SquaredClipped => 2.0 * x,
        }
    }

    // Where each tensor starts in the flat parameter vector: the free
    // units' input weights (`FEATURES` rows of `FREE`), their biases, the
    // output weights (per bucket: side to move, then the other, `FREE`
    // each), the output biases (one per bucket).
    const W1_AT: usize = 0;
    const B1_AT: usize = FEATURES * FREE;
    const W2_AT: usize = Self::B1_AT + FREE;

    fn w2_at(self, bucket: usize, side: usize) -> usize {
        Self::W2_AT + (bucket * 2 + side) * FREE
    }

    fn b2_at(self) -> usize {
        Self::W2_AT + self.buckets * 2 * FREE
    }

    /// Parameters of the network.
    pub fn parameters(self) -> usize {
        self.b2_at() + self.buckets
    }
}

/// Quiet positions with their labels, as the trainer reads them.
#[derive(Clone, Debug, Default)]
pub struct NetDataset {
    /// Where each position's features end in `features` (each starts where
    /// the one before ends).
    ends: Vec<u32>,
    /// Every piece, as Red sees it ([`crate::nnue::features::feature`]).
    features: Vec<u16>,
    red_to_move: Vec<bool>,
    /// The chariots, horses and cannons on the board (picks the bucket).
    force: Vec<u8>,
    /// The search score in centipawns, Red's view.
    score: Vec<f32>,
    /// Red's share of the points: 0, 0.5 or 1.
    result: Vec<f32>,
    /// Records left out (in check, a capture to come, no evaluation as the score).
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
        self.force.push(attacking_force(&pos) as u8);
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

    /// Position `n`'s features for the side to move and for the other side.
    fn inputs(&self, n: usize) -> (Pieces, Pieces) {
        let start = if n == 0 { 0 } else { self.ends[n - 1] as usize };
        let range = start..self.ends[n] as usize;
        let (mut red, mut black) = (Pieces::new(), Pieces::new());
        for &f in &self.features[range] {
            red.push(f);
            black.push(seen_by_black(f as usize) as u16);
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

/// The network in floating point: its architecture and its parameters in
/// one flat vector (see [`Architecture::parameters`]).
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNetwork {
    pub architecture: Architecture,
    pub parameters: Vec<f32>,
}

/// The sums of a forward pass, kept for the backward one: per side (to
/// move, other), the free units and their mirrored twins.
struct Forward {
    sums: [[[f32; FREE]; 2]; 2],
    bucket: usize,
    output: f32,
}

impl FloatNetwork {
    /// Small random weights (seeded), biases that leave most units active.
    pub fn random(seed: u64, architecture: Architecture) -> FloatNetwork {
        let mut rng = Rng::new(seed);
        let mut parameters = vec![0.0f32; architecture.parameters()];
        for w in &mut parameters[Architecture::W1_AT..Architecture::B1_AT] {
            *w = (rng.next_f64() as f32 - 0.5) * 0.2;
        }
        parameters[Architecture::B1_AT..Architecture::W2_AT].fill(0.25);
        for w in &mut parameters[Architecture::W2_AT..architecture.b2_at()] {
            *w = (rng.next_f64() as f32 - 0.5) * 0.1;
        }
        FloatNetwork {
            architecture,
            parameters,
        }
    }

    /// The free units' sums and their twins' for one side's `features`.
    fn side_sums(&self, features: &[u16]) -> [[f32; FREE]; 2] {
        let p = &self.parameters;
        let mut plain = [0.0f32; FREE];
        plain.copy_from_slice(&p[Architecture::B1_AT..Architecture::W2_AT]);
        let mut twin = plain;
        let row = |f: usize| &p[Architecture::W1_AT + f * FREE..][..FREE];
        for &f in features {
            let f = f as usize;
            plain.iter_mut().zip(row(f)).for_each(|(a, w)| *a += w);
            twin.iter_mut()
                .zip(row(mirrored(f)))
                .for_each(|(a, w)| *a += w);
        }
        [plain, twin]
    }

    fn forward(&self, ours: &[u16], theirs: &[u16], force: usize) -> Forward {
        let arch = self.architecture;
        let p = &self.parameters;
        let bucket = bucket_of_force(force, arch.buckets);
        let sums = [self.side_sums(ours), self.side_sums(theirs)];
        let mut output = p[arch.b2_at() + bucket];
        for (side, [plain, twin]) in sums.iter().enumerate() {
            let w2 = &p[arch.w2_at(bucket, side)..][..FREE];
            for i in 0..FREE {
                output += w2[i] * (arch.activate(plain[i]) + arch.activate(twin[i]));
            }
        }
        Forward {
            sums,
            bucket,
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
        self.forward(&ours, &theirs, attacking_force(pos)).output * OUTPUT_SCALE
    }

    /// Adds the gradient of the loss of one position to `gradient` and
    /// returns the loss.
    fn backward(
        &self,
        (ours, theirs, force): (&[u16], &[u16], usize),
        target: f32,
        k: f32,
        gradient: &mut [f32],
    ) -> f64 {
        let arch = self.architecture;
        let p = &self.parameters;
        let forward = self.forward(ours, theirs, force);
        let slope = k * OUTPUT_SCALE;
        let q = sigmoid((slope * forward.output) as f64);
        let loss = cross_entropy(q, target as f64);
        let push = slope * (q as f32 - target);
        gradient[arch.b2_at() + forward.bucket] += push;
        for (side, features) in [(0, ours), (1, theirs)] {
            let [plain, twin] = &forward.sums[side];
            let w2 = arch.w2_at(forward.bucket, side);
            let mut through = [[0.0f32; FREE]; 2];
            for i in 0..FREE {
                gradient[w2 + i] += push * (arch.activate(plain[i]) + arch.activate(twin[i]));
                through[0][i] = push * p[w2 + i] * arch.slope(plain[i]);
                through[1][i] = push * p[w2 + i] * arch.slope(twin[i]);
            }
            gradient[Architecture::B1_AT..Architecture::W2_AT]
                .iter_mut()
                .enumerate()
                .for_each(|(i, g)| *g += through[0][i] + through[1][i]);
            for &f in features {
                let f = f as usize;
                for (row, through) in [(f, &through[0]), (mirrored(f), &through[1])] {
                    let row = &mut gradient[Architecture::W1_AT + row * FREE..][..FREE];
                    row.iter_mut().zip(through).for_each(|(g, t)| *g += t);
                }
            }
        }
        loss
    }

    /// Keeps the weights where the engine's integers hold them.
    fn clip(&mut self) {
        let arch = self.architecture;
        for w in &mut self.parameters[Architecture::W1_AT..Architecture::W2_AT] {
            *w = w.clamp(-MAX_INPUT_WEIGHT, MAX_INPUT_WEIGHT);
        }
        let limit = arch.max_output_weight();
        for w in &mut self.parameters[Architecture::W2_AT..arch.b2_at()] {
            *w = w.clamp(-limit, limit);
        }
    }

    /// Shrinks the weights (not the biases) by `factor`: decoupled weight decay.
    fn decay(&mut self, factor: f32) {
        let arch = self.architecture;
        let weights =
            (Architecture::W1_AT..Architecture::B1_AT).chain(Architecture::W2_AT..arch.b2_at());
        for i in weights {
            self.parameters[i] *= factor;
        }
    }

    /// The network in the engine's integers: each free unit at its index,
    /// its twin `FREE` further on.
    pub fn quantise(&self) -> Network {
        let arch = self.architecture;
        let p = &self.parameters;
        let largest = p[Architecture::W2_AT..arch.b2_at()]
            .iter()
            .fold(0.0f32, |m, w| m.max(w.abs()));
        let qb = arch.output_quantisation(largest);
        let round = |x: f32, q: i32| {
            (x * q as f32)
                .round()
                .clamp(i16::MIN as f32, i16::MAX as f32) as i16
        };
        // A full row from the free units' values at `plain` and the twins' at `twin`.
        let row = |plain: usize, twin: usize, q: i32| {
            let mut row = [0i16; HIDDEN];
            for i in 0..FREE {
                row[i] = round(p[plain + i], q);
                row[FREE + i] = round(p[twin + i], q);
            }
            row
        };
        let input_row = |f: usize| {
            let at = |f: usize| Architecture::W1_AT + f * FREE;
            row(at(f), at(mirrored(f)), QA)
        };
        let bias = row(Architecture::B1_AT, Architecture::B1_AT, QA);
        let output_weights = (0..arch.buckets)
            .map(|b| {
                let side = |s| row(arch.w2_at(b, s), arch.w2_at(b, s), qb);
                [side(0), side(1)]
            })
            .collect();
        let output_bias = (0..arch.buckets)
            .map(|b| (p[arch.b2_at() + b] * (QA * qb) as f32).round() as i32)
            .collect();
        Network {
            input_weights: (0..FEATURES).map(input_row).collect(),
            input_bias: bias,
            activation: arch.activation,
            output_weights,
            output_bias,
            output_quantisation: qb as u16,
            scale: OUTPUT_SCALE as u16,
        }
    }
}

/// Where a run stands, to resume from: the network, Adam's moments and the
/// epochs done.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    pub net: FloatNetwork,
    pub adam: Adam<f32>,
    pub epochs_done: usize,
}

const CHECKPOINT_MAGIC: &[u8; 8] = b"CHUHANC2";

impl Checkpoint {
    /// A run not yet started from `net`.
    pub fn start(net: FloatNetwork) -> Checkpoint {
        let adam = Adam::new(net.parameters.len());
        Checkpoint {
            net,
            adam,
            epochs_done: 0,
        }
    }

    /// The magic "CHUHANC2", then as little-endian integers the buckets
    /// (u16), the activation (u8, as in the network file), the epochs done
    /// (u32) and Adam's steps (u32), then the parameters, Adam's first and
    /// second moments, each as little-endian `f32`.
    pub fn to_bytes(&self) -> Vec<u8> {
        let arch = self.net.architecture;
        let mut out = CHECKPOINT_MAGIC.to_vec();
        out.extend_from_slice(&(arch.buckets as u16).to_le_bytes());
        out.push(match arch.activation {
            Activation::Clipped => 0,
            Activation::SquaredClipped => 1,
        });
        out.extend_from_slice(&(self.epochs_done as u32).to_le_bytes());
        let (moment, velocity, steps) = self.adam.state();
        out.extend_from_slice(&(steps as u32).to_le_bytes());
        for v in self.net.parameters.iter().chain(moment).chain(velocity) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// Reads what [`Checkpoint::to_bytes`] wrote.
    pub fn from_bytes(bytes: &[u8]) -> Result<Checkpoint, String> {
        const HEAD: usize = 8 + 2 + 1 + 4 + 4;
        if bytes.len() < HEAD || &bytes[..8] != CHECKPOINT_MAGIC {
            return Err("not a checkpoint of chuhan's trainer".into());
        }
        let buckets = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
        let activation = match bytes[10] {
            0 => Activation::Clipped,
            1 => Activation::SquaredClipped,
            other => return Err(format!("unknown activation {other}")),
        };
        if !(1..=MAX_BUCKETS).contains(&buckets) {
            return Err(format!("{buckets} output buckets"));
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let (epochs_done, steps) = (u32_at(11) as usize, u32_at(15) as i32);
        let architecture = Architecture {
            buckets,
            activation,
        };
        let n = architecture.parameters();
        if bytes.len() != HEAD + 3 * 4 * n {
            return Err(format!(
                "{} bytes where a checkpoint of this network has {}",
                bytes.len(),
                HEAD + 3 * 4 * n
            ));
        }
        let floats: Vec<f32> = bytes[HEAD..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let (parameters, moments) = floats.split_at(n);
        let (moment, velocity) = moments.split_at(n);
        Ok(Checkpoint {
            net: FloatNetwork {
                architecture,
                parameters: parameters.to_vec(),
            },
            adam: Adam::from_state(moment.to_vec(), velocity.to_vec(), steps),
            epochs_done,
        })
    }
}

/// How a training run goes.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    pub epochs: usize,
    /// Adam's first step size.
    pub learning_rate: f64,
    /// The last epoch's step size, as a share of the first.
    pub final_rate_share: f64,
    /// Positions per step.
    pub batch: usize,
    /// The weight of the game result in the target (the rest is the search score).
    pub lambda: f64,
    /// Decoupled weight decay: each step shrinks the weights by this times
    /// the step size.
    pub weight_decay: f64,
    /// Orders the positions.
    pub seed: u64,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            epochs: 30,
            learning_rate: 2e-3,
            final_rate_share: 0.01,
            batch: 4096,
            lambda: 0.0,
            weight_decay: 0.0,
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
/// down to its final share.
pub fn learning_rate(config: &TrainConfig, epoch: usize) -> f64 {
    let progress = (epoch - 1) as f64 / config.epochs.max(2).saturating_sub(1) as f64;
    let low = config.learning_rate * config.final_rate_share;
    low + (config.learning_rate - low) * 0.5 * (1.0 + (std::f64::consts::PI * progress).cos())
}

/// The mean loss of `net` on `data`.
pub fn mean_loss(net: &FloatNetwork, data: &NetDataset, k: f64, lambda: f64) -> f64 {
    let total: f64 = (0..data.len())
        .into_par_iter()
        .map(|n| {
            let (ours, theirs) = data.inputs(n);
            let output = net.forward(&ours, &theirs, data.force[n] as usize).output;
            let q = sigmoid(k * (output * OUTPUT_SCALE) as f64);
            cross_entropy(q, data.target(n, k, lambda) as f64)
        })
        .sum();
    total / data.len().max(1) as f64
}

/// The gradient of the mean loss over `positions`, and that mean loss.
pub fn gradient(
    net: &FloatNetwork,
    data: &NetDataset,
    positions: &[u32],
    k: f64,
    lambda: f64,
) -> (Vec<f32>, f64) {
    let parameters = net.parameters.len();
    // Each piece's sum, then the pieces added in order: the same batch
    // gives the same gradient to the last bit, however the threads ran.
    let pieces: Vec<(Vec<f32>, f64)> = positions
        .par_chunks(PIECE)
        .map(|piece| {
            let mut gradient = vec![0.0f32; parameters];
            let mut loss = 0.0;
            for &n in piece {
                let n = n as usize;
                let (ours, theirs) = data.inputs(n);
                let target = data.target(n, k, lambda);
                let inputs = (&ours[..], &theirs[..], data.force[n] as usize);
                loss += net.backward(inputs, target, k as f32, &mut gradient);
            }
            (gradient, loss)
        })
        .collect();
    let mut gradient = vec![0.0f32; parameters];
    let mut loss = 0.0;
    for (piece, piece_loss) in &pieces {
        gradient.iter_mut().zip(piece).for_each(|(a, b)| *a += b);
        loss += piece_loss;
    }
    let count = positions.len().max(1) as f32;
    gradient.iter_mut().for_each(|g| *g /= count);
    (gradient, loss / count as f64)
}

/// Trains on from `state` to `config.epochs` with the fitted `k`; `report`
/// hears the loss after each epoch (epoch 0 too, on a fresh run) with the
/// state then, to keep and resume from; `stop` is asked between steps (an
/// epoch stopped midway is not reported).
pub fn train(
    state: &mut Checkpoint,
    data: &NetDataset,
    validation: Option<&NetDataset>,
    k: f64,
    config: &TrainConfig,
    stop: &dyn Fn() -> bool,
    report: &mut dyn FnMut(&EpochReport, &Checkpoint),
) {
    let started = Instant::now();
    let held_out = validation.filter(|v| !v.is_empty());
    let validation_loss =
        |net: &FloatNetwork| held_out.map(|v| mean_loss(net, v, k, config.lambda));
    if state.epochs_done == 0 {
        let first = EpochReport {
            epoch: 0,
            loss: mean_loss(&state.net, data, k, config.lambda),
            validation_loss: validation_loss(&state.net),
            learning_rate: 0.0,
            elapsed: started.elapsed(),
        };
        report(&first, state);
    }
    let mut order: Vec<u32> = (0..data.len() as u32).collect();
    for epoch in state.epochs_done + 1..=config.epochs {
        let rate = learning_rate(config, epoch);
        let decay = 1.0 - (rate * config.weight_decay) as f32;
        let epoch_seed = config
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(epoch as u64);
        // Each epoch's order depends on its seed alone, so a resumed run
        // goes on as the whole run would have.
        order
            .iter_mut()
            .enumerate()
            .for_each(|(i, n)| *n = i as u32);
        shuffle(&mut order, epoch_seed);
        let (mut loss_sum, mut steps) = (0.0, 0);
        for batch in order.chunks(config.batch.max(1)) {
            if stop() {
                return;
            }
            let (g, loss) = gradient(&state.net, data, batch, k, config.lambda);
            loss_sum += loss;
            steps += 1;
            state.adam.step(&mut state.net.parameters, &g, rate as f32);
            if config.weight_decay > 0.0 {
                state.net.decay(decay);
            }
            state.net.clip();
        }
        state.epochs_done = epoch;
        let epoch_report = EpochReport {
            epoch,
            loss: loss_sum / steps.max(1) as f64,
            validation_loss: validation_loss(&state.net),
            learning_rate: rate,
            elapsed: started.elapsed(),
        };
        report(&epoch_report, state);
    }
}
