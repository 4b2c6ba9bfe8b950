//! A random network of the trainer's with every parameter moved a little
//! more at random: a fresh network's king buckets all start alike (their
//! own weights at zero), and a test of their rows wants them apart.

use chuhan::learn::train::{Architecture, FloatNetwork};
use chuhan::random::Rng;

pub fn scrambled(seed: u64, architecture: Architecture) -> FloatNetwork {
    let mut net = FloatNetwork::random(seed, architecture);
    let mut rng = Rng::new(seed + 1000);
    for p in &mut net.parameters {
        *p += (rng.next_f64() as f32 - 0.5) * 0.1;
    }
    net
}
