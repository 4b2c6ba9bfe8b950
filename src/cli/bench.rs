//! `chuhan bench [depth]`: the fixed search benchmark; prints the node
//! signature and nodes per second.

use crate::search::bench::{run_bench, BENCH_DEPTH, BENCH_POSITIONS};

pub fn run(args: &[String]) -> Result<(), String> {
    let depth = match args {
        [] => BENCH_DEPTH,
        [d] => d
            .parse::<i32>()
            .ok()
            .filter(|d| (1..=60).contains(d))
            .ok_or(format!("depth '{d}' is not a number from 1 to 60"))?,
        _ => return Err("usage: chuhan bench [depth]".into()),
    };
    let result = run_bench(depth, 16);
    println!("positions {}", BENCH_POSITIONS.len());
    println!("depth {depth}");
    println!("nodes {}", result.nodes);
    println!("time {:.3} s", result.time.as_secs_f64());
    println!("nps {}", result.nps());
    Ok(())
}
