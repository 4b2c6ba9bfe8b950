//! One browser tab's game: the table, the engine behind it and what the
//! page asked for. Requests and engine lines come in; messages for the page
//! go out, as JSON text. The engine hears UCI, as any GUI would speak it.

use super::clocks::Clocks;
use super::engine_link::EngineLink;
use super::game_review::ReviewJob;
use super::table::{EngineSide, Refused, Table, TableView};
use crate::core::{Color, Position};
use crate::matchrunner::clock::TimeControl;
use crate::notation::{parse_pgn, write_pgn, Game, Notation};
use crate::rules::natural_limit::{COUNTED_CHECKS, NATURAL_LIMIT_PLIES};
use crate::rules::RuleSet;
use serde_json::{json, Value};
use tokio::sync::mpsc::UnboundedSender;

/// How long the engine thinks about a move.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSettings {
    /// Milliseconds a move (when `depth` is not set).
    pub movetime_ms: u64,
    pub depth: Option<u32>,
    /// `UCI_Elo`, when the strength is limited that way (it then decides
    /// over `skill`).
    pub elo: Option<u32>,
    /// The skill level, 0 to 20 (20, full strength, when not set).
    pub skill: Option<u8>,
    pub book: bool,
    pub multipv: u32,
    /// A clock for both sides (from the next new game); without one the
    /// engine thinks `movetime_ms` or to `depth`.
    pub clock: Option<TimeControl>,
}

impl Default for EngineSettings {
    fn default() -> EngineSettings {
        EngineSettings {
            movetime_ms: 1000,
            depth: None,
            elo: None,
            skill: None,
            book: true,
            multipv: 1,
            clock: None,
        }
    }
}

/// What the engine is busy with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Purpose {
    /// Choosing the move after this many plies.
    Move {
        plies: usize,
    },
    Analysis,
}

struct Search {
    purpose: Purpose,
    /// The board changed under it: its lines and move are no longer wanted.
    cancelled: bool,
}

pub struct GameSession {
    table: Table,
    engine: EngineLink,
    settings: EngineSettings,
    analysing: bool,
    search: Option<Search>,
    clocks: Option<Clocks>,
    /// Where messages that come of themselves (a review's) go to the page.
    to_page: UnboundedSender<String>,
    review: Option<ReviewJob>,
}

impl GameSession {
    /// A new game from the start, the engine playing Black; engine lines
    /// go to `from_engine`, to be handed back through [`Self::engine_line`],
    /// and a review's messages to `to_page`, to be sent as they are.
    pub fn new(
        from_engine: UnboundedSender<String>,
        to_page: UnboundedSender<String>,
    ) -> GameSession {
        let engine = EngineLink::start(from_engine);
        engine.send("setoption name Ranks value 0-9");
        engine.send("setoption name UCI_ShowWDL value true");
        GameSession {
            table: Table::new(Position::startpos(), RuleSet::default(), EngineSide::Black),
            engine,
            settings: EngineSettings::default(),
            analysing: false,
            search: None,
            clocks: None,
            to_page,
            review: None,
        }
    }

    /// The page's first message: the board as it stands.
    pub fn greeting(&self) -> Vec<String> {
        vec![self.state()]
    }

    /// Handles one request of the page (a JSON object with a `type`).
    pub fn request(&mut self, text: &str) -> Vec<String> {
        let request: Value = match serde_json::from_str(text) {
            Ok(value @ Value::Object(_)) => value,
            _ => return vec![error("a request is a JSON object with a \"type\"")],
        };
        let field = |name: &str| request.get(name).and_then(Value::as_str);
        let kind = field("type").unwrap_or_default();
        let outcome = match kind {
            "new" => self.new_game(field("fen"), field("engine"), field("rules")),
            "move" => match field("move") {
                Some(mv) => self.user_move(mv),
                None => Err(Refused("a move request needs \"move\"".into())),
            },
            "takeback" => {
                self.take_back();
                Ok(())
            }
            "goto" => match request.get("ply").and_then(Value::as_u64) {
                Some(ply) => self.go_to(ply as usize),
                None => Err(Refused(
                    "a goto request needs \"ply\", a whole number".into(),
                )),
            },
            "go" => self.engine_moves_now(),
            "analyse" => {
                self.analyse(request.get("on").and_then(Value::as_bool).unwrap_or(true));
                Ok(())
            }
            "stop" => {
                self.stop();
                Ok(())
            }
            // The page's clock shows zero: the server's clock decides.
            "flag" => {
                self.check_flag();
                Ok(())
            }
            "settings" => self.apply_settings(&request),
            "pgn" => match field("text") {
                Some(text) => self.load_pgn(text),
                None => Err(Refused("a pgn request needs \"text\"".into())),
            },
            // A review's search stops only between positions: its depth is
            // capped where one position takes seconds, not minutes.
            "review" => {
                let depth = request.get("depth").and_then(Value::as_u64).unwrap_or(10);
                self.review = Some(ReviewJob::start(
                    self.game(),
                    depth.clamp(1, 20) as i32,
                    self.to_page.clone(),
                ));
                Ok(())
            }
            "export" => {
                return match self.export(field("notation").unwrap_or("iccs")) {
                    Ok(pgn) => vec![json!({"type": "pgn", "text": pgn}).to_string()],
                    Err(Refused(why)) => vec![error(&why)],
                }
            }
            other => Err(Refused(format!("unknown request type '{other}'"))),
        };
        match outcome {
            Ok(()) => {
                self.start_engine_if_due();
                vec![self.state()]
            }
            Err(Refused(why)) => vec![error(&why)],
        }
    }

    /// Handles one line of the engine's output.
    pub fn engine_line(&mut self, line: &str) -> Vec<String> {
        let wanted = self.search.as_ref().is_some_and(|s| !s.cancelled);
        if line.starts_with("info ") && line.contains(" pv ") {
            return if wanted {
                vec![json!({"type": "info", "line": line}).to_string()]
            } else {
                Vec::new()
            };
        }
        if line.starts_with("info string error") {
            return vec![error(line.trim_start_matches("info string "))];
        }
        let Some(best) = line.strip_prefix("bestmove ") else {
            return Vec::new();
        };
        let search = self.search.take();
        let mut out = Vec::new();
        if let Some(Search {
            purpose: Purpose::Move { plies },
            cancelled: false,
        }) = search
        {
            let mv = best.split_whitespace().next().unwrap_or_default();
            if plies == self.table.moves().len() && self.table.engine_to_move() {
                if let Err(Refused(why)) = self.play_timed(mv) {
                    out.push(error(&format!("the engine's move {mv}: {why}")));
                }
            }
        }
        self.start_engine_if_due();
        out.push(self.state());
        out
    }

    fn new_game(
        &mut self,
        fen: Option<&str>,
        engine: Option<&str>,
        rules: Option<&str>,
    ) -> Result<(), Refused> {
        let rules = match rules {
            Some(name) => name
                .parse::<RuleSet>()
                .map_err(|e| Refused(e.to_string()))?,
            None => self.table.rules(),
        };
        let side = match engine.unwrap_or("black") {
            "red" => EngineSide::Red,
            "black" => EngineSide::Black,
            "none" => EngineSide::Neither,
            other => {
                return Err(Refused(format!(
                    "engine side '{other}': red, black or none"
                )))
            }
        };
        let table = match fen.map(str::trim).filter(|f| !f.is_empty()) {
            Some(fen) => Table::from_fen(fen, rules, side)?,
            None => Table::new(Position::startpos(), rules, side),
        };
        self.replace_table(table);
        self.clocks = self.settings.clock.map(Clocks::new);
        if let Some(clocks) = &mut self.clocks {
            clocks.start_turn();
        }
        self.engine.send("ucinewgame");
        Ok(())
    }

    fn user_move(&mut self, text: &str) -> Result<(), Refused> {
        if self.table.engine_to_move() {
            return Err(Refused("it is the engine's move".into()));
        }
        self.play_timed(text)?;
        self.cancel_search();
        Ok(())
    }

    /// Plays a move against the clock: a move after the mover's flag fell
    /// is not played, and the game is lost on time.
    fn play_timed(&mut self, text: &str) -> Result<(), Refused> {
        if self.check_flag() {
            return Ok(());
        }
        let mover = self.table.position().side_to_move();
        self.table.play_text(text)?;
        if let Some(clocks) = &mut self.clocks {
            clocks.moved(mover);
            if self.table.result().is_some() {
                clocks.stop();
            }
        }
        Ok(())
    }

    /// Ends the game if the side to move has run out of time.
    fn check_flag(&mut self) -> bool {
        let to_move = self.table.position().side_to_move();
        let fallen = self.table.result().is_none()
            && self.clocks.as_ref().is_some_and(|c| c.flag_fallen(to_move));
        if fallen {
            self.table.lose_on_time(to_move);
            self.cancel_search();
            if let Some(clocks) = &mut self.clocks {
                clocks.stop();
            }
        }
        fallen
    }

    /// Back to the user's previous turn: the engine's reply and the user's
    /// move, or one move when nobody or the user has just moved.
    fn take_back(&mut self) {
        let plies = if self.table.engine_side == EngineSide::Neither || self.table.engine_to_move()
        {
            1
        } else {
            2
        };
        self.take_back_plies(plies);
    }

    /// Takes back `plies` moves, its search cancelled and the clock running
    /// for the side to move.
    fn take_back_plies(&mut self, plies: usize) {
        self.cancel_search();
        self.table.take_back(plies);
        if let Some(clocks) = &mut self.clocks {
            clocks.start_turn();
        }
        // After a take-back the engine may be to move: it then waits until
        // asked to move, rather than replaying what was taken.
        if self.table.engine_to_move() {
            self.table.engine_side = EngineSide::Neither;
        }
    }

    /// Back to the position after `ply` plies, to play on from there (a
    /// loaded game stepped through); the engine then waits until asked, as
    /// after a take-back.
    fn go_to(&mut self, ply: usize) -> Result<(), Refused> {
        let plies = self.table.moves().len();
        if ply > plies {
            return Err(Refused(format!("the game has {plies} plies, not {ply}")));
        }
        self.take_back_plies(plies - ply);
        Ok(())
    }

    fn engine_moves_now(&mut self) -> Result<(), Refused> {
        if self.table.result().is_some() {
            return Err(Refused("the game is over".into()));
        }
        self.table.engine_side = match self.table.position().side_to_move() {
            Color::Red => EngineSide::Red,
            Color::Black => EngineSide::Black,
        };
        Ok(())
    }

    fn analyse(&mut self, on: bool) {
        self.analysing = on;
        if on {
            self.table.engine_side = EngineSide::Neither;
        }
        self.cancel_search();
    }

    fn stop(&mut self) {
        self.analysing = false;
        if self.table.engine_to_move() {
            // Stopping the engine's move plays the best it found so far.
            self.engine.send("stop");
        } else {
            self.cancel_search();
        }
    }

    fn apply_settings(&mut self, request: &Value) -> Result<(), Refused> {
        let number = |name: &str| request.get(name).and_then(Value::as_u64);
        let mut settings = self.settings.clone();
        if let Some(ms) = number("movetime") {
            settings.movetime_ms = ms.clamp(10, 3_600_000);
        }
        if let Some(depth) = request.get("depth") {
            settings.depth = depth.as_u64().map(|d| d.clamp(1, 99) as u32);
        }
        if let Some(elo) = request.get("elo") {
            settings.elo = elo.as_u64().map(|e| e as u32);
        }
        if let Some(skill) = request.get("skill") {
            settings.skill = skill.as_u64().map(|level| level.min(20) as u8);
        }
        if let Some(book) = request.get("book").and_then(Value::as_bool) {
            settings.book = book;
        }
        if let Some(lines) = number("multipv") {
            settings.multipv = lines.clamp(1, 8) as u32;
        }
        match request.get("tc") {
            Some(Value::String(text)) if !text.trim().is_empty() => {
                settings.clock = Some(text.trim().parse().map_err(|e| Refused(format!("{e}")))?);
            }
            Some(Value::String(_) | Value::Null) => settings.clock = None,
            _ => {}
        }
        self.settings = settings;
        if self.analysing {
            // The lines asked for show from the next search on.
            self.cancel_search();
        }
        Ok(())
    }

    fn load_pgn(&mut self, text: &str) -> Result<(), Refused> {
        let game = match parse_pgn(text).into_iter().next() {
            Some(Ok(game)) => game,
            Some(Err(e)) => return Err(Refused(format!("the PGN: {e}"))),
            None => return Err(Refused("the PGN holds no game".into())),
        };
        let table = Table::from_game(&game, self.table.rules())?;
        self.replace_table(table);
        Ok(())
    }

    fn export(&self, notation: &str) -> Result<String, Refused> {
        let notation: Notation = notation.parse().map_err(|e| Refused(format!("{e}")))?;
        Ok(write_pgn(&self.game(), notation))
    }

    /// The game on the board, as a game file holds it.
    fn game(&self) -> Game {
        let mut tags = vec![("Game".to_string(), "Chinese Chess".to_string())];
        if self.table.start().to_fen() != Position::startpos().to_fen() {
            tags.push(("FEN".to_string(), self.table.start().to_fen()));
        }
        Game::new(
            tags,
            self.table.start().clone(),
            self.table.moves().to_vec(),
            self.table.result(),
        )
    }

    fn replace_table(&mut self, table: Table) {
        self.cancel_search();
        self.table = table;
    }

    /// Tells a running search that the board moved on; its `bestmove` will
    /// be ignored, and the next search starts once it has come.
    fn cancel_search(&mut self) {
        if let Some(search) = &mut self.search {
            if !search.cancelled {
                search.cancelled = true;
                self.engine.send("stop");
            }
        }
    }

    /// Starts the engine when it is its move or analysis is on, unless a
    /// search still runs (its `bestmove` calls this again).
    fn start_engine_if_due(&mut self) {
        if self.search.is_some() || self.table.result().is_some() {
            return;
        }
        let purpose = if self.table.engine_to_move() {
            Purpose::Move {
                plies: self.table.moves().len(),
            }
        } else if self.analysing {
            Purpose::Analysis
        } else {
            return;
        };
        let s = &self.settings;
        let option = |name: &str, value: String| format!("setoption name {name} value {value}");
        self.engine
            .send(&option("Rule", self.table.rules().to_string()));
        self.engine.send(&option("OwnBook", s.book.to_string()));
        self.engine
            .send(&option("UCI_LimitStrength", s.elo.is_some().to_string()));
        if let Some(elo) = s.elo {
            self.engine.send(&option("UCI_Elo", elo.to_string()));
        }
        let level = s.skill.unwrap_or(20);
        self.engine.send(&option("Skill Level", level.to_string()));
        let lines = if purpose == Purpose::Analysis {
            s.multipv
        } else {
            1
        };
        self.engine.send(&option("MultiPV", lines.to_string()));
        self.engine.send(&self.position_command());
        let to_move = self.table.position().side_to_move();
        let go = match (purpose, &self.clocks, s.depth) {
            (Purpose::Analysis, _, _) => "go infinite".to_string(),
            (Purpose::Move { .. }, Some(clocks), _) => clocks.go_command(to_move),
            (Purpose::Move { .. }, None, Some(depth)) => format!("go depth {depth}"),
            (Purpose::Move { .. }, None, None) => format!("go movetime {}", s.movetime_ms),
        };
        self.engine.send(&go);
        self.search = Some(Search {
            purpose,
            cancelled: false,
        });
    }

    /// The game so far as a UCI `position` command.
    pub fn position_command(&self) -> String {
        let mut command = format!("position fen {}", self.table.start().to_fen());
        if !self.table.moves().is_empty() {
            command.push_str(" moves");
            for mv in self.table.moves() {
                command.push_str(&format!(" {mv}"));
            }
        }
        command
    }

    fn state(&self) -> String {
        let view: TableView = self.table.view();
        let engine = match self.table.engine_side {
            EngineSide::Red => "red",
            EngineSide::Black => "black",
            EngineSide::Neither => "none",
        };
        let to_move = self.table.position().side_to_move();
        let clocks = self.clocks.as_ref().map(|c| {
            json!({
                "red": c.remaining_ms(Color::Red, to_move),
                "black": c.remaining_ms(Color::Black, to_move),
                "running": c.running(),
                "control": c.control.to_string(),
            })
        });
        let verdict = view
            .verdict
            .as_ref()
            .map(|v| json!({"result": v.result, "reason": v.reason, "article": v.article, "explanation": v.explanation}));
        json!({
            "type": "state",
            "fen": view.fen,
            "start_fen": view.start_fen,
            "moves": view.moves,
            "chinese": view.chinese,
            "legal": view.legal,
            "forbidden": view.forbidden,
            "check": view.check,
            "counted_plies": view.counted_plies,
            "ply_limit": NATURAL_LIMIT_PLIES,
            "checks": {"red": view.checks[0], "black": view.checks[1]},
            "check_limit": COUNTED_CHECKS,
            "rules": self.table.rules().to_string(),
            "engine": engine,
            "thinking": self.search.as_ref().is_some_and(|s| !s.cancelled),
            "analysing": self.analysing,
            "verdict": verdict,
            "clocks": clocks,
        })
        .to_string()
    }
}

fn error(message: &str) -> String {
    json!({"type": "error", "message": message}).to_string()
}
