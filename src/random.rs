//! The crate's one seeded pseudo-random generator, SplitMix64: small, fast,
//! and the same sequence for the same seed on every machine, which book
//! choices, strength levels, opening shuffles, fuzz tests and reproducible
//! matches all need. Nothing here is fit for cryptography.
//!
//! The step is also a `const fn`, so that tables made at compile time (the
//! search's Zobrist keys, the book key) are drawn from the same generator.

/// One SplitMix64 step: the next state and its output.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// A seeded stream of numbers: the same seed, the same stream.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// Seeded from the clock and the process, for runs that should differ.
    pub fn from_time() -> Rng {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        Rng(nanos ^ (std::process::id() as u64) << 32)
    }

    pub fn next_u64(&mut self) -> u64 {
        let (state, out) = splitmix64(self.0);
        self.0 = state;
        out
    }

    /// A number in `0..n` (`n` > 0); the modulo bias is negligible for the
    /// small ranges the crate draws from.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// A uniform number in `[0, 1)`.
    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_splitmix64() {
        // The reference outputs of SplitMix64 from seed 0.
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        let mut again = Rng::new(0);
        again.next_u64();
        assert_eq!(again.below(1000), 0x6E78_9E6A_A1B9_65F4 % 1000);
        let x = Rng::new(9).next_f64();
        assert!((0.0..1.0).contains(&x));
    }
}
