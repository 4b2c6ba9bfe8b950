//! `chuhan perft <depth> [--fen FEN] [--divide] [--parallel]`: counts leaf
//! nodes and prints nodes, time and speed; `--divide` lists each root move.
//! A deep count (depth 7 and more: minutes to hours) tells stderr how many
//! root moves are done, at most once a second.

use super::values::{fen_words, number};
use super::ToolError;
use crate::core::{divide_each, perft, Move, Position};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// From this depth a count takes long enough to report its progress.
const PROGRESS_DEPTH: u32 = 7;

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
    let nodes = if !args.divide && args.depth < PROGRESS_DEPTH {
        perft(&mut pos, args.depth)
    } else {
        let counts = root_counts(&pos, args.depth, args.parallel, start);
        if args.divide {
            for (mv, n) in &counts {
                println!("{mv}: {n}");
            }
        }
        counts.iter().map(|(_, n)| n).sum()
    };
    let seconds = start.elapsed().as_secs_f64();
    println!("nodes {nodes}");
    println!("time {:.3} s", seconds);
    println!("nps {:.0}", nodes as f64 / seconds.max(1e-9));
    Ok(())
}

/// Each root move's count, in the order of the legal moves; with `parallel`
/// the root moves are shared among the cores. Deep counts report how many
/// root moves are done.
fn root_counts(pos: &Position, depth: u32, parallel: bool, start: Instant) -> Vec<(Move, u64)> {
    let total = pos.legal_moves().len();
    // (root moves done, nodes so far, when stderr last heard)
    let done = Mutex::new((0usize, 0u64, start));
    let report = |_: Move, nodes: u64| {
        if depth < PROGRESS_DEPTH {
            return;
        }
        let mut done = done.lock().unwrap_or_else(|p| p.into_inner());
        done.0 += 1;
        done.1 += nodes;
        if done.2.elapsed() >= Duration::from_secs(1) || done.0 == total {
            done.2 = Instant::now();
            eprintln!(
                "perft {depth}: {} of {total} root moves, {} nodes, {:.0} s",
                done.0,
                done.1,
                start.elapsed().as_secs_f64()
            );
        }
    };
    divide_each(pos, depth, parallel, &report)
}
