//! One game on the board: the start, the moves, and the referee's view of
//! them under the chosen rules. No I/O, so what the page is told can be
//! tested without a server.

use crate::core::{Color, GameResult, Move, Position};
use crate::notation::{format_move, parse_move, Game, Notation, Script};
use crate::rules::citations::verdict_article;
use crate::rules::explain::explanation_lines;
use crate::rules::{color_name, losing_repetitions, Referee, RuleSet};

/// Who the engine plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EngineSide {
    Red,
    Black,
    /// Neither: two people on one board, or analysis.
    Neither,
}

/// A move or a position the table refuses, in words for the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub String);

/// The game being played.
pub struct Table {
    start: Position,
    moves: Vec<Move>,
    rules: RuleSet,
    referee: Referee,
    /// The side that lost on time, which ends the game whatever the board.
    flagged: Option<Color>,
    pub engine_side: EngineSide,
}

impl Table {
    /// A new game from `start` under `rules`.
    pub fn new(start: Position, rules: RuleSet, engine_side: EngineSide) -> Table {
        let referee = Referee::new(&start, rules);
        Table {
            start,
            moves: Vec::new(),
            rules,
            referee,
            flagged: None,
            engine_side,
        }
    }

    /// A new game from a FEN typed by the user: the position must be one
    /// a game can have (the FEN reader checks the pieces, their points and
    /// that the kings do not face each other).
    pub fn from_fen(fen: &str, rules: RuleSet, engine_side: EngineSide) -> Result<Table, Refused> {
        let start = Position::from_fen(fen.trim()).map_err(|e| Refused(format!("bad FEN: {e}")))?;
        Ok(Table::new(start, rules, engine_side))
    }

    /// The main line of a game file (a game read by the PGN reader).
    pub fn from_game(game: &Game, rules: RuleSet) -> Result<Table, Refused> {
        let mut table = Table::new(game.start.clone(), rules, EngineSide::Neither);
        for (number, &mv) in game.moves.iter().enumerate() {
            table
                .play(mv)
                .map_err(|Refused(why)| Refused(format!("move {}: {why}", number + 1)))?;
        }
        Ok(table)
    }

    pub fn position(&self) -> &Position {
        self.referee.position()
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The game's result, once the referee or a clock has ended it.
    pub fn result(&self) -> Option<GameResult> {
        match self.flagged {
            Some(side) => Some(GameResult::loss_for(side)),
            None => self.referee.judgement().outcome,
        }
    }

    /// Ends a game that goes on: `side` has run out of time.
    pub fn lose_on_time(&mut self, side: Color) {
        if self.result().is_none() {
            self.flagged = Some(side);
        }
    }

    /// Whether it is the engine's turn in a game that goes on.
    pub fn engine_to_move(&self) -> bool {
        let side = match self.position().side_to_move() {
            Color::Red => EngineSide::Red,
            Color::Black => EngineSide::Black,
        };
        self.result().is_none() && self.engine_side == side
    }

    /// Plays a move written in any notation we read, if it is legal and the
    /// game goes on.
    pub fn play_text(&mut self, text: &str) -> Result<Move, Refused> {
        let mv = parse_move(self.position(), text.trim())
            .map_err(|e| Refused(format!("move {}: {e}", text.trim())))?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Plays a legal move in a game that goes on.
    pub fn play(&mut self, mv: Move) -> Result<(), Refused> {
        if let Some(result) = self.result() {
            return Err(Refused(format!("the game is over ({result})")));
        }
        self.referee.play(mv).map_err(|e| Refused(e.to_string()))?;
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back the last `plies` moves (as many as there are).
    pub fn take_back(&mut self, plies: usize) {
        let keep = self.moves.len().saturating_sub(plies);
        let moves: Vec<Move> = self.moves[..keep].to_vec();
        *self = Table::new(self.start.clone(), self.rules, self.engine_side);
        for mv in moves {
            self.play(mv)
                .expect("a move the game had already played is legal again");
        }
    }

    /// What the page shows: the board, the moves, what may be played and
    /// what the referee says.
    pub fn view(&self) -> TableView {
        let pos = self.position();
        let judgement = self.referee.judgement();
        let over = self.result().is_some();
        let legal = if over {
            Vec::new()
        } else {
            pos.legal_moves().iter().map(|mv| mv.to_string()).collect()
        };
        let forbidden = if over {
            Vec::new()
        } else {
            losing_repetitions(pos, self.rules)
                .iter()
                .map(|mv| mv.to_string())
                .collect()
        };
        let verdict = match self.flagged {
            Some(side) => Some(Verdict {
                result: GameResult::loss_for(side).to_string(),
                reason: format!("{} lost on time", color_name(side)),
                article: None,
                explanation: Vec::new(),
            }),
            None => judgement.outcome.map(|result| Verdict {
                result: result.to_string(),
                reason: judgement.reason.clone(),
                article: judgement
                    .cycle
                    .as_ref()
                    .map(|cycle| verdict_article(cycle, self.rules.articles()).to_string()),
                explanation: judgement
                    .cycle
                    .as_ref()
                    .map(|cycle| explanation_lines(cycle, self.rules.articles()))
                    .unwrap_or_default(),
            }),
        };
        let mut replay = self.start.clone();
        let mut chinese = Vec::with_capacity(self.moves.len());
        for &mv in &self.moves {
            chinese.push(format_move(
                &replay,
                mv,
                Notation::Chinese(Script::Simplified),
            ));
            replay.make(mv);
        }
        TableView {
            fen: pos.to_fen(),
            start_fen: self.start.to_fen(),
            moves: self.moves.iter().map(|mv| mv.to_string()).collect(),
            chinese,
            legal,
            forbidden,
            check: pos.in_check(),
            counted_plies: self.referee.clock().counted(),
            checks: [
                self.referee.clock().checks(Color::Red),
                self.referee.clock().checks(Color::Black),
            ],
            verdict,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// "checkmate", "60-move rule", or the repetition's reason.
    pub reason: String,
    /// The article of the rules behind a repetition's verdict.
    pub article: Option<String>,
    /// A repetition's account, move by move, as `chuhan judge --explain`
    /// gives it: each move's label and article, then what it attacks.
    pub explanation: Vec<String>,
}

/// The table as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableView {
    pub fen: String,
    pub start_fen: String,
    /// In ICCS (`h2e2`), the page's own notation.
    pub moves: Vec<String>,
    /// The same moves in Chinese notation, for the move list.
    pub chinese: Vec<String>,
    /// Every legal move, for the targets the board shows.
    pub legal: Vec<String>,
    /// The legal moves that would lose by a forbidden repetition.
    pub forbidden: Vec<String>,
    pub check: bool,
    /// Plies counted towards the 60-move rule (checks past a side's tenth
    /// do not count).
    pub counted_plies: u32,
    /// The checks Red and Black have given since the count started (each
    /// side's first ten count as plies, the rest do not).
    pub checks: [u32; 2],
    pub verdict: Option<Verdict>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> Table {
        Table::new(Position::startpos(), RuleSet::default(), EngineSide::Black)
    }

    #[test]
    fn moves_in_any_notation_are_played_and_shown_in_iccs_and_chinese() {
        let mut table = table();
        assert!(!table.engine_to_move());
        table.play_text("炮二平五").unwrap();
        assert!(table.engine_to_move());
        table.play_text("h9g7").unwrap();
        let view = table.view();
        assert_eq!(view.moves, ["h2e2", "h9g7"]);
        assert_eq!(view.chinese, ["炮二平五", "马８进７"]);
        assert_eq!(
            view.legal.len(),
            Position::from_fen(&view.fen).unwrap().legal_moves().len()
        );
    }

    #[test]
    fn an_illegal_move_or_a_bad_fen_is_refused_and_changes_nothing() {
        let mut table = table();
        assert!(table.play_text("h2h8").is_err());
        assert!(table.play_text("nonsense").is_err());
        assert!(table.moves().is_empty());
        // Kings facing each other on an open file.
        let facing = Table::from_fen(
            "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            RuleSet::default(),
            EngineSide::Neither,
        );
        assert!(facing.is_err());
    }

    #[test]
    fn taking_back_replays_the_game_up_to_that_move() {
        let mut table = table();
        for mv in ["h2e2", "h9g7", "h0g2"] {
            table.play_text(mv).unwrap();
        }
        table.take_back(2);
        assert_eq!(table.view().moves, ["h2e2"]);
        table.take_back(5);
        assert_eq!(table.view().fen, Position::startpos().to_fen());
    }

    #[test]
    fn a_perpetual_check_is_forbidden_before_it_is_played_and_judged_after() {
        // Red's rook checks from a9 and a8 in turn; the king steps d9, d8.
        let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
        let mut table = Table::from_fen(fen, RuleSet::default(), EngineSide::Neither).unwrap();
        let cycle = [
            "a0a9", "d9d8", "a9a8", "d8d9", "a8a9", "d9d8", "a9a8", "d8d9",
        ];
        let mut warned_before = None;
        for (ply, mv) in cycle.iter().enumerate() {
            if warned_before.is_none() && table.view().forbidden.contains(&mv.to_string()) {
                warned_before = Some(ply);
            }
            table.play_text(mv).unwrap();
        }
        assert!(
            warned_before.is_some(),
            "no warning before the cycle closed"
        );
        table.play_text("a8a9").unwrap();
        let view = table.view();
        let verdict = view.verdict.expect("the perpetual check is judged");
        assert_eq!(verdict.result, "0-1", "{verdict:?}");
        assert!(verdict.reason.contains("perpetual check"), "{verdict:?}");
        assert!(verdict
            .article
            .as_ref()
            .is_some_and(|a| a.contains("§25.1")));
        // The account under it: Red's checks, each labelled with its article.
        assert!(
            verdict
                .explanation
                .iter()
                .any(|line| line.starts_with("a8a9 Red check")),
            "{verdict:?}"
        );
        assert!(view.legal.is_empty() && table.play_text("d9d8").is_err());
    }
}
