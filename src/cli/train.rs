//! `chuhan train FILE... --out NET`: trains the network evaluation on
//! training data (see [`crate::learn::train`]).

use super::training_data::TrainingData;
use super::values::{check_learning, number, positive};
use super::{ToolError, VERSION};
use crate::checksum::FileSum;
use crate::eval::nnue::king_buckets::KingBuckets;
use crate::eval::nnue::network::{Activation, MAX_BUCKETS};
use crate::eval::nnue::shape::MAX_LAYER_UNITS;
use crate::eval::nnue::Network;
use crate::learn::data::games::Recipe;
use crate::learn::data::position_set::PositionSet;
use crate::learn::train::{
    train, Architecture, BestEpoch, Checkpoint, FloatNetwork, NetDataset, TrainConfig,
};
use crate::signals::interrupt;
use std::path::{Path, PathBuf};

/// Train the neural network evaluation on training data; write the network.
///
/// Reads the quiet positions of the data files (positions in check, with a
/// capture as the best move, or whose score is no evaluation are skipped),
/// fits the scaling constant K of the search scores to the game results,
/// then runs Adam on the cross-entropy between sigmoid(K * eval) and the
/// target LAMBDA * result + (1 - LAMBDA) * sigmoid(K * score). The network
/// is left-right symmetric by construction.
/// After every epoch it prints the loss after it on the training positions
/// (on every tenth of them) and on the held-out ones, writes the
/// checkpoint OUT.ckpt (to go on with `--resume`: the run continues at the
/// next epoch as if never stopped, keeping its best epoch so far, whose
/// network OUT must still hold), and writes the network (OUT, the
/// engine's format, for `setoption name EvalFile`) when its validation loss
/// is the best so far (every epoch without --validation). Ctrl-C ends the
/// run after the current step (exit status 130); the files of the epochs
/// before stay. At the end OUT.recipe says how to make the network again:
/// the program and its commit, the command with every flag, each data file
/// by name, size and checksum, K, the positions, the best epoch and its
/// loss, the network's hash and the time taken.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan train data/selfplay.bin --out chuhan.nnue --validation 0.05
  chuhan train a.bin b.bin --epochs 40 --lr 0.001 --out net.nnue
  chuhan train a.bin b.bin --epochs 40 --lr 0.001 --out net.nnue --resume net.nnue.ckpt
  chuhan train new.bin --out next.nnue --validation 0.05 --init src/eval/nnue/chuhan.nnue")]
pub struct TrainArgs {
    #[command(flatten)]
    input: TrainingData,
    /// Where to write the network (and OUT.ckpt, the checkpoint).
    #[arg(long, value_name = "OUT")]
    out: PathBuf,
    /// Passes over the data.
    #[arg(long, value_name = "N", default_value_t = 30, value_parser = positive::<usize>)]
    epochs: usize,
    /// Adam's first step size (it falls along a half cosine to --lr-end times it).
    #[arg(long, value_name = "X", default_value_t = 2e-3, value_parser = number::<f64>)]
    lr: f64,
    /// The last epoch's step size as a share of the first.
    #[arg(long, value_name = "X", default_value_t = 0.01, value_parser = number::<f64>)]
    lr_end: f64,
    /// Positions per step.
    #[arg(long, value_name = "N", default_value_t = 4096, value_parser = number::<usize>)]
    batch: usize,
    /// The weight of the game result in the target, 0 to 1 (the rest is the
    /// search score; 0 by default: on 11,339 games, 0.5 played 466 Elo worse).
    #[arg(long, value_name = "X", default_value_t = 0.0, value_parser = number::<f64>)]
    lambda: f64,
    /// Decoupled weight decay per unit of step size (0: none).
    #[arg(long, value_name = "X", default_value_t = 0.0, value_parser = number::<f64>)]
    weight_decay: f64,
    /// Decoupled decay of the king buckets' own weights alone (what each
    /// adds to the weights they share), per unit of step size (0: none).
    #[arg(long, value_name = "X", default_value_t = 0.0, value_parser = number::<f64>)]
    king_bucket_decay: f64,
    /// Output buckets by the attacking force left, 1 to 16.
    #[arg(long, value_name = "N", default_value_t = Architecture::default().buckets, value_parser = number::<usize>)]
    buckets: usize,
    /// Input weights by where the viewing side's own king stands: none (one
    /// set), rank (its rank in the palace: 3 sets) or square (each palace
    /// square: 9 sets). A king move into another bucket refills its side's
    /// accumulator in the engine.
    #[arg(long, value_name = "LAYOUT", default_value = "none", value_parser = king_bucket_layout)]
    king_buckets: KingBuckets,
    /// Units of a hidden layer between the accumulator and the output, per
    /// output bucket (0: none; at most 32): each a clipped weighted sum of
    /// the activations, weighed by the output beside them.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = number::<usize>)]
    hidden: usize,
    /// The activation: squared (clamp(x, 0, 1)^2) or clipped (clamp(x, 0, 1)).
    #[arg(long, value_name = "KIND", default_value = "squared", value_parser = ["squared", "clipped"])]
    activation: String,
    /// Seeds the first weights and the order of the positions.
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = number::<u64>)]
    seed: u64,
    /// Go on from this checkpoint (OUT.ckpt of an earlier run with the same
    /// data and settings) at the epoch after its last.
    #[arg(long, value_name = "CKPT")]
    resume: Option<PathBuf>,
    /// Start from this network (an engine network file, such as the
    /// built-in src/eval/nnue/chuhan.nnue) instead of random weights: a
    /// warm start, with Adam's moments fresh and the epochs counted from 1.
    /// Its buckets and activation must be those asked for. With --resume,
    /// the checkpoint's weights are gone on with and NET only named in the
    /// recipe, as the run that wrote the checkpoint began.
    #[arg(long, value_name = "NET")]
    init: Option<PathBuf>,
    /// Threads to train on (0: one per core). The network written is the
    /// same to the last bit on any number.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = number::<usize>)]
    threads: usize,
}

/// Runs the tool.
pub fn run(args: TrainArgs) -> Result<(), ToolError> {
    check_learning(args.lambda, args.input.validation, args.lr, args.batch)?;
    let lr_end_fits = args.lr_end > 0.0 && args.lr_end <= 1.0;
    let decays = [args.weight_decay, args.king_bucket_decay];
    if !lr_end_fits || decays.iter().any(|d| d.is_nan() || *d < 0.0) {
        return Err(ToolError::Usage(
            "--lr-end must be above 0 and at most 1, --weight-decay and --king-bucket-decay at least 0"
                .into(),
        ));
    }
    if !(1..=MAX_BUCKETS).contains(&args.buckets) {
        return Err(ToolError::Usage(format!(
            "--buckets {} is not from 1 to {MAX_BUCKETS}",
            args.buckets
        )));
    }
    if args.hidden > MAX_LAYER_UNITS {
        return Err(ToolError::Usage(format!(
            "--hidden {} is not from 0 to {MAX_LAYER_UNITS}",
            args.hidden
        )));
    }
    // Only the first pool of a process takes: a tool runs once per process.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build_global();
    let architecture = Architecture {
        buckets: args.buckets,
        king_buckets: args.king_buckets,
        activation: match args.activation.as_str() {
            "clipped" => Activation::Clipped,
            _ => Activation::SquaredClipped,
        },
        layer_units: args.hidden,
    };
    let init = match &args.init {
        Some(path) => Some((path, initial_network(path, architecture)?)),
        None => None,
    };
    let mut state = match &args.resume {
        Some(path) => {
            let state = Checkpoint::from_bytes(&read(path)?)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            if state.net.architecture != architecture {
                return Err(format!(
                    "{}: a checkpoint of {:?}, not of the {architecture:?} asked for",
                    path.display(),
                    state.net.architecture
                )
                .into());
            }
            if let Some(best) = state.best {
                kept_network_is_there(&args.out, path, best)?;
            }
            state
        }
        None => Checkpoint::start(match &init {
            Some((_, network)) => FloatNetwork::from_network(network),
            None => FloatNetwork::random(args.seed, architecture),
        }),
    };
    let started = std::time::Instant::now();
    let (data, validation): (NetDataset, NetDataset) = args.input.split("train")?;
    let k = data.fit_score_scale();
    eprintln!("train: K = {k:.6} (the search scores fitted to the results)");
    let config = TrainConfig {
        epochs: args.epochs,
        learning_rate: args.lr,
        final_rate_share: args.lr_end,
        batch: args.batch,
        lambda: args.lambda,
        weight_decay: args.weight_decay,
        king_bucket_decay: args.king_bucket_decay,
        seed: args.seed,
    };
    let checkpoint = PathBuf::from(format!("{}.ckpt", args.out.display()));
    let mut written: Result<(), String> = Ok(());
    interrupt::install();
    train(
        &mut state,
        &data,
        Some(&validation),
        k,
        &config,
        &interrupt::interrupted,
        &mut |r, state| {
            let validation = r
                .validation_loss
                .map(|v| format!(" validation {v:.6}"))
                .unwrap_or_default();
            // Epoch 0 is the network before any step: no step size.
            let lr = match r.epoch {
                0 => " (before training)".to_string(),
                _ => format!(" lr {:.6}", r.learning_rate),
            };
            println!(
                "epoch {} loss {:.6}{validation}{lr} elapsed {:.1} s",
                r.epoch,
                r.loss,
                r.elapsed.as_secs_f64()
            );
            // The best epoch's network, or each epoch's without held-out
            // data (the trainer keeps no best then).
            let keep = match state.best {
                Some(best) => best.epoch == r.epoch,
                None => r.epoch > 0,
            };
            if keep && written.is_ok() {
                written = write(&args.out, &state.net.quantise().to_bytes());
            }
            if written.is_ok() {
                written = write(&checkpoint, &state.to_bytes());
            }
        },
    );
    written?;
    if state.epochs_done == 0 {
        return Err(ToolError::Interrupted(format!(
            "stopped in the first epoch, before any network; go on with --resume {}",
            checkpoint.display()
        )));
    }
    let best = state.best;
    let network = Network::from_bytes(&read(&args.out)?)
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    let mut recipe = Recipe::default()
        .with("program", format!("chuhan {VERSION}"))
        .with("command", command(&args));
    let sum = |path: &Path| FileSum::of(path).map_err(|e| format!("{}: {e}", path.display()));
    for path in &args.input.data {
        recipe = recipe.with("data", sum(path)?);
    }
    if let Some((path, network)) = &init {
        let line = sum(path)?.line_with(&format!("network {:016x}", network.hash()));
        recipe = recipe.with("init", line);
    }
    recipe = recipe
        .with("K", format!("{k:.6}"))
        .with(
            "positions",
            format!("{} trained on, {} held out", data.len(), validation.len()),
        )
        .with("epochs done", state.epochs_done)
        .with(
            "kept",
            match best {
                Some(best) => format!(
                    "epoch {}, validation loss {:.6}",
                    best.epoch, best.validation_loss
                ),
                None => "the last epoch".to_string(),
            },
        )
        .with("network", format!("{:016x}", network.hash()))
        .with(
            "elapsed",
            format!("{:.0} s", started.elapsed().as_secs_f64()),
        );
    let recipe_path = PathBuf::from(format!("{}.recipe", args.out.display()));
    write(&recipe_path, recipe.to_string().as_bytes())?;
    match best {
        Some(best) => println!(
            "wrote {} (epoch {}, the best validation loss {:.6}) and {}",
            args.out.display(),
            best.epoch,
            best.validation_loss,
            checkpoint.display()
        ),
        None => println!(
            "wrote {} (the last epoch) and {}",
            args.out.display(),
            checkpoint.display()
        ),
    }
    // Stopped by Ctrl-C before its last epoch: say so, as the other tools
    // do, so that a script does not take the network for the finished one.
    if state.epochs_done < args.epochs {
        return Err(ToolError::Interrupted(format!(
            "stopped after epoch {} of {}; go on with --resume {}",
            state.epochs_done,
            args.epochs,
            checkpoint.display()
        )));
    }
    Ok(())
}

/// The command that trains the same network: the data files by name and
/// every flag that decides the result, written out.
fn command(args: &TrainArgs) -> String {
    let data: Vec<String> = args.input.data.iter().map(|p| file_name(p)).collect();
    let max = args
        .input
        .max_positions
        .map_or(String::new(), |n| format!(" --max-positions {n}"));
    let init = args
        .init
        .as_ref()
        .map_or(String::new(), |p| format!(" --init {}", file_name(p)));
    // Named where there is a layer: the commands of networks without one
    // stay as they were written before the flag.
    let hidden = match args.hidden {
        0 => String::new(),
        units => format!(" --hidden {units}"),
    };
    format!(
        "chuhan train {} --out {} --epochs {} --lr {} --lr-end {} --batch {} --lambda {} --weight-decay {} --king-bucket-decay {} --buckets {} --king-buckets {}{hidden} --activation {} --seed {} --validation {}{max}{init}",
        data.join(" "),
        file_name(&args.out),
        args.epochs,
        args.lr,
        args.lr_end,
        args.batch,
        args.lambda,
        args.weight_decay,
        args.king_bucket_decay,
        args.buckets,
        args.king_buckets.name(),
        args.activation,
        args.seed,
        args.input.validation,
    )
}

/// A king-bucket layout by its name (see [`KingBuckets::name`]).
fn king_bucket_layout(name: &str) -> Result<KingBuckets, String> {
    KingBuckets::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = KingBuckets::ALL.iter().map(|k| k.name()).collect();
        format!("not a layout: {}", names.join(", "))
    })
}

/// The network of a warm start, read from `path`, if it has the
/// `architecture` asked for.
fn initial_network(path: &Path, architecture: Architecture) -> Result<Network, String> {
    let network =
        Network::from_bytes(&read(path)?).map_err(|e| format!("{}: {e}", path.display()))?;
    let has = Architecture {
        buckets: network.buckets(),
        king_buckets: network.king_buckets,
        activation: network.activation,
        layer_units: network.layer_units(),
    };
    if has != architecture {
        return Err(format!(
            "{}: a network of {has:?}, not of the {architecture:?} asked for",
            path.display()
        ));
    }
    Ok(network)
}

/// Refuses a resume whose OUT is not the network of the best epoch the
/// checkpoint `from` keeps: the run would otherwise end with another
/// network than the one it names in its recipe.
fn kept_network_is_there(out: &Path, from: &Path, best: BestEpoch) -> Result<(), String> {
    let found = std::fs::read(out)
        .ok()
        .and_then(|bytes| Network::from_bytes(&bytes).ok())
        .map(|network| network.hash());
    if found == Some(best.network) {
        return Ok(());
    }
    Err(format!(
        "{}: not the network of epoch {} (hash {:016x}) that {} keeps as the best; \
         resume with the --out the stopped run wrote",
        out.display(),
        best.epoch,
        best.network,
        from.display()
    ))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or(path.as_os_str(), |n| n)
        .to_string_lossy()
        .into_owned()
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}
