//! PGN game files for Xiangqi: tag pairs, then move text in ICCS, WXF,
//! Chinese notation or XBoard's SAN (detected per move), with move numbers,
//! comments `{..}` (kept: the one before the first move as the game's
//! foreword, the others one per move) and `; ..` (dropped), variations
//! `(..)` (skipped, and counted so a tool can say so), annotations (`?!`
//! after a move, or `$6`: kept as numeric annotation glyphs) and a result.
//! The crate's one PGN module: `chuhan convert`, the book builder and the
//! match runner all read and write games here.
//!
//! A bad game does not stop the others: [`parse_pgn`] gives one result per
//! game, and an error names the game and the move that failed, with the
//! game as read up to that move.

use super::{format_move, parse_move, Notation, NotationError};
use crate::core::{Color, FenError, GameResult, Move, Position};
use std::fmt;

/// A word of move text as a result: `None` if it is not one, `Some(None)`
/// for `*`, the game without a result.
fn result_token(word: &str) -> Option<Option<GameResult>> {
    Some(match word {
        "1-0" => Some(GameResult::RedWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" | "½-½" => Some(GameResult::Draw),
        "*" => None,
        _ => return None,
    })
}

/// One game: its tags, where it started, its moves and how it ended.
#[derive(Clone, Debug)]
pub struct Game {
    pub tags: Vec<(String, String)>,
    pub start: Position,
    pub moves: Vec<Move>,
    /// One per move: the `{..}` comments that follow it, joined by `; `.
    pub comments: Vec<Option<String>>,
    /// One per move: its numeric annotation glyphs (`?!` is 6, `$4` is 4),
    /// in the order written.
    pub nags: Vec<Vec<u8>>,
    /// The comment before the first move: often the game's whole story.
    pub foreword: Option<String>,
    pub result: Option<GameResult>,
    /// How many variations `(..)` of the main line were skipped.
    pub variations: usize,
}

impl Game {
    /// A game of `moves` from `start`, without comments or annotations.
    pub fn new(
        tags: Vec<(String, String)>,
        start: Position,
        moves: Vec<Move>,
        result: Option<GameResult>,
    ) -> Game {
        Game {
            tags,
            start,
            comments: vec![None; moves.len()],
            nags: vec![Vec::new(); moves.len()],
            moves,
            foreword: None,
            result,
            variations: 0,
        }
    }

    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_in(&self.tags, name)
    }

    /// `Red vs Black` (XBoard calls Red `White`), or the event when the
    /// players are not named; `None` when neither is.
    pub fn players(&self) -> Option<String> {
        players_in(&self.tags)
    }
}

fn tag_in<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

fn players_in(tags: &[(String, String)]) -> Option<String> {
    let tag = |n: &str| tag_in(tags, n).filter(|v| !v.is_empty() && *v != "?");
    match (tag("Red").or(tag("White")), tag("Black")) {
        (Some(r), Some(b)) => Some(format!("{r} vs {b}")),
        _ => tag("Event").map(str::to_string),
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
/// event when the tags name them) and why; for a bad move, the game as read
/// up to it, for the tools that keep what they can.
#[derive(Clone, Debug)]
pub struct PgnError {
    pub game: usize,
    pub name: Option<String>,
    pub problem: PgnProblem,
    pub read_so_far: Option<Box<Game>>,
}

impl fmt::Display for PgnProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnProblem::BadFen(fen, e) => write!(f, "bad FEN tag '{fen}': {e}"),
            PgnProblem::BadMove { ply, side, error } => {
                let side = match side {
                    Color::Red => "Red",
                    Color::Black => "Black",
                };
                write!(f, "move {} ({side}): {error}", ply / 2 + 1)
            }
            PgnProblem::Unclosed(c) => write!(f, "'{c}' is never closed"),
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        if let Some(name) = &self.name {
            write!(f, " ({name})")?;
        }
        let separator = match self.problem {
            PgnProblem::BadMove { .. } => ", ",
            _ => ": ",
        };
        write!(f, "{separator}{}", self.problem)
    }
}

impl std::error::Error for PgnError {}

/// A game as read, before its moves are played.
#[derive(Default)]
struct RawGame {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
    comments: Vec<Option<String>>,
    nags: Vec<Vec<u8>>,
    foreword: Option<String>,
    /// The result word of the move text: `Some(None)` for `*`.
    result: Option<Option<GameResult>>,
    unclosed: Option<char>,
    variations: usize,
}

impl RawGame {
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.result.is_none()
    }

    fn name(&self) -> Option<String> {
        players_in(&self.tags)
    }

    fn play(self, number: usize) -> Result<Game, PgnError> {
        let fail = |problem| PgnError {
            game: number,
            name: self.name(),
            problem,
            read_so_far: None,
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
        let mut bad_move = None;
        for (ply, text) in self.moves.iter().enumerate() {
            let side = pos.side_to_move();
            match parse_move(&pos, text) {
                Ok(mv) => {
                    pos.make(mv);
                    moves.push(mv);
                }
                Err(error) => {
                    bad_move = Some(PgnProblem::BadMove { ply, side, error });
                    break;
                }
            }
        }
        let tagged = self
            .tags
            .iter()
            .find(|(t, _)| t.eq_ignore_ascii_case("Result"))
            .and_then(|(_, v)| result_token(v.trim()));
        // The move text's result, unless it is `*` and the tag says more.
        let result = match (self.result, tagged) {
            (Some(Some(r)), _) => Some(r),
            (_, Some(t)) => t,
            (r, None) => r.flatten(),
        };
        let name = self.name();
        let read = moves.len();
        let game = Game {
            tags: self.tags,
            start,
            moves,
            comments: self.comments.into_iter().take(read).collect(),
            nags: self.nags.into_iter().take(read).collect(),
            foreword: self.foreword,
            result: if bad_move.is_some() { None } else { result },
            variations: self.variations,
        };
        match bad_move {
            None => Ok(game),
            Some(problem) => Err(PgnError {
                game: number,
                name,
                problem,
                read_so_far: Some(Box::new(game)),
            }),
        }
    }
}

/// `[Name "value"]`, or `None` if the line is not a tag pair. In the value,
/// `\"` stands for `"` and `\\` for `\`.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.extend(chars.next()),
            // A quote without its backslash is taken as it stands, as
            // careless files write them.
            c => value.push(c),
        }
    }
    Some((name.to_string(), value))
}

/// Writes the tag pairs, `[Name "value"]` a line, escaping as [`parse_tag`]
/// reads them, and the blank line that ends them.
fn write_tags<'a>(out: &mut String, tags: impl IntoIterator<Item = (&'a str, &'a str)>) {
    for (name, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    out.push('\n');
}

/// The dots after a move number: ASCII, full-width and the ellipsis.
const NUMBER_DOTS: [char; 3] = ['.', '．', '…'];

/// The numeric annotation glyph a move's suffix stands for (`!` 1, `?` 2,
/// `!!` 3, `??` 4, `!?` 5, `?!` 6), from the end of `word`.
fn suffix_nag(word: &str) -> Option<u8> {
    let marks = word.trim_end_matches(['+', '#']);
    let suffix = &marks[marks.trim_end_matches(['!', '?']).len()..];
    match suffix {
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => None,
    }
}

/// `$6` as a numeric annotation glyph.
fn nag_word(word: &str) -> Option<u8> {
    word.strip_prefix('$')?.parse().ok()
}

/// A word of move text as a move, or `None` for numbers, NAGs and the like.
fn move_word(word: &str) -> Option<&str> {
    // Annotation marks only: every notation's moves end in a number or a
    // square.
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

/// The Chinese moves of a word written without spaces between them
/// (`炮二平五马８进７`, `炮二平五马８进７2.马二进三`): four characters a
/// move, move numbers between them skipped. A word that does not split
/// cleanly that way is returned whole, so its error names it as written.
fn split_joined(word: &str) -> Vec<&str> {
    let chars: Vec<(usize, char)> = word.char_indices().collect();
    if word.is_ascii() || chars.len() <= 4 {
        return vec![word];
    }
    let is_digit = |c: char| c.is_ascii_digit() || ('０'..='９').contains(&c);
    let mut moves = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        // A move number: digits, then at least one dot.
        let mut j = i;
        while j < chars.len() && is_digit(chars[j].1) {
            j += 1;
        }
        let dots = chars[j..]
            .iter()
            .take_while(|(_, c)| NUMBER_DOTS.contains(c))
            .count();
        if j > i && dots > 0 {
            i = j + dots;
            continue;
        }
        let start = chars[i].0;
        let end = chars.get(i + 4).map_or(word.len(), |&(at, _)| at);
        let text = &word[start..end];
        if i + 4 > chars.len() || super::chinese::parse_descriptive(text).is_none() {
            return vec![word];
        }
        moves.push(text);
        i += 4;
    }
    moves
}

enum Token {
    Tag(String, String),
    Word(String),
    /// A `{..}` comment of the main line.
    Comment(String),
    /// A variation of the main line begins (its words are dropped).
    Variation,
}

/// Splits the text into tag pairs, the words of the main line and its
/// `{..}` comments, dropping `;` comments and variations; also says which
/// bracket is left open, if any.
fn tokenize(text: &str) -> (Vec<Token>, Option<char>) {
    let mut tokens = Vec::new();
    let mut in_comment = false;
    let mut comment = String::new();
    let mut variation_depth = 0usize;
    for line in text.lines() {
        if in_comment {
            // A comment over several lines reads as one line.
            comment.push(' ');
        }
        if !in_comment && variation_depth == 0 && line.trim_start().starts_with('[') {
            if let Some((name, value)) = parse_tag(line) {
                tokens.push(Token::Tag(name, value));
                continue;
            }
        }
        let mut word = String::new();
        // Ends the word being read; words inside variations are dropped.
        fn flush(tokens: &mut Vec<Token>, word: &mut String, depth: usize) {
            if !word.is_empty() && depth == 0 {
                tokens.push(Token::Word(std::mem::take(word)));
            }
            word.clear();
        }
        for c in line.chars() {
            if in_comment {
                if c != '}' {
                    comment.push(c);
                    continue;
                }
                in_comment = false;
                let text = std::mem::take(&mut comment);
                if variation_depth == 0 {
                    tokens.push(Token::Comment(text.trim().to_string()));
                }
                continue;
            }
            match c {
                '{' => {
                    flush(&mut tokens, &mut word, variation_depth);
                    in_comment = true;
                }
                ';' => break,
                '(' => {
                    flush(&mut tokens, &mut word, variation_depth);
                    if variation_depth == 0 {
                        tokens.push(Token::Variation);
                    }
                    variation_depth += 1;
                }
                ')' => {
                    flush(&mut tokens, &mut word, variation_depth);
                    variation_depth = variation_depth.saturating_sub(1);
                }
                c if c.is_whitespace() => flush(&mut tokens, &mut word, variation_depth),
                c => word.push(c),
            }
        }
        flush(&mut tokens, &mut word, variation_depth);
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
                if let Some(result) = result_token(&word) {
                    game.result = Some(result);
                    raw_games.push(std::mem::take(&mut game));
                } else if let Some(nag) = nag_word(&word) {
                    if let Some(last) = game.nags.last_mut() {
                        last.push(nag);
                    }
                } else if let Some(text) = move_word(&word) {
                    for mv in split_joined(text) {
                        game.moves.push(mv.to_string());
                        game.comments.push(None);
                        game.nags.push(Vec::new());
                    }
                    if let (Some(nag), Some(last)) = (suffix_nag(&word), game.nags.last_mut()) {
                        last.push(nag);
                    }
                }
            }
            Token::Variation => game.variations += 1,
            // A comment belongs to the move before it; one before the first
            // move is the game's foreword (one after the result, with no
            // game begun, has nothing to go with).
            Token::Comment(text) => {
                let joined = |earlier: Option<String>| match earlier {
                    Some(earlier) => format!("{earlier}; {text}"),
                    None => text.clone(),
                };
                if let Some(last) = game.comments.last_mut() {
                    *last = Some(joined(last.take()));
                } else if !game.tags.is_empty() || raw_games.is_empty() {
                    game.foreword = Some(joined(game.foreword.take()));
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
/// to match, and the `Result` tag to the result written after the moves):
/// the foreword, then a line for each move of Red and Black's answer, each
/// move followed by its annotation glyphs (`$6`) and its `{comment}`; a
/// Black move after a comment is numbered again (`3...`), as the PGN
/// standard writes it.
pub fn write_pgn(game: &Game, notation: Notation) -> String {
    write_marked_pgn(game, notation, &[], None)
}

/// What an analysis adds to a move, written after the file's own glyphs and
/// comment and apart from them: a glyph (`$4` for `??`) and a comment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotation {
    pub nag: Option<u8>,
    pub comment: Option<String>,
}

/// [`write_pgn`] with an analysis' [`Annotation`] after each move
/// (`added[ply]`; missing entries add nothing) and a `{closing}` comment
/// before the result.
pub fn write_marked_pgn(
    game: &Game,
    notation: Notation,
    added: &[Annotation],
    closing: Option<&str>,
) -> String {
    let format = match notation {
        Notation::Iccs => "ICCS",
        Notation::Wxf => "WXF",
        Notation::Chinese(_) => "Chinese",
    };
    let result = GameResult::token(game.result);
    let mut out = String::new();
    let wrote_format = game
        .tags
        .iter()
        .any(|(name, _)| name.eq_ignore_ascii_case("Format"));
    let tags = game.tags.iter().map(|(name, value)| {
        let value = if name.eq_ignore_ascii_case("Format") {
            format
        } else if name.eq_ignore_ascii_case("Result") {
            result
        } else {
            value.as_str()
        };
        (name.as_str(), value)
    });
    let format_tag = (!wrote_format).then_some(("Format", format));
    write_tags(&mut out, tags.chain(format_tag));
    if let Some(text) = &game.foreword {
        out.push_str(&comment(text));
        out.push('\n');
    }
    let mut pos = game.start.clone();
    let mut line = String::new();
    let mut after_comment = true;
    fn push(line: &mut String, word: &str) {
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    for (ply, &mv) in game.moves.iter().enumerate() {
        let number = pos.fullmove_number();
        let red = pos.side_to_move() == Color::Red;
        if red && !line.is_empty() {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if red {
            push(&mut line, &format!("{number}."));
        } else if after_comment {
            push(&mut line, &format!("{number}..."));
        }
        push(&mut line, &format_move(&pos, mv, notation));
        let extra = added.get(ply);
        let theirs = game.nags.get(ply).map_or(&[][..], Vec::as_slice);
        let ours = extra.and_then(|a| a.nag).filter(|n| !theirs.contains(n));
        for nag in theirs.iter().chain(ours.as_ref()) {
            push(&mut line, &format!("${nag}"));
        }
        after_comment = false;
        let comments = [
            game.comments.get(ply).and_then(Option::as_deref),
            extra.and_then(|a| a.comment.as_deref()),
        ];
        for text in comments.into_iter().flatten() {
            push(&mut line, &comment(text));
            after_comment = true;
        }
        pos.make(mv);
    }
    if let Some(text) = closing {
        push(&mut line, &comment(text));
    }
    push(&mut line, result);
    out.push_str(&line);
    out.push('\n');
    out
}

/// `{text}`, with any `}` in it (which would end the comment) made `)`.
fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// The notation the first move of `text` is written in (`None` when it has
/// no move): Chinese if it is not ASCII once full-width forms are narrowed
/// (traditional when it has a character only that script uses), ICCS if it
/// has that shape, WXF otherwise.
pub fn notation_of(text: &str) -> Option<Notation> {
    let (tokens, _) = tokenize(text.strip_prefix('\u{feff}').unwrap_or(text));
    let first = tokens.iter().find_map(|token| match token {
        Token::Word(word) if result_token(word).is_none() => move_word(word),
        _ => None,
    })?;
    let narrow = super::narrow_full_width(first);
    Some(if !narrow.is_ascii() {
        let traditional = first.chars().any(|c| {
            matches!(
                c,
                '帥' | '將' | '馬' | '傌' | '車' | '俥' | '砲' | '進' | '後'
            )
        });
        Notation::Chinese(if traditional {
            super::Script::Traditional
        } else {
            super::Script::Simplified
        })
    } else if super::looks_like_iccs(&narrow) {
        Notation::Iccs
    } else {
        Notation::Wxf
    })
}

/// Writes a game as the match runner keeps it: moves in ICCS, each followed
/// by its `{comment}`, then `closing` (how the game ended) before the
/// result; lines of at most 79 columns (a longer word stands alone), and a
/// blank line after the game, so games can be appended one by one.
pub fn write_annotated_pgn(game: &Game, closing: Option<&str>) -> String {
    let mut out = String::new();
    write_tags(
        &mut out,
        game.tags.iter().map(|(n, v)| (n.as_str(), v.as_str())),
    );
    let mut number = game.start.fullmove_number();
    let mut side = game.start.side_to_move();
    let mut words = Vec::new();
    for (i, mv) in game.moves.iter().enumerate() {
        if side == Color::Red {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(mv.to_string());
        if let Some(Some(text)) = game.comments.get(i) {
            words.push(comment(text));
        }
        if side == Color::Black {
            number += 1;
        }
        side = !side;
    }
    if let Some(text) = closing {
        words.push(comment(text));
    }
    words.push(GameResult::token(game.result).to_string());
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
