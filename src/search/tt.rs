//! The transposition table: shared by all search threads without locks.
//!
//! Each entry is two `AtomicU64`s: the packed data, and the key XOR the data.
//! A reader accepts an entry only if the two agree with its key, so a torn
//! write by another thread reads as a miss, never as a wrong hit (the classic
//! lockless scheme). Four entries make a 64-byte bucket, one cache line.
//!
//! A result that holds only on the line it was found in (a repetition verdict
//! decided it, and another path to the same position may not repeat) is
//! stored at [`LINE_BOUND_DEPTH`]: its move still orders the next visit, its
//! score never cuts one.

use super::score::counts_plies;
use crate::core::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// The depth of an entry whose score depends on the path that reached it:
/// below every search's depth (quiescence stores 0), so it never cuts.
pub const LINE_BOUND_DEPTH: i32 = -1;

/// What a stored score says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (a fail-low).
    Upper = 1,
    /// The true value is at least the score (a fail-high).
    Lower = 2,
    Exact = 3,
}

impl Bound {
    /// What a search result `score` from the window (`alpha`, `beta`) says.
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// What the table holds of a position: a probe's answer, and what a node
/// stores.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TtEntry {
    pub mv: Option<Move>,
    /// As seen from the node at hand: the table makes a mate or rule score
    /// relative to the position when storing, and back to the probing
    /// node's ply when probing.
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
    /// Whether the node was on a principal variation when stored, or
    /// stored by a node that had been (the TT-PV flag).
    pub was_pv: bool,
}

impl TtEntry {
    /// Whether the stored result settles a node searched with (`alpha`, `beta`)
    /// (a line-bound result never does).
    pub fn cuts(&self, alpha: i32, beta: i32) -> bool {
        if self.depth <= LINE_BOUND_DEPTH {
            return false;
        }
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

#[derive(Default)]
struct Entry {
    key_xor_data: AtomicU64,
    data: AtomicU64,
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket {
    entries: [Entry; 4],
}

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

/// Generations cycle through this many values (5 bits).
const GENERATIONS: u8 = 32;
/// Where the TT-PV bit and the generation sit in an entry's data.
const PV_SHIFT: u32 = 58;
const GENERATION_SHIFT: u32 = 59;

// Data layout: move 16 | score 16 | eval 16 | depth 8 | bound 2 | pv 1 | generation 5.
// `data` is what a probe will answer, its score as stored: counted from the
// node (see `score_to_tt`).
fn pack(data: &TtEntry, generation: u8) -> u64 {
    let mv = data.mv.map_or(0, Move::to_u16) as u64;
    let score = data.score as i16 as u16 as u64;
    let eval = data.eval as i16 as u16 as u64;
    let depth = data.depth.clamp(-1, 254) as i8 as u8 as u64;
    mv | score << 16
        | eval << 32
        | depth << 48
        | (data.bound as u64) << 56
        | (data.was_pv as u64) << PV_SHIFT
        | ((generation % GENERATIONS) as u64) << GENERATION_SHIFT
}

fn unpack_bound(data: u64) -> Option<Bound> {
    match (data >> 56) & 3 {
        1 => Some(Bound::Upper),
        2 => Some(Bound::Lower),
        3 => Some(Bound::Exact),
        _ => None,
    }
}

fn unpack_depth(data: u64) -> i32 {
    (data >> 48) as u8 as i8 as i32
}

fn unpack_generation(data: u64) -> u8 {
    (data >> GENERATION_SHIFT) as u8 % GENERATIONS
}

/// Mate scores and wins by the repetition rules are stored counted from the
/// node, not the root, so that a probe at another ply reads them right.
fn score_to_tt(score: i32, ply: usize) -> i32 {
    if counts_plies(score) {
        score + score.signum() * ply as i32
    } else {
        score
    }
}

fn score_from_tt(score: i32, ply: usize) -> i32 {
    if counts_plies(score) {
        score - score.signum() * ply as i32
    } else {
        score
    }
}

impl TranspositionTable {
    /// A table of about `megabytes` MB (at least one bucket).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let count = (megabytes.max(1) << 20) / std::mem::size_of::<Bucket>();
        let mut buckets = Vec::with_capacity(count);
        buckets.resize_with(count, Bucket::default);
        TranspositionTable {
            buckets,
            generation: AtomicU8::new(0),
        }
    }

    pub fn megabytes(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for bucket in &self.buckets {
            for e in &bucket.entries {
                e.data.store(0, Ordering::Relaxed);
                e.key_xor_data.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older entries become cheaper to replace.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Hints the CPU to load the bucket of `key` (call right after a move).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: prefetching is only a hint; any address is allowed and the bucket exists.
        unsafe {
            std::arch::x86_64::_mm_prefetch(
                self.bucket(key) as *const Bucket as *const i8,
                std::arch::x86_64::_MM_HINT_T0,
            );
        }
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<TtEntry> {
        for e in &self.bucket(key).entries {
            let data = e.data.load(Ordering::Relaxed);
            if e.key_xor_data.load(Ordering::Relaxed) ^ data != key {
                continue;
            }
            let bound = unpack_bound(data)?;
            return Some(TtEntry {
                mv: Move::from_u16(data as u16),
                score: score_from_tt((data >> 16) as u16 as i16 as i32, ply),
                eval: (data >> 32) as u16 as i16 as i32,
                depth: unpack_depth(data),
                bound,
                was_pv: data >> PV_SHIFT & 1 == 1,
            });
        }
        None
    }

    /// Stores `entry`, the result of the node at `ply`, under `key`.
    pub fn store(&self, key: u64, ply: usize, entry: TtEntry) {
        let generation = self.generation.load(Ordering::Relaxed) % GENERATIONS;
        let entry = TtEntry {
            score: score_to_tt(entry.score, ply),
            ..entry
        };
        let bucket = self.bucket(key);
        // Same position, else the least valuable entry: shallow and old.
        let mut victim = &bucket.entries[0];
        let mut victim_worth = i32::MAX;
        for e in &bucket.entries {
            let data = e.data.load(Ordering::Relaxed);
            if e.key_xor_data.load(Ordering::Relaxed) ^ data == key {
                // Keep a deeper exact result and the old move if we have none.
                let mv = entry.mv.or_else(|| Move::from_u16(data as u16));
                if entry.bound != Bound::Exact
                    && entry.depth + 3 < unpack_depth(data)
                    && unpack_generation(data) == generation
                {
                    return;
                }
                let packed = pack(&TtEntry { mv, ..entry }, generation);
                e.data.store(packed, Ordering::Relaxed);
                e.key_xor_data.store(key ^ packed, Ordering::Relaxed);
                return;
            }
            let age = (generation.wrapping_sub(unpack_generation(data)) % GENERATIONS) as i32;
            let worth = if unpack_bound(data).is_none() {
                i32::MIN
            } else {
                unpack_depth(data) - 8 * age
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = e;
            }
        }
        let packed = pack(&entry, generation);
        victim.data.store(packed, Ordering::Relaxed);
        victim.key_xor_data.store(key ^ packed, Ordering::Relaxed);
    }

    /// Per mille of the first thousand entries written in this search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) % GENERATIONS;
        let mut used = 0u32;
        let mut seen = 0u32;
        for bucket in self.buckets.iter().take(250) {
            for e in &bucket.entries {
                let data = e.data.load(Ordering::Relaxed);
                seen += 1;
                if unpack_bound(data).is_some() && unpack_generation(data) == generation {
                    used += 1;
                }
            }
        }
        (used * 1000).checked_div(seen).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{INFINITE, MATE, MATE_BOUND, RULE_WIN};

    /// A stored result with no move, evaluation or PV flag.
    fn result(score: i32, depth: i32, bound: Bound) -> TtEntry {
        TtEntry {
            mv: None,
            score,
            eval: 0,
            depth,
            bound,
            was_pv: false,
        }
    }

    #[test]
    fn stores_and_probes_with_mate_scores_relative_to_the_node() {
        let tt = TranspositionTable::new(1);
        let mv: Move = "h2e2".parse().unwrap();
        // Mate in 5 plies from a node at ply 3 = MATE - 8 from the root.
        tt.store(
            42,
            3,
            TtEntry {
                mv: Some(mv),
                eval: 17,
                was_pv: true,
                ..result(MATE - 8, 6, Bound::Exact)
            },
        );
        let hit = tt.probe(42, 3).unwrap();
        assert_eq!(
            hit,
            TtEntry {
                mv: Some(mv),
                score: MATE - 8,
                eval: 17,
                depth: 6,
                bound: Bound::Exact,
                was_pv: true,
            }
        );
        // The same node reached at ply 7 is mate 5 plies later: MATE - 12.
        assert_eq!(tt.probe(42, 7).unwrap().score, MATE - 12);
        tt.store(43, 4, result(-MATE + 10, 2, Bound::Upper));
        assert_eq!(tt.probe(43, 1).unwrap().score, -MATE + 7);
        assert!(!tt.probe(43, 1).unwrap().was_pv);
        assert!(tt.probe(43, 1).unwrap().score <= -MATE_BOUND);
        assert!(tt.probe(44, 0).is_none());
    }

    #[test]
    fn rule_wins_are_stored_relative_to_the_node_like_mates() {
        let tt = TranspositionTable::new(1);
        // A perpetrator's loss 6 plies below a node at ply 2 (RULE_WIN - 8
        // from the root) is 6 plies below the same node reached at ply 10.
        tt.store(11, 2, result(-RULE_WIN + 8, 5, Bound::Exact));
        assert_eq!(tt.probe(11, 2).unwrap().score, -RULE_WIN + 8);
        assert_eq!(tt.probe(11, 10).unwrap().score, -RULE_WIN + 16);
        tt.store(12, 1, result(RULE_WIN - 3, 5, Bound::Lower));
        assert_eq!(tt.probe(12, 0).unwrap().score, RULE_WIN - 2);
        // An ordinary score is not moved.
        tt.store(13, 9, result(2_000, 5, Bound::Exact));
        assert_eq!(tt.probe(13, 0).unwrap().score, 2_000);
    }

    #[test]
    fn shallow_results_do_not_replace_deep_ones_of_the_same_search() {
        let tt = TranspositionTable::new(1);
        tt.store(7, 0, result(100, 12, Bound::Lower));
        tt.store(7, 0, result(-50, 2, Bound::Upper));
        assert_eq!(tt.probe(7, 0).unwrap().depth, 12);
        tt.new_search();
        tt.store(7, 0, result(-50, 2, Bound::Upper));
        assert_eq!(tt.probe(7, 0).unwrap().depth, 2);
    }

    #[test]
    fn line_bound_results_keep_their_move_but_never_cut() {
        let tt = TranspositionTable::new(1);
        let mv: Move = "h2e2".parse().unwrap();
        tt.store(
            9,
            0,
            TtEntry {
                mv: Some(mv),
                ..result(500, LINE_BOUND_DEPTH, Bound::Exact)
            },
        );
        let hit = tt.probe(9, 0).unwrap();
        assert_eq!((hit.mv, hit.depth), (Some(mv), LINE_BOUND_DEPTH));
        assert!(!hit.cuts(-INFINITE, INFINITE));
        tt.store(
            9,
            0,
            TtEntry {
                mv: Some(mv),
                ..result(500, 0, Bound::Exact)
            },
        );
        assert!(tt.probe(9, 0).unwrap().cuts(-INFINITE, INFINITE));
    }

    #[test]
    fn survives_concurrent_writers_without_wrong_hits() {
        let tt = TranspositionTable::new(1);
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let tt = &tt;
                s.spawn(move || {
                    for i in 0..200_000u64 {
                        let key = (i % 5000).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                        // The score encodes the key, so any hit can be checked.
                        let score = (key % 1000) as i32;
                        tt.store(
                            key,
                            0,
                            TtEntry {
                                eval: t as i32,
                                ..result(score, 5, Bound::Exact)
                            },
                        );
                        if let Some(hit) = tt.probe(key, 0) {
                            assert_eq!(hit.score, score);
                        }
                    }
                });
            }
        });
        assert!(tt.hashfull() > 0);
    }
}
