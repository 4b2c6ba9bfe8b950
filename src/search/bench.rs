//! `chuhan bench`: a fixed-depth search over a fixed set of positions on one
//! thread, with the engine's own evaluation unless told otherwise. The total
//! node count is a signature of the search: the same binary always gives the
//! same count, and a change that alters it on purpose says so (the counts
//! are pinned in `tests/data/bench.tsv`). Nodes per second is the speed
//! figure.

use super::{Engine, Limits};
use crate::core::Position;
use crate::eval::Evaluator;
use crate::rules::RuleSet;
use std::time::{Duration, Instant};

/// The default depth of `chuhan bench`.
pub const BENCH_DEPTH: i32 = 10;

/// Openings, middlegames and endgames (the positions of the reference perft table).
pub const BENCH_POSITIONS: &[&str] = &[
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "1r1akabr1/1c7/2n1b1n2/p1p1p3p/6p2/PN3R3/1cP1P1P1P/2C1C1N2/1R7/2BAKAB2 b - - 0 1",
    "2bckab2/4a4/5n3/CR3N2p/5r3/P3P1B2/9/2n1B4/4A4/3AK1C2 w - - 0 1",
    "2bakab2/9/2n1c1R1c/3r4p/4N4/r8/6P1P/6C1C/4A4/1RBAK1B2 w - - 0 1",
    "1r2kabr1/4a4/2C1b2c1/p3p3p/1c3n3/2p3R2/P3P3P/N3C1N2/7R1/2BAKAB2 b - - 0 1",
    "2baka1r1/9/c5n1c/p3p1CCp/2p3p2/4P4/P6RP/2r1B1N2/4A4/1RB1KA3 w - - 0 1",
    "3akab2/3r5/8n/8p/2P1C1b2/8P/cR2N2r1/2n1B1N2/4A4/2B1KR3 w - - 0 1",
    "C3kab2/4a4/2Rnb3n/8p/6p2/1p2c3r/P5P2/4B3N/3CA4/2BAK4 w - - 0 1",
    "3ak1bn1/4a4/1c2b1c2/r3p1N1p/p1p6/6P2/n1P1P3P/N1C1C3B/3R5/2BAKA3 w - - 0 1",
    "r1b1kabr1/4a1c2/1cn3n2/p1p1pR2p/3NP4/2P6/P5p1P/1C2C4/9/RNBAKAB2 b - - 0 1",
    "2bakab2/6r2/2n1c1nc1/p1p2rp1p/4p4/2PN2PC1/P3P3P/6N2/3CA4/1RBAK1B1R w - - 0 1",
    "rnbakab2/2r6/1c4nc1/p3p1C1p/2p3p2/2P6/P3P1P1P/1CN3N2/8R/R1BAKAB2 b - - 0 1",
    "3ak1b1r/4a4/b1n2c3/p3C2Rp/5np2/2P6/P2rP1P1P/3C2N2/4A4/R1B1KAB2 b - - 0 1",
    "4kab2/4a4/n3b4/p5p1p/2r1C4/2N1P2r1/P4nPcP/N3B4/2R6/2RAKAB2 w - - 0 1",
    "r2akabr1/4n1c2/4b1c2/pC2C3p/2P1P4/9/P3N1p1P/9/9/RNBAKAB2 w - - 0 1",
    "4k2n1/9/1c2b4/p3p1N1p/7r1/6P2/P1R1P3P/4B4/4A4/2BAK4 b - - 0 1",
    "6b2/3ka1N2/5a3/p3p4/1n3P3/P1N5C/5nc2/3AB4/9/3AK1B2 b - - 0 1",
    "4ka3/3Pa4/r6R1/2C4C1/9/9/8n/9/4p3r/3K3R1 w - - 0 1",
    "9/4k4/3aba3/3P5/1cb6/2BC5/n3N4/B2A5/9/3AK4 w - - 0 1",
    "4k1b2/4a4/5a3/6P1C/9/p4Nn2/2n6/9/4K4/5AB2 b - - 0 1",
    "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    "4k4/9/7n1/9/6P2/4r4/2p6/2N6/4R4/4K4 w - - 0 1",
    "3k4r/4a4/4c4/9/9/R8/2N3p2/7C1/9/4KA3 w - - 0 1",
    "5k3/9/1c2ba3/9/5R3/6B2/6PN1/9/3pA1n2/2B1K4 w - - 0 1",
    "r3k4/9/1n2c4/p7p/9/9/P7P/4R1N2/9/4K4 w - - 0 1",
    "3k5/4P4/9/9/r8/8R/9/9/4p4/5K3 w - - 0 1",
    "r1bakab1r/3n1n3/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/3N1N3/R1BAKAB1R w - - 0 1",
    "3k5/r6n1/4c4/2p6/9/4R4/8P/4NA3/9/1C2K4 w - - 0 1",
];

/// The result of a bench run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BenchResult {
    pub nodes: u64,
    pub time: Duration,
}

impl BenchResult {
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-6)) as u64
    }
}

/// Searches every bench position to `depth` on one thread, each with a
/// clear table, with the engine's own evaluation
/// ([`Evaluator::engine_default`]).
pub fn run_bench(depth: i32, hash_megabytes: usize) -> BenchResult {
    run_bench_under(depth, hash_megabytes, RuleSet::default())
}

/// [`run_bench`] with repetitions in the search judged by `rules` (to
/// measure what the repetition rules cost).
pub fn run_bench_under(depth: i32, hash_megabytes: usize, rules: RuleSet) -> BenchResult {
    run_bench_with(depth, hash_megabytes, rules, Evaluator::engine_default())
}

/// [`run_bench_under`] with the evaluation `evaluator` (to compare the
/// speed of the hand-crafted evaluation and a network).
pub fn run_bench_with(
    depth: i32,
    hash_megabytes: usize,
    rules: RuleSet,
    evaluator: Evaluator,
) -> BenchResult {
    let mut engine = Engine::new(hash_megabytes, 1);
    engine.set_rules(rules);
    engine.set_evaluator(evaluator);
    let start = Instant::now();
    let mut nodes = 0;
    for fen in BENCH_POSITIONS {
        let pos = Position::from_fen(fen).expect("bench positions are valid");
        engine.clear();
        let outcome = engine.search(
            &pos,
            Limits {
                depth: Some(depth),
                ..Limits::default()
            },
        );
        nodes += outcome.nodes;
    }
    BenchResult {
        nodes,
        time: start.elapsed(),
    }
}
