//! The protocol's state machine: boot (waiting for `ucci`/`uci`), idle, and
//! busy (a search, or a perft/bench job, runs on its own threads while
//! commands keep being read). It owns the engine, the position the GUI set,
//! the bans and the options, and is the only place that decides what to say.

use super::clock;
use super::command::{self, Command, CommandError, Dialect, Go, PositionSpec, Start};
use super::ending::{self, Policy};
use super::io::Output;
use super::options::{Key, OptionError, Options};
use super::reply;
use crate::book::BookSettings;
use crate::core::{perft, Color, Move, PieceKind, Position};
use crate::search::bench::{run_bench, BENCH_DEPTH};
use crate::search::eval::evaluate;
use crate::search::weights::{MATERIAL, PHASE, PHASE_MAX};
use crate::search::{Engine, SearchControl, SearchOutcome};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What the session reacts to, in the order it happened.
pub enum Event {
    Line(String),
    EndOfInput,
    /// A search has ended; its outcome waits in the session's own channel.
    SearchDone,
    /// A perft or bench job finished; its lines wait in the session's own channel.
    JobDone,
}

/// Whether to keep serving.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Work running on other threads.
enum Busy {
    Search {
        control: SearchControl,
        waiter: JoinHandle<()>,
        /// The outcome, delivered by the waiter thread.
        result: Receiver<SearchOutcome>,
        /// The opponent offered a draw (`go draw` or `ponderhit draw`).
        draw_offered: bool,
        timed: bool,
        /// Infinite and ponder searches end only when told to.
        open_ended: bool,
    },
    Job {
        stop: Arc<AtomicBool>,
        /// The job's lines, delivered by its thread.
        result: Receiver<Vec<String>>,
        /// Whether the job gives up soon after `stop` (perft does, bench does not).
        stoppable: bool,
    },
}

/// Deepest `go perft` allowed: deeper counts take hours.
const MAX_PERFT: u32 = 7;
/// Deepest `bench` allowed.
const MAX_BENCH: u32 = 30;

pub struct Session {
    out: Output,
    events: Sender<Event>,
    dialect: Option<Dialect>,
    options: Options,
    engine: Engine,
    position: Position,
    banned: Vec<Move>,
    busy: Option<Busy>,
    /// Lines read while busy in batch mode, handled once the search ends.
    deferred: VecDeque<String>,
    /// The input has ended: finish what runs, then leave.
    closing: bool,
    hopeless_streak: u32,
    /// The opening books and their options (consulted for timed searches).
    book: BookSettings,
}

impl Session {
    pub fn new(out: Output, events: Sender<Event>) -> Session {
        let options = Options::default();
        let mut engine = Engine::new(options.hash_megabytes, options.threads);
        engine.set_move_overhead(Duration::from_millis(options.move_overhead_ms));
        engine.set_rules(options.rule);
        Session {
            out,
            events,
            dialect: None,
            options,
            engine,
            position: Position::startpos(),
            banned: Vec::new(),
            book: BookSettings::new(),
            busy: None,
            deferred: VecDeque::new(),
            closing: false,
            hopeless_streak: 0,
        }
    }

    pub fn handle(&mut self, event: Event) -> Flow {
        match event {
            Event::Line(line) if self.options.batch && self.busy.is_some() => {
                self.deferred.push_back(line);
                Flow::Continue
            }
            Event::Line(line) => self.line(&line),
            Event::EndOfInput => {
                self.closing = true;
                match &self.busy {
                    None => return Flow::Quit,
                    Some(Busy::Search {
                        control,
                        open_ended: true,
                        ..
                    }) => control.stop(),
                    Some(_) => {}
                }
                Flow::Continue
            }
            Event::SearchDone => {
                // A late wake-up for a search that `stop` already finished finds nothing.
                let outcome = match &self.busy {
                    Some(Busy::Search { result, .. }) => result.try_recv().ok(),
                    _ => None,
                };
                if let Some(outcome) = outcome {
                    self.search_done(outcome);
                }
                self.after_busy()
            }
            Event::JobDone => {
                let lines = match &self.busy {
                    Some(Busy::Job { result, .. }) => result.try_recv().ok(),
                    _ => None,
                };
                if let Some(lines) = lines {
                    self.busy = None;
                    self.out.lines(lines);
                }
                self.after_busy()
            }
        }
    }

    /// Back to idle: handle what batch mode held back, or leave if input ended.
    fn after_busy(&mut self) -> Flow {
        while self.busy.is_none() {
            let Some(line) = self.deferred.pop_front() else {
                break;
            };
            if self.line(&line) == Flow::Quit {
                return Flow::Quit;
            }
        }
        if self.closing && self.busy.is_none() {
            return Flow::Quit;
        }
        Flow::Continue
    }

    fn dialect(&self) -> Dialect {
        self.dialect.unwrap_or(Dialect::Ucci)
    }

    fn error(&self, message: impl std::fmt::Display) {
        self.out.line(&reply::error(message));
    }

    fn note(&self, message: impl std::fmt::Display) {
        self.out.line(&reply::note(message));
    }

    fn line(&mut self, line: &str) -> Flow {
        let command = match command::parse(line, self.dialect()) {
            Ok(command) => command,
            Err(CommandError::Empty) => return Flow::Continue,
            Err(e) => {
                self.error(e);
                return Flow::Continue;
            }
        };
        if self.dialect.is_none()
            && !matches!(
                command,
                Command::Ucci | Command::Uci | Command::Quit | Command::IsReady
            )
        {
            self.error("send 'ucci' or 'uci' first");
            return Flow::Continue;
        }
        self.execute(command)
    }

    fn execute(&mut self, command: Command) -> Flow {
        match command {
            Command::Ucci => self.handshake(Dialect::Ucci),
            Command::Uci => self.handshake(Dialect::Uci),
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => {
                if self.refuse_while_busy("ucinewgame") {
                    return Flow::Continue;
                }
                self.new_game();
            }
            Command::Position(spec) => {
                if self.refuse_while_busy("position") {
                    return Flow::Continue;
                }
                match build_position(&spec) {
                    Ok(pos) => {
                        self.position = pos;
                        self.banned.clear();
                    }
                    Err(e) => self.error(format!("position: {e}; the position is unchanged")),
                }
            }
            Command::BanMoves(moves) => {
                if !self.refuse_while_busy("banmoves") {
                    self.ban(&moves);
                }
            }
            Command::Go(go) => {
                if !self.refuse_while_busy("go") {
                    self.go(go);
                }
            }
            Command::PonderHit { draw } => self.ponderhit(draw),
            Command::Stop => self.stop(),
            Command::Probe(spec) => match build_position(&spec) {
                Ok(pos) => self
                    .out
                    .line(&reply::pophash(self.engine.tt().probe(pos.hash(), 0))),
                Err(e) => self.error(format!("probe: {e}")),
            },
            Command::Quit => {
                self.quit();
                return Flow::Quit;
            }
            Command::Display => self.display(),
            Command::Eval => self.eval(),
            Command::Bench(depth) => {
                if !self.refuse_while_busy("bench") {
                    self.bench(depth);
                }
            }
        }
        Flow::Continue
    }

    fn refuse_while_busy(&self, what: &str) -> bool {
        if self.busy.is_some() {
            self.error(format!(
                "'{what}' while thinking is ignored (send stop first)"
            ));
        }
        self.busy.is_some()
    }

    fn handshake(&mut self, dialect: Dialect) {
        if self.refuse_while_busy(if dialect == Dialect::Ucci {
            "ucci"
        } else {
            "uci"
        }) {
            return;
        }
        self.dialect = Some(dialect);
        self.out.lines(reply::id(dialect));
        self.out.lines(self.options.announce(dialect));
        self.out.line(match dialect {
            Dialect::Ucci => "ucciok",
            Dialect::Uci => "uciok",
        });
    }

    fn new_game(&mut self) {
        self.engine.clear();
        self.position = Position::startpos();
        self.banned.clear();
        self.hopeless_streak = 0;
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        if self.refuse_while_busy("setoption") {
            return;
        }
        let key = match self.options.set(self.dialect(), name, value) {
            Ok(key) => key,
            // UCCI: unknown options are not errors.
            Err(e @ OptionError::Unknown(_)) => return self.note(e),
            Err(e) => return self.error(e),
        };
        let o = &self.options;
        match key {
            Key::Hash if o.hash_megabytes != self.engine.hash_megabytes() => {
                // The table aborts the process if memory runs out, so ask first.
                let mut probe: Vec<u8> = Vec::new();
                if probe.try_reserve_exact(o.hash_megabytes << 20).is_err() {
                    let wanted = o.hash_megabytes;
                    self.options.hash_megabytes = self.engine.hash_megabytes();
                    return self.error(format!(
                        "hashsize {wanted}: not enough memory; keeping {} MB",
                        self.options.hash_megabytes
                    ));
                }
                drop(probe);
                self.engine.set_hash_megabytes(o.hash_megabytes)
            }
            Key::Threads => self.engine.set_threads(o.threads),
            Key::NewGame => self.new_game(),
            Key::Rule => self.engine.set_rules(o.rule),
            Key::MoveOverhead => self
                .engine
                .set_move_overhead(Duration::from_millis(o.move_overhead_ms)),
            Key::UseBook => self.book.set_enabled(o.use_book),
            Key::BookFiles => {
                let files = o.book_files.clone();
                for e in self.book.set_files(&files) {
                    self.error(format!("bookfiles: {e}"));
                }
            }
            Key::Randomness => {
                if let Err(e) = self.book.set_randomness(o.randomness) {
                    self.error(format!("randomness: {e}"));
                }
            }
            Key::Idle | Key::Pruning | Key::Knowledge | Key::Style => self.note(format!(
                "{name}: accepted; the search has no such setting yet and plays as before"
            )),
            _ => {}
        }
    }

    fn ban(&mut self, moves: &[String]) {
        let mut bad = Vec::new();
        let mut banned = Vec::new();
        for (i, text) in moves.iter().enumerate() {
            match text.parse::<Move>() {
                Ok(mv) if self.position.is_legal(mv) => banned.push(mv),
                _ => bad.push(format!("{} '{text}'", i + 1)),
            }
        }
        if !bad.is_empty() {
            self.error(format!(
                "banmoves: not legal here, so not banned: {}",
                bad.join(", ")
            ));
        }
        self.banned = banned;
    }

    fn go(&mut self, go: Box<Go>) {
        let dialect = self.dialect();
        if !go.clamped.is_empty() {
            self.error(format!("go: {}", go.clamped.join("; ")));
        }
        if let Some(depth) = go.perft {
            return self.perft(depth);
        }
        let mut banned = self.banned.clone();
        if !go.search_moves.is_empty() {
            let mut allowed = Vec::new();
            for text in &go.search_moves {
                match text.parse::<Move>() {
                    Ok(mv) if self.position.is_legal(mv) => allowed.push(mv),
                    _ => self.error(format!("searchmoves: '{text}' is not legal here")),
                }
            }
            if !allowed.is_empty() {
                banned.extend(
                    self.position
                        .legal_moves()
                        .into_iter()
                        .filter(|mv| !allowed.contains(mv)),
                );
            }
        }
        let playable = self
            .position
            .legal_moves()
            .into_iter()
            .filter(|mv| !banned.contains(mv))
            .count();
        if go.depth == Some(0) && dialect == Dialect::Ucci {
            // UCCI: depth 0 is the static score and no move.
            let score = evaluate(&self.position);
            self.out.line(&format!("info depth 0 score {score}"));
            self.out.line(reply::no_move(dialect));
            return;
        }
        if playable == 0 {
            self.out.line(reply::no_move(dialect));
            return;
        }
        let mut limits = clock::limits(
            &go,
            dialect,
            self.options.use_millisec,
            self.position.side_to_move(),
        );
        limits.depth = limits.depth.map(|d| d.max(1));
        limits.banned = banned;
        if dialect == Dialect::Uci {
            limits.multipv = self.options.multipv;
        }
        limits.skill = self.options.skill();
        let open_ended = limits.infinite || limits.ponder;
        if self.options.batch && open_ended {
            self.error("batch mode reads no 'stop': an infinite or ponder search would never end");
            return;
        }
        if self.options.debug {
            self.note(format!("debug: limits {limits:?}"));
        }
        let timed = clock::is_timed(&limits);
        // Games use the book; analysis (depth, nodes, infinite, ponder) searches.
        if timed && !open_ended {
            if let Some(book_move) = self.book.probe(&self.position, &limits.banned) {
                self.note(format!("book {book_move}"));
                self.out.line(&reply::bestmove(book_move.mv, None, None));
                return;
            }
        }
        let out = self.out.clone();
        let handle = self.engine.go(
            &self.position,
            limits,
            Box::new(move |info| out.lines(reply::info(dialect, info))),
        );
        let control = handle.control();
        let events = self.events.clone();
        let (deliver, result) = mpsc::channel();
        let waiter = std::thread::Builder::new()
            .name("protocol-waiter".into())
            .spawn(move || {
                let _ = deliver.send(handle.wait());
                let _ = events.send(Event::SearchDone);
            })
            .expect("the waiter thread starts");
        self.busy = Some(Busy::Search {
            control,
            waiter,
            result,
            draw_offered: go.draw,
            timed,
            open_ended,
        });
    }

    fn search_done(&mut self, outcome: SearchOutcome) {
        let Some(Busy::Search {
            waiter,
            draw_offered,
            timed,
            ..
        }) = self.busy.take()
        else {
            return;
        };
        let _ = waiter.join();
        let dialect = self.dialect();
        let Some(best) = outcome.best else {
            self.out.line(reply::no_move(dialect));
            return;
        };
        let ending = match dialect {
            Dialect::Ucci => {
                let policy = Policy {
                    accept_draws: self.options.draw_accept,
                    offer_draws: self.options.draw_offer,
                    resign_score: self.options.resign_score,
                };
                let judgement = ending::judge(
                    policy,
                    &self.position,
                    outcome.score,
                    draw_offered,
                    timed,
                    self.hopeless_streak,
                );
                self.hopeless_streak = judgement.hopeless_streak;
                judgement.ending
            }
            Dialect::Uci => None,
        };
        self.out
            .line(&reply::bestmove(best, outcome.ponder, ending));
    }

    fn ponderhit(&mut self, draw: bool) {
        match &mut self.busy {
            Some(Busy::Search {
                control,
                draw_offered,
                open_ended,
                ..
            }) if control.is_pondering() => {
                control.ponderhit();
                *draw_offered |= draw;
                // A ponder search with no limit of its own waits for `stop` still.
                *open_ended = false;
            }
            _ => self.error("ponderhit without a ponder search is ignored"),
        }
    }

    /// Stopping a search or a perft waits for its answer (milliseconds), so
    /// the commands after `stop` meet an idle engine, as GUIs assume.
    fn stop(&mut self) {
        match &self.busy {
            Some(Busy::Search {
                control, result, ..
            }) => {
                control.stop();
                if let Ok(outcome) = result.recv() {
                    self.search_done(outcome);
                }
            }
            Some(Busy::Job {
                stop,
                result,
                stoppable,
            }) => {
                stop.store(true, Ordering::Relaxed);
                if !stoppable {
                    return self.error("bench cannot be stopped; it ends by itself");
                }
                if let Ok(lines) = result.recv() {
                    self.busy = None;
                    self.out.lines(lines);
                }
            }
            // UCCI: a stop while idle still gets an answer, so a confused GUI does not hang.
            None if self.dialect() == Dialect::Ucci => self.out.line("nobestmove"),
            None => {}
        }
    }

    fn quit(&mut self) {
        match self.busy.take() {
            Some(Busy::Search {
                control, waiter, ..
            }) => {
                control.stop();
                let _ = waiter.join();
            }
            Some(Busy::Job { stop, .. }) => stop.store(true, Ordering::Relaxed),
            None => {}
        }
        if self.dialect() == Dialect::Ucci {
            self.out.line("bye");
        }
    }

    /// Runs `work` on its own thread; its lines are printed when it is done.
    fn spawn_job(
        &mut self,
        stoppable: bool,
        work: impl FnOnce(&AtomicBool) -> Vec<String> + Send + 'static,
    ) {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let events = self.events.clone();
        let (deliver, result) = mpsc::channel();
        std::thread::Builder::new()
            .name("protocol-job".into())
            .spawn(move || {
                let _ = deliver.send(work(&flag));
                let _ = events.send(Event::JobDone);
            })
            .expect("the job thread starts");
        self.busy = Some(Busy::Job {
            stop,
            result,
            stoppable,
        });
    }

    /// `go perft N` on its own thread; `stop` abandons it.
    fn perft(&mut self, depth: u32) {
        if !(1..=MAX_PERFT).contains(&depth) {
            return self.error(format!(
                "go perft: depth {depth} is not from 1 to {MAX_PERFT}"
            ));
        }
        let mut pos = self.position.clone();
        self.spawn_job(true, move |stop| {
            let start = Instant::now();
            let Some(nodes) = count_leaves(&mut pos, depth, stop) else {
                return vec![reply::note(format!("perft {depth} stopped"))];
            };
            let ms = start.elapsed().as_millis();
            vec![
                reply::note(format!("perft {depth} nodes {nodes}")),
                format!("info time {ms} nodes {nodes}"),
            ]
        });
    }

    fn bench(&mut self, depth: Option<u32>) {
        let depth = depth.unwrap_or(BENCH_DEPTH as u32);
        if !(1..=MAX_BENCH).contains(&depth) {
            return self.error(format!("bench: depth {depth} is not from 1 to {MAX_BENCH}"));
        }
        self.spawn_job(false, move |_| {
            let result = run_bench(depth as i32, 16);
            vec![reply::note(format!(
                "bench depth {depth} nodes {} time {} nps {}",
                result.nodes,
                result.time.as_millis(),
                result.nps()
            ))]
        });
    }

    /// `d`: the board from Black's back rank down, the FEN, the hash key and the checkers.
    fn display(&self) {
        let pos = &self.position;
        let mut lines = Vec::new();
        for rank in (0..10).rev() {
            let row: Vec<String> = (0..9)
                .map(|file| {
                    let sq = crate::core::Square::from_index(rank * 9 + file);
                    sq.and_then(|sq| pos.piece_at(sq))
                        .map_or('.', |p| p.letter())
                        .to_string()
                })
                .collect();
            lines.push(format!("{rank} {}", row.join(" ")));
        }
        lines.push("  a b c d e f g h i".to_string());
        lines.push(format!("fen {}", pos.to_fen()));
        lines.push(format!("key {:016x}", pos.hash()));
        let checkers: Vec<String> = pos.checkers().into_iter().map(|s| s.to_string()).collect();
        lines.push(
            format!("checkers {}", checkers.join(" "))
                .trim_end()
                .to_string(),
        );
        self.out.lines(lines);
    }

    /// `eval`: material by side, the rest of the evaluation, and the total,
    /// all from the side to move's view.
    fn eval(&self) {
        let pos = &self.position;
        let mut phase = 0;
        let mut material = [(0, 0); 2];
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let count = pos.pieces(color, kind).count() as i32;
                let m = MATERIAL[kind.index()];
                material[color.index()].0 += m.0 * count;
                material[color.index()].1 += m.1 * count;
                phase += PHASE[kind.index()] * count;
            }
        }
        let phase = phase.min(PHASE_MAX);
        let blend = |(mg, eg): (i32, i32)| (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
        let us = pos.side_to_move();
        let ours = blend(material[us.index()]);
        let theirs = blend(material[(!us).index()]);
        let total = evaluate(pos);
        let side = if us == Color::Red { "red" } else { "black" };
        self.out.lines([
            format!("eval side {side} phase {phase}/{PHASE_MAX}"),
            format!(
                "eval material {} ours {ours} theirs {theirs}",
                ours - theirs
            ),
            format!("eval positional {}", total - (ours - theirs)),
            format!("eval total {total}"),
        ]);
    }
}

/// Perft that gives up (`None`) soon after `stop` is raised: the core's
/// perft cannot be interrupted, so it only counts the last three plies.
fn count_leaves(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 3 {
        return Some(perft(pos, depth));
    }
    let mut nodes = 0;
    for mv in pos.legal_moves() {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        pos.make(mv);
        let below = count_leaves(pos, depth - 1, stop);
        pos.unmake();
        nodes += below?;
    }
    Some(nodes)
}

/// The position a `position` or `probe` describes, with its history; errors
/// name the move by its number in the list.
fn build_position(spec: &PositionSpec) -> Result<Position, String> {
    let mut pos = match &spec.start {
        Start::StartPos => Position::startpos(),
        Start::Fen(fen) => Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?,
    };
    for (i, text) in spec.moves.iter().enumerate() {
        let mv: Move = text.parse().map_err(|e| format!("move {} {e}", i + 1))?;
        pos.try_play(mv)
            .map_err(|_| format!("move {} '{text}' is illegal in that position", i + 1))?;
    }
    Ok(pos)
}
