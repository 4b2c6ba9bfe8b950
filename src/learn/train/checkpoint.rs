//! Where a training run stands, to resume from, and its file.

use super::network::{Architecture, FloatNetwork};
use crate::eval::nnue::king_buckets::KingBuckets;
use crate::eval::nnue::network::{Activation, MAX_BUCKETS};
use crate::eval::nnue::shape::MAX_LAYER_UNITS;
use crate::learn::adam::Adam;

/// Where a run stands, to resume from: the network, Adam's moments, the
/// epochs done and the best epoch kept so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    pub net: FloatNetwork,
    pub adam: Adam<f32>,
    pub epochs_done: usize,
    /// The epoch whose network the run wrote as its output, if it judges
    /// epochs by a validation loss: a resumed run keeps it until a later
    /// epoch does better, as the run made at once would.
    pub best: Option<BestEpoch>,
}

/// The epoch with the lowest validation loss so far, and the hash of the
/// engine network written from it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BestEpoch {
    pub epoch: usize,
    pub validation_loss: f64,
    pub network: u64,
}

/// The bytes of a [`BestEpoch`] after the moments: the loss (f64), the
/// epoch (u32) and the network's hash (u64), little-endian.
const BEST_BYTES: usize = 8 + 4 + 8;

/// The format of a network with a hidden layer: its units after the
/// king-bucket byte.
const LAYER_MAGIC: &[u8; 8] = b"CHUHANC4";
/// The format of a network without one.
const CHECKPOINT_MAGIC: &[u8; 8] = b"CHUHANC3";
/// The format before king buckets, still read: no king-bucket byte.
const PLAIN_MAGIC: &[u8; 8] = b"CHUHANC2";

/// Why bytes are not a checkpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckpointError {
    NotACheckpoint,
    Activation(u8),
    KingBuckets(u8),
    LayerUnits(usize),
    Buckets(usize),
    Length { found: usize, expected: usize },
}

impl std::fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckpointError::NotACheckpoint => f.write_str("not a checkpoint of chuhan's trainer"),
            CheckpointError::Activation(code) => write!(f, "unknown activation {code}"),
            CheckpointError::KingBuckets(code) => write!(f, "unknown king-bucket layout {code}"),
            CheckpointError::Buckets(buckets) => write!(f, "{buckets} output buckets"),
            CheckpointError::LayerUnits(units) => write!(f, "{units} hidden layer units"),
            CheckpointError::Length { found, expected } => write!(
                f,
                "{found} bytes where a checkpoint of this network has {expected}"
            ),
        }
    }
}

impl std::error::Error for CheckpointError {}

impl Checkpoint {
    /// A run not yet started from `net`.
    pub fn start(net: FloatNetwork) -> Checkpoint {
        let adam = Adam::new(net.parameters.len());
        Checkpoint {
            net,
            adam,
            epochs_done: 0,
            best: None,
        }
    }

    /// The magic "CHUHANC3", then as little-endian integers the buckets
    /// (u16), the activation and the king buckets (u8 each, as in the
    /// network file), the epochs done (u32) and Adam's steps (u32), then the
    /// parameters, Adam's first and second moments, each as little-endian
    /// `f32`, and last the best epoch where there is one (its validation
    /// loss as `f64`, the epoch as u32, the network's hash as u64: a file
    /// written before it was kept ends at the moments). With a hidden layer
    /// the magic is "CHUHANC4" and its units (u16) follow the king buckets'
    /// byte. "CHUHANC2" files, without the king buckets' byte, are read too.
    pub fn to_bytes(&self) -> Vec<u8> {
        let arch = self.net.architecture;
        let layer = arch.layer_units > 0;
        let mut out = if layer { LAYER_MAGIC } else { CHECKPOINT_MAGIC }.to_vec();
        out.extend_from_slice(&(arch.buckets as u16).to_le_bytes());
        out.push(match arch.activation {
            Activation::Clipped => 0,
            Activation::SquaredClipped => 1,
        });
        out.push(arch.king_buckets.code());
        if layer {
            out.extend_from_slice(&(arch.layer_units as u16).to_le_bytes());
        }
        out.extend_from_slice(&(self.epochs_done as u32).to_le_bytes());
        let (moment, velocity, steps) = self.adam.state();
        out.extend_from_slice(&(steps as u32).to_le_bytes());
        for v in self.net.parameters.iter().chain(moment).chain(velocity) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        if let Some(best) = self.best {
            out.extend_from_slice(&best.validation_loss.to_le_bytes());
            out.extend_from_slice(&(best.epoch as u32).to_le_bytes());
            out.extend_from_slice(&best.network.to_le_bytes());
        }
        out
    }

    /// Reads what [`Checkpoint::to_bytes`] wrote.
    pub fn from_bytes(bytes: &[u8]) -> Result<Checkpoint, CheckpointError> {
        let magic = bytes.get(..8);
        let plain = magic == Some(PLAIN_MAGIC);
        let layer = magic == Some(LAYER_MAGIC);
        // Where the epochs done stand, after the king buckets' byte and the
        // hidden layer's units if any.
        let counts_at = match (plain, layer) {
            (true, _) => 11,
            (_, true) => 14,
            _ => 12,
        };
        let head = counts_at + 4 + 4;
        if bytes.len() < head || !(plain || layer || magic == Some(CHECKPOINT_MAGIC)) {
            return Err(CheckpointError::NotACheckpoint);
        }
        let buckets = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
        let activation = match bytes[10] {
            0 => Activation::Clipped,
            1 => Activation::SquaredClipped,
            other => return Err(CheckpointError::Activation(other)),
        };
        let king_buckets = if plain {
            KingBuckets::None
        } else {
            KingBuckets::from_code(bytes[11]).ok_or(CheckpointError::KingBuckets(bytes[11]))?
        };
        if !(1..=MAX_BUCKETS).contains(&buckets) {
            return Err(CheckpointError::Buckets(buckets));
        }
        let layer_units = match layer {
            true => u16::from_le_bytes([bytes[12], bytes[13]]) as usize,
            false => 0,
        };
        if layer && !(1..=MAX_LAYER_UNITS).contains(&layer_units) {
            return Err(CheckpointError::LayerUnits(layer_units));
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let (epochs_done, steps) = (u32_at(counts_at) as usize, u32_at(counts_at + 4) as i32);
        let architecture = Architecture {
            buckets,
            king_buckets,
            activation,
            layer_units,
        };
        let n = architecture.parameters();
        let moments_end = head + 3 * 4 * n;
        let best = match bytes.len().checked_sub(moments_end) {
            Some(0) => None,
            Some(BEST_BYTES) => {
                let tail = &bytes[moments_end..];
                Some(BestEpoch {
                    validation_loss: f64::from_le_bytes(tail[..8].try_into().expect("8 bytes")),
                    epoch: u32_at(moments_end + 8) as usize,
                    network: u64::from_le_bytes(tail[12..].try_into().expect("8 bytes")),
                })
            }
            _ => {
                return Err(CheckpointError::Length {
                    found: bytes.len(),
                    expected: moments_end,
                })
            }
        };
        let floats: Vec<f32> = bytes[head..moments_end]
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
            best,
        })
    }
}
