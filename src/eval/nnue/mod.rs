//! The neural network evaluation (NNUE): 1,260 inputs per side (a piece of
//! either owner on a square, [`features`], in the weights of the viewing
//! side's king bucket, [`king_buckets`]), an accumulator of
//! [`shape::HIDDEN`] sums per side kept up to date move by move
//! ([`accumulator`], its loops in [`simd`]), a clipped or squared clipped
//! activation, an optional hidden layer ([`hidden_layer`]) and an output
//! layer chosen by the material left ([`buckets`]); the file in [`network`]. Trained here by `chuhan train`
//! ([`crate::learn::train`]) on our own games.

pub mod accumulator;
pub mod buckets;
pub mod features;
pub mod hidden_layer;
pub mod king_buckets;
pub mod network;
pub mod shape;
pub mod simd;

pub use accumulator::{evaluate, Accumulator};
pub use network::{Network, NetworkError};

use std::sync::{Arc, OnceLock};

/// What `EvalFile` / `evalfile` names the network built into the binary.
pub const BUILT_IN: &str = "<built-in>";

/// The network trained for this release (see docs/results/networks.md for its data).
static BUILT_IN_BYTES: &[u8] = include_bytes!("chuhan.nnue");

/// The network built into the binary, read once.
pub fn built_in() -> Arc<Network> {
    static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
    Arc::clone(NETWORK.get_or_init(|| {
        Arc::new(
            Network::from_bytes(BUILT_IN_BYTES)
                .expect("the built-in network is sound (a test reads it)"),
        )
    }))
}

/// Why the network a name names could not be had.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Unreadable { name: String, error: std::io::Error },
    /// The file is not a sound network.
    Refused { name: String, error: NetworkError },
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Unreadable { name, error } => write!(f, "{name}: {error}"),
            LoadError::Refused { name, error } => write!(f, "{name}: {error}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// The network `name` names: [`BUILT_IN`] or a file's path.
pub fn load(name: &str) -> Result<Arc<Network>, LoadError> {
    if name == BUILT_IN {
        return Ok(built_in());
    }
    let bytes = std::fs::read(name).map_err(|error| LoadError::Unreadable {
        name: name.to_string(),
        error,
    })?;
    Network::from_bytes(&bytes)
        .map(Arc::new)
        .map_err(|error| LoadError::Refused {
            name: name.to_string(),
            error,
        })
}
