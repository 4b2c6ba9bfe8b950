//! The quantised network and its file.
//!
//! ```text
//! offset 0   8 bytes  magic "CHUHANNN"
//! offset 8   u16      format version (2, or 3 with king buckets)
//! offset 10  u16      inputs per side (1260, see super::features, times
//!                     the king buckets)
//! offset 12  u16      accumulator size per side (HIDDEN)
//! offset 14  u16      output scale: centipawns per unit of output
//! offset 16  u16      output buckets (see super::buckets), 1 to 16
//! offset 18  u8       activation: 0 clipped, 1 squared clipped
//! offset 19  u8       king buckets (see super::king_buckets): 0 none,
//!                     1 by rank, 2 by square; version 2 writes 0
//! offset 20  u16      the output weights' quantisation (QB)
//! offset 22  u16      reserved, 0
//! offset 24  i16 x inputs x HIDDEN   input weights, feature by feature,
//!                                    king bucket by king bucket
//!            i16 x HIDDEN            accumulator biases
//!            i16 x 2 x HIDDEN        output weights of each bucket: side
//!                                    to move, then the other
//!            i32 x buckets           output bias of each bucket
//!            u64                     FNV-1a hash of every byte before it
//! ```
//!
//! All integers little-endian. Input weights and biases are the trained
//! values times [`QA`], output weights times QB, output biases times
//! `QA * QB`: the accumulator's clipped values run from 0 to `QA`.
//!
//! A network without king buckets is written as version 2, byte for byte
//! what builds before version 3 wrote and read. Version 1 (still read) had
//! a 16-byte header (no buckets, activation or QB field: one bucket,
//! clipped, QB 1024).

use super::features::FEATURES;
use super::king_buckets::KingBuckets;
use super::simd::{dot_clipped, dot_squared, Row, MAX_SQUARED_WEIGHT};
use crate::checksum::fnv1a;
use std::fmt;

use super::shape::{HIDDEN, QA};

pub const MAGIC: &[u8; 8] = b"CHUHANNN";
/// The newest format, written where a network has king buckets.
pub const VERSION: u16 = 3;
/// The format of a network without king buckets.
const PLAIN_VERSION: u16 = 2;
const HEADER_LEN: usize = 24;
const V1_HEADER_LEN: usize = 16;
/// Version 1's output quantisation.
const V1_QB: i32 = 1024;
pub const MAX_BUCKETS: usize = 16;

/// How an accumulator value becomes the output layer's input.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Activation {
    /// `clamp(x, 0, 1)`.
    Clipped,
    /// `clamp(x, 0, 1)^2`: smooth near 0, so that small sums still count.
    SquaredClipped,
}

impl Activation {
    fn code(self) -> u8 {
        match self {
            Activation::Clipped => 0,
            Activation::SquaredClipped => 1,
        }
    }

    fn from_code(code: u8) -> Option<Activation> {
        match code {
            0 => Some(Activation::Clipped),
            1 => Some(Activation::SquaredClipped),
            _ => None,
        }
    }
}

/// The length of a version-2 or -3 network file with `buckets` output
/// buckets and `king_buckets`.
pub const fn file_len(buckets: usize, king_buckets: KingBuckets) -> usize {
    let inputs = FEATURES * king_buckets.count();
    HEADER_LEN + 2 * (inputs * HIDDEN + HIDDEN + buckets * 2 * HIDDEN) + 4 * buckets + 8
}

/// The length of a version-1 file.
const V1_FILE_LEN: usize = V1_HEADER_LEN + 2 * (FEATURES * HIDDEN + 3 * HIDDEN) + 4 + 8;

/// A network ready to evaluate.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// `FEATURES` rows of `HIDDEN` per king bucket.
    pub input_weights: Vec<Row>,
    pub king_buckets: KingBuckets,
    pub input_bias: Row,
    pub activation: Activation,
    /// Per output bucket: the side to move's half, then the other side's.
    pub output_weights: Vec<[Row; 2]>,
    /// Per output bucket.
    pub output_bias: Vec<i32>,
    /// The output weights' quantisation.
    pub output_quantisation: u16,
    /// Centipawns per unit of the (dequantised) output.
    pub scale: u16,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network({FEATURES}x{HIDDEN}x2, {} buckets, king buckets {}, {:?}, hash {:016x})",
            self.buckets(),
            self.king_buckets.name(),
            self.activation,
            self.hash()
        )
    }
}

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    NotANetwork,
    Version(u16),
    Shape {
        inputs: u16,
        hidden: u16,
    },
    Buckets(u16),
    KingBuckets(u8),
    Activation(u8),
    Length {
        expected: usize,
        found: usize,
    },
    Corrupt,
    ZeroScale,
    ZeroQuantisation,
    /// An output weight beyond what a squared activation may meet.
    OutputWeight(i16),
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::NotANetwork => write!(f, "not a chuhan network file (no CHUHANNN magic)"),
            NetworkError::Version(v) => {
                write!(
                    f,
                    "network format version {v}, this build reads 1 to {VERSION}"
                )
            }
            NetworkError::Shape { inputs, hidden } => write!(
                f,
                "a {inputs}x{hidden} network, this build evaluates {FEATURES}x{HIDDEN} (times its king buckets)"
            ),
            NetworkError::Buckets(b) => {
                write!(f, "{b} output buckets, this build reads 1 to {MAX_BUCKETS}")
            }
            NetworkError::KingBuckets(code) => write!(f, "unknown king-bucket layout {code}"),
            NetworkError::Activation(code) => write!(f, "unknown activation {code}"),
            NetworkError::Length { expected, found } => {
                write!(
                    f,
                    "{found} bytes where a network has {expected} (cut short or padded)"
                )
            }
            NetworkError::Corrupt => {
                write!(f, "the network's checksum does not match its contents")
            }
            NetworkError::ZeroScale => write!(f, "the network's output scale is 0"),
            NetworkError::ZeroQuantisation => {
                write!(f, "the network's output quantisation is 0")
            }
            NetworkError::OutputWeight(w) => write!(
                f,
                "output weight {w} beyond +-{MAX_SQUARED_WEIGHT}, which a squared activation allows"
            ),
        }
    }
}

impl std::error::Error for NetworkError {}

/// The header fields that shape the rest of a file.
struct Header {
    scale: u16,
    buckets: usize,
    king_buckets: KingBuckets,
    activation: Activation,
    output_quantisation: u16,
    len: usize,
    body_at: usize,
}

fn header(bytes: &[u8]) -> Result<Header, NetworkError> {
    if bytes.len() < V1_HEADER_LEN || &bytes[..8] != MAGIC {
        return Err(NetworkError::NotANetwork);
    }
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    let version = u16_at(8);
    if !(1..=VERSION).contains(&version) {
        return Err(NetworkError::Version(version));
    }
    let (inputs, hidden) = (u16_at(10), u16_at(12));
    let shape = |king_buckets: KingBuckets| {
        if inputs as usize == FEATURES * king_buckets.count() && hidden as usize == HIDDEN {
            Ok(())
        } else {
            Err(NetworkError::Shape { inputs, hidden })
        }
    };
    if version == 1 {
        shape(KingBuckets::None)?;
        return Ok(Header {
            scale: u16_at(14),
            buckets: 1,
            king_buckets: KingBuckets::None,
            activation: Activation::Clipped,
            output_quantisation: V1_QB as u16,
            len: V1_FILE_LEN,
            body_at: V1_HEADER_LEN,
        });
    }
    if bytes.len() < HEADER_LEN {
        return Err(NetworkError::Length {
            expected: HEADER_LEN,
            found: bytes.len(),
        });
    }
    let king_buckets = match version {
        PLAIN_VERSION => KingBuckets::None,
        _ => KingBuckets::from_code(bytes[19]).ok_or(NetworkError::KingBuckets(bytes[19]))?,
    };
    shape(king_buckets)?;
    let buckets = u16_at(16);
    if buckets == 0 || buckets as usize > MAX_BUCKETS {
        return Err(NetworkError::Buckets(buckets));
    }
    let activation = Activation::from_code(bytes[18]).ok_or(NetworkError::Activation(bytes[18]))?;
    Ok(Header {
        scale: u16_at(14),
        buckets: buckets as usize,
        king_buckets,
        activation,
        output_quantisation: u16_at(20),
        len: file_len(buckets as usize, king_buckets),
        body_at: HEADER_LEN,
    })
}

impl Network {
    /// Reads a network from the bytes of its file (version 1, 2 or 3).
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let header = header(bytes)?;
        if bytes.len() != header.len {
            return Err(NetworkError::Length {
                expected: header.len,
                found: bytes.len(),
            });
        }
        let (body, stored) = bytes.split_at(header.len - 8);
        if fnv1a(body) != u64::from_le_bytes(stored.try_into().expect("8 bytes")) {
            return Err(NetworkError::Corrupt);
        }
        if header.scale == 0 {
            return Err(NetworkError::ZeroScale);
        }
        if header.output_quantisation == 0 {
            return Err(NetworkError::ZeroQuantisation);
        }
        let weights_end = header.len - 8 - 4 * header.buckets;
        let mut values = body[header.body_at..weights_end]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut row = || {
            let mut row = [0i16; HIDDEN];
            row.iter_mut()
                .for_each(|v| *v = values.next().expect("length checked"));
            row
        };
        let inputs = FEATURES * header.king_buckets.count();
        let input_weights = (0..inputs).map(|_| row()).collect();
        let input_bias = row();
        let output_weights: Vec<[Row; 2]> = (0..header.buckets).map(|_| [row(), row()]).collect();
        let output_bias = body[weights_end..]
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        if header.activation == Activation::SquaredClipped {
            let beyond = output_weights
                .iter()
                .flatten()
                .flatten()
                .find(|w| w.abs() > MAX_SQUARED_WEIGHT);
            if let Some(&w) = beyond {
                return Err(NetworkError::OutputWeight(w));
            }
        }
        Ok(Network {
            input_weights,
            king_buckets: header.king_buckets,
            input_bias,
            activation: header.activation,
            output_weights,
            output_bias,
            output_quantisation: header.output_quantisation,
            scale: header.scale,
        })
    }

    /// The bytes of its file (version 3 with king buckets, else 2).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(file_len(self.buckets(), self.king_buckets));
        out.extend_from_slice(MAGIC);
        let version = match self.king_buckets {
            KingBuckets::None => PLAIN_VERSION,
            _ => VERSION,
        };
        for v in [
            version,
            (FEATURES * self.king_buckets.count()) as u16,
            HIDDEN as u16,
            self.scale,
            self.buckets() as u16,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&[self.activation.code(), self.king_buckets.code()]);
        out.extend_from_slice(&self.output_quantisation.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        let rows = self
            .input_weights
            .iter()
            .chain(std::iter::once(&self.input_bias))
            .chain(self.output_weights.iter().flatten());
        for row in rows {
            for v in row {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        for bias in &self.output_bias {
            out.extend_from_slice(&bias.to_le_bytes());
        }
        let hash = fnv1a(&out);
        out.extend_from_slice(&hash.to_le_bytes());
        out
    }

    /// A short name for reports: the hash of its file.
    pub fn hash(&self) -> u64 {
        let bytes = self.to_bytes();
        u64::from_le_bytes(bytes[bytes.len() - 8..].try_into().expect("8 bytes"))
    }

    pub fn buckets(&self) -> usize {
        self.output_weights.len()
    }

    /// The input weights of `feature` (see [`super::features`]) in king
    /// bucket `king_bucket`.
    #[inline]
    pub fn input_row(&self, king_bucket: usize, feature: usize) -> &Row {
        &self.input_weights[king_bucket * FEATURES + feature]
    }

    /// The evaluation, in centipawns for the side to move, of the
    /// accumulators of the side to move (`ours`) and of the other
    /// (`theirs`), through the output weights of `bucket`.
    #[inline]
    pub fn output(&self, bucket: usize, ours: &Row, theirs: &Row) -> i32 {
        let [w_ours, w_theirs] = &self.output_weights[bucket];
        // Both activations end in units of QA * QB.
        let sum = match self.activation {
            Activation::Clipped => dot_clipped(ours, w_ours) + dot_clipped(theirs, w_theirs),
            Activation::SquaredClipped => {
                (dot_squared(ours, w_ours) + dot_squared(theirs, w_theirs)) / QA as i64
            }
        };
        let unit = QA as i64 * self.output_quantisation as i64;
        ((sum + self.output_bias[bucket] as i64) * self.scale as i64 / unit) as i32
    }
}
