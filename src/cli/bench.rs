//! `chuhan bench [depth] [--rule NAME] [--network [FILE]]`: the fixed search
//! benchmark; prints the node signature and nodes per second.

use super::network_arg::NetworkArg;
use super::ToolError;
use crate::rules::RuleSet;
use crate::search::bench::{run_bench_with, BENCH_DEPTH, BENCH_POSITIONS};

/// Search the fixed benchmark positions; print the node signature.
///
/// Searches 34 fixed positions to a fixed depth on one thread. The total node
/// count is a signature of the search: the same binary always gives the same
/// count.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan bench
  chuhan bench 8 --rule simple
  chuhan bench --network")]
pub struct BenchArgs {
    /// How deep to search each position (1 to 60).
    #[arg(value_parser = depth, default_value_t = BENCH_DEPTH)]
    depth: i32,
    /// The repetition rules the search plays by: chinese, asian or simple.
    #[arg(long, value_name = "RULE", default_value_t = RuleSet::default())]
    rule: RuleSet,
    #[command(flatten)]
    evaluation: NetworkArg,
}

fn depth(text: &str) -> Result<i32, String> {
    text.parse::<i32>()
        .ok()
        .filter(|d| (1..=60).contains(d))
        .ok_or(format!("depth '{text}' is not a number from 1 to 60"))
}

/// Runs the tool.
pub fn run(args: BenchArgs) -> Result<(), ToolError> {
    let evaluator = args.evaluation.evaluator()?;
    println!("positions {}", BENCH_POSITIONS.len());
    println!("depth {}", args.depth);
    println!("rule {}", args.rule);
    println!("evaluation {}", evaluator.name());
    let result = run_bench_with(args.depth, 16, args.rule, evaluator);
    println!("nodes {}", result.nodes);
    println!("time {:.3} s", result.time.as_secs_f64());
    println!("nps {}", result.nps());
    Ok(())
}
