//! `chuhan train FILE... --out NET`: trains the network evaluation on
//! training data (see [`crate::learn::train`]).

use super::training_data::TrainingData;
use super::values::{check_learning, number};
use super::ToolError;
use crate::learn::train::{train, FloatNetwork, NetDataset, TrainConfig};
use crate::matchrunner::interrupt;
use std::path::{Path, PathBuf};

/// Train the neural network evaluation on training data; write the network.
///
/// Reads the quiet positions of the data files (positions in check, with a
/// capture as the best move or with a mate score are skipped), fits the
/// scaling constant K of the search scores to the game results, then runs
/// Adam on the cross-entropy between sigmoid(K * eval) and the target
/// LAMBDA * result + (1 - LAMBDA) * sigmoid(K * score), each position as it
/// is or mirrored.
/// After every epoch it prints the training and validation loss and writes
/// the network (OUT, the engine's format, for `setoption name EvalFile`)
/// and a checkpoint (OUT.ckpt, to go on with `--resume`). Ctrl-C ends the
/// run after the current step; the last epoch's files stay.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan train data/selfplay.bin --out chuhan.nnue --validation 0.05
  chuhan train a.bin b.bin --epochs 40 --lr 0.001 --out net.nnue --resume net.nnue.ckpt")]
pub struct TrainArgs {
    #[command(flatten)]
    input: TrainingData,
    /// Where to write the network (and OUT.ckpt, the checkpoint).
    #[arg(long, value_name = "OUT")]
    out: PathBuf,
    /// Passes over the data.
    #[arg(long, value_name = "N", default_value_t = 30, value_parser = number::<usize>)]
    epochs: usize,
    /// Adam's first step size (it falls along a half cosine to a twentieth).
    #[arg(long, value_name = "X", default_value_t = 2e-3, value_parser = number::<f64>)]
    lr: f64,
    /// Positions per step.
    #[arg(long, value_name = "N", default_value_t = 4096, value_parser = number::<usize>)]
    batch: usize,
    /// The weight of the game result in the target, 0 to 1 (the rest is the
    /// search score; 0 by default: on 11,339 games, 0.5 played 466 Elo worse).
    #[arg(long, value_name = "X", default_value_t = 0.0, value_parser = number::<f64>)]
    lambda: f64,
    /// Seeds the first weights, the order of the positions and the mirrors.
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = number::<u64>)]
    seed: u64,
    /// Start from this checkpoint (OUT.ckpt of an earlier run) instead of random weights.
    #[arg(long, value_name = "CKPT")]
    resume: Option<PathBuf>,
}

/// Runs the tool.
pub fn run(args: TrainArgs) -> Result<(), ToolError> {
    check_learning(args.lambda, args.input.validation, args.lr, args.batch)?;
    let mut net = match &args.resume {
        Some(path) => FloatNetwork::from_bytes(&read(path)?)
            .map_err(|e| format!("{}: {e}", path.display()))?,
        None => FloatNetwork::random(args.seed),
    };
    let (data, validation): (NetDataset, NetDataset) = args.input.split("train")?;
    let k = data.fit_score_scale();
    eprintln!("train: K = {k:.6} (the search scores fitted to the results)");
    let config = TrainConfig {
        epochs: args.epochs,
        learning_rate: args.lr,
        batch: args.batch,
        lambda: args.lambda,
        seed: args.seed,
    };
    let checkpoint = PathBuf::from(format!("{}.ckpt", args.out.display()));
    let mut written: Result<(), String> = Ok(());
    interrupt::install();
    train(
        &mut net,
        &data,
        Some(&validation),
        k,
        &config,
        &interrupt::interrupted,
        &mut |r, net| {
            let validation = r
                .validation_loss
                .map(|v| format!(" validation {v:.6}"))
                .unwrap_or_default();
            println!(
                "epoch {} loss {:.6}{validation} lr {:.6} elapsed {:.1} s",
                r.epoch,
                r.loss,
                r.learning_rate,
                r.elapsed.as_secs_f64()
            );
            if written.is_ok() {
                written = write(&args.out, &net.quantise().to_bytes())
                    .and_then(|()| write(&checkpoint, &net.to_bytes()));
            }
        },
    );
    written?;
    println!("wrote {} and {}", args.out.display(), checkpoint.display());
    Ok(())
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}
