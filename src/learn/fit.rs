//! What the two learners share: the logistic loss they minimise (the
//! sigmoid of a scaled evaluation against a target, by cross-entropy), the
//! fit of the scale to the game results, the seeded shuffle of each epoch,
//! and the report after an epoch.

use crate::random::Rng;
use rayon::prelude::*;
use std::time::Duration;

/// Indices per parallel piece of a sum.
const SUM_PIECE: usize = 1024;

/// The mean of `term(0..n)`, summed on all threads in fixed pieces that are
/// then added in order: the figure is the same to the last bit on any
/// number of threads (a plain parallel sum adds in whatever order the
/// threads finish, and a fitted constant or a kept epoch could then differ
/// from machine to machine).
pub fn ordered_mean(n: usize, term: impl Fn(usize) -> f64 + Sync) -> f64 {
    let sums: Vec<f64> = (0..n.div_ceil(SUM_PIECE))
        .into_par_iter()
        .map(|piece| {
            (piece * SUM_PIECE..((piece + 1) * SUM_PIECE).min(n))
                .map(&term)
                .sum()
        })
        .collect();
    sums.iter().sum::<f64>() / n.max(1) as f64
}

/// The logistic function.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Cross-entropy of prediction `q` against target `t`.
pub fn cross_entropy(q: f64, t: f64) -> f64 {
    let q = q.clamp(1e-12, 1.0 - 1e-12);
    -(t * q.ln() + (1.0 - t) * (1.0 - q).ln())
}

/// The `K` in 1e-4..0.05 where the convex `loss` is least (golden section).
pub fn minimise_convex(loss: impl Fn(f64) -> f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (1e-4f64, 0.05f64);
    let mut a = high - ratio * (high - low);
    let mut b = low + ratio * (high - low);
    let (mut la, mut lb) = (loss(a), loss(b));
    for _ in 0..40 {
        if la < lb {
            high = b;
            b = a;
            lb = la;
            a = high - ratio * (high - low);
            la = loss(a);
        } else {
            low = a;
            a = b;
            la = lb;
            b = low + ratio * (high - low);
            lb = loss(b);
        }
    }
    (low + high) / 2.0
}

/// Fisher-Yates with the crate's seeded generator.
pub fn shuffle(order: &mut [u32], seed: u64) {
    let mut rng = Rng::new(seed);
    for i in (1..order.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
}

/// The loss after an epoch (epoch 0: before any step).
#[derive(Clone, Debug, PartialEq)]
pub struct EpochReport {
    pub epoch: usize,
    /// On the training positions after the epoch (epoch 0: before any
    /// step); the network trainer's on every tenth of them.
    pub loss: f64,
    /// On the held-out positions, if there are any.
    pub validation_loss: Option<f64>,
    /// The step size of the epoch (0 for epoch 0).
    pub learning_rate: f64,
    pub elapsed: Duration,
}
