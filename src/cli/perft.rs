//! `chuhan perft <depth> [--fen FEN] [--divide] [--parallel]`: counts leaf
//! nodes and prints nodes, time and speed; `--divide` lists each root move.

use super::values::{fen_words, number};
use super::ToolError;
use crate::core::{divide, perft, perft_parallel, Position};
use std::time::Instant;

/// Count the leaf nodes of the legal move tree (perft).
///
/// Prints the node count, the time and the nodes per second.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan perft 5
  chuhan perft 3 --divide --fen 4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1
  chuhan perft 6 --parallel")]
pub struct PerftArgs {
    /// How many plies deep to count.
    #[arg(value_parser = depth)]
    depth: u32,
    /// Count from this position instead of the start position (quoted, or
    /// as its six words).
    #[arg(long, value_name = "FEN", num_args = 1..)]
    fen: Vec<String>,
    /// List each root move (in ICCS) with its count.
    #[arg(long)]
    divide: bool,
    /// Share the root moves among all cores.
    #[arg(long)]
    parallel: bool,
}

fn depth(text: &str) -> Result<u32, String> {
    number(text).map_err(|_| format!("depth '{text}' is not a number"))
}

/// Runs the tool; the error is one line for the user.
pub fn run(args: PerftArgs) -> Result<(), ToolError> {
    let mut pos = match fen_words(&args.fen) {
        Some(fen) => Position::from_fen(&fen).map_err(|e| format!("bad FEN: {e}"))?,
        None => Position::startpos(),
    };
    let start = Instant::now();
    let nodes = if args.divide {
        let counts = divide(&mut pos, args.depth);
        for (mv, n) in &counts {
            println!("{mv}: {n}");
        }
        counts.iter().map(|(_, n)| n).sum()
    } else if args.parallel {
        perft_parallel(&pos, args.depth)
    } else {
        perft(&mut pos, args.depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!("nodes {nodes}");
    println!("time {:.3} s", seconds);
    println!("nps {:.0}", nodes as f64 / seconds.max(1e-9));
    Ok(())
}
