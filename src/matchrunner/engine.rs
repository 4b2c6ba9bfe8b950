//! One engine process and the protocol client that drives it: UCCI or UCI
//! (or `auto`: try `ucci`, fall back to `uci`), options at start, `position`
//! and `go` for each move, `bestmove` with its last `info` score, and the
//! failures a runner must survive (crash, hang, overtime).

use super::clock::{EngineLimits, GameClock};
use super::engine_line::{self, EngineLine};
use crate::core::{Move, Position, Ranks};
use std::fmt;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The protocol spoken with an engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Protocol {
    Ucci,
    Uci,
    /// Try UCCI first, then UCI.
    Auto,
}

/// A word that names no protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownProtocol(pub String);

impl fmt::Display for UnknownProtocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown protocol '{}' (ucci, uci, auto)", self.0)
    }
}

impl std::error::Error for UnknownProtocol {}

impl FromStr for Protocol {
    type Err = UnknownProtocol;

    fn from_str(text: &str) -> Result<Protocol, UnknownProtocol> {
        match text.to_ascii_lowercase().as_str() {
            "ucci" => Ok(Protocol::Ucci),
            "uci" => Ok(Protocol::Uci),
            "auto" => Ok(Protocol::Auto),
            _ => Err(UnknownProtocol(text.to_string())),
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Protocol::Ucci => "ucci",
            Protocol::Uci => "uci",
            Protocol::Auto => "auto",
        })
    }
}

/// How to start and set up one engine.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    pub name: String,
    pub cmd: String,
    pub args: Vec<String>,
    pub dir: Option<String>,
    pub protocol: Protocol,
    /// How its moves number the ranks; `None`: as its protocol and options
    /// suggest (see [`EngineProcess::ranks`]).
    pub ranks: Option<Ranks>,
    pub options: Vec<(String, String)>,
    pub limits: EngineLimits,
    /// How long past its time an engine may answer before it loses on time.
    pub margin_ms: u64,
}

/// Why an engine could not be started and set up.
#[derive(Debug)]
pub enum StartError {
    CannotSpawn {
        name: String,
        cmd: String,
        error: String,
    },
    NoHandshake {
        name: String,
        protocol: Protocol,
        seconds: u64,
    },
    Exited {
        name: String,
    },
    /// An option the user set that the engine does not announce.
    UnknownOption {
        name: String,
        option: String,
        announced: Vec<String>,
    },
    /// The engine complained of the options it was sent.
    OptionRefused {
        name: String,
        line: String,
    },
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::CannotSpawn { name, cmd, error } => {
                write!(f, "engine {name}: cannot start '{cmd}': {error}")
            }
            StartError::NoHandshake {
                name,
                protocol,
                seconds,
            } => write!(
                f,
                "engine {name}: no answer to the {protocol} handshake within {seconds} s"
            ),
            StartError::Exited { name } => write!(f, "engine {name}: exited during start-up"),
            StartError::UnknownOption {
                name,
                option,
                announced,
            } => write!(
                f,
                "engine {name}: it has no option '{option}' (it announces {})",
                announced.join(", ")
            ),
            StartError::OptionRefused { name, line } => {
                write!(f, "engine {name}: an option was refused: {line}")
            }
        }
    }
}

impl std::error::Error for StartError {}

/// Why a move did not come.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process exited or closed its output.
    Crashed,
    /// No move within the time left plus the margin (after `stop`).
    OutOfTime,
    /// No move within the hang limit under a depth or node limit.
    Hung,
    /// The match is stopping (Ctrl-C, SPRT decided): the move was abandoned.
    Interrupted,
}

/// The engine's answer to `go`.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    /// The move text as sent (checked by the game, not here); `None` for
    /// `nobestmove`.
    pub mv: Option<String>,
    /// The engine said it has no move: UCCI `nobestmove`, UCI `bestmove
    /// (none)` (not a bare `bestmove`, which says nothing).
    pub no_move_claimed: bool,
    pub resign: bool,
    pub draw: bool,
    /// The last score reported, in centipawns for the side to move (mates
    /// become `±(MATE - distance)` on the search's scale).
    pub score: Option<i32>,
    pub depth: Option<u32>,
    pub elapsed_ms: u64,
    /// The line that ended the thinking, for the log when it holds no move.
    pub last_line: String,
}

/// The game so far, in both forms the protocols want.
pub struct GameSoFar<'a> {
    pub start_fen: &'a str,
    pub moves: &'a [Move],
    /// The FEN after the last capture and the number of moves before it,
    /// for UCCI, whose engines expect the capture-free tail only.
    pub capture_fen: &'a str,
    pub capture_index: usize,
    /// Moves that would lose at once by a forbidden repetition: sent to
    /// UCCI engines as `banmoves` (UCI has no such command).
    pub banned: &'a [Move],
}

/// A running engine process.
pub struct EngineProcess {
    pub config: EngineConfig,
    protocol: Protocol,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// UCCI engines that announce `usemillisec` get times in ms, others in s.
    millis: bool,
    /// How the moves sent and read number the ranks.
    ranks: Ranks,
    announced: Vec<String>,
    /// What the engine named itself in the handshake (`id name`), if it did.
    id_name: Option<String>,
    /// A `stop` was sent while the engine may already have answered: a
    /// stray `nobestmove` or `bestmove` may follow (UCCI engines answer a
    /// `stop` when idle), to be cleared before the next `go`.
    stray_possible: bool,
}

/// How long an engine may take to answer the handshake and `isready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How often a waiting `go` looks at the abandon flag.
const ABANDON_POLL: Duration = Duration::from_millis(50);
/// How long an `auto` engine may take to answer `ucci` before we try `uci`.
const UCCI_PROBE: Duration = Duration::from_secs(2);

impl EngineProcess {
    /// Starts the process, shakes hands and sets the options.
    pub fn start(config: &EngineConfig, handshake: Duration) -> Result<EngineProcess, StartError> {
        let mut command = Command::new(&config.cmd);
        command
            .args(&config.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &config.dir {
            command.current_dir(dir);
        }
        // A process group of its own: the terminal's Ctrl-C then reaches the
        // runner only, which ends the games and engines in order.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn().map_err(|e| StartError::CannotSpawn {
            name: config.name.clone(),
            cmd: config.cmd.clone(),
            error: e.to_string(),
        })?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
        let (sender, lines) = mpsc::channel();
        // The reader ends when the engine closes its output: the channel's
        // disconnection is how a crash shows. Bytes that are not UTF-8 are
        // data like any other, never the end of the engine.
        std::thread::spawn(move || {
            let mut stdout = BufReader::new(stdout);
            let mut bytes = Vec::new();
            while let Ok(true) = engine_line::read_line(&mut stdout, &mut bytes) {
                if sender.send(engine_line::decode(&bytes)).is_err() {
                    break;
                }
            }
        });
        let mut engine = EngineProcess {
            config: config.clone(),
            protocol: config.protocol,
            child,
            stdin,
            lines,
            millis: false,
            ranks: Ranks::FromZero,
            announced: Vec::new(),
            id_name: None,
            stray_possible: false,
        };
        engine.handshake(handshake)?;
        Ok(engine)
    }

    pub fn name(&self) -> &str {
        &self.config.name
    }

    /// The protocol in use (never `Auto` once started).
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// How its moves number the ranks: the `ranks=` setting, else 1-10 for
    /// a UCI engine that announces `UCI_Variant` (Fairy-Stockfish), else 0-9.
    pub fn ranks(&self) -> Ranks {
        self.ranks
    }

    /// The legal move its answer `text` names in `pos`. When it names none,
    /// the error is the other numbering if the text names a legal move with
    /// that one (the engine numbers ranks otherwise than it was told).
    pub fn read_move(&self, pos: &Position, text: &str) -> Result<Move, Option<Ranks>> {
        match pos.read_legal_either(self.ranks, text) {
            Some((mv, ranks)) if ranks == self.ranks => Ok(mv),
            other => Err(other.map(|(_, ranks)| ranks)),
        }
    }

    fn send(&mut self, line: &str) {
        // A write to a dead engine fails; the next read reports the crash.
        let _ = writeln!(self.stdin, "{line}");
        let _ = self.stdin.flush();
    }

    fn handshake(&mut self, timeout: Duration) -> Result<(), StartError> {
        let no_answer = |engine: &EngineProcess, protocol| StartError::NoHandshake {
            name: engine.config.name.clone(),
            protocol,
            seconds: timeout.as_secs(),
        };
        let exited = |engine: &EngineProcess| StartError::Exited {
            name: engine.config.name.clone(),
        };
        let first = match self.config.protocol {
            Protocol::Uci => Protocol::Uci,
            _ => Protocol::Ucci,
        };
        let mut protocol = first;
        let probe = if self.config.protocol == Protocol::Auto {
            UCCI_PROBE.min(timeout)
        } else {
            timeout
        };
        let hello = match first {
            Protocol::Uci => "uci",
            _ => "ucci",
        };
        self.send(hello);
        let auto = self.config.protocol == Protocol::Auto;
        match self.collect_until(EngineLine::HandshakeDone, probe, auto) {
            Ok(_) => {}
            Err(RecvTimeoutError::Disconnected) => return Err(exited(self)),
            Err(RecvTimeoutError::Timeout) if self.config.protocol == Protocol::Auto => {
                protocol = Protocol::Uci;
                self.send("uci");
                match self.collect_until(EngineLine::HandshakeDone, timeout, false) {
                    Ok(_) => {}
                    Err(RecvTimeoutError::Disconnected) => return Err(exited(self)),
                    Err(RecvTimeoutError::Timeout) => return Err(no_answer(self, Protocol::Auto)),
                }
            }
            Err(RecvTimeoutError::Timeout) => return Err(no_answer(self, first)),
        }
        self.protocol = protocol;
        if protocol == Protocol::Ucci && self.announces("usemillisec") {
            self.send("setoption usemillisec true");
            self.millis = true;
        }
        let options = self.config.options.clone();
        let user_set = |name: &str| options.iter().any(|(n, _)| n.eq_ignore_ascii_case(name));
        let variant_engine = protocol == Protocol::Uci && self.announces("UCI_Variant");
        if variant_engine && !user_set("UCI_Variant") {
            // Multi-variant engines (Fairy-Stockfish) must be told the game.
            self.send("setoption name UCI_Variant value xiangqi");
        }
        // Variant engines write xiangqi moves with ranks 1-10, as chess does.
        self.ranks = self.config.ranks.unwrap_or(if variant_engine {
            Ranks::FromOne
        } else {
            Ranks::FromZero
        });
        // An option the engine does not have would be dropped without a
        // word by most engines: the match would measure something else.
        if let Some((option, _)) = options.iter().find(|(name, _)| {
            let first = name.split_whitespace().next().unwrap_or_default();
            !self.announces(first)
        }) {
            return Err(StartError::UnknownOption {
                name: self.config.name.clone(),
                option: option.clone(),
                announced: self.announced.clone(),
            });
        }
        for (name, value) in &options {
            let line = match protocol {
                Protocol::Uci => format!("setoption name {name} value {value}"),
                _ => format!("setoption {name} {value}"),
            };
            self.send(&line);
        }
        let complaint = self.ready(timeout).map_err(|e| match e {
            RecvTimeoutError::Disconnected => exited(self),
            RecvTimeoutError::Timeout => no_answer(self, protocol),
        })?;
        match complaint {
            Some(line) => Err(StartError::OptionRefused {
                name: self.config.name.clone(),
                line,
            }),
            None => Ok(()),
        }
    }

    /// Reads until a line of the kind `wanted`, remembering announced
    /// options; answers the first complaint read on the way (`info string
    /// error ...`), if any. With `refused_ends`, a line saying the command
    /// was unknown (as UCI engines answer `ucci`) counts as a timeout at
    /// once, so `auto` need not wait out the probe.
    fn collect_until(
        &mut self,
        wanted: EngineLine,
        timeout: Duration,
        refused_ends: bool,
    ) -> Result<Option<String>, RecvTimeoutError> {
        let deadline = Instant::now() + timeout;
        let mut complaint = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let text = self.lines.recv_timeout(left)?;
            let line = engine_line::parse(&text);
            match line {
                _ if line == wanted => return Ok(complaint),
                EngineLine::Refused if refused_ends => return Err(RecvTimeoutError::Timeout),
                EngineLine::Option { name } => self.announced.push(name),
                EngineLine::IdName(name) => self.id_name = Some(name),
                EngineLine::Complaint if complaint.is_none() => complaint = Some(text),
                _ => {}
            }
        }
    }

    /// What the engine named itself in the handshake (`id name`), if it did.
    pub fn id_name(&self) -> Option<&str> {
        self.id_name.as_deref()
    }

    fn announces(&self, option: &str) -> bool {
        self.announced
            .iter()
            .any(|a| a.eq_ignore_ascii_case(option))
    }

    /// `isready` answered by `readyok`: everything the engine said before it
    /// is read and dropped (but the first complaint, which is answered), so
    /// stray replies cannot pass for the next move.
    fn ready(&mut self, timeout: Duration) -> Result<Option<String>, RecvTimeoutError> {
        self.send("isready");
        let complaint = self.collect_until(EngineLine::ReadyOk, timeout, false)?;
        self.stray_possible = false;
        Ok(complaint)
    }

    /// Tells the engine a new game starts and waits until it is ready; false
    /// if it did not answer (then it should be restarted).
    pub fn new_game(&mut self) -> bool {
        match self.protocol {
            Protocol::Uci => self.send("ucinewgame"),
            _ => {
                if self.announces("newgame") {
                    self.send("setoption newgame");
                }
            }
        }
        self.ready(HANDSHAKE_TIMEOUT).is_ok()
    }

    /// Asks for a move and waits for it. `clocks` are (ours, theirs) when
    /// the game has clocks; `draw_offered` says the opponent offered a draw;
    /// `abandon`, polled while waiting, gives up the move when raised.
    pub fn go(
        &mut self,
        game: &GameSoFar,
        red_to_move: bool,
        clocks: Option<(GameClock, GameClock)>,
        draw_offered: bool,
        hang_limit: Duration,
        abandon: &AtomicBool,
    ) -> Result<Reply, Failure> {
        if self.stray_possible {
            self.ready(HANDSHAKE_TIMEOUT.min(hang_limit))
                .map_err(|e| match e {
                    RecvTimeoutError::Disconnected => Failure::Crashed,
                    RecvTimeoutError::Timeout => Failure::Hung,
                })?;
        }
        self.send(&self.position_command(game));
        if self.protocol == Protocol::Ucci && !game.banned.is_empty() {
            let banned: Vec<String> = game.banned.iter().map(|&mv| self.ranks.write(mv)).collect();
            self.send(&format!("banmoves {}", banned.join(" ")));
        }
        let go = self.go_command(red_to_move, clocks, draw_offered);
        let limits = self.config.limits;
        // The time the engine may think before we send `stop`.
        let allowed = match (clocks, limits.move_time_ms) {
            (Some((ours, _)), _) => Some(Duration::from_millis(ours.remaining_ms())),
            (None, Some(ms)) => Some(Duration::from_millis(ms)),
            (None, None) => None,
        };
        let margin = Duration::from_millis(self.config.margin_ms);
        let start = Instant::now();
        self.send(&go);
        let mut reply = Reply::default();
        let mut stopped = false;
        loop {
            let deadline = match allowed {
                Some(allowed) if !stopped => start + allowed,
                Some(allowed) => start + allowed + margin,
                None => start + hang_limit,
            };
            if abandon.load(Ordering::Relaxed) {
                self.send("stop");
                self.stray_possible = true;
                return Err(Failure::Interrupted);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left.min(ABANDON_POLL)) {
                Ok(line) => {
                    if self.read_reply_line(&line, &mut reply) {
                        reply.elapsed_ms = start.elapsed().as_millis() as u64;
                        return Ok(reply);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return Err(Failure::Crashed),
                Err(RecvTimeoutError::Timeout) if Instant::now() < deadline => {}
                Err(RecvTimeoutError::Timeout) => match allowed {
                    Some(_) if !stopped => {
                        // Past its time: ask for the move now; it loses only if
                        // nothing comes within the margin.
                        self.send("stop");
                        self.stray_possible = true;
                        stopped = true;
                    }
                    Some(_) => return Err(Failure::OutOfTime),
                    None => return Err(Failure::Hung),
                },
            }
        }
    }

    /// Takes one line of the engine's thinking; true when it ends it.
    fn read_reply_line(&self, line: &str, reply: &mut Reply) -> bool {
        match engine_line::parse(line) {
            EngineLine::BestMove { mv, resign, draw } => {
                reply.no_move_claimed =
                    mv.is_none() && line.split_whitespace().nth(1) == Some("(none)");
                reply.mv = mv;
                reply.resign = resign;
                reply.draw = draw;
            }
            EngineLine::NoBestMove => reply.no_move_claimed = true,
            EngineLine::Info { depth, score } => {
                reply.depth = depth.or(reply.depth);
                reply.score = score.or(reply.score);
                return false;
            }
            _ => return false,
        }
        reply.last_line = line.to_string();
        true
    }

    fn position_command(&self, game: &GameSoFar) -> String {
        let (fen, moves) = match self.protocol {
            Protocol::Uci => (game.start_fen, game.moves),
            _ => (game.capture_fen, &game.moves[game.capture_index..]),
        };
        let mut line = if fen == crate::core::Position::START_FEN {
            "position startpos".to_string()
        } else {
            format!("position fen {fen}")
        };
        if !moves.is_empty() {
            line.push_str(" moves");
            for mv in moves {
                line.push(' ');
                line.push_str(&self.ranks.write(*mv));
            }
        }
        line
    }

    fn go_command(
        &self,
        red_to_move: bool,
        clocks: Option<(GameClock, GameClock)>,
        draw: bool,
    ) -> String {
        let limits = self.config.limits;
        let mut go = String::from("go");
        match self.protocol {
            Protocol::Uci => {
                if let Some((ours, theirs)) = clocks {
                    let (red, black) = if red_to_move {
                        (ours, theirs)
                    } else {
                        (theirs, ours)
                    };
                    go.push_str(&format!(
                        " wtime {} btime {} winc {} binc {}",
                        red.remaining_ms(),
                        black.remaining_ms(),
                        red.increment_ms(),
                        black.increment_ms()
                    ));
                    if let Some(n) = ours.moves_to_go() {
                        go.push_str(&format!(" movestogo {n}"));
                    }
                }
                if let Some(ms) = limits.move_time_ms {
                    go.push_str(&format!(" movetime {ms}"));
                }
                if let Some(d) = limits.depth {
                    go.push_str(&format!(" depth {d}"));
                }
                if let Some(n) = limits.nodes {
                    go.push_str(&format!(" nodes {n}"));
                }
            }
            _ => {
                // UCCI takes one mode: a clock or fixed time wins over depth
                // and nodes, which then have no say.
                if draw {
                    go.push_str(" draw");
                }
                let t = |ms: u64| if self.millis { ms } else { ms / 1000 };
                if let Some((ours, theirs)) = clocks {
                    go.push_str(&format!(" time {}", t(ours.remaining_ms())));
                    match ours.moves_to_go() {
                        Some(n) => go.push_str(&format!(" movestogo {n}")),
                        None => go.push_str(&format!(" increment {}", t(ours.increment_ms()))),
                    }
                    go.push_str(&format!(" opptime {}", t(theirs.remaining_ms())));
                    match theirs.moves_to_go() {
                        Some(n) => go.push_str(&format!(" oppmovestogo {n}")),
                        None => go.push_str(&format!(" oppincrement {}", t(theirs.increment_ms()))),
                    }
                } else if let Some(ms) = limits.move_time_ms {
                    go.push_str(&format!(" time {} movestogo 1", t(ms)));
                } else if let Some(d) = limits.depth {
                    go.push_str(&format!(" depth {d}"));
                } else if let Some(n) = limits.nodes {
                    go.push_str(&format!(" nodes {n}"));
                }
            }
        }
        go
    }

    /// Asks the engine to quit, and kills it if it does not within a moment.
    pub fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }

    /// Ends the process at once (after a crash, hang or overtime).
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        // Never leave a process behind, whatever path dropped the engine.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocol_names() {
        assert_eq!("UCCI".parse::<Protocol>(), Ok(Protocol::Ucci));
        assert!("xboard".parse::<Protocol>().is_err());
    }
}
