//! The runner's PGN: writing a finished game with moves in ICCS and a
//! `{score/depth time}` comment per engine move (appended as each game
//! ends), and reading such files back with those comments, to check or
//! analyse a match. Opening files in any notation go through
//! [`crate::notation`], which keeps no comments.

use crate::core::{Color, Move, Position};
use std::fmt;

/// A game as PGN holds it: tags in order, the start position, the moves
/// with an optional comment each, and the result.
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    /// The start FEN: the `FEN` tag, or the standard start position.
    pub fen: String,
    pub moves: Vec<Move>,
    /// One entry per move.
    pub comments: Vec<Option<String>>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// A comment before the result: how the game ended. Read back, it joins
    /// the last move's comment.
    pub final_comment: Option<String>,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The game as PGN text, ending with a blank line.
    pub fn to_pgn(&self) -> String {
        let mut out = String::new();
        for (name, value) in &self.tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            out.push_str(&format!("[{name} \"{value}\"]\n"));
        }
        out.push('\n');
        let (mut number, mut side) = match Position::from_fen(&self.fen) {
            Ok(pos) => (pos.fullmove_number(), pos.side_to_move()),
            Err(_) => (1, Color::Red),
        };
        let mut words = Vec::new();
        for (i, mv) in self.moves.iter().enumerate() {
            if side == Color::Red {
                words.push(format!("{number}."));
            } else if i == 0 {
                words.push(format!("{number}..."));
            }
            words.push(mv.to_string());
            if let Some(Some(comment)) = self.comments.get(i) {
                words.push(format!("{{{}}}", comment.replace('}', ")")));
            }
            if side == Color::Black {
                number += 1;
            }
            side = !side;
        }
        if let Some(comment) = &self.final_comment {
            words.push(format!("{{{}}}", comment.replace('}', ")")));
        }
        words.push(self.result.clone());
        let mut line_len = 0;
        for word in words {
            if line_len > 0 && line_len + 1 + word.len() > 79 {
                out.push('\n');
                line_len = 0;
            } else if line_len > 0 {
                out.push(' ');
                line_len += 1;
            }
            line_len += word.len();
            out.push_str(&word);
        }
        out.push_str("\n\n");
        out
    }
}

/// What was wrong in a PGN text, with the game it was in (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    BadTag {
        game: usize,
        text: String,
    },
    BadFen {
        game: usize,
        fen: String,
    },
    BadMove {
        game: usize,
        text: String,
    },
    IllegalMove {
        game: usize,
        ply: usize,
        text: String,
    },
    Unterminated {
        game: usize,
        what: &'static str,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::BadTag { game, text } => write!(f, "game {game}: bad tag '{text}'"),
            PgnError::BadFen { game, fen } => write!(f, "game {game}: bad FEN tag '{fen}'"),
            PgnError::BadMove { game, text } => write!(f, "game {game}: '{text}' is not a move"),
            PgnError::IllegalMove { game, ply, text } => {
                write!(f, "game {game}: move {text} (ply {ply}) is illegal")
            }
            PgnError::Unterminated { game, what } => write!(f, "game {game}: unterminated {what}"),
        }
    }
}

impl std::error::Error for PgnError {}

/// Reads every game of a PGN text, replaying the moves to check them.
pub fn parse(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    let mut current = PgnGame::default();
    let mut has_content = false;
    let mut chars = text.chars().peekable();
    let mut word = String::new();
    let game_no = |games: &Vec<PgnGame>| games.len() + 1;

    // Ends the word being read: a move number, a result or a move.
    fn flush_word(
        word: &mut String,
        current: &mut PgnGame,
        game: usize,
        finished: &mut bool,
    ) -> Result<(), PgnError> {
        let text = std::mem::take(word);
        // "12." or "12...h2e2": drop the move number.
        let stripped = text.trim_start_matches(|c: char| c.is_ascii_digit());
        let stripped = if stripped.len() < text.len() && stripped.starts_with('.') {
            stripped.trim_start_matches('.')
        } else {
            text.as_str()
        };
        if stripped.is_empty() || stripped.starts_with('$') {
            return Ok(());
        }
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&stripped) {
            current.result = stripped.to_string();
            *finished = true;
            return Ok(());
        }
        let mv: Move = stripped.parse().map_err(|_| PgnError::BadMove {
            game,
            text: stripped.to_string(),
        })?;
        current.moves.push(mv);
        current.comments.push(None);
        Ok(())
    }

    while let Some(c) = chars.next() {
        let mut finished = false;
        match c {
            '[' if word.is_empty() => {
                if !current.moves.is_empty() {
                    // A tag after movetext without a result starts a new game.
                    games.push(finish(std::mem::take(&mut current), game_no(&games))?);
                }
                let mut tag = String::new();
                let mut in_string = false;
                loop {
                    match chars.next() {
                        None => {
                            return Err(PgnError::Unterminated {
                                game: game_no(&games),
                                what: "tag",
                            })
                        }
                        Some('\\') if in_string => tag.extend(chars.next()),
                        Some('"') => {
                            in_string = !in_string;
                            tag.push('"');
                        }
                        Some(']') if !in_string => break,
                        Some(other) => tag.push(other),
                    }
                }
                current.tags.push(parse_tag(&tag, game_no(&games))?);
                has_content = true;
            }
            '{' | ';' | '(' => {
                flush_word(&mut word, &mut current, game_no(&games), &mut finished)?;
                let comment = read_aside(c, &mut chars, game_no(&games))?;
                if c == '{' {
                    let comment = comment.trim().to_string();
                    if let Some(last) = current.comments.last_mut() {
                        *last = Some(match last.take() {
                            Some(earlier) => format!("{earlier}; {comment}"),
                            None => comment,
                        });
                    }
                }
            }
            c if c.is_whitespace() => {
                flush_word(&mut word, &mut current, game_no(&games), &mut finished)?;
            }
            c => {
                word.push(c);
                has_content = true;
            }
        }
        if finished {
            games.push(finish(std::mem::take(&mut current), game_no(&games))?);
            has_content = false;
        }
    }
    let mut finished = false;
    flush_word(&mut word, &mut current, game_no(&games), &mut finished)?;
    if has_content {
        games.push(finish(current, game_no(&games))?);
    }
    Ok(games)
}

/// Reads a comment `{...}`, a rest-of-line comment `;...` or a variation
/// `(...)` (nested), after its opening character.
fn read_aside(
    open: char,
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    game: usize,
) -> Result<String, PgnError> {
    let mut text = String::new();
    let mut depth = 1;
    loop {
        match (open, chars.next()) {
            (';', None) | (';', Some('\n')) => return Ok(text),
            (_, None) => {
                let what = if open == '{' { "comment" } else { "variation" };
                return Err(PgnError::Unterminated { game, what });
            }
            ('{', Some('}')) => return Ok(text),
            ('(', Some('(')) => depth += 1,
            ('(', Some(')')) => {
                depth -= 1;
                if depth == 0 {
                    return Ok(text);
                }
            }
            (_, Some(c)) => text.push(c),
        }
    }
}

fn parse_tag(text: &str, game: usize) -> Result<(String, String), PgnError> {
    let bad = || PgnError::BadTag {
        game,
        text: text.to_string(),
    };
    let (name, value) = text
        .trim()
        .split_once(char::is_whitespace)
        .ok_or_else(bad)?;
    let value = value.trim();
    if name.is_empty() || value.len() < 2 || !value.starts_with('"') || !value.ends_with('"') {
        return Err(bad());
    }
    Ok((name.to_string(), value[1..value.len() - 1].to_string()))
}

/// Fills in the start FEN and replays the moves to check them.
fn finish(mut game: PgnGame, number: usize) -> Result<PgnGame, PgnError> {
    game.fen = game.tag("FEN").unwrap_or(Position::START_FEN).to_string();
    let mut pos = Position::from_fen(&game.fen).map_err(|_| PgnError::BadFen {
        game: number,
        fen: game.fen.clone(),
    })?;
    for (ply, &mv) in game.moves.iter().enumerate() {
        pos.try_play(mv).map_err(|_| PgnError::IllegalMove {
            game: number,
            ply: ply + 1,
            text: mv.to_string(),
        })?;
    }
    if game.result.is_empty() {
        game.result = game.tag("Result").unwrap_or("*").to_string();
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(fen: &str, moves: &str) -> PgnGame {
        let moves: Vec<Move> = moves
            .split_whitespace()
            .map(|m| m.parse().unwrap())
            .collect();
        let mut comments = vec![None; moves.len()];
        comments[0] = Some("+0.35/12 1.204s".to_string());
        PgnGame {
            tags: vec![
                ("Event".into(), "test \"quoted\"".into()),
                ("FEN".into(), fen.into()),
                ("Result".into(), "0-1".into()),
            ],
            fen: fen.into(),
            moves,
            comments,
            result: "0-1".into(),
            final_comment: None,
        }
    }

    #[test]
    fn writes_and_reads_back() {
        let game = sample(Position::START_FEN, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7");
        let text = game.to_pgn();
        assert!(
            text.contains("1. h2e2 {+0.35/12 1.204s} h9g7 2. h0g2"),
            "{text}"
        );
        let two = format!("{text}{text}");
        let back = parse(&two).unwrap();
        assert_eq!(back.len(), 2);
        assert_eq!(back[1].moves, game.moves);
        assert_eq!(back[0].comments[0].as_deref(), Some("+0.35/12 1.204s"));
        assert_eq!(back[0].tag("Event"), Some("test \"quoted\""));
        assert_eq!(back[0].result, "0-1");
    }

    #[test]
    fn black_to_move_first_numbers_with_dots() {
        let fen = "3k5/9/9/9/9/9/9/9/9/4K3R b - - 0 7";
        let game = sample(fen, "d9d8 i0i8 d8d9");
        let text = game.to_pgn();
        assert!(
            text.contains("7... d9d8 {+0.35/12 1.204s} 8. i0i8 d8d9 0-1"),
            "{text}"
        );
        assert_eq!(parse(&text).unwrap()[0].moves.len(), 3);
    }

    #[test]
    fn reports_illegal_moves_and_skips_variations() {
        let text = "[Event \"x\"]\n\n1. h2e2 (1. c3c4 c6c5) h9g7 ; a remark\n2. h2h3 *\n";
        let e = parse(text).unwrap_err();
        assert_eq!(e.to_string(), "game 1: move h2h3 (ply 3) is illegal");
        let ok = "1.h2e2 $1 h9g7 (1... h7e7 (1... b7e7)) 1/2-1/2";
        let games = parse(ok).unwrap();
        assert_eq!(games[0].moves.len(), 2);
        assert_eq!(games[0].result, "1/2-1/2");
        assert!(parse("[Event \"x").is_err());
        assert!(parse("1. h2e2 {open").is_err());
    }
}
