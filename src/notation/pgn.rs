//! PGN game files for Xiangqi: tag pairs, then move text in ICCS, WXF or
//! Chinese notation (detected per move), with move numbers, comments `{..}`
//! and `; ..`, variations `(..)` (skipped), NAGs `$n` and a result.
//!
//! A bad game does not stop the others: [`parse_pgn`] gives one result per
//! game, and an error names the game and the move that failed.

use super::{format_move, parse_move, Notation, NotationError};
use crate::core::{Color, FenError, Move, Position};
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    RedWins,
    BlackWins,
    Draw,
    Unknown,
}

impl GameResult {
    fn from_token(token: &str) -> Option<GameResult> {
        Some(match token {
            "1-0" => GameResult::RedWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" => GameResult::Draw,
            "*" => GameResult::Unknown,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
}

/// One game: its tags, where it started, its moves and how it ended.
#[derive(Clone, Debug)]
pub struct Game {
    pub tags: Vec<(String, String)>,
    pub start: Position,
    pub moves: Vec<Move>,
    pub result: GameResult,
}

impl Game {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// What went wrong inside a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnProblem {
    /// The `FEN` tag is not a position.
    BadFen(String, FenError),
    /// A move that could not be read or played; `ply` counts from 0.
    BadMove {
        ply: usize,
        side: Color,
        error: NotationError,
    },
    /// A `{` comment or `(` variation still open at the end of the file.
    Unclosed(char),
}

/// A game that could not be read: which one (1-based, with its players or
/// event when the tags name them) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    pub game: usize,
    pub name: Option<String>,
    pub problem: PgnProblem,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if let Some(name) = &self.name {
            write!(f, " ({name})")?;
        }
        match &self.problem {
            PgnProblem::BadFen(fen, e) => write!(f, ": bad FEN tag '{fen}': {e}"),
            PgnProblem::BadMove { ply, side, error } => {
                let side = match side {
                    Color::Red => "Red",
                    Color::Black => "Black",
                };
                write!(f, ", move {} ({side}): {error}", ply / 2 + 1)
            }
            PgnProblem::Unclosed(c) => write!(f, ": '{c}' is never closed"),
        }
    }
}

impl std::error::Error for PgnError {}

/// A game as read, before its moves are played.
#[derive(Default)]
struct RawGame {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
    result: Option<GameResult>,
    unclosed: Option<char>,
}

impl RawGame {
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.result.is_none()
    }

    fn name(&self) -> Option<String> {
        let tag = |n: &str| {
            self.tags
                .iter()
                .find(|(t, _)| t.eq_ignore_ascii_case(n))
                .map(|(_, v)| v.clone())
                .filter(|v| !v.is_empty() && v != "?")
        };
        match (tag("Red").or(tag("White")), tag("Black")) {
            (Some(r), Some(b)) => Some(format!("{r} vs {b}")),
            _ => tag("Event"),
        }
    }

    fn play(self, number: usize) -> Result<Game, PgnError> {
        let fail = |problem| PgnError {
            game: number,
            name: self.name(),
            problem,
        };
        if let Some(c) = self.unclosed {
            return Err(fail(PgnProblem::Unclosed(c)));
        }
        let fen = self
            .tags
            .iter()
            .find(|(t, _)| t.eq_ignore_ascii_case("FEN"))
            .map(|(_, v)| v.clone());
        let start = match &fen {
            Some(fen) => {
                Position::from_fen(fen).map_err(|e| fail(PgnProblem::BadFen(fen.clone(), e)))?
            }
            None => Position::startpos(),
        };
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for (ply, text) in self.moves.iter().enumerate() {
            let side = pos.side_to_move();
            let mv = parse_move(&pos, text)
                .map_err(|error| fail(PgnProblem::BadMove { ply, side, error }))?;
            pos.make(mv);
            moves.push(mv);
        }
        let tagged = self
            .tags
            .iter()
            .find(|(t, _)| t.eq_ignore_ascii_case("Result"))
            .and_then(|(_, v)| GameResult::from_token(v.trim()));
        let result = match (self.result, tagged) {
            (Some(r), _) if r != GameResult::Unknown => r,
            (_, Some(t)) => t,
            (r, None) => r.unwrap_or(GameResult::Unknown),
        };
        Ok(Game {
            tags: self.tags,
            start,
            moves,
            result,
        })
    }
}

/// `[Name "value"]`, or `None` if the line is not a tag pair.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name.to_string(), value.replace("\\\"", "\"")))
}

/// The dots after a move number: ASCII, full-width and the ellipsis.
const NUMBER_DOTS: [char; 3] = ['.', '．', '…'];

/// A word of move text as a move, or `None` for numbers, NAGs and the like.
fn move_word(word: &str) -> Option<&str> {
    // Annotation marks only: every notation's moves end in a number.
    let word = word.trim_end_matches(['!', '?', '+', '#']);
    if word.is_empty() || word.starts_with('$') || word.chars().all(|c| NUMBER_DOTS.contains(&c)) {
        return None;
    }
    // "12." "12..." "12…" "１２．" are move numbers; "12.h2e2" has one in
    // front. WXF "33.4" looks like "33." + "4" but a lone digit is no move,
    // so it stays.
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c));
    let numbered = rest.len() < word.len();
    let after_dots = rest.trim_start_matches(NUMBER_DOTS);
    if numbered && after_dots.len() < rest.len() {
        if after_dots.is_empty() {
            return None;
        }
        if after_dots.chars().count() > 1 {
            return Some(after_dots);
        }
    }
    Some(word)
}

enum Token {
    Tag(String, String),
    Word(String),
}

/// Splits the text into tag pairs and the words of the main line, dropping
/// comments and variations; also says which bracket is left open, if any.
fn tokenize(text: &str) -> (Vec<Token>, Option<char>) {
    let mut tokens = Vec::new();
    let mut in_comment = false;
    let mut variation_depth = 0usize;
    for line in text.lines() {
        if !in_comment && variation_depth == 0 && line.trim_start().starts_with('[') {
            if let Some((name, value)) = parse_tag(line) {
                tokens.push(Token::Tag(name, value));
                continue;
            }
        }
        let mut word = String::new();
        let mut flush = |word: &mut String, depth: usize| {
            if !word.is_empty() && depth == 0 {
                tokens.push(Token::Word(std::mem::take(word)));
            }
            word.clear();
        };
        for c in line.chars() {
            if in_comment {
                in_comment = c != '}';
                continue;
            }
            match c {
                '{' => {
                    flush(&mut word, variation_depth);
                    in_comment = true;
                }
                ';' => break,
                '(' => {
                    flush(&mut word, variation_depth);
                    variation_depth += 1;
                }
                ')' => {
                    flush(&mut word, variation_depth);
                    variation_depth = variation_depth.saturating_sub(1);
                }
                c if c.is_whitespace() => flush(&mut word, variation_depth),
                c => word.push(c),
            }
        }
        flush(&mut word, variation_depth);
    }
    let unclosed = if in_comment {
        Some('{')
    } else if variation_depth > 0 {
        Some('(')
    } else {
        None
    };
    (tokens, unclosed)
}

/// Reads every game in `text`. A game ends at its result, or where the tags
/// of the next game begin.
pub fn parse_pgn(text: &str) -> Vec<Result<Game, PgnError>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (tokens, unclosed) = tokenize(text);
    let mut raw_games = Vec::new();
    let mut game = RawGame::default();
    for token in tokens {
        match token {
            Token::Tag(name, value) => {
                if !game.moves.is_empty() {
                    raw_games.push(std::mem::take(&mut game));
                }
                game.tags.push((name, value));
            }
            Token::Word(word) => {
                if let Some(result) = GameResult::from_token(&word) {
                    game.result = Some(result);
                    raw_games.push(std::mem::take(&mut game));
                } else if let Some(mv) = move_word(&word) {
                    game.moves.push(mv.to_string());
                }
            }
        }
    }
    game.unclosed = unclosed;
    if !game.is_empty() || unclosed.is_some() {
        raw_games.push(game);
    }
    raw_games
        .into_iter()
        .enumerate()
        .map(|(n, g)| g.play(n + 1))
        .collect()
}

/// Writes a game as PGN with its moves in `notation` (the `Format` tag is set
/// to match), ten plies to a line.
pub fn write_pgn(game: &Game, notation: Notation) -> String {
    let format = match notation {
        Notation::Iccs => "ICCS",
        Notation::Wxf => "WXF",
        Notation::Chinese(_) => "Chinese",
    };
    let mut out = String::new();
    let mut wrote_format = false;
    for (name, value) in &game.tags {
        let value = if name.eq_ignore_ascii_case("Format") {
            wrote_format = true;
            format
        } else {
            value
        };
        out.push_str(&format!("[{name} \"{}\"]\n", value.replace('"', "\\\"")));
    }
    if !wrote_format {
        out.push_str(&format!("[Format \"{format}\"]\n"));
    }
    out.push('\n');
    let mut pos = game.start.clone();
    let mut line = String::new();
    let first_black = pos.side_to_move() == Color::Black;
    for (ply, &mv) in game.moves.iter().enumerate() {
        let number = pos.fullmove_number();
        if pos.side_to_move() == Color::Red {
            line.push_str(&format!("{number}. "));
        } else if ply == 0 && first_black {
            line.push_str(&format!("{number}. ... "));
        }
        line.push_str(&format_move(&pos, mv, notation));
        line.push(' ');
        pos.make(mv);
        if pos.side_to_move() == Color::Red && (ply + 1) % 10 == 0 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
    }
    line.push_str(game.result.as_str());
    out.push_str(&line);
    out.push('\n');
    out
}
