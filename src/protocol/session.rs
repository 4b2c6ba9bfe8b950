//! The protocol's state machine: boot (waiting for `ucci`/`uci`), idle, and
//! busy (a search, or a perft/bench job, runs on its own threads while
//! commands keep being read). It owns the engine, the position the GUI set,
//! the bans and the options, and decides what to say; what a `go` calls
//! for is planned by `go` (no I/O, so tests read it) and carried out here.
//! A search runs through `thinking`, perft and bench through `job`; both
//! always report, and a panic while handling a line is caught here, so no
//! failure leaves the session wedged.

use super::command::{self, Command, CommandError, Dialect, Go};
use super::ending::{self, Policy};
use super::event::Event;
use super::go::{self, GoPlan, GoState, Outcome};
use super::io::Output;
use super::job::Job;
use super::numbering::{self, RankChoice};
use super::options::{self, Effect, OptionError, Options};
use super::thinking::{Finished, Thinking};
use super::{bench, display, evaluation, failure, memory, perft, reply};
use crate::book::BookSettings;
use crate::core::{Move, Position, Ranks};
use crate::eval::nnue::Network;
use crate::eval::{EvalChoice, Evaluator};
use crate::fault;
use crate::search::{params, Engine};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::time::Duration;

/// Whether to keep serving.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Work running on other threads.
enum Busy {
    Search {
        thinking: Thinking,
        /// The opponent offered a draw (`go draw` or `ponderhit draw`).
        draw_offered: bool,
        timed: bool,
        /// Searches with no limit that ends them (infinite, ponder, a bare
        /// `go`) end only when told to; end of input tells them.
        open_ended: bool,
        /// Whether the limits bound the search once pondering stops.
        bounded_after_ponderhit: bool,
    },
    Job(Job),
}

pub struct Session {
    out: Output,
    events: Sender<Event>,
    dialect: Option<Dialect>,
    options: Options,
    engine: Engine,
    position: Position,
    /// Why the GUI's last `position` was refused. Until a valid one arrives
    /// the engine does not know the GUI's board, so it answers `go` with no
    /// move rather than a move for another board.
    refused_position: Option<String>,
    banned: Vec<Move>,
    /// How the engine numbers ranks in the moves it writes now.
    ranks: Ranks,
    busy: Option<Busy>,
    /// Lines read while busy in batch mode, handled once the search ends.
    deferred: VecDeque<String>,
    /// The input has ended: finish what runs, then leave.
    closing: bool,
    hopeless_streak: u32,
    /// The opening books and their options (consulted for timed searches).
    book: BookSettings,
    /// The network `EvalFile` named, once read (it speaks when `Use NNUE` is on).
    network: Option<Arc<Network>>,
}

impl Session {
    pub fn new(out: Output, events: Sender<Event>) -> Session {
        let book = BookSettings::new();
        let options = Options::with_book_files(book_list(book.paths()));
        let mut engine = Engine::new(options.hash_megabytes, options.threads);
        engine.set_move_overhead(Duration::from_millis(options.move_overhead_ms));
        engine.set_rules(options.rule);
        let mut session = Session {
            out,
            events,
            dialect: None,
            options,
            engine,
            position: Position::startpos(),
            refused_position: None,
            banned: Vec::new(),
            ranks: Ranks::default(),
            book,
            busy: None,
            deferred: VecDeque::new(),
            closing: false,
            hopeless_streak: 0,
            network: None,
        };
        session.choose_evaluator();
        session
    }

    /// Reacts to one event. A panic while doing so (a bug) is reported in
    /// one error line, and the session goes on serving.
    pub fn handle(&mut self, event: Event) -> Flow {
        match failure::catch(|| self.react(event)) {
            Ok(flow) => flow,
            Err(reason) => {
                self.error(format!("internal error ({reason}); the engine carries on"));
                Flow::Continue
            }
        }
    }

    fn react(&mut self, event: Event) -> Flow {
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
                        thinking,
                        open_ended: true,
                        ..
                    }) => thinking.control.stop(),
                    Some(_) => {}
                }
                Flow::Continue
            }
            Event::SearchDone => {
                // A late wake-up for a search that `stop` already finished finds nothing.
                let finished = match &self.busy {
                    Some(Busy::Search { thinking, .. }) => thinking.finished(),
                    _ => None,
                };
                if let Some(finished) = finished {
                    self.search_done(finished);
                }
                self.after_busy()
            }
            Event::JobDone => {
                let lines = match &self.busy {
                    Some(Busy::Job(job)) => job.finished(),
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
            if self.handle(Event::Line(line)) == Flow::Quit {
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
                if command::keyword(line).is_some_and(|k| k == "position") {
                    self.refuse_position(format!("position: {e}"));
                } else {
                    self.error(e);
                }
                return Flow::Continue;
            }
        };
        // Test-only: prove that a failing command handler does not wedge the session.
        if let Some(word) = fault::injected("command-panic") {
            if command::keyword(line).is_some_and(|k| k == word) {
                panic!("injected fault command-panic on '{word}'");
            }
        }
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
                if self.busy.is_some() {
                    self.refuse_position(
                        "'position' while thinking is ignored (send stop first)".to_string(),
                    );
                    return Flow::Continue;
                }
                match numbering::build_position(&spec, self.ranks) {
                    Ok((pos, read_as)) => {
                        self.position = pos;
                        self.refused_position = None;
                        self.banned.clear();
                        self.follow_ranks(read_as);
                    }
                    Err(e) => self.refuse_position(format!("position: {e}")),
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
            Command::Probe(spec) => match numbering::build_position(&spec, self.ranks) {
                Ok((pos, _)) => self.out.line(&reply::pophash(
                    self.engine.tt().probe(pos.hash(), 0),
                    self.ranks,
                )),
                Err(e) => self.error(format!("probe: {e}")),
            },
            Command::Quit => {
                self.quit();
                return Flow::Quit;
            }
            Command::Display => self.out.lines(display::board_lines(&self.position)),
            Command::Eval => self.out.lines(evaluation::eval_lines(
                &self.position,
                self.engine.evaluator(),
            )),
            // UCI `debug on|off`: the same switch as the UCCI `debug` option.
            Command::Debug(on) => self.options.debug = on,
            Command::Bench(depth) => {
                if !self.refuse_while_busy("bench") {
                    self.bench(depth);
                }
            }
        }
        Flow::Continue
    }

    /// The GUI's moves were read with ranks `read_as`: under `Ranks` auto
    /// the engine answers the same way from now on.
    fn follow_ranks(&mut self, read_as: Ranks) {
        if read_as == self.ranks {
            return;
        }
        match self.options.ranks {
            RankChoice::Auto => {
                self.ranks = read_as;
                self.note(format!(
                    "moves read with ranks {read_as}: answering with ranks {read_as} (option Ranks)"
                ));
            }
            RankChoice::Fixed(ranks) => self.note(format!(
                "moves read with ranks {read_as}: answering with ranks {ranks} as the option Ranks says"
            )),
        }
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
        self.out.lines(Options::announce_search_params(dialect));
        self.out.line(match dialect {
            Dialect::Ucci => "ucciok",
            Dialect::Uci => "uciok",
        });
    }

    /// Says why a `position` was refused, and remembers it for `go`.
    fn refuse_position(&mut self, reason: String) {
        self.error(format!("{reason}; the position is unchanged"));
        self.refused_position = Some(reason);
    }

    /// One error line when there is no valid position to work on.
    fn refuse_without_position(&self, what: &str) -> bool {
        if let Some(reason) = &self.refused_position {
            self.out.line(&reply::no_position(what, reason));
        }
        self.refused_position.is_some()
    }

    fn new_game(&mut self) {
        self.engine.clear();
        self.position = Position::startpos();
        self.refused_position = None;
        self.banned.clear();
        self.hopeless_streak = 0;
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        if self.refuse_while_busy("setoption") {
            return;
        }
        // A tuning build's search parameters (see `search::params`).
        if params::TUNABLE && params::find(name).is_some() {
            let text = value.unwrap_or("").trim();
            match text.parse::<i32>() {
                Ok(number) => {
                    if let Err(e) = params::set(name, number) {
                        self.error(e);
                    }
                }
                Err(_) => self.error(format!("{name}: '{text}' is not a whole number")),
            }
            return;
        }
        let eval_file = self.options.eval_file.clone();
        let effect = match self.options.set(self.dialect(), name, value) {
            Ok(effect) => effect,
            // UCCI: unknown options are not errors.
            Err(e @ OptionError::Unknown(_)) => return self.note(e),
            Err(e) => return self.error(e),
        };
        // Errors name the option as this dialect calls it (`Hash`, not `hashsize`).
        let name = options::spec_named(self.dialect(), name)
            .and_then(|spec| spec.name(self.dialect()))
            .unwrap_or(name);
        let o = &self.options;
        match effect {
            Effect::None => {}
            Effect::ResizeHash if o.hash_megabytes == self.engine.hash_megabytes() => {}
            Effect::ResizeHash => {
                if !memory::can_allocate(o.hash_megabytes) {
                    let wanted = o.hash_megabytes;
                    self.options.hash_megabytes = self.engine.hash_megabytes();
                    return self.error(format!(
                        "{name} {wanted}: not enough memory; keeping {} MB",
                        self.options.hash_megabytes
                    ));
                }
                self.engine.set_hash_megabytes(o.hash_megabytes)
            }
            Effect::SetThreads => self.engine.set_threads(o.threads),
            Effect::NewGame => self.new_game(),
            Effect::SetRules => self.engine.set_rules(o.rule),
            Effect::SetMoveOverhead => self
                .engine
                .set_move_overhead(Duration::from_millis(o.move_overhead_ms)),
            Effect::EnableBook => self.book.set_enabled(o.use_book),
            Effect::OpenBooks => {
                let files = o.book_files.clone();
                for e in self.book.set_files(&files) {
                    self.error(format!("{name}: {e}"));
                }
            }
            Effect::SetBookRandomness => self.book.set_randomness(o.randomness),
            Effect::LoadNetwork => self.load_network(name, eval_file),
            Effect::ChooseEvaluator => self.choose_evaluator(),
            Effect::ExplainInert => self.note(format!(
                "{name}: accepted; the search has no such setting yet and plays as before"
            )),
            Effect::SetRanks => {
                if let RankChoice::Fixed(ranks) = o.ranks {
                    self.ranks = ranks;
                }
            }
            Effect::ChooseVariant => {
                if o.ranks == RankChoice::Auto && self.ranks != Ranks::FromOne {
                    self.ranks = Ranks::FromOne;
                    self.note(format!(
                        "{name}: moves with ranks 1-10 (h3e3), as variant engines write them; set Ranks to 0-9 for h2e2"
                    ));
                }
            }
        }
    }

    /// Reads the network `EvalFile` now names; a file that cannot be read
    /// or is not a sound network is refused and `previous` kept.
    fn load_network(&mut self, option: &str, previous: String) {
        match crate::eval::nnue::load(&self.options.eval_file) {
            Ok(net) => {
                self.network = Some(net);
                self.choose_evaluator();
                if !self.options.use_nnue {
                    self.note(format!(
                        "{option}: network {} read; it speaks once the network evaluation is switched on",
                        self.options.eval_file
                    ));
                }
            }
            Err(e) => {
                self.error(format!("{option}: {e}; keeping {previous}"));
                self.options.eval_file = previous;
            }
        }
    }

    /// Hands the engine the evaluation the options ask for.
    fn choose_evaluator(&mut self) {
        let chosen = match (&self.network, self.options.use_nnue) {
            // The network EvalFile names, read when it was set.
            (Some(net), true) => Ok(Evaluator::Network(Arc::clone(net))),
            (None, true) => Evaluator::from_choice(EvalChoice::Network(&self.options.eval_file)),
            (_, false) => Ok(Evaluator::Classical),
        };
        let evaluator = chosen.unwrap_or_else(|e| {
            self.error(format!(
                "network evaluation: {e}; the classical evaluation speaks"
            ));
            self.options.use_nnue = false;
            Evaluator::Classical
        });
        if let Evaluator::Network(net) = &evaluator {
            self.network = Some(Arc::clone(net));
        }
        self.engine.set_evaluator(evaluator);
    }

    fn ban(&mut self, moves: &[String]) {
        if self.refuse_without_position("banmoves") {
            return;
        }
        let mut bad = Vec::new();
        let mut banned = Vec::new();
        for (i, text) in moves.iter().enumerate() {
            match self.position.read_legal_either(self.ranks, text) {
                Some((mv, _)) => banned.push(mv),
                None => bad.push(format!("{} '{text}'", i + 1)),
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
        let state = GoState {
            position: match &self.refused_position {
                Some(reason) => Err(reason.as_str()),
                None => Ok(&self.position),
            },
            banned: &self.banned,
            dialect,
            ranks: self.ranks,
            use_millisec: self.options.use_millisec,
            multipv: self.options.multipv,
            skill: self.options.skill(),
            batch: self.options.batch,
            debug: self.options.debug,
            move_overhead: Duration::from_millis(self.options.move_overhead_ms),
            show_wdl: self.options.show_wdl,
        };
        let GoPlan { lines, outcome } = go::plan(&go, &state);
        self.out.lines(lines);
        let search = match outcome {
            Outcome::Refused => return,
            Outcome::NoMove => return self.out.line(reply::no_move(dialect)),
            Outcome::Perft(depth) => return self.perft(depth),
            Outcome::StaticScore => {
                let score = self.engine.evaluator().evaluate(&self.position);
                self.out.line(&format!("info depth 0 score {score}"));
                return self.out.line(reply::no_move(dialect));
            }
            Outcome::Search(search) => search,
        };
        if search.book_first {
            if let Some(book_move) = self.book.probe(&self.position, &search.limits.banned) {
                self.note(format!("book {book_move}"));
                self.out
                    .line(&reply::bestmove(book_move.mv, None, None, self.ranks));
                return;
            }
        }
        let (ranks, wdl_material) = (self.ranks, search.wdl_material);
        let thinking = Thinking::start(
            &self.engine,
            &self.position,
            search.limits,
            move |info| reply::info(dialect, ranks, info, wdl_material),
            self.out.clone(),
            self.events.clone(),
        );
        self.busy = Some(Busy::Search {
            thinking,
            draw_offered: search.draw_offered,
            timed: search.timed,
            open_ended: search.open_ended,
            bounded_after_ponderhit: search.bounded_after_ponderhit,
        });
    }

    fn search_done(&mut self, finished: Finished) {
        let Some(Busy::Search {
            thinking,
            draw_offered,
            timed,
            ..
        }) = self.busy.take()
        else {
            return;
        };
        thinking.join();
        let dialect = self.dialect();
        let outcome = match finished {
            Finished::Done(outcome) => outcome,
            Finished::Failed { reason, best } => {
                self.error(format!("the search failed ({reason})"));
                // No draw or resignation on the word of a failed search.
                let answer = best.map_or(reply::no_move(dialect).to_string(), |(mv, ponder)| {
                    reply::bestmove(mv, ponder, None, self.ranks)
                });
                return self.out.line(&answer);
            }
        };
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
            .line(&reply::bestmove(best, outcome.ponder, ending, self.ranks));
    }

    fn ponderhit(&mut self, draw: bool) {
        match &mut self.busy {
            Some(Busy::Search {
                thinking,
                draw_offered,
                open_ended,
                bounded_after_ponderhit,
                ..
            }) if thinking.control.is_pondering() => {
                thinking.control.ponderhit();
                *draw_offered |= draw;
                // A ponder search with no limit of its own waits for `stop` still.
                *open_ended = !*bounded_after_ponderhit;
            }
            _ => self.error("ponderhit without a ponder search is ignored"),
        }
    }

    /// Stopping a search or a perft waits for its answer (milliseconds), so
    /// the commands after `stop` meet an idle engine, as GUIs assume.
    fn stop(&mut self) {
        match &self.busy {
            Some(Busy::Search { thinking, .. }) => {
                let finished = thinking.stop();
                self.search_done(finished);
            }
            Some(Busy::Job(job)) => {
                job.stop();
                if !job.stoppable {
                    return self.error("bench cannot be stopped; it ends by itself");
                }
                let lines = job.wait();
                self.busy = None;
                self.out.lines(lines);
            }
            // UCCI: a stop while idle still gets an answer, so a confused GUI does not hang.
            None if self.dialect() == Dialect::Ucci => self.out.line("nobestmove"),
            None => {}
        }
    }

    fn quit(&mut self) {
        match self.busy.take() {
            Some(Busy::Search { thinking, .. }) => {
                thinking.control.stop();
                thinking.join();
            }
            Some(Busy::Job(job)) => {
                job.stop();
                // A bench cannot be stopped: it finishes and says its line
                // before the engine leaves, as Stockfish's does.
                if !job.stoppable {
                    self.out.lines(job.wait());
                }
            }
            None => {}
        }
        if self.dialect() == Dialect::Ucci {
            self.out.line("bye");
        }
    }

    /// Runs `work` as a job; its lines are printed when it is done.
    fn spawn_job(
        &mut self,
        name: &'static str,
        stoppable: bool,
        work: impl FnOnce(&AtomicBool) -> Vec<String> + Send + 'static,
    ) {
        let job = Job::spawn(name, stoppable, self.events.clone(), work);
        self.busy = Some(Busy::Job(job));
    }

    /// `go perft N` as a job; `stop` abandons it (the plan checked the depth).
    fn perft(&mut self, depth: u32) {
        let pos = self.position.clone();
        self.spawn_job("perft", true, move |stop| perft::report(pos, depth, stop));
    }

    fn bench(&mut self, depth: Option<u32>) {
        let depth = depth.unwrap_or(bench::DEFAULT_DEPTH);
        if !(1..=bench::MAX_BENCH).contains(&depth) {
            return self.error(format!(
                "bench: depth {depth} is not from 1 to {}",
                bench::MAX_BENCH
            ));
        }
        let evaluator = self.engine.evaluator().clone();
        self.spawn_job("bench", false, move |_| bench::report(depth, evaluator));
    }
}

/// Book paths as `bookfiles` writes them.
fn book_list(paths: &[PathBuf]) -> String {
    let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    names.join(";")
}
