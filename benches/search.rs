//! Search and evaluation speed. The search bench checks the bench node
//! signature is reproducible before timing it.

use chuhan::eval::classical::evaluate;
use chuhan::search::bench::{run_bench, BENCH_POSITIONS};
use chuhan::Position;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn bench_search(c: &mut Criterion) {
    let depth = 7;
    let nodes = run_bench(depth, 16).nodes;
    assert_eq!(
        run_bench(depth, 16).nodes,
        nodes,
        "the bench signature must be deterministic"
    );
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("bench_positions_depth_7", |b| {
        b.iter(|| run_bench(black_box(depth), 16))
    });
    group.finish();
}

fn bench_eval(c: &mut Criterion) {
    let positions: Vec<Position> = BENCH_POSITIONS
        .iter()
        .map(|f| Position::from_fen(f).unwrap())
        .collect();
    let mut group = c.benchmark_group("evaluate");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("bench_positions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| evaluate(black_box(p)) as i64)
                .sum::<i64>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_search, bench_eval);
criterion_main!(benches);
