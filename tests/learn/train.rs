//! The network trainer on a small set of our own games: its exact gradient
//! matches finite differences, training lowers the loss, the engine's
//! integer network evaluates as the floating-point one within a stated
//! tolerance, checkpoints round-trip, and `chuhan train` prints the loss per
//! epoch and writes a network the engine reads; all of it with king buckets
//! too.

use crate::scrambled_network::scrambled;
use crate::tool_run;

use chuhan::book::Books;
use chuhan::eval::nnue::king_buckets::KingBuckets;
use chuhan::eval::nnue::network::Activation;
use chuhan::eval::nnue::{evaluate, Network};
use chuhan::learn::data::format::{DataWriter, Record};
use chuhan::learn::data::position_set::PositionSet;
use chuhan::learn::datagen::game::{play_seeded, SelfPlayOpenings, SelfPlaySettings};
use chuhan::learn::train::{
    gradient, mean_loss, train, Architecture, BestEpoch, Checkpoint, FloatNetwork, NetDataset,
    TrainConfig,
};
use std::path::{Path, PathBuf};
use tool_run::{chuhan, run_with_input};

/// Records of `games` self-play games at a small node budget.
fn records(games: u64) -> Vec<Record> {
    let settings = SelfPlaySettings {
        nodes: 300,
        ..SelfPlaySettings::default()
    };
    let openings = SelfPlayOpenings::new(Books::none());
    let mut engine = settings.engine();
    (0..games)
        .flat_map(|n| {
            play_seeded(&settings, &openings, 200 + n, &mut engine, &|| false)
                .unwrap()
                .records()
        })
        .collect()
}

/// What a centipawn is worth in winning chances in these tests' targets:
/// 400 cp make odds of 10 to 1, as on the Elo scale.
const SCORE_SCALE: f64 = std::f64::consts::LN_10 / 400.0;

fn dataset(records: &[Record]) -> NetDataset {
    let mut data = NetDataset::empty();
    for record in records {
        data.add(record);
    }
    assert!(data.len() > 300, "{} quiet positions", data.len());
    data
}

/// Every kind of architecture the trainer offers.
const ARCHITECTURES: [Architecture; 6] = [
    Architecture {
        buckets: 8,
        king_buckets: KingBuckets::None,
        activation: Activation::SquaredClipped,
        layer_units: 0,
    },
    Architecture {
        buckets: 1,
        king_buckets: KingBuckets::None,
        activation: Activation::Clipped,
        layer_units: 0,
    },
    Architecture {
        buckets: 8,
        king_buckets: KingBuckets::Square,
        activation: Activation::SquaredClipped,
        layer_units: 0,
    },
    Architecture {
        buckets: 2,
        king_buckets: KingBuckets::Rank,
        activation: Activation::Clipped,
        layer_units: 0,
    },
    Architecture {
        buckets: 8,
        king_buckets: KingBuckets::None,
        activation: Activation::SquaredClipped,
        layer_units: 8,
    },
    Architecture {
        buckets: 2,
        king_buckets: KingBuckets::Rank,
        activation: Activation::Clipped,
        layer_units: 3,
    },
];

#[test]
fn the_exact_gradient_matches_finite_differences() {
    let data = dataset(&records(8));
    for architecture in ARCHITECTURES {
        let mut net = scrambled(3, architecture);
        // Hidden units that weigh as much as the linear output, so that
        // what flows back through them counts in the input rows' gradient.
        let [.., (_, outputs)] = architecture.tensors();
        let mut rng = chuhan::random::Rng::new(8);
        for w in &mut net.parameters[outputs] {
            *w = (rng.next_f64() as f32 - 0.5) * 2.0;
        }
        gradient_matches_finite_differences(&data, net);
    }
}

fn gradient_matches_finite_differences(data: &NetDataset, net: FloatNetwork) {
    let k = data.fit_score_scale();
    let all: Vec<u32> = (0..data.len() as u32).collect();
    let (g, loss) = gradient(&net, data, &all, k, 0.3);
    assert!((loss - mean_loss(&net, data, k, 0.3)).abs() < 1e-5);
    // In each tensor, the parameters the data moves most (in the input
    // rows, those of common pieces).
    let h = 1e-2f32;
    for (name, range) in net.architecture.tensors() {
        let mut order: Vec<usize> = range.collect();
        order.sort_by(|&a, &b| g[b].abs().total_cmp(&g[a].abs()));
        for &i in order.iter().take(8) {
            let mut plus = net.clone();
            plus.parameters[i] += h;
            let mut minus = net.clone();
            minus.parameters[i] -= h;
            let numeric = (mean_loss(&plus, data, k, 0.3) - mean_loss(&minus, data, k, 0.3))
                / (2.0 * h as f64);
            let exact = g[i] as f64;
            assert!(
                (numeric - exact).abs() <= 0.05 * exact.abs() + 1e-5,
                "{:?} {name} parameter {i}: exact {exact}, finite differences {numeric}",
                net.architecture
            );
        }
    }
}

#[test]
fn training_lowers_the_loss_and_the_integer_network_evaluates_as_the_float_one() {
    let all = records(16);
    let (learn, held) = all.split_at(all.len() * 3 / 4);
    let (data, validation) = (dataset(learn), {
        let mut v = NetDataset::empty();
        held.iter().for_each(|r| {
            v.add(r);
        });
        v
    });
    // The targets' scale is fixed, not fitted: a few short games' results
    // may disagree with their scores so much that the fitted scale falls to
    // its floor, every target becomes 1/2 and there is nothing to learn.
    let k = SCORE_SCALE;
    let mut state = Checkpoint::start(FloatNetwork::random(1, Architecture::default()));
    let config = TrainConfig {
        epochs: 8,
        batch: 256,
        lambda: 0.0,
        ..TrainConfig::default()
    };
    let mut reports = Vec::new();
    train(
        &mut state,
        &data,
        Some(&validation),
        k,
        &config,
        &|| false,
        &mut |r, _| reports.push(r.clone()),
    );
    let net = state.net;
    assert_eq!(reports.len(), 9, "epoch 0 and eight epochs");
    let (first, last) = (&reports[0], &reports[8]);
    assert!(
        last.loss < first.loss - 0.005,
        "{} -> {}",
        first.loss,
        last.loss
    );
    // On four held-out games a network of 80,000 weights soon learns the
    // twelve training games by heart; what it learns first must carry over.
    // (Two held-out games of eight were too few: a change to the search
    // that played other games left the first epoch worse on them.)
    let validation: Vec<f64> = reports.iter().map(|r| r.validation_loss.unwrap()).collect();
    let best = validation[1..]
        .iter()
        .cloned()
        .fold(f64::INFINITY, f64::min);
    assert!(best < validation[0], "validation {validation:?}");

    // Rounded to integers, the network stays within 5 cp + 2% of itself
    // (the accumulator holds each weight to 1/255).
    let quantised = net.quantise();
    let mut worst = 0f32;
    for record in all.iter().step_by(3) {
        let pos = record.position().unwrap();
        let float = net.evaluate(&pos);
        let integer = evaluate(&quantised, &pos) as f32;
        let error = (float - integer).abs();
        assert!(
            error <= 5.0 + 0.02 * float.abs(),
            "{}: float {float}, integer {integer}",
            record.fen()
        );
        worst = worst.max(error);
    }
    println!("worst rounding error {worst:.2} cp");
}

/// Trains `state` through every epoch of `config` at the fixed scale,
/// without held-out data, stops or reports.
fn train_through(state: &mut Checkpoint, data: &NetDataset, config: &TrainConfig) {
    train(
        state,
        data,
        None,
        SCORE_SCALE,
        config,
        &|| false,
        &mut |_, _| {},
    );
}

#[test]
fn king_bucket_decay_pulls_every_bucket_back_to_the_shared_weights() {
    use chuhan::eval::nnue::features::FEATURES;
    let data = dataset(&records(8));
    let architecture = Architecture {
        king_buckets: KingBuckets::Rank,
        ..Architecture::default()
    };
    let trained = |king_bucket_decay: f64| {
        let mut state = Checkpoint::start(FloatNetwork::random(2, architecture));
        let config = TrainConfig {
            epochs: 1,
            batch: 256,
            learning_rate: 2e-3,
            king_bucket_decay,
            ..TrainConfig::default()
        };
        train_through(&mut state, &data, &config);
        state.net.quantise()
    };
    let apart = |net: &Network| {
        (0..FEATURES).any(|f| (1..3).any(|b| net.input_row(b, f) != net.input_row(0, f)))
    };
    assert!(apart(&trained(0.0)), "the buckets learn apart");
    // A decay of one over the step size leaves nothing of a bucket's own.
    assert!(
        !apart(&trained(1.0 / 2e-3)),
        "the buckets stay the shared network"
    );
}

#[test]
fn a_checkpoint_round_trips_and_a_wrong_one_is_refused() {
    for architecture in ARCHITECTURES {
        let state = Checkpoint::start(FloatNetwork::random(9, architecture));
        assert_eq!(Checkpoint::from_bytes(&state.to_bytes()), Ok(state.clone()));
        let bytes = state.to_bytes();
        assert!(Checkpoint::from_bytes(&bytes[..bytes.len() - 4]).is_err());
        assert!(Checkpoint::from_bytes(&state.net.quantise().to_bytes()).is_err());
        // With the best epoch kept, and a file cut inside it refused.
        let mut kept = state.clone();
        kept.best = Some(BestEpoch {
            epoch: 7,
            validation_loss: 0.123456789,
            network: 0x0123_4567_89ab_cdef,
        });
        let bytes = kept.to_bytes();
        assert_eq!(Checkpoint::from_bytes(&bytes), Ok(kept));
        assert!(Checkpoint::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    }
    // A checkpoint written before king buckets ("CHUHANC2", no layout byte)
    // reads as a network without them.
    let state = Checkpoint::start(FloatNetwork::random(9, Architecture::default()));
    let mut older = state.to_bytes();
    assert_eq!(
        older[11], 0,
        "the layout byte of a network without king buckets"
    );
    older.remove(11);
    older[7] = b'2';
    assert_eq!(Checkpoint::from_bytes(&older), Ok(state));
}

#[test]
fn every_architecture_rounds_to_an_engine_network_that_evaluates_as_it_does() {
    // Untrained weights: what the engine reads must be what the trainer
    // computed, row for row and bucket for bucket, within the rounding.
    let positions: Vec<_> = records(2)
        .iter()
        .step_by(5)
        .map(|r| r.position().unwrap())
        .collect();
    for architecture in ARCHITECTURES {
        let float = scrambled(13, architecture);
        let net = float.quantise();
        assert_eq!(net.king_buckets, architecture.king_buckets);
        assert_eq!(Network::from_bytes(&net.to_bytes()).as_ref(), Ok(&net));
        assert_eq!(FloatNetwork::from_network(&net).quantise(), net);
        for pos in &positions {
            let (f, i) = (float.evaluate(pos), evaluate(&net, pos) as f32);
            assert!(
                (f - i).abs() <= 5.0 + 0.02 * f.abs(),
                "{architecture:?} {}: float {f}, engine {i}",
                pos.to_fen()
            );
        }
    }
}

#[test]
fn a_resumed_run_goes_on_as_the_whole_run() {
    let data = dataset(&records(8));
    let config = TrainConfig {
        epochs: 4,
        batch: 256,
        ..TrainConfig::default()
    };
    let fresh = || Checkpoint::start(FloatNetwork::random(5, Architecture::default()));
    let mut whole = fresh();
    train_through(&mut whole, &data, &config);
    // Stopped after two epochs, the state written then read back, then on.
    let mut saved = Vec::new();
    let mut first = fresh();
    let stopped = std::cell::Cell::new(false);
    train(
        &mut first,
        &data,
        None,
        SCORE_SCALE,
        &config,
        &|| stopped.get(),
        &mut |r, s| {
            if r.epoch == 2 {
                saved = s.to_bytes();
                stopped.set(true);
            }
        },
    );
    assert_eq!(first.epochs_done, 2, "stopped during the third epoch");
    let mut resumed = Checkpoint::from_bytes(&saved).unwrap();
    assert_eq!(resumed.epochs_done, 2);
    let mut epochs = Vec::new();
    train(
        &mut resumed,
        &data,
        None,
        SCORE_SCALE,
        &config,
        &|| false,
        &mut |r, _| epochs.push(r.epoch),
    );
    assert_eq!(epochs, [3, 4], "no epoch 0 and no epoch again");
    assert!(
        resumed == whole,
        "the resumed run ends where the whole run does"
    );
}

#[test]
fn the_integer_network_is_exactly_mirror_symmetric() {
    for architecture in ARCHITECTURES {
        exactly_mirror_symmetric(architecture);
    }
}

fn exactly_mirror_symmetric(architecture: Architecture) {
    use chuhan::random::Rng;
    let net = scrambled(7, architecture).quantise();
    let mut rng = Rng::new(11);
    let mut checked = 0;
    for _ in 0..100 {
        let mut pos = chuhan::Position::startpos();
        for _ in 0..(20 + rng.below(80)) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make(moves[rng.below(moves.len() as u64) as usize]);
            let mirror = chuhan::Position::from_fen(&mirrored_fen(&pos.to_fen())).unwrap();
            assert_eq!(
                evaluate(&net, &pos),
                evaluate(&net, &mirror),
                "{architecture:?} {}",
                pos.to_fen()
            );
            checked += 1;
        }
    }
    assert!(checked > 3000);
}

/// The FEN of the left-right mirror: each rank read backwards.
fn mirrored_fen(fen: &str) -> String {
    let (board, rest) = fen.split_once(' ').unwrap();
    let ranks: Vec<String> = board
        .split('/')
        .map(|rank| {
            // Runs of digits stay whole when reversed piece by piece.
            rank.chars().rev().collect()
        })
        .collect();
    format!("{} {rest}", ranks.join("/"))
}

/// A data file of `games` self-play games.
fn data_file(name: &str, games: u64) -> PathBuf {
    let data = temp(name);
    let mut writer = DataWriter::append(&data).unwrap();
    writer.write(&records(games)).unwrap();
    writer.flush().unwrap();
    data
}

/// `chuhan train DATA --out OUT` with `flags`.
fn chuhan_train(data: &Path, out: &Path, flags: &[&str]) -> (bool, String, String) {
    let mut args = vec![
        "train",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(flags);
    chuhan(&args)
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("chuhan-train-{}-{name}", std::process::id()))
}

#[test]
fn chuhan_train_prints_the_loss_per_epoch_and_writes_a_network_the_engine_reads() {
    let data = data_file("data.bin", 6);
    let out = temp("net.nnue");
    let (ok, stdout, stderr) = chuhan_train(
        &data,
        &out,
        &["--epochs", "3", "--batch", "128", "--validation", "0.5"],
    );
    assert!(ok, "{stderr}");
    let epochs: Vec<&str> = stdout.lines().filter(|l| l.starts_with("epoch ")).collect();
    assert_eq!(epochs.len(), 4, "{stdout}");
    // Epoch 0 is the network before training: a loss and no step size.
    assert!(
        epochs[0].contains(" (before training) elapsed ") && !epochs[0].contains(" lr "),
        "{}",
        epochs[0]
    );
    assert!(
        epochs[3].starts_with("epoch 3 loss ")
            && epochs[3].contains(" validation ")
            && epochs[3].contains(" lr "),
        "{}",
        epochs[3]
    );
    assert!(
        stdout.contains("the best validation loss"),
        "the network written is the best epoch's: {stdout}"
    );
    let net = Network::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    let checkpoint = PathBuf::from(format!("{}.ckpt", out.display()));
    assert!(Checkpoint::from_bytes(&std::fs::read(&checkpoint).unwrap()).is_ok());
    // The recipe beside it names the network, the data and every flag.
    let recipe_path = PathBuf::from(format!("{}.recipe", out.display()));
    let recipe = std::fs::read_to_string(&recipe_path).unwrap();
    let data_bytes = std::fs::metadata(&data).unwrap().len();
    for line in [
        format!("network = {:016x}", net.hash()),
        format!(
            "data = {} ({data_bytes} bytes, fnv1a ",
            data.file_name().unwrap().to_string_lossy()
        ),
        "command = chuhan train ".to_string(),
        " --epochs 3 --lr 0.002 --lr-end 0.01 --batch 128 --lambda 0 ".to_string(),
        " --king-buckets none ".to_string(),
        " --validation 0.5".to_string(),
        "program = chuhan ".to_string(),
        "kept = epoch ".to_string(),
    ] {
        assert!(recipe.contains(&line), "{line:?} in {recipe}");
    }
    // `data checksum` prints the data line's words, what a rebuild checks
    // before it trains.
    let (ok, sum, stderr) = chuhan(&["data", "checksum", data.to_str().unwrap()]);
    assert!(ok, "{stderr}");
    assert!(
        recipe
            .lines()
            .any(|l| l == format!("data = {}", sum.trim_end())),
        "{sum:?} in {recipe}"
    );
    let _ = std::fs::remove_file(recipe_path);

    // The engine evaluates with it once told to.
    let session = run_with_input(
        &[],
        &format!(
            "ucci\nsetoption evalfile {}\nsetoption usennue true\nposition startpos\neval\nquit\n",
            out.display()
        ),
    );
    let expected = format!("eval side red evaluation network {:016x}", net.hash());
    assert!(
        session.out.lines().any(|l| l == expected),
        "{}",
        session.out
    );
    for path in [data, out, checkpoint] {
        let _ = std::fs::remove_file(path);
    }
}

/// The engine, told to use the network file `path` (`net` read from it),
/// names it in its evaluation of `fen` and finds a legal move there.
fn engine_searches_with(path: &Path, net: &Network, fen: &str) {
    let mut e = crate::engine_process::Engine::ucci();
    e.send(&format!("setoption evalfile {}", path.display()));
    e.send("setoption usennue true");
    e.send(&format!("position fen {fen}"));
    e.send("eval");
    let said = e.until("eval total", crate::engine_process::SLOW);
    let expected = format!("eval side red evaluation network {:016x}", net.hash());
    assert!(said.contains(&expected), "{said:?}");
    e.send("go depth 6");
    let best = e.until_best(crate::engine_process::SLOW);
    crate::engine_process::legal_best(&best, &chuhan::Position::from_fen(fen).unwrap());
}

#[test]
fn chuhan_train_with_king_buckets_writes_a_network_the_engine_plays_with() {
    let data = data_file("king-data.bin", 4);
    let out = temp("king.nnue");
    let flags = [
        "--epochs",
        "1",
        "--batch",
        "128",
        "--king-buckets",
        "square",
    ];
    let (ok, _, stderr) = chuhan_train(&data, &out, &flags);
    assert!(ok, "{stderr}");
    let net = Network::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(net.king_buckets, KingBuckets::Square);
    let recipe_path = PathBuf::from(format!("{}.recipe", out.display()));
    let recipe = std::fs::read_to_string(&recipe_path).unwrap();
    assert!(recipe.contains(" --king-buckets square "), "{recipe}");
    // A search walks king moves across the buckets; the accumulator's own
    // checks are the library's (tests/eval/nnue.rs).
    engine_searches_with(&out, &net, "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1");
    let (ok, _, stderr) = chuhan_train(&data, &out, &["--king-buckets", "file"]);
    assert!(!ok && stderr.contains("file"), "{stderr}");
    let checkpoint = PathBuf::from(format!("{}.ckpt", out.display()));
    for path in [data, out, checkpoint, recipe_path] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn chuhan_train_with_a_hidden_layer_writes_a_network_the_engine_plays_with() {
    let data = data_file("layer-data.bin", 4);
    let out = temp("layer.nnue");
    let (ok, _, stderr) = chuhan_train(
        &data,
        &out,
        &["--epochs", "1", "--batch", "128", "--hidden", "4"],
    );
    assert!(ok, "{stderr}");
    let bytes = std::fs::read(&out).unwrap();
    let net = Network::from_bytes(&bytes).unwrap();
    assert_eq!(
        (bytes[8], net.layer_units()),
        (4, 4),
        "format version 4, 4 units"
    );
    let recipe_path = PathBuf::from(format!("{}.recipe", out.display()));
    let recipe = std::fs::read_to_string(&recipe_path).unwrap();
    assert!(recipe.contains(" --hidden 4 "), "{recipe}");
    // The units learned something: their output weights start at zero.
    let layer = net.hidden_layer.as_ref().unwrap();
    assert!(layer.outputs.iter().any(|&w| w != 0), "{:?}", layer.outputs);
    engine_searches_with(
        &out,
        &net,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    );
    let (ok, _, stderr) = chuhan_train(&data, &out, &["--hidden", "33"]);
    assert!(!ok && stderr.contains("--hidden 33"), "{stderr}");
    let checkpoint = PathBuf::from(format!("{}.ckpt", out.display()));
    for path in [data, out, checkpoint, recipe_path] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn a_network_read_back_into_floating_point_evaluates_as_the_engine_does() {
    // The built-in network, as a warm start would begin from it: within
    // the rounding the integers carry (5 cp + 2%, as for training).
    let built_in = chuhan::eval::nnue::built_in();
    let float = FloatNetwork::from_network(&built_in);
    assert_eq!(float.architecture.buckets, built_in.buckets());
    for record in records(2).iter().step_by(7) {
        let pos = record.position().unwrap();
        let (f, i) = (float.evaluate(&pos), evaluate(&built_in, &pos) as f32);
        assert!(
            (f - i).abs() <= 5.0 + 0.02 * f.abs(),
            "{}: float {f}, engine {i}",
            record.fen()
        );
    }
}

#[test]
fn a_warm_start_begins_where_its_network_stands_and_is_named_in_the_recipe() {
    let data = data_file("warm-data.bin", 6);
    let flags = ["--batch", "128", "--validation", "0.5", "--buckets", "4"];
    // Each epoch's training and validation loss.
    let epoch_losses = |stdout: &str| -> Vec<(f64, f64)> {
        stdout
            .lines()
            .filter(|l| l.starts_with("epoch "))
            .map(|l| {
                let words: Vec<&str> = l.split(' ').collect();
                (words[3].parse().unwrap(), words[5].parse().unwrap())
            })
            .collect()
    };
    let first = temp("warm-first.nnue");
    let (ok, stdout, stderr) =
        chuhan_train(&data, &first, &[&["--epochs", "6"], &flags[..]].concat());
    assert!(ok, "{stderr}");
    let cold = epoch_losses(&stdout);
    let warm_out = temp("warm-second.nnue");
    let init = first.to_str().unwrap();
    let (ok, stdout, stderr) = chuhan_train(
        &data,
        &warm_out,
        &[&["--epochs", "1", "--init", init], &flags[..]].concat(),
    );
    assert!(ok, "{stderr}");
    let warm = epoch_losses(&stdout);
    // Before its first step the warm run stands where the first run's
    // network stood (the epoch of its best validation loss, rounded to
    // integers), below the random start.
    let kept = (1..cold.len())
        .min_by(|&a, &b| cold[a].1.total_cmp(&cold[b].1))
        .unwrap();
    assert!(
        (warm[0].0 - cold[kept].0).abs() < 0.002 && warm[0].0 < cold[0].0 - 0.004,
        "cold {cold:?}, warm {warm:?}"
    );
    let recipe = std::fs::read_to_string(format!("{}.recipe", warm_out.display())).unwrap();
    let first_net = Network::from_bytes(&std::fs::read(&first).unwrap()).unwrap();
    let name = first.file_name().unwrap().to_string_lossy().into_owned();
    for line in [
        format!("init = {name} ("),
        format!("network {:016x})", first_net.hash()),
        format!(" --init {name}"),
    ] {
        assert!(recipe.contains(&line), "{line:?} in {recipe}");
    }
    // A network of another shape is refused in one line.
    let refused = temp("warm-refused.nnue");
    let (ok, _, stderr) = chuhan_train(
        &data,
        &refused,
        &["--epochs", "1", "--init", init, "--buckets", "8"],
    );
    assert!(!ok && stderr.lines().count() == 1, "{stderr}");
    assert!(stderr.contains("asked for"), "{stderr}");
    for out in [&first, &warm_out] {
        for end in ["", ".ckpt", ".recipe"] {
            let _ = std::fs::remove_file(format!("{}{end}", out.display()));
        }
    }
    let _ = std::fs::remove_file(data);
}

/// Ctrl-C after the epoch with the best validation loss, then `--resume`:
/// the network and the recipe's `kept` line are the run made at once's.
/// The later epochs are worse, so a resume that forgot its best epoch
/// would write the first of them over it.
#[cfg(unix)]
#[test]
fn a_run_stopped_after_its_best_epoch_and_resumed_keeps_that_epoch() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let data = data_file("resume-data.bin", 6);
    // A large step size: the held-out loss soon turns up. Many short
    // epochs: the run must still be going when Ctrl-C comes.
    let flags = [
        "--epochs",
        "200",
        "--batch",
        "32",
        "--lr",
        "0.02",
        "--validation",
        "0.5",
    ];
    let kept = |out: &Path| -> String {
        let recipe = std::fs::read_to_string(format!("{}.recipe", out.display())).unwrap();
        let line = recipe.lines().find(|l| l.starts_with("kept = "));
        line.unwrap_or_else(|| panic!("{recipe}")).to_string()
    };
    let whole = temp("resume-whole.nnue");
    let (ok, stdout, stderr) = chuhan_train(&data, &whole, &flags);
    assert!(ok, "{stderr}");
    let losses: Vec<f64> = stdout
        .lines()
        .filter(|l| l.starts_with("epoch "))
        .map(|l| l.split(' ').nth(5).unwrap().parse().unwrap())
        .collect();
    let best = (1..losses.len())
        .min_by(|&a, &b| losses[a].total_cmp(&losses[b]))
        .unwrap();
    assert!(
        best <= 100,
        "the best epoch ({best}) comes early: {losses:?}"
    );
    assert_eq!(
        kept(&whole),
        format!("kept = epoch {best}, validation loss {:.6}", losses[best])
    );

    // The same run, stopped once its best epoch is reported.
    let stopped = temp("resume-stopped.nnue");
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(["train", data.to_str().unwrap(), "--out"])
        .arg(&stopped)
        .args(flags)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let wanted = format!("epoch {best} ");
    for line in lines.by_ref() {
        if line.unwrap().starts_with(&wanted) {
            break;
        }
    }
    tool_run::send_ctrl_c(&child);
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "stopped before the end: {rest:?}");
    assert!(
        !rest.iter().any(|l| l.starts_with("epoch 200 ")),
        "stopped before the last epoch: {rest:?}"
    );
    let checkpoint = format!("{}.ckpt", stopped.display());

    // A resume whose --out is not the kept network is refused in one line.
    let elsewhere = temp("resume-elsewhere.nnue");
    let (ok, _, stderr) = chuhan_train(
        &data,
        &elsewhere,
        &[&flags[..], &["--resume", &checkpoint]].concat(),
    );
    assert!(!ok && stderr.lines().count() == 1, "{stderr}");
    assert!(stderr.contains("keeps as the best"), "{stderr}");

    let (ok, _, stderr) = chuhan_train(
        &data,
        &stopped,
        &[&flags[..], &["--resume", &checkpoint]].concat(),
    );
    assert!(ok, "{stderr}");
    assert!(
        std::fs::read(&stopped).unwrap() == std::fs::read(&whole).unwrap(),
        "the resumed run's network is the whole run's"
    );
    assert_eq!(kept(&stopped), kept(&whole));
    for out in [&whole, &stopped, &elsewhere] {
        for end in ["", ".ckpt", ".recipe"] {
            let _ = std::fs::remove_file(format!("{}{end}", out.display()));
        }
    }
    let _ = std::fs::remove_file(data);
}

#[test]
fn the_same_data_and_flags_train_the_same_network_on_one_thread_or_three() {
    // Batches of two pieces of parallel work (1,024 positions each) and
    // more: with fewer positions every thread count runs the same serial
    // code, and a sum that depends on the threads' order would pass.
    let data = data_file("threads-data.bin", 48);
    let train_on = |threads: &str| {
        let out = temp(&format!("threads-{threads}.nnue"));
        let (ok, stdout, stderr) = chuhan_train(
            &data,
            &out,
            &[
                "--epochs",
                "2",
                "--batch",
                "2500",
                "--validation",
                "0.3",
                "--king-buckets",
                "rank",
                "--threads",
                threads,
            ],
        );
        assert!(ok, "{stderr}");
        let recipe = std::fs::read_to_string(format!("{}.recipe", out.display())).unwrap();
        let positions: Vec<usize> = recipe
            .lines()
            .find_map(|l| l.strip_prefix("positions = "))
            .unwrap_or_else(|| panic!("{recipe}"))
            .split(' ')
            .filter_map(|w| w.parse().ok())
            .collect();
        assert!(
            positions[0] > 2 * 1024 && positions[1] > 1024,
            "trained on and held out: {positions:?}"
        );
        let net = std::fs::read(&out).unwrap();
        let _ = std::fs::remove_file(format!("{}.ckpt", out.display()));
        let _ = std::fs::remove_file(format!("{}.recipe", out.display()));
        let _ = std::fs::remove_file(out);
        // The losses and K, without the times.
        let figures: Vec<String> = stdout
            .lines()
            .chain(stderr.lines())
            .filter(|l| l.starts_with("epoch ") || l.contains("K = "))
            .map(|l| l.split(" elapsed").next().unwrap().to_string())
            .collect();
        (net, figures)
    };
    let (one, one_figures) = train_on("1");
    let (three, three_figures) = train_on("3");
    assert_eq!(one_figures, three_figures);
    assert!(one == three, "the networks differ");
    let _ = std::fs::remove_file(data);
}

#[test]
fn train_refuses_bad_arguments_in_one_line() {
    let run = run_with_input(&["train", "x.bin", "--out", "n.nnue", "--lambda", "2"], "");
    assert_eq!(run.code, Some(2));
    assert_eq!(run.err.lines().count(), 1, "{}", run.err);
    // No epoch to train: refused before any data is read.
    let run = run_with_input(&["train", "x.bin", "--out", "n.nnue", "--epochs", "0"], "");
    assert_eq!(run.code, Some(2));
    assert_eq!(run.err.lines().count(), 1, "{}", run.err);
}
