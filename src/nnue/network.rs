//! The quantised network and its file.
//!
//! ```text
//! offset 0   8 bytes  magic "CHUHANNN"
//! offset 8   u16      format version (1)
//! offset 10  u16      inputs per side (1260, see super::features)
//! offset 12  u16      accumulator size per side (HIDDEN)
//! offset 14  u16      output scale: centipawns per unit of output
//! offset 16  i16 x inputs x HIDDEN   input weights, feature by feature
//!            i16 x HIDDEN            accumulator biases
//!            i16 x 2 x HIDDEN        output weights: side to move, then the other
//!            i32                     output bias
//!            u64                     FNV-1a hash of every byte before it
//! ```
//!
//! All integers little-endian. Input weights and biases are the trained
//! values times [`QA`], output weights times [`QB`], the output bias times
//! `QA * QB`: the accumulator's clipped values run from 0 to `QA`.

use super::features::FEATURES;
use std::fmt;

/// Accumulator values per side.
pub const HIDDEN: usize = 128;
/// The accumulator's quantisation: a clipped activation of 1.0 is `QA`.
pub const QA: i32 = 255;
/// The output weights' quantisation (fine: a rounding error of the output
/// weights adds up over all 256 of them).
pub const QB: i32 = 1024;

pub const MAGIC: &[u8; 8] = b"CHUHANNN";
pub const VERSION: u16 = 1;
const HEADER_LEN: usize = 16;

/// The length of a network file.
pub const FILE_LEN: usize = HEADER_LEN + 2 * (FEATURES * HIDDEN + HIDDEN + 2 * HIDDEN) + 4 + 8;

/// A network ready to evaluate.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    /// `FEATURES` rows of `HIDDEN`.
    pub input_weights: Vec<[i16; HIDDEN]>,
    pub input_bias: [i16; HIDDEN],
    /// Side to move's half, then the other side's.
    pub output_weights: [[i16; HIDDEN]; 2],
    pub output_bias: i32,
    /// Centipawns per unit of the (dequantised) output.
    pub scale: u16,
}

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network({FEATURES}x{HIDDEN}x2, hash {:016x})",
            self.hash()
        )
    }
}

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    NotANetwork,
    Version(u16),
    Shape { inputs: u16, hidden: u16 },
    Length { expected: usize, found: usize },
    Corrupt,
    ZeroScale,
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::NotANetwork => write!(f, "not a chuhan network file (no CHUHANNN magic)"),
            NetworkError::Version(v) => {
                write!(f, "network format version {v}, this build reads {VERSION}")
            }
            NetworkError::Shape { inputs, hidden } => write!(
                f,
                "a {inputs}x{hidden} network, this build evaluates {FEATURES}x{HIDDEN}"
            ),
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
        }
    }
}

impl std::error::Error for NetworkError {}

/// FNV-1a over `bytes`: enough to tell a damaged file from a sound one.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

impl Network {
    /// Reads a network from the bytes of its file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
            return Err(NetworkError::NotANetwork);
        }
        let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        if u16_at(8) != VERSION {
            return Err(NetworkError::Version(u16_at(8)));
        }
        let (inputs, hidden) = (u16_at(10), u16_at(12));
        if inputs as usize != FEATURES || hidden as usize != HIDDEN {
            return Err(NetworkError::Shape { inputs, hidden });
        }
        if bytes.len() != FILE_LEN {
            return Err(NetworkError::Length {
                expected: FILE_LEN,
                found: bytes.len(),
            });
        }
        let (body, stored) = bytes.split_at(FILE_LEN - 8);
        if fnv1a(body) != u64::from_le_bytes(stored.try_into().expect("8 bytes")) {
            return Err(NetworkError::Corrupt);
        }
        let scale = u16_at(14);
        if scale == 0 {
            return Err(NetworkError::ZeroScale);
        }
        let mut values = body[HEADER_LEN..]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut row = || {
            let mut row = [0i16; HIDDEN];
            row.iter_mut()
                .for_each(|v| *v = values.next().expect("length checked"));
            row
        };
        let input_weights = (0..FEATURES).map(|_| row()).collect();
        let input_bias = row();
        let output_weights = [row(), row()];
        let at = FILE_LEN - 12;
        let output_bias = i32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        Ok(Network {
            input_weights,
            input_bias,
            output_weights,
            output_bias,
            scale,
        })
    }

    /// The bytes of its file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FILE_LEN);
        out.extend_from_slice(MAGIC);
        for v in [VERSION, FEATURES as u16, HIDDEN as u16, self.scale] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let rows = self
            .input_weights
            .iter()
            .chain(std::iter::once(&self.input_bias))
            .chain(&self.output_weights);
        for row in rows {
            for v in row {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        let hash = fnv1a(&out);
        out.extend_from_slice(&hash.to_le_bytes());
        out
    }

    /// A short name for reports: the hash of its file.
    pub fn hash(&self) -> u64 {
        let bytes = self.to_bytes();
        u64::from_le_bytes(bytes[FILE_LEN - 8..].try_into().expect("8 bytes"))
    }

    /// The evaluation, in centipawns for the side to move, of the
    /// accumulators of the side to move (`ours`) and of the other (`theirs`).
    #[inline]
    pub fn output(&self, ours: &[i16; HIDDEN], theirs: &[i16; HIDDEN]) -> i32 {
        let sum = dot_clipped(ours, &self.output_weights[0])
            + dot_clipped(theirs, &self.output_weights[1]);
        ((sum as i64 + self.output_bias as i64) * self.scale as i64 / (QA * QB) as i64) as i32
    }
}

/// The sum of `clip(a) * w` with the activation clipped to 0..QA; written
/// as plain loops over fixed lengths so that the compiler vectorises it.
#[inline]
fn dot_clipped(a: &[i16; HIDDEN], w: &[i16; HIDDEN]) -> i32 {
    let mut sum = 0i32;
    for (a, w) in a.iter().zip(w) {
        sum += (*a).clamp(0, QA as i16) as i32 * *w as i32;
    }
    sum
}
