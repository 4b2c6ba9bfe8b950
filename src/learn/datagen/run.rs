//! `chuhan datagen`: self-play games on several threads, one game per
//! thread at a time, written to a game file
//! ([`crate::learn::data::games`]) whose header holds the run's recipe.
//!
//! Game `i` of a run is played from a seed derived from the run's seed and
//! `i` alone, and games are written in the order of `i` whichever thread
//! finished first, so a run's output depends on its recipe only (the thread
//! count changes the speed, not the data). A run ends after its number of
//! games or positions, or when `stop` says so (Ctrl-C): then the games
//! finished without a gap before them are written, and the file holds whole
//! games only. A run resumed on such a file goes on after its last game, so
//! that a run stopped and resumed any number of times writes the very bytes
//! of a run made at once.

use super::game::{game_start, play_game, PlayedGame, SelfPlayOpenings, SelfPlaySettings};
use crate::core::GameResult;
use crate::learn::data::format::{DataError, DataFileError};
use crate::learn::data::games::{GameWriter, Recipe};
use crate::random::Rng;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

/// What a run does.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    pub out: PathBuf,
    pub threads: usize,
    /// Stop after this many games (unbounded if `None`).
    pub games: Option<u64>,
    /// Stop after the game that brings the positions written to this many.
    pub positions: Option<u64>,
    pub seed: u64,
    pub game: SelfPlaySettings,
    /// How the file is made, for its header: everything above that decides
    /// the games, and what played them (see the CLI's `recipe`).
    pub recipe: Recipe,
    /// Go on with the games of an existing file of the same recipe (without
    /// it, a file with games in it is refused).
    pub resume: bool,
    /// How often progress is reported.
    pub progress_every: Duration,
}

/// Where a run stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DatagenProgress {
    pub games: u64,
    pub positions: u64,
    /// Games skipped because their start was already played.
    pub repeated_starts: u64,
    /// Red wins, draws, Black wins.
    pub results: [u64; 3],
    pub elapsed: Duration,
    /// The time left, when the run has a limit and a game has finished.
    pub eta: Option<Duration>,
    /// Records the file held before this run.
    pub existing: u64,
    /// Games the file held before this run.
    pub existing_games: u64,
    /// Whether the run was stopped before its limits.
    pub interrupted: bool,
}

impl DatagenProgress {
    pub fn positions_per_second(&self) -> f64 {
        self.positions as f64 / self.elapsed.as_secs_f64().max(1e-3)
    }

    /// One line: positions, positions per second, games and results,
    /// elapsed time and time left.
    pub fn line(&self) -> String {
        let eta = self
            .eta
            .map_or("-".to_string(), |eta| clock_time(eta.as_secs()));
        format!(
            "datagen: {} positions, {:.0} positions/s, {} games (+{} ={} -{}), {} repeated starts skipped, elapsed {}, ETA {}",
            self.positions,
            self.positions_per_second(),
            self.games,
            self.results[0],
            self.results[1],
            self.results[2],
            self.repeated_starts,
            clock_time(self.elapsed.as_secs()),
            eta
        )
    }
}

/// `h:mm:ss`.
fn clock_time(seconds: u64) -> String {
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

/// The seed of game `index` of a run with `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut rng = Rng::new(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.next_u64()
}

/// Runs the games; `report` is called with the progress now and then and
/// once at the end; `stop` is polled (Ctrl-C). The result is the final
/// progress.
pub fn run(
    config: &DatagenConfig,
    openings: &SelfPlayOpenings,
    stop: &dyn Fn() -> bool,
    report: &mut dyn FnMut(&DatagenProgress),
) -> Result<DatagenProgress, DataFileError> {
    let mut writer = GameWriter::append(&config.out, &config.recipe)?;
    if !writer.existing.is_empty() && !config.resume {
        return Err(DataFileError::Data {
            path: config.out.clone(),
            error: DataError::NotResumed,
        });
    }
    let began = Instant::now();
    let existing = std::mem::take(&mut writer.existing);
    let mut progress = DatagenProgress {
        existing: existing.iter().map(|g| g.record_count() as u64).sum(),
        existing_games: existing.len() as u64,
        ..DatagenProgress::default()
    };
    // A resumed run goes on after the file's last game, its starts played.
    let first_index = existing.last().map_or(0, |game| game.index + 1);
    let played: HashMap<u64, u64> = existing
        .iter()
        .map(|game| (game.start.hash(), game.index))
        .collect();
    drop(existing);
    // A resumed run whose file has its positions already has nothing to do.
    let done = config
        .positions
        .is_some_and(|limit| progress.existing >= limit);
    let quit = AtomicBool::new(done);
    let next_game = AtomicU64::new(first_index);
    // The lowest game index seen with each start: a worker skips a start
    // that a lower index has, since the writer would drop its game.
    let first_with_start: Mutex<HashMap<u64, u64>> = Mutex::new(played.clone());
    let (sender, receiver) = mpsc::channel::<(u64, Started)>();
    let mut outcome = Ok(());
    std::thread::scope(|scope| {
        for _ in 0..config.threads.max(1) {
            let sender = sender.clone();
            let (quit, next_game, first_with_start) = (&quit, &next_game, &first_with_start);
            scope.spawn(move || {
                let give_up = || quit.load(Ordering::Relaxed);
                let mut engine = config.game.engine();
                loop {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if give_up() || config.games.is_some_and(|games| index >= games) {
                        return;
                    }
                    let seed = game_seed(config.seed, index);
                    let start = game_start(&config.game, openings, seed, &mut engine);
                    let key = start.hash();
                    let repeated = match first_with_start.lock() {
                        Ok(mut first) => {
                            let lowest = first.entry(key).or_insert(index);
                            *lowest = (*lowest).min(index);
                            *lowest < index
                        }
                        Err(_) => false,
                    };
                    let game = if repeated {
                        None
                    } else {
                        match play_game(&config.game, &start, &mut engine, &give_up) {
                            Some(game) => Some(game),
                            None => return,
                        }
                    };
                    if sender.send((index, Started { key, game })).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);

        // Games that finished before an earlier one, by index.
        let mut waiting: BTreeMap<u64, Started> = BTreeMap::new();
        let mut starts_played: HashSet<u64> = played.into_keys().collect();
        let mut next_to_write = first_index;
        let mut last_report = Instant::now();
        loop {
            match receiver.recv_timeout(Duration::from_millis(50)) {
                Ok((index, started)) => {
                    waiting.insert(index, started);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if quit.load(Ordering::Relaxed) {
                continue;
            }
            while let Some(started) = waiting.remove(&next_to_write) {
                let index = next_to_write;
                next_to_write += 1;
                if let Err(e) = take(
                    &mut writer,
                    index,
                    started,
                    &mut starts_played,
                    &mut progress,
                ) {
                    outcome = Err(e);
                    quit.store(true, Ordering::Relaxed);
                    break;
                }
                if config
                    .positions
                    .is_some_and(|limit| progress.existing + progress.positions >= limit)
                {
                    quit.store(true, Ordering::Relaxed);
                    break;
                }
            }
            // Whole games reach the disk as they come, so even a killed run
            // leaves every game it finished.
            if outcome.is_ok() {
                if let Err(e) = writer.flush() {
                    outcome = Err(e);
                    quit.store(true, Ordering::Relaxed);
                }
            }
            if stop() && !quit.load(Ordering::Relaxed) {
                progress.interrupted = true;
                quit.store(true, Ordering::Relaxed);
            }
            if last_report.elapsed() >= config.progress_every {
                last_report = Instant::now();
                progress.elapsed = began.elapsed();
                progress.eta = eta(config, &progress);
                report(&progress);
            }
        }
        // Stopped early: the games finished by then without a gap before
        // them are kept, in order, so that a resumed run can go on after
        // the last and write what a run made at once would have.
        if progress.interrupted {
            while let Some(started) = waiting.remove(&next_to_write) {
                if outcome.is_ok() {
                    outcome = take(
                        &mut writer,
                        next_to_write,
                        started,
                        &mut starts_played,
                        &mut progress,
                    );
                }
                next_to_write += 1;
            }
        }
    });
    outcome?;
    writer.flush()?;
    progress.elapsed = began.elapsed();
    progress.eta = None;
    report(&progress);
    Ok(progress)
}

/// A game's start (its position's key) and the game played from it, if a
/// game of a lower index did not have the same start.
struct Started {
    key: u64,
    game: Option<PlayedGame>,
}

/// Writes the game of `started`, game `index` of the run, unless its start
/// was already played, and counts it.
fn take(
    writer: &mut GameWriter,
    index: u64,
    started: Started,
    starts_played: &mut HashSet<u64>,
    progress: &mut DatagenProgress,
) -> Result<(), DataFileError> {
    match started.game {
        Some(mut game) if starts_played.insert(started.key) => {
            game.game.index = index;
            write_game(writer, &game, progress)
        }
        _ => {
            progress.repeated_starts += 1;
            Ok(())
        }
    }
}

/// Appends a game's records and counts it.
fn write_game(
    writer: &mut GameWriter,
    game: &PlayedGame,
    progress: &mut DatagenProgress,
) -> Result<(), DataFileError> {
    progress.games += 1;
    progress.positions += game.game.record_count() as u64;
    progress.results[match game.result {
        GameResult::RedWins => 0,
        GameResult::Draw => 1,
        GameResult::BlackWins => 2,
    }] += 1;
    writer.write(&game.game)
}

/// The time left, from the rate so far, if the run has a limit.
fn eta(config: &DatagenConfig, progress: &DatagenProgress) -> Option<Duration> {
    let elapsed = progress.elapsed.as_secs_f64();
    let share_done = match (config.positions, config.games) {
        (Some(limit), _) => {
            progress.positions as f64 / limit.saturating_sub(progress.existing).max(1) as f64
        }
        (None, Some(games)) => {
            progress.games as f64 / games.saturating_sub(progress.existing_games).max(1) as f64
        }
        (None, None) => return None,
    };
    (share_done > 0.0)
        .then(|| Duration::from_secs_f64(elapsed * (1.0 - share_done).max(0.0) / share_done))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_seeds_differ_by_index_and_by_seed() {
        let seeds: std::collections::HashSet<u64> = (0..100).map(|i| game_seed(1, i)).collect();
        assert_eq!(seeds.len(), 100);
        assert_ne!(game_seed(1, 0), game_seed(2, 0));
    }

    #[test]
    fn progress_line_names_its_figures() {
        let progress = DatagenProgress {
            games: 3,
            positions: 600,
            results: [1, 1, 1],
            elapsed: Duration::from_secs(75),
            eta: Some(Duration::from_secs(3661)),
            ..DatagenProgress::default()
        };
        assert_eq!(
            progress.line(),
            "datagen: 600 positions, 8 positions/s, 3 games (+1 =1 -1), 0 repeated starts skipped, elapsed 0:01:15, ETA 1:01:01"
        );
    }
}
