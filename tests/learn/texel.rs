//! The Texel tuner on a small set of our own games: the exact gradient
//! matches finite differences, the fitted scaling constant is a minimum,
//! tuning lowers the loss, and `chuhan texel` prints the loss per epoch and
//! writes the weights as Rust source.

use crate::tool_run;

use chuhan::book::Books;
use chuhan::learn::data::format::{DataWriter, Record};
use chuhan::learn::data::holdout::Holdout;
use chuhan::learn::data::position_set::PositionSet;
use chuhan::learn::datagen::game::{play_seeded, SelfPlayOpenings, SelfPlaySettings};
use chuhan::learn::texel::layout::{current_weights, COUNT, PST_MG_AT};
use chuhan::learn::texel::source::WEIGHTS_SOURCE;
use chuhan::learn::texel::{fit_scale, rounded, tune, Dataset, Objective, TexelConfig};
use std::path::PathBuf;
use tool_run::{chuhan, run_with_input};

/// How many self-play games the tests learn from. Which games they are
/// follows the engine's play at 300 nodes, and a handful of games is
/// fragile: since two built-in openings were lengthened (issue 27) a
/// seventh game was needed, and since the search counts a repetition the
/// GUI bans as lost (4b241c6) six of the first ten games are other games
/// and seven or ten were too few (a fitted scale that was no minimum, 29
/// and 59 weights with a gradient). Sixteen leave a margin: 12, 14, 16 and
/// 20 all pass.
const GAMES: u64 = 16;

/// Records of `games` self-play games at a small node budget.
fn records(games: u64) -> Vec<Record> {
    (0..games).flat_map(|n| records_of_game(100 + n)).collect()
}

/// The records of one self-play game.
fn records_of_game(seed: u64) -> Vec<Record> {
    let settings = SelfPlaySettings {
        nodes: 300,
        ..SelfPlaySettings::default()
    };
    let openings = SelfPlayOpenings::new(Books::none());
    play_seeded(&settings, &openings, seed, &mut settings.engine(), &|| {
        false
    })
    .unwrap()
    .records()
}

fn dataset(records: &[Record]) -> Dataset {
    let mut data = Dataset::new();
    for record in records {
        data.add(record);
    }
    assert!(data.len() > 300, "{} quiet positions", data.len());
    data
}

fn as_real(weights: &[i32]) -> Vec<f64> {
    weights.iter().map(|&w| w as f64).collect()
}

#[test]
fn the_exact_gradient_matches_finite_differences() {
    let data = dataset(&records(GAMES));
    let weights = as_real(&current_weights());
    let k = fit_scale(&data, &weights);
    let objective = Objective::new(&data, k, 0.5);
    let all: Vec<u32> = (0..data.len() as u32).collect();
    let gradient = objective.gradient(&weights, &all);
    let h = 0.01;
    let mut checked = 0;
    for i in 0..COUNT {
        let mut plus = weights.clone();
        plus[i] += h;
        let mut minus = weights.clone();
        minus[i] -= h;
        let numeric = (objective.loss(&plus) - objective.loss(&minus)) / (2.0 * h);
        let tolerance = 1e-9 + 1e-4 * gradient[i].abs();
        assert!(
            (numeric - gradient[i]).abs() <= tolerance,
            "weight {i}: exact {} numeric {numeric}",
            gradient[i]
        );
        if gradient[i].abs() > 1e-6 {
            checked += 1;
        }
    }
    // Most weights (material, tables, terms) appear in these games.
    assert!(checked > 100, "{checked} weights with a gradient");
}

#[test]
fn the_fitted_scale_is_a_minimum_and_tuning_lowers_the_loss() {
    let data = dataset(&records(GAMES));
    let initial = current_weights();
    let k = fit_scale(&data, &as_real(&initial));
    let results_loss = |k: f64| Objective::new(&data, k, 1.0).loss(&as_real(&initial));
    assert!(results_loss(k) < results_loss(k * 1.5));
    assert!(results_loss(k) < results_loss(k / 1.5));

    let config = TexelConfig {
        epochs: 6,
        batch: 256,
        ..TexelConfig::default()
    };
    let mut losses = Vec::new();
    let tuned = tune(&data, None, k, &initial, &config, &|| false, &mut |r| {
        losses.push(r.loss)
    });
    assert_eq!(losses.len(), 7, "epoch 0 and six more");
    assert!(losses[6] < losses[0] - 0.005, "{losses:?}");
    // The tables stay left-right symmetric (the data alone would not keep them so).
    let written = rounded(&tuned);
    for entry in 0..7 * 90 {
        let (table, row, file) = (entry / 90, entry % 90 / 9, entry % 9);
        let mirror = PST_MG_AT + table * 90 + row * 9 + 8 - file;
        assert_eq!(written[PST_MG_AT + entry], written[mirror], "entry {entry}");
    }
    // Rounded as they are written, the weights keep the gain.
    let objective = Objective::new(&data, k, config.lambda);
    assert!(objective.loss(&as_real(&rounded(&tuned))) < losses[0]);
    // A stop request ends the run at once with the weights so far.
    let stopped = tune(&data, None, k, &initial, &config, &|| true, &mut |_| {});
    assert_eq!(rounded(&stopped), initial);
}

#[test]
fn the_l2_pull_keeps_the_weights_near_their_start() {
    let data = dataset(&records(GAMES));
    let initial = current_weights();
    let k = fit_scale(&data, &as_real(&initial));
    let run = |l2: f64| {
        let config = TexelConfig {
            epochs: 6,
            batch: 256,
            l2,
            ..TexelConfig::default()
        };
        tune(&data, None, k, &initial, &config, &|| false, &mut |_| {})
    };
    let drift = |tuned: &[f64]| -> f64 {
        tuned
            .iter()
            .zip(&initial)
            .map(|(w, &w0)| (w - w0 as f64).powi(2))
            .sum::<f64>()
            .sqrt()
    };
    let (free, pulled) = (drift(&run(0.0)), drift(&run(1.0)));
    // With a pull this strong, a step's data gradient (about K times a
    // coefficient) is outweighed as soon as a weight moves a fraction of a
    // centipawn.
    assert!(free > 10.0, "the free run moved the weights by {free}");
    assert!(pulled < free / 4.0, "pulled {pulled}, free {free}");
}

#[test]
fn a_validation_share_holds_out_whole_games_and_reports_their_loss() {
    let games: Vec<Vec<Record>> = (0..12).map(|n| records_of_game(100 + n)).collect();
    let mut holdout = Holdout::new(0.4);
    let mut held_games = 0;
    let (mut train, mut held) = (Dataset::new(), Dataset::new());
    for game in &games {
        let choices: Vec<bool> = game.iter().map(|r| holdout.holds(r)).collect();
        // One choice per game, so no game is split between the two sets.
        assert!(choices.iter().all(|&c| c == choices[0]));
        held_games += choices[0] as usize;
        for (record, held_out) in game.iter().zip(choices) {
            if held_out {
                held.add(record);
            } else {
                train.add(record);
            }
        }
    }
    assert!((1..12).contains(&held_games), "{held_games} of 12 held out");
    // The same records give the same choice: the split is deterministic.
    let mut again = Holdout::new(0.4);
    let replay: usize = games
        .iter()
        .map(|g| g.iter().map(|r| again.holds(r)).last().unwrap() as usize)
        .sum();
    assert_eq!(replay, held_games);

    let initial = current_weights();
    let k = fit_scale(&train, &as_real(&initial));
    let config = TexelConfig {
        epochs: 2,
        batch: 256,
        ..TexelConfig::default()
    };
    let mut reports = Vec::new();
    tune(
        &train,
        Some(&held),
        k,
        &initial,
        &config,
        &|| false,
        &mut |r| reports.push(r.clone()),
    );
    assert_eq!(reports.len(), 3);
    // Epoch 0 is the untouched weights: the held-out loss is theirs.
    let before = Objective::new(&held, k, config.lambda).loss(&as_real(&initial));
    assert_eq!(reports[0].validation_loss, Some(before));
    assert!(reports.iter().all(|r| r.validation_loss.is_some()));
}

#[test]
fn chuhan_tune_prints_the_loss_per_epoch_and_writes_weights_rs() {
    let dir = std::env::temp_dir();
    let data: PathBuf = dir.join(format!("chuhan-{}-tune.bin", std::process::id()));
    let out: PathBuf = dir.join(format!("chuhan-{}-tuned.rs", std::process::id()));
    let _ = std::fs::remove_file(&data);
    let mut writer = DataWriter::append(&data).unwrap();
    writer.write(&records(GAMES)).unwrap();
    writer.flush().unwrap();
    drop(writer);

    let (ok, stdout, stderr) = chuhan(&[
        "texel",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--epochs",
        "4",
        "--batch",
        "256",
        "--validation",
        "0.25",
    ]);
    assert!(ok, "{stderr}");
    assert!(stderr.contains("K = "), "{stderr}");
    assert!(stderr.contains("held out for validation"), "{stderr}");
    assert!(
        stdout
            .lines()
            .filter(|l| l.starts_with("epoch "))
            .all(|l| l.contains(" validation ")),
        "{stdout}"
    );
    let losses: Vec<f64> = stdout
        .lines()
        .filter_map(|line| line.strip_prefix("epoch "))
        .map(|rest| rest.split(' ').nth(2).unwrap().parse().unwrap())
        .collect();
    assert_eq!(losses.len(), 5, "{stdout}");
    assert!(losses[4] < losses[0], "{losses:?}");
    let source = std::fs::read_to_string(&out).unwrap();
    assert_ne!(source, WEIGHTS_SOURCE, "the weights changed");
    // The same file, constant for constant, with other numbers.
    let declarations = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("pub const") || l.starts_with("//"))
            .map(|l| l.split(" = ").next().unwrap().to_string())
            .collect()
    };
    assert_eq!(declarations(&source), declarations(WEIGHTS_SOURCE));

    // `tune`, the tool's old name, still runs it.
    let missing = dir.join("chuhan-no-such-data.bin");
    let run = run_with_input(
        &[
            "tune",
            missing.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, Some(1));
    assert!(
        run.err.starts_with("error: ") && run.err.lines().count() == 1,
        "{}",
        run.err
    );
    let (ok, help, _) = chuhan(&["texel", "--help"]);
    assert!(ok && help.contains("--epochs") && help.contains("--validation"));
    assert_eq!(chuhan(&["tune", "--help"]).1, help);
    let _ = std::fs::remove_file(&data);
    let _ = std::fs::remove_file(&out);
}
