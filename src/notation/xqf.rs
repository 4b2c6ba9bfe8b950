//! XQF, the binary game format of XQStudio and its kin, read into a
//! [`Game`]: the main line with its comments, the variations counted (as
//! the PGN reader counts the ones it leaves out).
//!
//! The layout, as we read it (offsets in hex; the format's own description
//! is XQStudio's "XQF 1.0" note, and later versions are known from the
//! files themselves):
//!
//! ```text
//! 000  2 bytes  "XQ"
//! 002  1        version: 10 (XQF 1.0) stores everything as it is; from 11
//!               on the piece squares, the move records and the comments
//!               are masked with keys from the header; from 12 on the piece
//!               squares are also rotated
//! 003  1        key mask
//! 008  4        keys, first half (one byte each)
//! 00C  4        keys, second half: the fourth byte's use below, the second
//!               to fourth as the piece, from and to keys
//! 010  32       the pieces' squares, in the order Red chariot, horse,
//!               elephant, advisor, king, advisor, elephant, horse,
//!               chariot, cannon, cannon, five pawns, then Black's the same;
//!               a square is file * 10 + rank (file 0 = a, rank 0 = Red's
//!               back rank); 90 or more: not on the board
//! 033  1        result: 1 Red won, 2 Black won, 3 drawn, else unknown
//! 040  1        kind: 0 whole game, 1 opening (both start from the standard
//!               position, whatever the squares say), 2 middlegame,
//!               3 endgame (these start from the squares)
//! 050  64       title        0D0  64  event      110  16  date
//! 120  16       site         130  16  Red        140  16  Black
//! 1D0  16       commentator  1E0  16  author
//!               (each a length byte, then the text, in GBK)
//! 400  ...      the move tree, node after node, from a root that is no
//!               move (its comment is the game's opening comment)
//! ```
//!
//! A node is four bytes, the from square + 24, the to square + 32, a tag
//! and one unused; then, in version 10 always and later when the tag has
//! 0x20, a comment: its length as four bytes (little-endian), then the text.
//! In version 10 the tag is 0 on the last move and the tree is one line. From
//! version 11 on, tag 0x80 says a move follows this one, 0x40 that another
//! move stands in this one's place (a variation); the nodes come depth
//! first: a node, the line that follows it, then its alternative.
//!
//! The masking (version 11 on): every byte from 400 on has a key stream's
//! next byte subtracted, the stream being 32 bytes long and used round; its
//! byte `i` is `(key[i % 4] | (key2[i % 4] & mask)) & TEXT[i]`, where
//! `TEXT` is the format's 32-byte constant below. The squares also have
//! offsets subtracted, each from one header byte `k` and the offset before
//! it, by `k * k * 54 + 221` times that (all in bytes): the piece offset
//! (from the piece key, times the key itself), the from offset (times the
//! piece offset), the to offset (times the from offset). A comment's length
//! has `(key2[0] * 256 + key2[1]) % 32000 + 767` added.

use super::encoding::TextEncoding;
use super::pgn::Game;
use crate::core::{Color, GameResult, Move, Piece, PieceKind, Position, Square};
use std::fmt;

/// Why bytes are no readable XQF game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XqfError {
    /// Not "XQ" and a whole header.
    NotXqf,
    /// The pieces do not make a position.
    BadPosition(String),
    /// The file ends inside a node.
    CutShort { node: usize },
    /// A move that is not on the board or not legal.
    BadMove { ply: usize, why: String },
}

impl fmt::Display for XqfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XqfError::NotXqf => write!(f, "not an XQF file"),
            XqfError::BadPosition(why) => write!(f, "the XQF start position: {why}"),
            XqfError::CutShort { node } => write!(f, "the XQF file ends inside node {node}"),
            XqfError::BadMove { ply, why } => write!(f, "XQF move {ply}: {why}"),
        }
    }
}

impl std::error::Error for XqfError {}

const HEADER: usize = 0x400;

/// The 32 bytes the key stream is masked with, part of the format.
const STREAM_TEXT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// Whether `bytes` begin as an XQF file does.
pub fn is_xqf(bytes: &[u8]) -> bool {
    bytes.len() >= HEADER && bytes.starts_with(b"XQ")
}

/// The game an XQF file holds.
pub fn read_xqf(bytes: &[u8]) -> Result<Game, XqfError> {
    if !is_xqf(bytes) {
        return Err(XqfError::NotXqf);
    }
    let keys = Keys::of(bytes);
    let mut tree = TreeReader {
        bytes,
        at: HEADER,
        keys: &keys,
        stream_index: 0,
    };
    let line = tree.main_line()?;
    let first_from = line.moves.first().map(|&(from, _)| from);
    let start = start_position(bytes, &keys, first_from)?;
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (ply, &(from, to)) in line.moves.iter().enumerate() {
        let Some(mv) = Move::new(from, to).filter(|&mv| pos.is_legal(mv)) else {
            return Err(XqfError::BadMove {
                ply: ply + 1,
                why: format!("{from}{to} is not legal in {}", pos.to_fen()),
            });
        };
        pos.make(mv);
        moves.push(mv);
    }
    let mut tags = header_tags(bytes);
    if start.to_fen() != Position::startpos().to_fen() {
        tags.push(("FEN".to_string(), start.to_fen()));
    }
    let mut game = Game::new(tags, start, moves, result(bytes));
    game.foreword = line.foreword;
    game.comments = line.comments;
    game.variations = line.variations;
    Ok(game)
}

/// The masks of a file: none before version 11.
struct Keys {
    version: u8,
    piece: u8,
    from: u8,
    to: u8,
    comment: i64,
    stream: [u8; 32],
}

impl Keys {
    fn of(bytes: &[u8]) -> Keys {
        let version = bytes[2];
        if version < 11 {
            return Keys {
                version,
                piece: 0,
                from: 0,
                to: 0,
                comment: 0,
                stream: [0; 32],
            };
        }
        let offset = |key: u8, times: u8| -> u8 {
            let key = u32::from(key);
            ((key * key * 54 + 221).wrapping_mul(u32::from(times)) & 0xFF) as u8
        };
        let piece = offset(bytes[13], bytes[13]);
        let from = offset(bytes[14], piece);
        let to = offset(bytes[15], from);
        let mask = bytes[3];
        let mut stream = [0u8; 32];
        for (i, byte) in stream.iter_mut().enumerate() {
            let key = bytes[8 + i % 4] | (bytes[12 + i % 4] & mask);
            *byte = key & STREAM_TEXT[i];
        }
        Keys {
            version,
            piece,
            from,
            to,
            comment: (i64::from(bytes[12]) * 256 + i64::from(bytes[13])) % 32000 + 767,
            stream,
        }
    }
}

/// The square of a stored byte (file * 10 + rank), once its offset is
/// taken off; `None` off the board.
fn square(stored: u8) -> Option<Square> {
    if stored >= 90 {
        return None;
    }
    let (file, rank) = (usize::from(stored / 10), usize::from(stored % 10));
    Square::from_index(rank * 9 + file)
}

/// The position the game starts from, with the side to move that plays
/// `first_from`'s piece (Red where the game has no move).
fn start_position(
    bytes: &[u8],
    keys: &Keys,
    first_from: Option<Square>,
) -> Result<Position, XqfError> {
    let mut board = [None; 90];
    if bytes[0x40] < 2 {
        let start = Position::startpos();
        for sq in start.occupied() {
            board[sq.index()] = start.piece_at(sq);
        }
    } else {
        let mut squares = [0u8; 32];
        for (i, &stored) in bytes[0x10..0x30].iter().enumerate() {
            let at = if keys.version >= 12 {
                (usize::from(keys.piece) + 1 + i) % 32
            } else {
                i
            };
            squares[at] = stored.wrapping_sub(keys.piece);
        }
        use PieceKind::*;
        const KINDS: [PieceKind; 16] = [
            Chariot, Horse, Elephant, Advisor, King, Advisor, Elephant, Horse, Chariot, Cannon,
            Cannon, Pawn, Pawn, Pawn, Pawn, Pawn,
        ];
        for (i, &stored) in squares.iter().enumerate() {
            let Some(sq) = square(stored) else { continue };
            let color = if i < 16 { Color::Red } else { Color::Black };
            board[sq.index()] = Some(Piece {
                color,
                kind: KINDS[i % 16],
            });
        }
    }
    let black_first = first_from
        .and_then(|sq| board[sq.index()])
        .is_some_and(|piece: Piece| piece.color == Color::Black);
    let side = if black_first { "b" } else { "w" };
    let fen = format!("{} {side}", crate::core::board_fen(|sq| board[sq.index()]));
    Position::from_fen(&fen).map_err(|e| XqfError::BadPosition(e.to_string()))
}

fn result(bytes: &[u8]) -> Option<GameResult> {
    match bytes[0x33] {
        1 => Some(GameResult::RedWins),
        2 => Some(GameResult::BlackWins),
        3 => Some(GameResult::Draw),
        _ => None,
    }
}

/// A header text: its length byte, then at most the field's room.
fn text_at(bytes: &[u8], at: usize, room: usize) -> String {
    let len = usize::from(bytes[at]).min(room - 1);
    decode(&bytes[at + 1..at + 1 + len]).trim().to_string()
}

/// XQStudio writes GBK; a file from elsewhere may hold Big5.
fn decode(bytes: &[u8]) -> String {
    TextEncoding::Gb18030
        .decode(bytes)
        .or_else(|| TextEncoding::Big5.decode(bytes))
        .unwrap_or_else(|| String::from_utf8_lossy(bytes).into_owned())
}

fn header_tags(bytes: &[u8]) -> Vec<(String, String)> {
    let title = text_at(bytes, 0x50, 64);
    let event = text_at(bytes, 0xD0, 64);
    let fields = [
        ("Event", if event.is_empty() { title } else { event }),
        ("Date", text_at(bytes, 0x110, 16)),
        ("Site", text_at(bytes, 0x120, 16)),
        ("Red", text_at(bytes, 0x130, 16)),
        ("Black", text_at(bytes, 0x140, 16)),
        ("Annotator", text_at(bytes, 0x1D0, 16)),
    ];
    let mut tags: Vec<(String, String)> = fields
        .into_iter()
        .filter(|(_, value)| !value.is_empty())
        .map(|(name, value)| (name.to_string(), value))
        .collect();
    let token = GameResult::token(result(bytes));
    tags.push(("Result".to_string(), token.to_string()));
    tags
}

/// The main line of the tree: each move's squares and comment.
struct MainLine {
    foreword: Option<String>,
    moves: Vec<(Square, Square)>,
    comments: Vec<Option<String>>,
    variations: usize,
}

/// One node as stored.
struct Node {
    from: u8,
    to: u8,
    has_next: bool,
    has_alternative: bool,
    comment: Option<String>,
}

struct TreeReader<'a> {
    bytes: &'a [u8],
    at: usize,
    keys: &'a Keys,
    stream_index: usize,
}

impl TreeReader<'_> {
    /// `n` bytes from the tree, unmasked.
    fn take(&mut self, n: usize, node: usize) -> Result<Vec<u8>, XqfError> {
        let raw = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or(XqfError::CutShort { node })?;
        self.at += n;
        let mut out = Vec::with_capacity(n);
        for &byte in raw {
            out.push(byte.wrapping_sub(self.keys.stream[self.stream_index]));
            self.stream_index = (self.stream_index + 1) % 32;
        }
        Ok(out)
    }

    fn node(&mut self, index: usize) -> Result<Node, XqfError> {
        let record = self.take(4, index)?;
        let tag = record[2];
        let plain = self.keys.version < 11;
        let comment = if plain || tag & 0x20 != 0 {
            let len = self.take(4, index)?;
            let mut len = i64::from(i32::from_le_bytes([len[0], len[1], len[2], len[3]]));
            len -= self.keys.comment;
            if len > 0 {
                let len = usize::try_from(len).map_err(|_| XqfError::CutShort { node: index })?;
                let text = decode(&self.take(len, index)?);
                Some(text.trim().to_string()).filter(|t| !t.is_empty())
            } else {
                None
            }
        } else {
            None
        };
        Ok(Node {
            from: record[0].wrapping_sub(24).wrapping_sub(self.keys.from),
            to: record[1].wrapping_sub(32).wrapping_sub(self.keys.to),
            has_next: if plain {
                tag & 0xF0 != 0
            } else {
                tag & 0x80 != 0
            },
            has_alternative: !plain && tag & 0x40 != 0,
            comment,
        })
    }

    /// Reads the whole tree, depth first, keeping the line of first moves.
    fn main_line(&mut self) -> Result<MainLine, XqfError> {
        let mut line = MainLine {
            foreword: None,
            moves: Vec::new(),
            comments: Vec::new(),
            variations: 0,
        };
        // Nodes still to read, each with whether it is on the main line and
        // whether it stands in a main move's place (a variation's first
        // move); the root (no move) first.
        let mut pending = vec![(true, true)];
        let mut index = 0;
        while let Some((on_main, main_level)) = pending.pop() {
            let node = self.node(index)?;
            if on_main && index == 0 {
                line.foreword = node.comment;
            } else if on_main {
                let (Some(from), Some(to)) = (square(node.from), square(node.to)) else {
                    return Err(XqfError::BadMove {
                        ply: line.moves.len() + 1,
                        why: "a square off the board".into(),
                    });
                };
                line.moves.push((from, to));
                line.comments.push(node.comment);
            }
            // The alternative is read after the line that follows this move.
            if node.has_alternative {
                line.variations += usize::from(main_level);
                pending.push((false, main_level));
            }
            if node.has_next {
                pending.push((on_main, on_main));
            }
            index += 1;
        }
        Ok(line)
    }
}
