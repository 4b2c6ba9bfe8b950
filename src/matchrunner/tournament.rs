//! Running a match: the schedule (every pair of engines, each opening played
//! twice with colours swapped), N games at once on worker threads with
//! their own engine processes, and the bookkeeping on the main thread (PGN
//! written as each game ends, running score, SPRT stop, Ctrl-C).

use super::args::MatchConfig;
use super::engine::{EngineProcess, StartError, HANDSHAKE_TIMEOUT};
use super::game::{self, FinishedGame, GameRecord, GameSettings, Termination};
use super::report::PairStats;
use super::stats::SprtState;
use crate::arena::adjudication::Adjudication;
use crate::arena::openings::{self, Opening, OpeningError, OpeningOrder, OpeningPolicy};
use crate::core::{Color, GameResult, Position};
use crate::notation::{write_annotated_pgn, Game};
use crate::signals::interrupt;
use std::collections::HashMap;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// The games to hand out, one index at a time: a game starts only while
/// fewer games than the concurrency are started and not yet counted, so
/// that an SPRT stop (decided as results are counted) is never outrun by
/// fast games.
struct JobQueue {
    next: AtomicUsize,
    processed: AtomicUsize,
    in_flight: usize,
}

impl JobQueue {
    fn new(concurrency: usize) -> JobQueue {
        JobQueue {
            next: AtomicUsize::new(0),
            processed: AtomicUsize::new(0),
            in_flight: concurrency.max(1),
        }
    }

    /// The next game's index, or `None` once the match is stopped.
    fn take(&self, stop: &AtomicBool) -> Option<usize> {
        loop {
            if stop.load(Ordering::SeqCst) {
                return None;
            }
            let index = self.next.load(Ordering::SeqCst);
            let counted = self.processed.load(Ordering::SeqCst);
            if index - counted.min(index) < self.in_flight {
                let claimed = self.next.compare_exchange(
                    index,
                    index + 1,
                    Ordering::SeqCst,
                    Ordering::SeqCst,
                );
                if claimed.is_ok() {
                    return Some(index);
                }
            } else {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }
}

/// What stops a match before its first game.
#[derive(Debug)]
pub enum MatchError {
    Openings(OpeningError),
    EngineProcess(StartError),
    PgnFile { path: String, error: String },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Openings(e) => e.fmt(f),
            MatchError::EngineProcess(e) => e.fmt(f),
            MatchError::PgnFile { path, error } => write!(f, "cannot write PGN to {path}: {error}"),
        }
    }
}

impl std::error::Error for MatchError {}

/// What a worker tells the thread that prints: a game (by its index in
/// the schedule) has started, or has finished with this record.
enum GameEvent {
    Started(usize),
    Finished(usize, GameRecord),
}

/// One scheduled game.
#[derive(Clone, Debug)]
struct Job {
    number: usize,
    round: u32,
    /// Index into the pair table; the pair's first engine is `pair.0`.
    pair: usize,
    red: usize,
    black: usize,
    opening: usize,
    /// Games with the same slot share an opening with colours swapped.
    slot: usize,
}

/// How a match ended.
#[derive(Debug)]
pub struct MatchSummary {
    pub pairs: Vec<PairStats>,
    pub games_played: usize,
    pub interrupted: bool,
}

/// The schedule: per round, per pair of engines (an encounter), `games`
/// games, colours swapped in each pair of games (a slot); which opening each
/// game starts from is the `policy`'s choice.
fn schedule(
    engine_count: usize,
    games: u32,
    rounds: u32,
    openings: usize,
    policy: OpeningPolicy,
) -> (Vec<Job>, Vec<(usize, usize)>) {
    let mut pairs = Vec::new();
    for a in 0..engine_count {
        for b in a + 1..engine_count {
            pairs.push((a, b));
        }
    }
    let mut jobs = Vec::new();
    let mut slot = 0;
    let mut encounter = 0;
    for round in 0..rounds {
        for (p, &(a, b)) in pairs.iter().enumerate() {
            for g in 0..games as usize {
                if g % 2 == 0 && g > 0 {
                    slot += 1;
                }
                let (red, black) = if g % 2 == 0 { (a, b) } else { (b, a) };
                let opening = match policy {
                    OpeningPolicy::Default => slot,
                    OpeningPolicy::Encounter => encounter,
                    OpeningPolicy::Round => round as usize,
                };
                jobs.push(Job {
                    number: jobs.len() + 1,
                    round: round + 1,
                    pair: p,
                    red,
                    black,
                    opening: opening % openings,
                    slot,
                });
            }
            slot += 1;
            encounter += 1;
        }
    }
    (jobs, pairs)
}

/// Plays the whole match, printing progress and the final table on stdout.
pub fn run(config: MatchConfig) -> Result<MatchSummary, MatchError> {
    let mut openings: Vec<Opening> = match &config.openings.file {
        Some(path) => {
            openings::read_file(path, config.openings.format).map_err(MatchError::Openings)?
        }
        None => openings::built_in(),
    };
    if config.openings.order == OpeningOrder::Random {
        openings::shuffle(&mut openings, config.seed);
    }
    let mut pgn = match &config.pgn_out {
        Some(path) => Some(
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| MatchError::PgnFile {
                    path: path.clone(),
                    error: e.to_string(),
                })?,
        ),
        None => None,
    };
    // Every engine must start and answer before any game is played.
    for engine in &config.engines {
        EngineProcess::start(engine, handshake_limit(&config))
            .map_err(MatchError::EngineProcess)?
            .quit();
    }
    interrupt::install();

    let (jobs, pair_list) = schedule(
        config.engines.len(),
        config.games,
        config.rounds,
        openings.len(),
        config.openings.policy,
    );
    let names: Vec<&str> = config.engines.iter().map(|e| e.name.as_str()).collect();
    let mut pairs: Vec<PairStats> = pair_list
        .iter()
        .map(|&(a, b)| PairStats::new(names[a], names[b]))
        .collect();
    println!(
        "Match of {} games, {} openings, concurrency {}, seed {}",
        jobs.len(),
        openings.len(),
        config.concurrency,
        config.seed
    );
    let settings = GameSettings {
        rules: config.rules,
        adjudication: Adjudication {
            draw: config.draw,
            resign: config.resign,
        },
        max_moves: config.max_moves,
        hang_limit: config.hang_limit,
    };
    let stop = AtomicBool::new(false);
    let queue = JobQueue::new(config.concurrency);
    let (sender, results) = mpsc::channel::<GameEvent>();
    let mut played = 0;
    let mut interrupted = false;
    // The first game's half points of each slot, until its partner ends.
    let mut half_pairs: HashMap<usize, u32> = HashMap::new();

    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.min(jobs.len()) {
            let sender = sender.clone();
            let (jobs, config, openings, settings, stop, queue) =
                (&jobs, &config, &openings, &settings, &stop, &queue);
            scope.spawn(move || {
                worker(jobs, config, openings, settings, stop, queue, sender);
            });
        }
        drop(sender);
        loop {
            match results.recv_timeout(Duration::from_millis(100)) {
                Ok(GameEvent::Started(index)) => {
                    let job = &jobs[index];
                    println!(
                        "Started game {} of {} ({} vs {})",
                        job.number,
                        jobs.len(),
                        names[job.red],
                        names[job.black]
                    );
                }
                Ok(GameEvent::Finished(index, record)) => {
                    let job = &jobs[index];
                    played += 1;
                    let pgn_game = pgn_of(&config, job, &record);
                    if let Some(file) = pgn.as_mut() {
                        write_pgn(file, &pgn_game, config.pgn_out.as_deref().unwrap_or(""));
                    }
                    let stats = &mut pairs[job.pair];
                    let first_color = if job.red == pair_list[job.pair].0 {
                        Color::Red
                    } else {
                        Color::Black
                    };
                    let half = record.result.half_points(first_color);
                    stats.add_game(half, record.termination);
                    println!(
                        "Finished game {} ({} vs {}): {} {{{}: {}}}",
                        job.number,
                        names[job.red],
                        names[job.black],
                        record.result.as_str(),
                        record.termination,
                        record.detail
                    );
                    if let Some(first) = half_pairs.remove(&job.slot) {
                        stats.pairs.add_pair(first, half);
                    } else {
                        half_pairs.insert(job.slot, half);
                    }
                    let mut line = stats.score_line();
                    if let (Some(sprt), 1) = (&config.sprt, pairs.len()) {
                        let stats = &pairs[0];
                        line.push_str(&format!(", LLR {:.2}", sprt.llr(&stats.pairs)));
                        if sprt.state(&stats.pairs) != SprtState::Continue {
                            stop.store(true, Ordering::SeqCst);
                        }
                    }
                    println!("{line}");
                    // Only now may another game start: the stop above has
                    // been decided with this result in.
                    queue.processed.fetch_add(1, Ordering::SeqCst);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if interrupt::interrupted() && !interrupted {
                interrupted = true;
                stop.store(true, Ordering::SeqCst);
                println!("Interrupted: stopping the games in progress");
            }
        }
    });

    println!();
    if interrupted || played < jobs.len() {
        println!("Results after {played} of {} games:", jobs.len());
    } else {
        println!("Results:");
    }
    for (i, stats) in pairs.iter().enumerate() {
        let sprt = config
            .sprt
            .as_ref()
            .filter(|_| i == 0 && pairs.len() == 1)
            .map(|s| (s, s.llr(&stats.pairs)));
        print!("{}", stats.table(sprt));
    }
    Ok(MatchSummary {
        pairs,
        games_played: played,
        interrupted,
    })
}

/// One worker: takes the next game, keeps its own engine processes between
/// games, and restarts any that crashed, hung or lost on time.
fn worker(
    jobs: &[Job],
    config: &MatchConfig,
    openings: &[Opening],
    settings: &GameSettings,
    stop: &AtomicBool,
    queue: &JobQueue,
    results: mpsc::Sender<GameEvent>,
) {
    let mut engines: Vec<Option<EngineProcess>> = config.engines.iter().map(|_| None).collect();
    while let Some(index) = queue.take(stop) {
        let Some(job) = jobs.get(index) else { break };
        if results.send(GameEvent::Started(index)).is_err() {
            break;
        }
        let opening = &openings[job.opening];
        let mut failed = None;
        for (color, who) in [(Color::Red, job.red), (Color::Black, job.black)] {
            if let Some(engine) = engines[who].as_mut() {
                if !engine.new_game() {
                    if let Some(engine) = engines[who].take() {
                        engine.kill();
                    }
                }
            }
            if engines[who].is_none() {
                match EngineProcess::start(&config.engines[who], handshake_limit(config)) {
                    Ok(engine) => engines[who] = Some(engine),
                    Err(error) => {
                        failed = Some((color, error));
                        break;
                    }
                }
            }
        }
        let record = match failed {
            Some((color, error)) => GameRecord {
                opening: opening.clone(),
                moves: opening.moves.clone(),
                comments: vec![None; opening.moves.len()],
                result: GameResult::loss_for(color),
                termination: Termination::StartFailure,
                detail: error.to_string(),
                programs: [None, None],
            },
            None => {
                let mut red = engines[job.red].take().expect("started above");
                let mut black = engines[job.black].take().expect("started above");
                let outcome = game::play([&mut red, &mut black], opening, settings, stop);
                let Some(FinishedGame { record, restart }) = outcome else {
                    // Stopped mid-game: the game is not counted.
                    red.quit();
                    black.quit();
                    break;
                };
                for (engine, who, restart) in
                    [(red, job.red, restart[0]), (black, job.black, restart[1])]
                {
                    if restart {
                        engine.kill();
                    } else {
                        engines[who] = Some(engine);
                    }
                }
                record
            }
        };
        if results.send(GameEvent::Finished(index, record)).is_err() {
            break;
        }
    }
    for engine in engines.into_iter().flatten() {
        engine.quit();
    }
}

/// How long an engine may take to start and answer: the hang limit, and at
/// most [`HANDSHAKE_TIMEOUT`].
fn handshake_limit(config: &MatchConfig) -> Duration {
    HANDSHAKE_TIMEOUT.min(config.hang_limit)
}

/// A finished game as PGN, with how it ended as the closing comment.
fn pgn_of(config: &MatchConfig, job: &Job, record: &GameRecord) -> (Game, Option<String>) {
    let red = &config.engines[job.red];
    let black = &config.engines[job.black];
    let mut tags = vec![
        ("Event".to_string(), config.event.clone()),
        ("Site".to_string(), "?".to_string()),
        ("Date".to_string(), today()),
        ("Round".to_string(), format!("{}.{}", job.round, job.number)),
        ("Red".to_string(), red.name.clone()),
        ("Black".to_string(), black.name.clone()),
        ("Result".to_string(), record.result.as_str().to_string()),
        // By the Xiangqi PGN convention a reader takes moves without a
        // `Format` tag as Chinese notation; these are ICCS.
        ("Game".to_string(), "Chinese Chess".to_string()),
        ("Format".to_string(), "ICCS".to_string()),
    ];
    if record.opening.fen != Position::START_FEN {
        tags.push(("FEN".to_string(), record.opening.fen.clone()));
        tags.push(("SetUp".to_string(), "1".to_string()));
    }
    let start = Position::from_fen(&record.opening.fen).expect("openings are validated when read");
    if config.pgn_minimal {
        // The seven tags, the game and format, the start position, the
        // moves: nothing more.
        let game = Game::new(tags, start, record.moves.clone(), Some(record.result));
        return (game, None);
    }
    tags.push(("Opening".to_string(), record.opening.name.clone()));
    // Which build played each side, and what it was told: with the commit
    // in a chuhan engine's name, the network it played with follows (the
    // built-in one, or an `evalfile` option).
    for ((side, engine), program) in [("Red", red), ("Black", black)]
        .into_iter()
        .zip(&record.programs)
    {
        if let Some(program) = program {
            tags.push((format!("{side}Engine"), program.clone()));
        }
        if !engine.options.is_empty() {
            let options: Vec<String> = engine
                .options
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect();
            tags.push((format!("{side}Options"), options.join(" ")));
        }
    }
    tags.push(("TimeControl".to_string(), red.limits.to_string()));
    tags.push(("Termination".to_string(), record.termination.to_string()));
    let game = Game {
        comments: record.comments.clone(),
        ..Game::new(tags, start, record.moves.clone(), Some(record.result))
    };
    (game, Some(record.detail.clone()))
}

/// Appends one game and flushes, so a finished game is never lost.
fn write_pgn(file: &mut File, (game, closing): &(Game, Option<String>), path: &str) {
    let written = file
        .write_all(write_annotated_pgn(game, closing.as_deref()).as_bytes())
        .and_then(|()| file.flush());
    if let Err(e) = written {
        eprintln!("error: cannot write PGN to {path}: {e}");
    }
}

/// Today's date as PGN writes it (`2026.11.30`), in UTC.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The Gregorian date of a day count since 1970-01-01 (Howard Hinnant's
/// days-to-civil method).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_pairs_openings_with_colours_swapped() {
        let (jobs, pairs) = schedule(2, 4, 2, 3, OpeningPolicy::Default);
        assert_eq!(pairs, vec![(0, 1)]);
        assert_eq!(jobs.len(), 8);
        let view: Vec<_> = jobs.iter().map(|j| (j.red, j.opening, j.slot)).collect();
        assert_eq!(
            view,
            vec![
                (0, 0, 0),
                (1, 0, 0),
                (0, 1, 1),
                (1, 1, 1),
                (0, 2, 2),
                (1, 2, 2),
                (0, 0, 3),
                (1, 0, 3)
            ]
        );
        let (jobs, pairs) = schedule(3, 2, 1, 10, OpeningPolicy::Default);
        assert_eq!(pairs.len(), 3);
        assert_eq!(jobs.len(), 6);
        assert_eq!(jobs[5].slot, 2);
    }

    #[test]
    fn opening_policies_choose_when_the_opening_changes() {
        let openings = |policy| {
            let (jobs, _) = schedule(3, 4, 2, 100, policy);
            jobs.iter().map(|j| j.opening).collect::<Vec<_>>()
        };
        // 2 rounds of 3 encounters of 4 games: a new opening every 2 games,
        // every encounter, or every round.
        let by_slot: Vec<usize> = (0..12).flat_map(|s| [s, s]).collect();
        assert_eq!(openings(OpeningPolicy::Default), by_slot);
        let by_encounter: Vec<usize> = (0..6).flat_map(|e| [e; 4]).collect();
        assert_eq!(openings(OpeningPolicy::Encounter), by_encounter);
        let by_round: Vec<usize> = (0..2).flat_map(|r| [r; 12]).collect();
        assert_eq!(openings(OpeningPolicy::Round), by_round);
        // Game pairs stay pairs of two whatever the policy.
        let (jobs, _) = schedule(3, 4, 2, 100, OpeningPolicy::Round);
        assert!(jobs
            .chunks(2)
            .all(|p| p[0].slot == p[1].slot && p[0].red == p[1].black));
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_422), (2025, 11, 30));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
