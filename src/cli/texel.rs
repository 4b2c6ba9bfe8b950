//! `chuhan texel FILE... --out weights.rs` (once `chuhan tune`, still an
//! alias): Texel tuning of the hand-crafted evaluation on training data
//! (see [`crate::learn::texel`]).

use super::training_data::TrainingData;
use super::values::{check_learning, number};
use super::ToolError;
use crate::learn::texel::layout::current_weights;
use crate::learn::texel::source::weights_source;
use crate::learn::texel::{fit_scale, rounded, tune, Dataset, TexelConfig};
use crate::signals::interrupt;
use std::path::PathBuf;

/// Fit every weight of the hand-crafted evaluation to training data (Texel); write weights.rs.
///
/// Reads the quiet positions of the data files (positions in check, with a
/// capture as the best move or with a mate score are skipped), fits the
/// scaling constant K to the game results, then runs Adam on the logistic
/// loss against LAMBDA * result + (1 - LAMBDA) * sigmoid(K * score),
/// printing the loss after each epoch. The tuned weights are written as
/// Rust source in the form of src/eval/classical/weights.rs: copy it there and
/// rebuild. Ctrl-C ends the run early and still writes the weights.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan texel data/selfplay.bin --out tuned_weights.rs
  chuhan texel a.bin b.bin --epochs 50 --lr 0.5 --lambda 0.7 --out src/eval/classical/weights.rs")]
pub struct TexelArgs {
    #[command(flatten)]
    input: TrainingData,
    /// Where to write the tuned weights (Rust source).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Passes over the data.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = number::<usize>)]
    epochs: usize,
    /// Adam's step size, in centipawns.
    #[arg(long, value_name = "X", default_value_t = 1.0, value_parser = number::<f64>)]
    lr: f64,
    /// Positions per step.
    #[arg(long, value_name = "N", default_value_t = 16_384, value_parser = number::<usize>)]
    batch: usize,
    /// The weight of the game result in the target, 0 to 1 (the rest is the search score).
    #[arg(long, value_name = "X", default_value_t = 0.5, value_parser = number::<f64>)]
    lambda: f64,
    /// Orders the positions of each epoch.
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = number::<u64>)]
    seed: u64,
    /// The pull of every weight back toward its current value: an L2 penalty
    /// of X/2 times the squared change, added to the mean loss.
    #[arg(long, value_name = "X", default_value_t = 0.0, value_parser = number::<f64>)]
    l2: f64,
}

/// Runs the tool.
pub fn run(args: TexelArgs) -> Result<(), ToolError> {
    check_learning(args.lambda, args.input.validation, args.lr, args.batch)?;
    if args.l2.is_nan() || args.l2 < 0.0 {
        return Err(ToolError::Usage("--l2 must not be negative".into()));
    }
    let (data, validation): (Dataset, Dataset) = args.input.split("texel")?;
    let initial = current_weights();
    let initial_real: Vec<f64> = initial.iter().map(|&w| w as f64).collect();
    let k = fit_scale(&data, &initial_real);
    eprintln!("texel: K = {k:.6} (fitted to the results)");
    let config = TexelConfig {
        epochs: args.epochs,
        learning_rate: args.lr,
        batch: args.batch,
        lambda: args.lambda,
        seed: args.seed,
        l2: args.l2,
    };
    interrupt::install();
    let weights = tune(
        &data,
        Some(&validation),
        k,
        &initial,
        &config,
        &interrupt::interrupted,
        &mut |r| {
            let validation = r
                .validation_loss
                .map(|v| format!(" validation {v:.6}"))
                .unwrap_or_default();
            println!(
                "epoch {} loss {:.6}{validation} elapsed {:.1} s",
                r.epoch,
                r.loss,
                r.elapsed.as_secs_f64()
            )
        },
    );
    let source = weights_source(&rounded(&weights));
    std::fs::write(&args.out, source).map_err(|e| format!("{}: {e}", args.out.display()))?;
    println!("wrote {}", args.out.display());
    Ok(())
}
