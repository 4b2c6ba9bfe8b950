//! `chuhan bench [depth] [--rule NAME] [--classical | --network FILE]`: the
//! fixed search benchmark, with the engine's own evaluation (the built-in
//! network) by default; prints the node signature and nodes per second, the
//! totals in Stockfish's words (`Nodes searched  : N`, `Nodes/second    :
//! N`) so that tools which read Stockfish's bench (OpenBench, fishtest
//! scripts) read ours.

use super::values::search_depth;
use super::ToolError;
use crate::eval::{EvalChoice, Evaluator};
use crate::rules::RuleSet;
use crate::search::bench::{run_bench_with, BENCH_DEPTH, BENCH_POSITIONS};

/// Search the fixed benchmark positions; print the node signature.
///
/// Searches 34 fixed positions to a fixed depth on one thread, with the
/// evaluation the engine plays with (the built-in network) unless told
/// otherwise. The total node count is a signature of the search: the same
/// binary always gives the same count.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan bench
  chuhan bench 8 --rule simple
  chuhan bench --classical
  chuhan bench --network my.nnue")]
pub struct BenchArgs {
    /// How deep to search each position (1 to 60).
    #[arg(value_parser = search_depth, default_value_t = BENCH_DEPTH)]
    depth: i32,
    /// The repetition rules the search plays by: chinese, asian or simple.
    #[arg(long, value_name = "RULE", default_value_t = RuleSet::default())]
    rule: RuleSet,
    /// Search with the hand-crafted evaluation instead of the network.
    #[arg(long, conflicts_with = "network")]
    classical: bool,
    /// Search with the network file FILE (alone, or by default: the
    /// built-in network).
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = crate::eval::nnue::BUILT_IN)]
    network: Option<String>,
}

/// Runs the tool.
pub fn run(args: BenchArgs) -> Result<(), ToolError> {
    let choice = match (&args.network, args.classical) {
        (_, true) => EvalChoice::Classical,
        (Some(name), false) => EvalChoice::Network(name),
        (None, false) => EvalChoice::Network(crate::eval::nnue::BUILT_IN),
    };
    let evaluator = Evaluator::from_choice(choice).map_err(|e| e.to_string())?;
    println!("positions {}", BENCH_POSITIONS.len());
    println!("depth {}", args.depth);
    println!("rule {}", args.rule);
    println!("evaluation {}", evaluator.name());
    let result = run_bench_with(args.depth, 16, args.rule, evaluator);
    println!("===========================");
    println!("Total time (ms) : {}", result.time.as_millis());
    println!("Nodes searched  : {}", result.nodes);
    println!("Nodes/second    : {}", result.nps());
    Ok(())
}
