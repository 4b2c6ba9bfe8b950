//! `chuhan perft <depth> [--fen FEN] [--divide] [--parallel]`: counts leaf
//! nodes and prints nodes, time and speed; `--divide` lists each root move.

use crate::core::{divide, perft, perft_parallel, Position};
use std::time::Instant;

/// Parsed `perft` arguments.
#[derive(Debug)]
struct PerftArgs {
    depth: u32,
    fen: Option<String>,
    divide: bool,
    parallel: bool,
}

fn parse(args: &[String]) -> Result<PerftArgs, String> {
    let mut depth = None;
    let mut fen = None;
    let mut divide = false;
    let mut parallel = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--divide" => divide = true,
            "--parallel" => parallel = true,
            "--fen" => {
                // The FEN may come quoted as one argument or as its six words.
                let words: Vec<&str> = args[i + 1..]
                    .iter()
                    .take_while(|a| !a.starts_with("--"))
                    .map(String::as_str)
                    .collect();
                if words.is_empty() {
                    return Err("--fen needs a FEN".into());
                }
                i += words.len();
                fen = Some(words.join(" "));
            }
            other if depth.is_none() => {
                depth = Some(
                    other
                        .parse::<u32>()
                        .map_err(|_| format!("depth '{other}' is not a number"))?,
                );
            }
            other => return Err(format!("unexpected argument '{other}'")),
        }
        i += 1;
    }
    let depth = depth.ok_or("perft needs a depth, e.g. chuhan perft 5")?;
    Ok(PerftArgs {
        depth,
        fen,
        divide,
        parallel,
    })
}

/// Runs the tool; the error is one line for the user.
pub fn run(args: &[String]) -> Result<(), String> {
    let args = parse(args)?;
    let mut pos = match &args.fen {
        Some(fen) => Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?,
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
