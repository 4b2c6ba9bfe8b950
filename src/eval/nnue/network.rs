//! The quantised network and its file.
//!
//! ```text
//! offset 0   8 bytes  magic "CHUHANNN"
//! offset 8   u16      format version (2; 3 with king buckets; 4 with a
//!                     hidden layer)
//! offset 10  u16      inputs per side (1260, see super::features, times
//!                     the king buckets)
//! offset 12  u16      accumulator size per side (HIDDEN)
//! offset 14  u16      output scale: centipawns per unit of output
//! offset 16  u16      output buckets (see super::buckets), 1 to 16
//! offset 18  u8       activation: 0 clipped, 1 squared clipped
//! offset 19  u8       king buckets (see super::king_buckets): 0 none,
//!                     1 by rank, 2 by square; version 2 writes 0
//! offset 20  u16      the output weights' quantisation (QB)
//! offset 22  u16      hidden layer units per output bucket (version 4,
//!                     1 to 32); 0 before
//! offset 24  i16 x inputs x HIDDEN   input weights, feature by feature,
//!                                    king bucket by king bucket
//!            i16 x HIDDEN            accumulator biases
//!            i16 x 2 x HIDDEN        output weights of each bucket: side
//!                                    to move, then the other
//!            i32 x buckets           output bias of each bucket
//! version 4: the hidden layer (super::hidden_layer), U units a bucket:
//!            i16 x buckets x U x HIDDEN   input weights of each unit,
//!                                         bucket by bucket
//!            i32 x buckets x U            bias of each unit
//!            i16 x buckets x U            output weight of each unit
//!            u64                     FNV-1a hash of every byte before it
//! ```
//!
//! All integers little-endian. Input weights and biases are the trained
//! values times [`QA`], output weights times QB, output biases times
//! `QA * QB`: the accumulator's clipped values run from 0 to `QA`. The
//! hidden layer's input weights are times `QH`, its biases times `QH * QA`,
//! its output weights times QB.
//!
//! A network without king buckets or hidden layer is written as version 2,
//! byte for byte what builds before version 3 wrote and read; one with king
//! buckets alone as version 3. Version 1 (still read) had
//! a 16-byte header (no buckets, activation or QB field: one bucket,
//! clipped, QB 1024).

use super::features::FEATURES;
use super::hidden_layer::HiddenLayer;
use super::king_buckets::KingBuckets;
use super::simd::{dot_clipped, dot_squared, Row, MAX_SQUARED_WEIGHT};
use crate::checksum::fnv1a;
use std::fmt;

use super::shape::{HIDDEN, LAYER_INPUTS, MAX_LAYER_UNITS, QA};

pub const MAGIC: &[u8; 8] = b"CHUHANNN";
/// The newest format, written where a network has a hidden layer.
pub const VERSION: u16 = 4;
/// The format of a network with king buckets and no hidden layer.
const KING_BUCKETS_VERSION: u16 = 3;
/// The format of a network with neither.
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

/// The length of a version-2, -3 or -4 network file with `buckets` output
/// buckets, `king_buckets` and `layer_units` hidden units a bucket (0:
/// none).
pub const fn file_len(buckets: usize, king_buckets: KingBuckets, layer_units: usize) -> usize {
    let inputs = FEATURES * king_buckets.count();
    let layer = buckets * layer_units * (2 * LAYER_INPUTS + 4 + 2);
    HEADER_LEN + 2 * (inputs * HIDDEN + HIDDEN + buckets * 2 * HIDDEN) + 4 * buckets + layer + 8
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
    /// Between the accumulator and the output, where the network has one.
    pub hidden_layer: Option<HiddenLayer>,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network({FEATURES}x{HIDDEN}x2, {} buckets, king buckets {}, {:?}, hidden units {}, hash {:016x})",
            self.buckets(),
            self.king_buckets.name(),
            self.activation,
            self.layer_units(),
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
    /// Hidden layer units outside 1 to `MAX_LAYER_UNITS`.
    LayerUnits(u16),
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
            NetworkError::LayerUnits(units) => write!(
                f,
                "{units} hidden layer units, this build reads 1 to {MAX_LAYER_UNITS}"
            ),
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
    layer_units: usize,
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
            layer_units: 0,
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
    let layer_units = match version {
        VERSION => match u16_at(22) {
            units @ 1.. if units as usize <= MAX_LAYER_UNITS => units as usize,
            units => return Err(NetworkError::LayerUnits(units)),
        },
        _ => 0,
    };
    Ok(Header {
        scale: u16_at(14),
        buckets: buckets as usize,
        king_buckets,
        activation,
        output_quantisation: u16_at(20),
        layer_units,
        len: file_len(buckets as usize, king_buckets, layer_units),
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
        let mut read = Reader {
            bytes: &body[header.body_at..],
        };
        let inputs = FEATURES * header.king_buckets.count();
        let input_weights = (0..inputs).map(|_| read.row()).collect();
        let input_bias = read.row();
        let output_weights: Vec<[Row; 2]> = (0..header.buckets)
            .map(|_| [read.row(), read.row()])
            .collect();
        let output_bias = (0..header.buckets).map(|_| read.i32()).collect();
        let units = header.layer_units;
        let hidden_layer = (units > 0).then(|| {
            let rows = header.buckets * units;
            let weights = (0..rows).map(|_| read.row()).collect();
            let biases = (0..rows).map(|_| read.i32()).collect();
            let outputs: Vec<i16> = (0..rows).map(|_| read.i16()).collect();
            HiddenLayer {
                units,
                weights,
                biases,
                outputs,
            }
        });
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
            hidden_layer,
        })
    }

    /// The bytes of its file (version 4 with a hidden layer, else 3 with
    /// king buckets, else 2).
    pub fn to_bytes(&self) -> Vec<u8> {
        let units = self.layer_units();
        let mut out = Vec::with_capacity(file_len(self.buckets(), self.king_buckets, units));
        out.extend_from_slice(MAGIC);
        let version = match (units, self.king_buckets) {
            (1.., _) => VERSION,
            (0, KingBuckets::None) => PLAIN_VERSION,
            (0, _) => KING_BUCKETS_VERSION,
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
        out.extend_from_slice(&(units as u16).to_le_bytes());
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
        if let Some(layer) = &self.hidden_layer {
            for v in layer.weights.iter().flatten() {
                out.extend_from_slice(&v.to_le_bytes());
            }
            for bias in &layer.biases {
                out.extend_from_slice(&bias.to_le_bytes());
            }
            for v in &layer.outputs {
                out.extend_from_slice(&v.to_le_bytes());
            }
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

    /// Hidden layer units a bucket; 0 without a hidden layer.
    pub fn layer_units(&self) -> usize {
        self.hidden_layer.as_ref().map_or(0, |layer| layer.units)
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
        let layer = self.hidden_layer.as_ref().map_or(0, |layer| {
            layer.output(bucket, &self.layer_inputs(ours, theirs))
        });
        let unit = QA as i64 * self.output_quantisation as i64;
        ((sum + layer + self.output_bias[bucket] as i64) * self.scale as i64 / unit) as i32
    }

    /// The hidden layer's inputs from the accumulators: per side each
    /// activation added to its twin's, in units of `QA` (rounded).
    fn layer_inputs(&self, ours: &Row, theirs: &Row) -> [i16; LAYER_INPUTS] {
        let half = HIDDEN / 2;
        let activate = |v: i16| {
            let clipped = (v as i32).clamp(0, QA);
            match self.activation {
                Activation::Clipped => clipped,
                Activation::SquaredClipped => (clipped * clipped + QA / 2) / QA,
            }
        };
        let mut inputs = [0i16; LAYER_INPUTS];
        for (side, row) in [ours, theirs].into_iter().enumerate() {
            for i in 0..half {
                inputs[side * half + i] = (activate(row[i]) + activate(row[half + i])) as i16;
            }
        }
        inputs
    }
}

/// Reads a file's little-endian integers in order; the length was checked.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let (head, rest) = self.bytes.split_at(N);
        self.bytes = rest;
        head.try_into().expect("N bytes")
    }

    fn i16(&mut self) -> i16 {
        i16::from_le_bytes(self.take())
    }

    fn i32(&mut self) -> i32 {
        i32::from_le_bytes(self.take())
    }

    fn row(&mut self) -> Row {
        let mut row = [0i16; HIDDEN];
        row.iter_mut().for_each(|v| *v = self.i16());
        row
    }
}
