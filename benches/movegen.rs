//! Move generation speed: perft and plain legal generation over fixed
//! positions. Each bench first checks its node count, so a faster but wrong
//! generator cannot look like a win.

use chuhan::core::{perft, Position};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

/// (name, FEN, depth, nodes): counts from tests/data/perft.tsv.
const POSITIONS: &[(&str, &str, u32, u64)] = &[
    ("start", Position::START_FEN, 4, 3_290_240),
    (
        "middlegame",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        3,
        100_326,
    ),
    (
        "endgame",
        "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
        4,
        202_884,
    ),
    (
        "opening",
        "1r1akabr1/1c7/2n1b1n2/p1p1p3p/6p2/PN3R3/1cP1P1P1P/2C1C1N2/1R7/2BAKAB2 b - - 0 1",
        3,
        87_934,
    ),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for &(name, fen, depth, nodes) in POSITIONS {
        let mut pos = Position::from_fen(fen).unwrap();
        assert_eq!(perft(&mut pos, depth), nodes, "{name}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| b.iter(|| perft(black_box(&mut pos), depth)));
    }
    group.finish();
}

fn bench_generation(c: &mut Criterion) {
    let positions: Vec<Position> = POSITIONS
        .iter()
        .map(|p| Position::from_fen(p.1).unwrap())
        .collect();
    let expected: usize = positions.iter().map(|p| p.legal_moves().len()).sum();
    assert_eq!(expected, 44 + 49 + 25 + 43);
    let mut group = c.benchmark_group("legal_moves");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("four_positions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).legal_moves().len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_generation);
criterion_main!(benches);
