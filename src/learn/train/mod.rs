//! Training the network ([`crate::eval::nnue`]) on the quiet positions of
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

mod checkpoint;
mod dataset;
mod network;

pub use checkpoint::{BestEpoch, Checkpoint};
pub use dataset::NetDataset;
pub use network::{Architecture, FloatNetwork, OUTPUT_SCALE};

use super::data::position_set::PositionSet;
use super::fit::{cross_entropy, ordered_mean, shuffle, sigmoid, EpochReport};
use rayon::prelude::*;
use std::time::Instant;

/// Positions per parallel piece of work.
const PIECE: usize = 1024;

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
    /// Decoupled decay of the king buckets' own weights alone (what each
    /// adds to the shared ones), per unit of step size: each bucket is
    /// pulled back toward the shared network unless the data holds it apart.
    pub king_bucket_decay: f64,
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
            king_bucket_decay: 0.0,
            seed: 1,
        }
    }
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
    sampled_loss(net, data, k, lambda, 1)
}

/// The training loss reported after each epoch is taken on every this-many
/// positions: a tenth of the data costs a thirtieth of an epoch, and the
/// same positions every epoch keep the figures comparable.
const LOSS_SAMPLE: usize = 10;

/// The mean loss over every `every`-th position of `data`.
fn sampled_loss(net: &FloatNetwork, data: &NetDataset, k: f64, lambda: f64, every: usize) -> f64 {
    ordered_mean(data.len().div_ceil(every), |i| {
        let n = i * every;
        let (ours, theirs) = data.inputs(n);
        let output = net.forward(&ours, &theirs, data.force(n)).output;
        let q = sigmoid(k * (output * OUTPUT_SCALE) as f64);
        cross_entropy(q, data.target(n, k, lambda) as f64)
    })
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
                let inputs = (&ours[..], &theirs[..], data.force(n));
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
/// epoch stopped midway is not reported). With held-out data, an epoch
/// whose validation loss is the lowest yet (epoch 0 never: it trained
/// nothing) becomes `state.best` before it is reported, so a resumed run
/// keeps the same best as the run made at once.
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
    let training_loss = |net: &FloatNetwork| sampled_loss(net, data, k, config.lambda, LOSS_SAMPLE);
    if state.epochs_done == 0 {
        let first = EpochReport {
            epoch: 0,
            loss: training_loss(&state.net),
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
        let bucket_decay = 1.0 - (rate * config.king_bucket_decay) as f32;
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
        for batch in order.chunks(config.batch.max(1)) {
            if stop() {
                return;
            }
            let (g, _) = gradient(&state.net, data, batch, k, config.lambda);
            state.adam.step(&mut state.net.parameters, &g, rate as f32);
            if config.weight_decay > 0.0 {
                state.net.decay(decay);
            }
            if config.king_bucket_decay > 0.0 {
                state.net.decay_king_buckets(bucket_decay);
            }
            state.net.clip();
        }
        state.epochs_done = epoch;
        let epoch_report = EpochReport {
            epoch,
            loss: training_loss(&state.net),
            validation_loss: validation_loss(&state.net),
            learning_rate: rate,
            elapsed: started.elapsed(),
        };
        if let Some(loss) = epoch_report.validation_loss {
            if state.best.is_none_or(|best| loss < best.validation_loss) {
                state.best = Some(BestEpoch {
                    epoch,
                    validation_loss: loss,
                    network: state.net.quantise().hash(),
                });
            }
        }
        report(&epoch_report, state);
    }
}
