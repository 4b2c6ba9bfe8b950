//! What the fuzz tests share: how many inputs each reader gets
//! (`CHUHAN_FUZZ`, 100,000 unless told) and seeded damage to real inputs.

#![allow(dead_code)]

use chuhan::random::Rng;

/// Inputs per reader.
pub fn inputs() -> usize {
    std::env::var("CHUHAN_FUZZ")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100_000)
}

/// Seeded damage to real inputs.
pub struct Mutator {
    rng: Rng,
    /// Pieces of the format to splice in: keywords, delimiters, numbers.
    words: Vec<Vec<u8>>,
}

impl Mutator {
    pub fn new(seed: u64, words: &[&str]) -> Mutator {
        Mutator {
            rng: Rng::new(seed),
            words: words.iter().map(|w| w.as_bytes().to_vec()).collect(),
        }
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.rng.below(n.max(1) as u64) as usize
    }

    pub fn random_bytes(&mut self, max_len: usize) -> Vec<u8> {
        let len = self.below(max_len + 1);
        (0..len).map(|_| self.rng.next_u64() as u8).collect()
    }

    /// `seed` with one to four edits.
    pub fn mutate(&mut self, seed: &[u8]) -> Vec<u8> {
        let mut data = seed.to_vec();
        for _ in 0..1 + self.below(4) {
            let at = self.below(data.len() + 1);
            match self.below(7) {
                0 if at < data.len() => data[at] ^= 1 << self.below(8),
                1 if at < data.len() => data[at] = self.rng.next_u64() as u8,
                2 => data.insert(at, self.rng.next_u64() as u8),
                3 => {
                    let end = (at + 1 + self.below(16)).min(data.len());
                    data.drain(at.min(end)..end);
                }
                4 => {
                    let end = (at + 1 + self.below(32)).min(data.len());
                    let copy = data[at.min(end)..end].to_vec();
                    data.splice(at..at, copy);
                }
                5 => data.truncate(at),
                _ if !self.words.is_empty() => {
                    let pick = self.below(self.words.len());
                    data.splice(at..at, self.words[pick].clone());
                }
                _ => data.push(self.rng.next_u64() as u8),
            }
        }
        data
    }

    /// The `n`th input: mostly a mutated seed, one in eight random bytes.
    pub fn input(&mut self, n: usize, seeds: &[Vec<u8>], max_random: usize) -> Vec<u8> {
        if n.is_multiple_of(8) {
            self.random_bytes(max_random)
        } else {
            let seed = &seeds[n % seeds.len()];
            self.mutate(seed)
        }
    }
}
