//! The network in floating point, as the trainer sees it: its architecture
//! (output buckets, king buckets, activation, hidden layer) and flat
//! parameters, the
//! forward and backward passes, and the rounding to the engine's integers.

use crate::core::Position;
use crate::eval::nnue::buckets::{attacking_force, bucket_of_force};
use crate::eval::nnue::features::{active_features, mirrored, FEATURES};
use crate::eval::nnue::hidden_layer::HiddenLayer;
use crate::eval::nnue::king_buckets::KingBuckets;
use crate::eval::nnue::network::{Activation, Network};
use crate::eval::nnue::shape::{HIDDEN, LAYER_INPUTS, MAX_LAYER_UNITS, QA, QH};
use crate::eval::nnue::simd::MAX_SQUARED_WEIGHT;
use crate::learn::fit::{cross_entropy, sigmoid};
use crate::random::Rng;
use std::ops::Range;

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

/// The largest hidden layer input weight: `QH` times it, an `i16`.
const MAX_LAYER_WEIGHT: f32 = 4.0;
/// The largest hidden layer bias: the unit is clipped to 0..1 anyway.
const MAX_LAYER_BIAS: f32 = 8.0;

/// The shape of a network beyond its fixed input and accumulator sizes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Architecture {
    /// Output buckets by the attacking force left (1 to 16).
    pub buckets: usize,
    /// Input weights by where the viewing side's king stands.
    pub king_buckets: KingBuckets,
    pub activation: Activation,
    /// Units of a hidden layer per output bucket, 0 (none) to
    /// [`MAX_LAYER_UNITS`]: each a clipped sum of the activations, weighed
    /// by the output beside them.
    pub layer_units: usize,
}

impl Default for Architecture {
    /// What the shipped network uses.
    fn default() -> Architecture {
        Architecture {
            buckets: 8,
            king_buckets: KingBuckets::None,
            activation: Activation::SquaredClipped,
            layer_units: 0,
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
    // units' input weights (with king buckets first a shared set, then per
    // king bucket `FEATURES` rows of `FREE`), their biases, the output
    // weights (per output bucket: side to move, then the other, `FREE`
    // each), the output biases (one per bucket); then the hidden layer's
    // input weights (per bucket and unit, `LAYER_INPUTS`: the side to
    // move's twin sums, then the other's), its biases and its output
    // weights (per bucket and unit, one each).
    const W1_AT: usize = 0;

    /// With king buckets, a set of input rows every bucket adds to its own
    /// (a factoriser, as nnue-pytorch trains king buckets): what a piece on
    /// a square is worth wherever the king stands is learned from every
    /// position, and each bucket learns only its difference. The engine
    /// gets the sums. Without king buckets, none.
    fn shared_sets(self) -> usize {
        usize::from(self.king_buckets != KingBuckets::None)
    }

    /// Where the shared input row of `feature` starts (with king buckets).
    fn shared_at(self, feature: usize) -> usize {
        Self::W1_AT + feature * FREE
    }

    /// Where the input row of `feature` in king bucket `king_bucket` starts.
    fn w1_at(self, king_bucket: usize, feature: usize) -> usize {
        Self::W1_AT + ((self.shared_sets() + king_bucket) * FEATURES + feature) * FREE
    }

    fn b1_at(self) -> usize {
        self.w1_at(self.king_buckets.count(), 0)
    }

    fn w2_start(self) -> usize {
        self.b1_at() + FREE
    }

    fn w2_at(self, bucket: usize, side: usize) -> usize {
        self.w2_start() + (bucket * 2 + side) * FREE
    }

    fn b2_at(self) -> usize {
        self.w2_start() + self.buckets * 2 * FREE
    }

    /// The hidden layer's rows: one per bucket and unit.
    fn layer_rows(self) -> usize {
        self.buckets * self.layer_units
    }

    /// Where the input weights of hidden unit `unit` of `bucket` start.
    fn w3_at(self, bucket: usize, unit: usize) -> usize {
        self.b2_at() + self.buckets + (bucket * self.layer_units + unit) * LAYER_INPUTS
    }

    fn b3_at(self, bucket: usize, unit: usize) -> usize {
        self.w3_at(self.buckets, 0) + bucket * self.layer_units + unit
    }

    fn w4_at(self, bucket: usize, unit: usize) -> usize {
        self.b3_at(self.buckets, 0) + bucket * self.layer_units + unit
    }

    /// Parameters of the network.
    pub fn parameters(self) -> usize {
        self.w4_at(self.buckets, 0)
    }

    /// Each tensor's name and place in the parameters, in order: the
    /// accumulator's input weights and biases, the output weights and
    /// biases, and the hidden layer's input weights, biases and output
    /// weights (empty without a layer).
    pub fn tensors(self) -> [(&'static str, Range<usize>); 7] {
        [
            ("input weights", Self::W1_AT..self.b1_at()),
            ("input biases", self.b1_at()..self.w2_start()),
            ("output weights", self.output_weights()),
            ("output biases", self.b2_at()..self.w3_at(0, 0)),
            ("layer weights", self.layer_weights()),
            ("layer biases", self.layer_biases()),
            ("layer outputs", self.layer_outputs()),
        ]
    }

    fn output_weights(self) -> Range<usize> {
        self.w2_start()..self.b2_at()
    }

    fn layer_weights(self) -> Range<usize> {
        self.w3_at(0, 0)..self.b3_at(0, 0)
    }

    fn layer_biases(self) -> Range<usize> {
        self.b3_at(0, 0)..self.w4_at(0, 0)
    }

    fn layer_outputs(self) -> Range<usize> {
        self.w4_at(0, 0)..self.parameters()
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
/// move, other), the free units and their mirrored twins; the hidden
/// layer's inputs and its units' sums before clipping.
pub(super) struct Forward {
    sums: [[[f32; FREE]; 2]; 2],
    layer_inputs: [f32; LAYER_INPUTS],
    layer_sums: [f32; MAX_LAYER_UNITS],
    bucket: usize,
    pub(super) output: f32,
}

impl FloatNetwork {
    /// Small random weights (seeded), biases that leave most units active.
    /// With king buckets the shared input weights are random and each
    /// bucket's own start at zero: every bucket starts as the same network,
    /// and parts only where the data says so.
    pub fn random(seed: u64, architecture: Architecture) -> FloatNetwork {
        let mut rng = Rng::new(seed);
        let mut parameters = vec![0.0f32; architecture.parameters()];
        let random_inputs = match architecture.shared_sets() {
            0 => Architecture::W1_AT..architecture.b1_at(),
            _ => Architecture::W1_AT..architecture.w1_at(0, 0),
        };
        for w in &mut parameters[random_inputs] {
            *w = (rng.next_f64() as f32 - 0.5) * 0.2;
        }
        parameters[architecture.b1_at()..architecture.w2_start()].fill(0.25);
        for w in &mut parameters[architecture.output_weights()] {
            *w = (rng.next_f64() as f32 - 0.5) * 0.1;
        }
        // The hidden units start half open and weighed by nothing: the
        // network starts as the one without them, and the output weights
        // learn first what the units are worth. (Drawn after the rest, so
        // a network without the layer starts as it always did.)
        for w in &mut parameters[architecture.layer_weights()] {
            *w = (rng.next_f64() as f32 - 0.5) * 0.2;
        }
        parameters[architecture.layer_biases()].fill(0.5);
        FloatNetwork {
            architecture,
            parameters,
        }
    }

    /// The engine's network back in floating point, its integers divided by
    /// their quantisation: a start to train on from (a warm start). Its
    /// free units are read; their twins follow by construction, as they do
    /// in every network this trainer writes.
    pub fn from_network(net: &Network) -> FloatNetwork {
        let architecture = Architecture {
            buckets: net.output_weights.len(),
            king_buckets: net.king_buckets,
            activation: net.activation,
            layer_units: net.layer_units(),
        };
        let qa = QA as f32;
        let qb = net.output_quantisation as f32;
        let mut parameters = vec![0.0f32; architecture.parameters()];
        let free = |row: &[i16], to: &mut [f32], q: f32| {
            to.iter_mut()
                .zip(&row[..FREE])
                .for_each(|(p, &w)| *p = w as f32 / q);
        };
        // The engine's rows are the sums: the shared set stays at zero.
        for (i, row) in net.input_weights.iter().enumerate() {
            let at = architecture.w1_at(i / FEATURES, i % FEATURES);
            free(row, &mut parameters[at..at + FREE], qa);
        }
        let biases = architecture.b1_at()..architecture.w2_start();
        free(&net.input_bias, &mut parameters[biases], qa);
        for (bucket, sides) in net.output_weights.iter().enumerate() {
            for (side, row) in sides.iter().enumerate() {
                let at = architecture.w2_at(bucket, side);
                free(row, &mut parameters[at..at + FREE], qb);
            }
        }
        for (bucket, &bias) in net.output_bias.iter().enumerate() {
            parameters[architecture.b2_at() + bucket] = bias as f32 / (qa * qb);
        }
        if let Some(layer) = &net.hidden_layer {
            let qh = QH as f32;
            let (w3, b3, w4) = (
                architecture.w3_at(0, 0),
                architecture.b3_at(0, 0),
                architecture.w4_at(0, 0),
            );
            for (row, weights) in layer.weights.iter().enumerate() {
                let at = w3 + row * LAYER_INPUTS;
                parameters[at..at + LAYER_INPUTS]
                    .iter_mut()
                    .zip(weights)
                    .for_each(|(p, &w)| *p = w as f32 / qh);
            }
            for (row, (&bias, &out)) in layer.biases.iter().zip(&layer.outputs).enumerate() {
                parameters[b3 + row] = bias as f32 / (qh * qa);
                parameters[w4 + row] = out as f32 / qb;
            }
        }
        FloatNetwork {
            architecture,
            parameters,
        }
    }

    /// Where the input rows of one side's `features` start: for the free
    /// units in the side's king bucket, for the twins the mirrored feature
    /// in the mirrored bucket; then, with king buckets, the shared rows.
    fn input_rows<'a>(&self, features: &'a [u16]) -> impl Iterator<Item = [usize; 2]> + 'a {
        let arch = self.architecture;
        let bucket = arch.king_buckets.of_features(features);
        let twin_bucket = arch.king_buckets.mirrored(bucket);
        let own = features.iter().map(move |&f| {
            let f = f as usize;
            [arch.w1_at(bucket, f), arch.w1_at(twin_bucket, mirrored(f))]
        });
        let shared = features
            .iter()
            .take(arch.shared_sets() * features.len())
            .map(move |&f| {
                let f = f as usize;
                [arch.shared_at(f), arch.shared_at(mirrored(f))]
            });
        own.chain(shared)
    }

    /// The free units' sums and their twins' for one side's `features`.
    fn side_sums(&self, features: &[u16]) -> [[f32; FREE]; 2] {
        let arch = self.architecture;
        let p = &self.parameters;
        let mut plain = [0.0f32; FREE];
        plain.copy_from_slice(&p[arch.b1_at()..arch.w2_start()]);
        let mut twin = plain;
        for [at, twin_at] in self.input_rows(features) {
            plain
                .iter_mut()
                .zip(&p[at..][..FREE])
                .for_each(|(a, w)| *a += w);
            twin.iter_mut()
                .zip(&p[twin_at..][..FREE])
                .for_each(|(a, w)| *a += w);
        }
        [plain, twin]
    }

    pub(super) fn forward(&self, ours: &[u16], theirs: &[u16], force: usize) -> Forward {
        let arch = self.architecture;
        let p = &self.parameters;
        let bucket = bucket_of_force(force, arch.buckets);
        let sums = [self.side_sums(ours), self.side_sums(theirs)];
        let mut output = p[arch.b2_at() + bucket];
        let mut layer_inputs = [0.0f32; LAYER_INPUTS];
        for (side, [plain, twin]) in sums.iter().enumerate() {
            let w2 = &p[arch.w2_at(bucket, side)..][..FREE];
            for i in 0..FREE {
                let input = arch.activate(plain[i]) + arch.activate(twin[i]);
                layer_inputs[side * FREE + i] = input;
                output += w2[i] * input;
            }
        }
        let mut layer_sums = [0.0f32; MAX_LAYER_UNITS];
        for (unit, layer_sum) in layer_sums.iter_mut().enumerate().take(arch.layer_units) {
            let w3 = &p[arch.w3_at(bucket, unit)..][..LAYER_INPUTS];
            let weighed: f32 = w3.iter().zip(&layer_inputs).map(|(w, x)| w * x).sum();
            *layer_sum = p[arch.b3_at(bucket, unit)] + weighed;
            output += p[arch.w4_at(bucket, unit)] * layer_sum.clamp(0.0, 1.0);
        }
        Forward {
            sums,
            layer_inputs,
            layer_sums,
            bucket,
            output,
        }
    }

    /// The evaluation in centipawns for the side to move of `pos`.
    pub fn evaluate(&self, pos: &Position) -> f32 {
        let side = pos.side_to_move();
        let ours: Vec<u16> = active_features(pos, side).map(|f| f as u16).collect();
        let theirs: Vec<u16> = active_features(pos, side.opposite())
            .map(|f| f as u16)
            .collect();
        self.forward(&ours, &theirs, attacking_force(pos)).output * OUTPUT_SCALE
    }

    /// Adds the gradient of the loss of one position to `gradient` and
    /// returns the loss.
    pub(super) fn backward(
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
        // What a change of each of the hidden layer's inputs moves the
        // output by through the units (open ones only: clipped, a unit
        // passes nothing back).
        let mut through_layer = [0.0f32; LAYER_INPUTS];
        for unit in 0..arch.layer_units {
            let sum = forward.layer_sums[unit];
            let w4 = arch.w4_at(forward.bucket, unit);
            gradient[w4] += push * sum.clamp(0.0, 1.0);
            if sum > 0.0 && sum < 1.0 {
                let open = push * p[w4];
                gradient[arch.b3_at(forward.bucket, unit)] += open;
                let w3 = arch.w3_at(forward.bucket, unit);
                for (k, back) in through_layer.iter_mut().enumerate() {
                    gradient[w3 + k] += open * forward.layer_inputs[k];
                    *back += open * p[w3 + k];
                }
            }
        }
        for (side, features) in [(0, ours), (1, theirs)] {
            let [plain, twin] = &forward.sums[side];
            let w2 = arch.w2_at(forward.bucket, side);
            let mut through = [[0.0f32; FREE]; 2];
            for i in 0..FREE {
                gradient[w2 + i] += push * (arch.activate(plain[i]) + arch.activate(twin[i]));
                // A unit and its twin enter the layer as one sum.
                let back = push * p[w2 + i] + through_layer[side * FREE + i];
                through[0][i] = back * arch.slope(plain[i]);
                through[1][i] = back * arch.slope(twin[i]);
            }
            gradient[arch.b1_at()..arch.w2_start()]
                .iter_mut()
                .enumerate()
                .for_each(|(i, g)| *g += through[0][i] + through[1][i]);
            for [at, twin_at] in self.input_rows(features) {
                for (at, through) in [(at, &through[0]), (twin_at, &through[1])] {
                    let row = &mut gradient[at..][..FREE];
                    row.iter_mut().zip(through).for_each(|(g, t)| *g += t);
                }
            }
        }
        loss
    }

    /// Keeps the weights where the engine's integers hold them.
    pub(super) fn clip(&mut self) {
        let arch = self.architecture;
        for w in &mut self.parameters[Architecture::W1_AT..arch.w2_start()] {
            *w = w.clamp(-MAX_INPUT_WEIGHT, MAX_INPUT_WEIGHT);
        }
        // A bucket's own weight is held so that its sum with the shared one is.
        if arch.shared_sets() > 0 {
            for (bucket, f) in
                (0..arch.king_buckets.count()).flat_map(|b| (0..FEATURES).map(move |f| (b, f)))
            {
                let (own, shared) = (arch.w1_at(bucket, f), arch.shared_at(f));
                for i in 0..FREE {
                    let s = self.parameters[shared + i];
                    let w = &mut self.parameters[own + i];
                    *w = w.clamp(-MAX_INPUT_WEIGHT - s, MAX_INPUT_WEIGHT - s);
                }
            }
        }
        let limit = arch.max_output_weight();
        for i in arch.output_weights().chain(arch.layer_outputs()) {
            self.parameters[i] = self.parameters[i].clamp(-limit, limit);
        }
        for w in &mut self.parameters[arch.layer_weights()] {
            *w = w.clamp(-MAX_LAYER_WEIGHT, MAX_LAYER_WEIGHT);
        }
        for b in &mut self.parameters[arch.layer_biases()] {
            *b = b.clamp(-MAX_LAYER_BIAS, MAX_LAYER_BIAS);
        }
    }

    /// Shrinks the weights (not the biases) by `factor`: decoupled weight decay.
    pub(super) fn decay(&mut self, factor: f32) {
        let arch = self.architecture;
        let weights = (Architecture::W1_AT..arch.b1_at())
            .chain(arch.output_weights())
            .chain(arch.layer_weights())
            .chain(arch.layer_outputs());
        for i in weights {
            self.parameters[i] *= factor;
        }
    }

    /// Shrinks the king buckets' own input weights (not the shared ones) by
    /// `factor`; nothing without king buckets.
    pub(super) fn decay_king_buckets(&mut self, factor: f32) {
        let arch = self.architecture;
        if arch.shared_sets() > 0 {
            for w in &mut self.parameters[arch.w1_at(0, 0)..arch.b1_at()] {
                *w *= factor;
            }
        }
    }

    /// The network in the engine's integers: each free unit at its index,
    /// its twin `FREE` further on.
    pub fn quantise(&self) -> Network {
        let arch = self.architecture;
        let p = &self.parameters;
        let largest = p[arch.output_weights()]
            .iter()
            .chain(&p[arch.layer_outputs()])
            .fold(0.0f32, |m, w| m.max(w.abs()));
        let qb = arch.output_quantisation(largest);
        let round = |x: f32, q: i32| {
            (x * q as f32)
                .round()
                .clamp(i16::MIN as f32, i16::MAX as f32) as i16
        };
        // A full row from the free units' values, the sum of the rows at
        // `plain`, and the twins', the sum of those at `twin`.
        let row = |plain: &[usize], twin: &[usize], q: i32| {
            let sum = |at: &[usize], i: usize| at.iter().map(|&a| p[a + i]).sum::<f32>();
            let mut row = [0i16; HIDDEN];
            for i in 0..FREE {
                row[i] = round(sum(plain, i), q);
                row[FREE + i] = round(sum(twin, i), q);
            }
            row
        };
        // Row `i` is feature `i % FEATURES` in king bucket `i / FEATURES`.
        let input_row = |i: usize| {
            let (bucket, f) = (i / FEATURES, i % FEATURES);
            let twin_bucket = arch.king_buckets.mirrored(bucket);
            let (plain, twin) = (arch.w1_at(bucket, f), arch.w1_at(twin_bucket, mirrored(f)));
            match arch.shared_sets() {
                0 => row(&[plain], &[twin], QA),
                _ => row(
                    &[plain, arch.shared_at(f)],
                    &[twin, arch.shared_at(mirrored(f))],
                    QA,
                ),
            }
        };
        let bias = row(&[arch.b1_at()], &[arch.b1_at()], QA);
        let output_weights = (0..arch.buckets)
            .map(|b| {
                let side = |s| row(&[arch.w2_at(b, s)], &[arch.w2_at(b, s)], qb);
                [side(0), side(1)]
            })
            .collect();
        let output_bias = (0..arch.buckets)
            .map(|b| (p[arch.b2_at() + b] * (QA * qb) as f32).round() as i32)
            .collect();
        let rows = arch.layer_rows();
        let hidden_layer = (rows > 0).then(|| HiddenLayer {
            units: arch.layer_units,
            weights: (0..rows)
                .map(|row| {
                    let at = arch.w3_at(0, 0) + row * LAYER_INPUTS;
                    let mut weights = [0i16; LAYER_INPUTS];
                    weights
                        .iter_mut()
                        .zip(&p[at..at + LAYER_INPUTS])
                        .for_each(|(q, &w)| *q = round(w, QH));
                    weights
                })
                .collect(),
            biases: (0..rows)
                .map(|row| (p[arch.b3_at(0, 0) + row] * (QH * QA) as f32).round() as i32)
                .collect(),
            outputs: (0..rows)
                .map(|row| round(p[arch.w4_at(0, 0) + row], qb))
                .collect(),
        });
        Network {
            input_weights: (0..FEATURES * arch.king_buckets.count())
                .map(input_row)
                .collect(),
            king_buckets: arch.king_buckets,
            input_bias: bias,
            activation: arch.activation,
            output_weights,
            output_bias,
            output_quantisation: qb as u16,
            scale: OUTPUT_SCALE as u16,
            hidden_layer,
        }
    }
}
