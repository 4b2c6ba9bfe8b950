//! `chuhan bench [depth] [--rule NAME]`: the fixed search benchmark; prints
//! the node signature and nodes per second.

use crate::rules::{RuleSet, UnknownRuleSet};
use crate::search::bench::{run_bench_under, BENCH_DEPTH, BENCH_POSITIONS};

pub fn run(args: &[String]) -> Result<(), String> {
    const USAGE: &str = "usage: chuhan bench [depth] [--rule chinese|asian|simple]";
    let mut depth = BENCH_DEPTH;
    let mut rules = RuleSet::default();
    let mut words = args.iter();
    let mut depth_given = false;
    while let Some(word) = words.next() {
        if word == "--rule" {
            let name = words.next().ok_or(USAGE)?;
            rules = name.parse().map_err(|e: UnknownRuleSet| e.to_string())?;
        } else if !depth_given {
            depth = word
                .parse::<i32>()
                .ok()
                .filter(|d| (1..=60).contains(d))
                .ok_or(format!("depth '{word}' is not a number from 1 to 60"))?;
            depth_given = true;
        } else {
            return Err(USAGE.into());
        }
    }
    let result = run_bench_under(depth, 16, rules);
    println!("positions {}", BENCH_POSITIONS.len());
    println!("depth {depth}");
    println!("rule {rules}");
    println!("nodes {}", result.nodes);
    println!("time {:.3} s", result.time.as_secs_f64());
    println!("nps {}", result.nps());
    Ok(())
}
