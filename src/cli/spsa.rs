//! `chuhan spsa new|run|show|plot STATE`: tuning the search's parameters by
//! SPSA in a run whose whole state is one text file (see
//! [`crate::spsa`]), so that any sitting on any machine can take it
//! further.

use super::values::number;
use super::ToolError;
use crate::arena::openings::{self, OpeningFormat};
use crate::search::params;
use crate::signals::interrupt;
use crate::spsa::batch_part::{self, Part};
use crate::spsa::state_file::{self, StateFileError};
use crate::spsa::{play_batch, plot, PairSetup, Schedule, SpsaSettings, SpsaState};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Tune the search's parameters by SPSA, in a run that resumes.
///
/// `new` writes a run's state file; `run` plays game pairs and moves the
/// parameters, saving the state after every batch of pairs, until its
/// budget is spent or Ctrl-C (the pairs under way are finished first; a
/// second Ctrl-C ends at once and loses only them). The engine is a tuning
/// build (`cargo build --release --features tune`), which takes each
/// parameter as an engine option; both sides of a pair are processes of it,
/// one at theta + c, one at theta - c, playing a fixed number of nodes a
/// move from the openings file, with colours swapped. The same state file
/// and the same engine play the same games, so a run stopped and resumed
/// ends where one run at once would.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  cargo build --release --features tune --target-dir target/tune
  chuhan spsa new tuning/spsa-state.toml --nodes 10000 --planned-pairs 10000
  target/tune/release/chuhan spsa run tuning/spsa-state.toml --concurrency 2 --minutes 60
  chuhan spsa show tuning/spsa-state.toml
  chuhan spsa plot tuning/spsa-state.toml --out tuning/spsa-paths.svg")]
pub struct SpsaArgs {
    #[command(subcommand)]
    action: SpsaAction,
}

#[derive(Debug, clap::Subcommand)]
enum SpsaAction {
    /// Start a run: write its state file (which must not exist yet).
    New {
        #[arg(value_name = "STATE")]
        state: PathBuf,
        /// The parameters to tune, by name, comma-separated; all of the
        /// search's when not given.
        #[arg(long, value_name = "NAMES", value_delimiter = ',')]
        params: Vec<String>,
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = number::<u64>)]
        seed: u64,
        /// Nodes a move, for both sides.
        #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = number::<u64>)]
        nodes: u64,
        /// The openings (PGN, or EPD lines), shuffled by the seed.
        #[arg(long, value_name = "FILE", default_value = "book/match-openings.pgn")]
        openings: String,
        /// The pairs the gains are planned for (N in fishtest's formulas).
        #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = number::<u64>)]
        planned_pairs: u64,
        /// Pairs a batch: each batch probes one theta, and the state is
        /// saved after each.
        #[arg(long, value_name = "N", default_value_t = 8, value_parser = number::<u64>)]
        batch: u64,
        /// A row of the parameters' history every N pairs.
        #[arg(long, value_name = "N", default_value_t = 40, value_parser = number::<u64>)]
        history_every: u64,
        /// a_end / c_end² (fishtest's default 0.002).
        #[arg(long, value_name = "X", default_value_t = 0.002, value_parser = number::<f64>)]
        r_end: f64,
        /// An engine option for both sides, NAME=VALUE (repeatable).
        #[arg(long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
    },
    /// Go on with a run: play batches of pairs, saving the state after each.
    Run {
        #[arg(value_name = "STATE")]
        state: PathBuf,
        #[command(flatten)]
        engine: EngineChoice,
        /// Pairs played at once, two engine processes each.
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = number::<usize>)]
        concurrency: usize,
        /// Stop once this many more pairs are played (whole batches).
        #[arg(long, value_name = "N", value_parser = number::<u64>)]
        pairs: Option<u64>,
        /// Start no batch after this many minutes.
        #[arg(long, value_name = "M", value_parser = number::<f64>)]
        minutes: Option<f64>,
        /// Also draw the parameters' paths here after every batch.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Play one part of the next batch, for a driver on another machine:
    /// the pairs whose place in the batch is I modulo N; their scores go
    /// to OUT for `apply`.
    Play {
        #[arg(value_name = "STATE")]
        state: PathBuf,
        /// Which part, I/N.
        #[arg(long, value_name = "I/N")]
        part: Part,
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        #[command(flatten)]
        engine: EngineChoice,
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = number::<usize>)]
        concurrency: usize,
    },
    /// Apply a batch whose parts were played by `play`: every pair of it
    /// must be in the files, played from this very state.
    Apply {
        #[arg(value_name = "STATE")]
        state: PathBuf,
        #[arg(value_name = "PART", required = true)]
        parts: Vec<PathBuf>,
    },
    /// Print the run's tally and each parameter: start, theta, drift.
    Show {
        #[arg(value_name = "STATE")]
        state: PathBuf,
    },
    /// Draw the parameters' paths over the run as an SVG.
    Plot {
        #[arg(value_name = "STATE")]
        state: PathBuf,
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
}

/// The engine that plays the pairs.
#[derive(Debug, clap::Args)]
struct EngineChoice {
    /// The tuning build to play (this program when it is one).
    #[arg(long, value_name = "PATH")]
    engine: Option<String>,
    /// An argument to start the engine with (repeatable).
    #[arg(long = "engine-arg", value_name = "ARG", allow_hyphen_values = true)]
    engine_args: Vec<String>,
}

/// Runs the tool.
pub fn run(args: SpsaArgs) -> Result<(), ToolError> {
    match args.action {
        SpsaAction::New {
            state,
            params,
            seed,
            nodes,
            openings,
            planned_pairs,
            batch,
            history_every,
            r_end,
            options,
        } => {
            if state.exists() {
                return Err(ToolError::Usage(format!(
                    "{} exists: a run goes on with `chuhan spsa run`",
                    state.display()
                )));
            }
            if let Some(bad) = options.iter().find(|o| !o.contains('=')) {
                return Err(ToolError::Usage(format!(
                    "--option {bad}: wants NAME=VALUE"
                )));
            }
            if planned_pairs == 0 || batch == 0 || nodes == 0 || r_end.is_nan() || r_end <= 0.0 {
                return Err(ToolError::Usage(
                    "--planned-pairs, --batch, --nodes and --r-end must be above 0".into(),
                ));
            }
            let settings = SpsaSettings {
                seed,
                nodes,
                openings,
                engine_options: options,
                batch,
                history_every: history_every.max(1),
                schedule: Schedule {
                    r_end,
                    ..Schedule::fishtest(planned_pairs)
                },
            };
            let new =
                SpsaState::new(settings, &params).map_err(|e| ToolError::Usage(e.to_string()))?;
            save(&new, &state)?;
            println!(
                "{}: a run over {} parameters, {} pairs planned, {} nodes a move",
                state.display(),
                new.params.len(),
                planned_pairs,
                nodes
            );
            Ok(())
        }
        SpsaAction::Run {
            state,
            engine,
            concurrency,
            pairs,
            minutes,
            svg,
        } => {
            let budget = Budget {
                pairs,
                until: minutes.map(|m| Instant::now() + Duration::from_secs_f64(m.max(0.0) * 60.0)),
            };
            sitting(&state, engine, concurrency, budget, svg.as_deref())
        }
        SpsaAction::Play {
            state,
            part,
            out,
            engine,
            concurrency,
        } => {
            let current = load(&state)?;
            let setup = checked_setup(&current, engine)?;
            let probes = batch_part::probes_of(&current, part);
            let scores = play_batch(&setup, &probes, concurrency, |_| {});
            let text = batch_part::write_part(&current, part, &scores);
            std::fs::write(&out, text).map_err(|e| format!("{}: {e}", out.display()))?;
            println!(
                "{}: {} pairs of part {}/{}",
                out.display(),
                scores.len(),
                part.index,
                part.count
            );
            Ok(())
        }
        SpsaAction::Apply { state: path, parts } => {
            let mut state = load(&path)?;
            let texts = parts
                .iter()
                .map(|p| std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display())))
                .collect::<Result<Vec<_>, _>>()?;
            let scores = batch_part::read_parts(&state, &texts).map_err(|e| e.to_string())?;
            let probes = state.next_batch();
            state.apply(&probes, &scores).map_err(|e| e.to_string())?;
            save(&state, &path)?;
            let t = &state.tally;
            println!(
                "{}: {} pairs, {} games: {t}",
                path.display(),
                t.pairs,
                t.games()
            );
            Ok(())
        }
        SpsaAction::Show { state } => {
            print!("{}", show(&load(&state)?));
            Ok(())
        }
        SpsaAction::Plot { state, out } => {
            let svg = plot::svg_paths(&load(&state)?);
            std::fs::write(&out, svg).map_err(|e| format!("{}: {e}", out.display()))?;
            Ok(())
        }
    }
}

/// When a sitting stops starting batches.
struct Budget {
    pairs: Option<u64>,
    until: Option<Instant>,
}

/// Plays batches until the budget is spent or Ctrl-C, saving after each.
fn sitting(
    path: &Path,
    engine: EngineChoice,
    concurrency: usize,
    budget: Budget,
    svg: Option<&Path>,
) -> Result<(), ToolError> {
    let mut state = load(path)?;
    let setup = checked_setup(&state, engine)?;
    interrupt::install();
    let began = Instant::now();
    let first_pair = state.tally.pairs;
    println!(
        "{}: {} parameters, {} pairs played so far; batches of {}, {} at once",
        path.display(),
        state.params.len(),
        first_pair,
        state.settings.batch,
        concurrency.max(1)
    );
    let mut warned = false;
    loop {
        let played = state.tally.pairs - first_pair;
        if budget.pairs.is_some_and(|n| played >= n)
            || budget.until.is_some_and(|t| Instant::now() >= t)
            || interrupt::interrupted()
        {
            break;
        }
        let probes = state.next_batch();
        let scores = play_batch(&setup, &probes, concurrency, |_| {
            if interrupt::interrupted() && !warned {
                warned = true;
                println!("Ctrl-C: finishing the pairs under way (Ctrl-C again ends at once)");
            }
        });
        state.apply(&probes, &scores).map_err(|e| e.to_string())?;
        save(&state, path)?;
        if let Some(svg) = svg {
            std::fs::write(svg, plot::svg_paths(&state))
                .map_err(|e| format!("{}: {e}", svg.display()))?;
        }
        println!(
            "{}",
            progress_line(&state, state.tally.pairs - first_pair, began.elapsed())
        );
    }
    let played = state.tally.pairs - first_pair;
    if interrupt::interrupted() {
        return Err(ToolError::Interrupted(format!(
            "stopped after {played} pairs; {} holds {} pairs in all",
            path.display(),
            state.tally.pairs
        )));
    }
    println!(
        "{played} pairs played; {} holds {} pairs in all",
        path.display(),
        state.tally.pairs
    );
    Ok(())
}

/// The run's setup, once its engine has started and taken every option.
fn checked_setup(state: &SpsaState, choice: EngineChoice) -> Result<PairSetup, ToolError> {
    let engine = match choice.engine {
        Some(engine) => engine,
        None if params::TUNABLE => std::env::current_exe()
            .map_err(|e| e.to_string())?
            .display()
            .to_string(),
        None => {
            return Err(ToolError::Usage(
                "this chuhan is not a tuning build: give --engine (build one with \
                 `cargo build --release --features tune`)"
                    .into(),
            ))
        }
    };
    let setup = setup(state, engine, choice.engine_args)?;
    let current: Vec<i32> = state.rounded().into_iter().map(|(_, v)| v).collect();
    setup.check(&current).map_err(|e| {
        ToolError::Failed(format!(
            "{e} (the engine must be a tuning build: cargo build --release --features tune)"
        ))
    })?;
    Ok(setup)
}

/// The engine, options and openings of the run.
fn setup(
    state: &SpsaState,
    engine: String,
    engine_args: Vec<String>,
) -> Result<PairSetup, ToolError> {
    let settings = &state.settings;
    let format = if settings.openings.to_ascii_lowercase().ends_with(".pgn") {
        OpeningFormat::Pgn
    } else {
        OpeningFormat::Epd
    };
    let mut list = openings::read_file(&settings.openings, format)
        .map_err(|e| format!("{}: {e}", settings.openings))?;
    if list.is_empty() {
        return Err(format!("{}: no openings", settings.openings).into());
    }
    openings::shuffle(&mut list, settings.seed);
    let engine_options = settings
        .engine_options
        .iter()
        .filter_map(|o| o.split_once('='))
        .map(|(name, value)| (name.trim().to_string(), value.trim().to_string()))
        .collect();
    Ok(PairSetup {
        engine,
        engine_args,
        params: state.params.iter().map(|p| p.name.clone()).collect(),
        engine_options,
        nodes: settings.nodes,
        openings: list,
    })
}

/// One line a batch: pairs, the plus side's score, speed, and the three
/// parameters that moved most (in units of their final perturbation).
fn progress_line(state: &SpsaState, this_sitting: u64, elapsed: Duration) -> String {
    let t = &state.tally;
    let per_minute = this_sitting as f64 / elapsed.as_secs_f64().max(1e-9) * 60.0;
    let mut moved: Vec<_> = state.params.iter().collect();
    moved.sort_by(|a, b| b.drift().abs().total_cmp(&a.drift().abs()));
    let drifts: Vec<String> = moved
        .iter()
        .take(3)
        .map(|p| {
            format!(
                "{} {} -> {:.1} ({:+.2})",
                p.name,
                p.start,
                p.theta,
                p.drift()
            )
        })
        .collect();
    format!(
        "pairs {} ({} games: {t}), {per_minute:.1} pairs/min; moved most: {}",
        t.pairs,
        t.games(),
        drifts.join(", ")
    )
}

/// The tally and a table of the parameters.
fn show(state: &SpsaState) -> String {
    let t = &state.tally;
    let mut text = format!(
        "{} pairs, {} games: {t}; {} nodes a move, seed {}\n",
        t.pairs,
        t.games(),
        state.settings.nodes,
        state.settings.seed
    );
    text += &format!(
        "{:<24} {:>7} {:>10} {:>7} {:>7} {:>12}\n",
        "parameter", "start", "theta", "played", "drift", "range"
    );
    for p in &state.params {
        text += &format!(
            "{:<24} {:>7} {:>10.3} {:>7} {:>+7.2} {:>12}\n",
            p.name,
            p.start,
            p.theta,
            p.theta.round() as i32,
            p.drift(),
            format!("{}..={}", p.min, p.max)
        );
    }
    text
}

fn load(path: &Path) -> Result<SpsaState, ToolError> {
    state_file::load(path).map_err(|e| state_error(path, e))
}

fn save(state: &SpsaState, path: &Path) -> Result<(), ToolError> {
    state_file::save(state, path).map_err(|e| state_error(path, e))
}

fn state_error(path: &Path, error: StateFileError) -> ToolError {
    match error {
        StateFileError::Io { .. } => ToolError::Failed(error.to_string()),
        _ => ToolError::Failed(format!("{}: {error}", path.display())),
    }
}
