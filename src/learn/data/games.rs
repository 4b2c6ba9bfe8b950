//! The game file, version 2 of the training data: whole games rather than
//! loose positions, so that a position costs about three bytes instead of
//! version 1's forty ([`super::format`]). A game is its first position, then
//! for each position its score and flags and the move to the next, and the
//! game's result; the positions are replayed on reading. A header carries
//! the recipe that made the file, so a shard says how to make it again.
//!
//! All fixed-size integers are little-endian. A *varint* is LEB128: seven
//! bits a byte, low bits first, the top bit set on every byte but the last.
//!
//! ```text
//! header:
//! offset 0   8 bytes  magic "CHUHANTD" (version 1's)
//! offset 8   u16      format version (2)
//! offset 10  u16      0 (games have no fixed size)
//! offset 12  u32      the recipe's length R in bytes
//! offset 16  R bytes  the recipe: UTF-8 lines "key = value", how the file
//!                     was made (see `Recipe`)
//!
//! then games, one after another, as many as the file holds; each:
//! varint   the length in bytes of the rest of the game (so a reader can
//!          tell a game cut short by a killed writer)
//! varint   the game's index in the run that played it (datagen's game
//!          number, which seeds it; a count from 0 in converted files)
//! u8       the result: 0 Black won, 1 draw, 2 Red won
//! u16      the first position's ply (half-moves since the standard start)
//! 33 bytes the first position: its 32 piece slots and side to move, laid
//!          out as bytes 0-32 of a version 1 record
//! varint   N, the positions of the game (at least 1)
//! N times, one per position in the order played:
//!   varint   (zigzag(score - previous score) << 2) | flags, where score is
//!            the search's score in centipawns from Red's view (an i16), the
//!            previous score is the game's position before's (0 before the
//!            first), zigzag(d) = 2d for d >= 0 and -2d - 1 below; flags bit
//!            0: the position is a training record (positions without an
//!            evaluation, or left out as repeated, are kept only to carry
//!            the game on), bit 1: the search's best move captures
//!   u8       (every position but the last) the move played from it: its
//!            place among the position's legal moves ordered by from
//!            square, then to square (square index rank * 9 + file)
//! ```
//!
//! Scores of one game move little from one position to the next, so most
//! take one or two bytes; a move takes one.

use super::damage::GameDecodeError;
use super::format::{
    check_header, open_head, open_to_add, result_code, result_from_code, DataError, DataFileError,
    Record, GAMES_VERSION, HEADER_LEN, MAGIC, RECORD_LEN,
};
use crate::core::{GameResult, Move, Position};
use std::fmt;
use std::fs;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

const FLAG_RECORD: u64 = 1;
const FLAG_CAPTURE: u64 = 2;
/// The bytes of a first position: the piece slots and the side to move.
const START_LEN: usize = 33;
/// No game of Xiangqi lasts this long; a length past it is a damaged file.
const MAX_GAME_BYTES: u64 = 1 << 24;

/// How a file was made: `key = value` lines in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recipe {
    pub entries: Vec<(String, String)>,
}

impl Recipe {
    /// Adds a line; a value's line breaks become spaces.
    pub fn with(mut self, key: &str, value: impl fmt::Display) -> Recipe {
        let value = value.to_string().replace(['\n', '\r'], " ");
        self.entries.push((key.to_string(), value));
        self
    }

    /// The value of `key`, if the recipe has it.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Reads the lines written by `Display`; a line without ` = ` is refused.
    pub fn parse(text: &str) -> Result<Recipe, DataError> {
        let mut recipe = Recipe::default();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (key, value) = line.split_once(" = ").ok_or_else(|| {
                DataError::BadRecipe(format!("recipe line without ' = ': {line:?}"))
            })?;
            recipe.entries.push((key.to_string(), value.to_string()));
        }
        Ok(recipe)
    }
}

impl fmt::Display for Recipe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (key, value) in &self.entries {
            writeln!(f, "{key} = {value}")?;
        }
        Ok(())
    }
}

/// One position of a game, without the position itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The search's score in centipawns, from Red's view.
    pub score: i16,
    /// Whether the position is a training record.
    pub record: bool,
    /// Whether the search's best move captures.
    pub captures: bool,
}

/// A game as the file holds it.
#[derive(Clone)]
pub struct TrainingGame {
    /// Its index in the run that played it.
    pub index: u64,
    pub result: GameResult,
    /// The first position (its history is not kept).
    pub start: Position,
    pub start_ply: u16,
    /// One per position, the first position's first.
    pub entries: Vec<Entry>,
    /// The move from each position to the next: one fewer than entries.
    pub moves: Vec<Move>,
}

/// Two games are the same when they would be written as the same bytes.
impl PartialEq for TrainingGame {
    fn eq(&self, other: &TrainingGame) -> bool {
        self.encode() == other.encode()
    }
}

impl fmt::Debug for TrainingGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TrainingGame")
            .field("index", &self.index)
            .field("result", &self.result)
            .field("start", &self.start.to_fen())
            .field("start_ply", &self.start_ply)
            .field("entries", &self.entries)
            .field("moves", &self.moves)
            .finish()
    }
}

impl TrainingGame {
    /// The training records of the game, in order: the positions whose
    /// entry is a record, as version 1 holds them.
    pub fn records(&self) -> Vec<Record> {
        let mut records = Vec::with_capacity(self.entries.len());
        let mut pos = self.start.clone();
        for (n, entry) in self.entries.iter().enumerate() {
            if entry.record {
                let ply = self.start_ply.saturating_add(n as u16);
                records.push(Record::new(
                    &pos,
                    entry.score,
                    entry.captures,
                    self.result,
                    ply,
                ));
            }
            if let Some(&mv) = self.moves.get(n) {
                pos.make(mv);
            }
        }
        records
    }

    /// How many of its positions are training records.
    pub fn record_count(&self) -> usize {
        self.entries.iter().filter(|e| e.record).count()
    }

    /// The game's bytes after its length (see the module docs).
    fn encode(&self) -> Vec<u8> {
        assert_eq!(
            self.moves.len() + 1,
            self.entries.len(),
            "a move between positions"
        );
        let mut bytes = Vec::with_capacity(48 + 3 * self.entries.len());
        put_varint(&mut bytes, self.index);
        bytes.push(result_code(self.result));
        bytes.extend_from_slice(&self.start_ply.to_le_bytes());
        let start = Record::new(&self.start, 0, false, self.result, 0).to_bytes();
        bytes.extend_from_slice(&start[..START_LEN]);
        put_varint(&mut bytes, self.entries.len() as u64);
        let mut pos = self.start.clone();
        let mut previous = 0i32;
        for (n, entry) in self.entries.iter().enumerate() {
            let flags = (u64::from(entry.record) * FLAG_RECORD)
                | (u64::from(entry.captures) * FLAG_CAPTURE);
            put_varint(
                &mut bytes,
                zigzag(entry.score as i32 - previous) << 2 | flags,
            );
            previous = entry.score as i32;
            if let Some(&mv) = self.moves.get(n) {
                let place = ordered_moves(&pos)
                    .iter()
                    .position(|&m| m == mv)
                    .expect("a game's moves are legal");
                bytes.push(place as u8);
                pos.make(mv);
            }
        }
        bytes
    }

    /// Reads a game's bytes after its length.
    fn decode(bytes: &[u8]) -> Result<TrainingGame, GameDecodeError> {
        let mut input = bytes;
        let index = take_varint(&mut input)?;
        let result = result_from_code(take_byte(&mut input)?).ok_or(GameDecodeError::ResultCode)?;
        let start_ply = u16::from_le_bytes([take_byte(&mut input)?, take_byte(&mut input)?]);
        let slots = take_bytes(&mut input, START_LEN)?;
        let mut record = [0u8; RECORD_LEN];
        record[..START_LEN].copy_from_slice(slots);
        record[36] = result_code(result);
        let start = Record::from_bytes(&record)?.position()?;
        let count = take_varint(&mut input)?;
        if count == 0 || count > input.len() as u64 {
            return Err(GameDecodeError::Positions {
                count,
                bytes: input.len(),
            });
        }
        let mut entries = Vec::with_capacity(count as usize);
        let mut moves = Vec::with_capacity(count as usize - 1);
        let mut pos = start.clone();
        let mut previous = 0i32;
        for n in 0..count {
            let word = take_varint(&mut input)?;
            let score = previous + unzigzag(word >> 2)?;
            let score = i16::try_from(score).map_err(|_| GameDecodeError::Score(score))?;
            previous = score as i32;
            entries.push(Entry {
                score,
                record: word & FLAG_RECORD != 0,
                captures: word & FLAG_CAPTURE != 0,
            });
            if n + 1 < count {
                let place = take_byte(&mut input)? as usize;
                let legal = ordered_moves(&pos);
                let mv = *legal.get(place).ok_or(GameDecodeError::MovePlace {
                    place,
                    legal: legal.len(),
                })?;
                moves.push(mv);
                pos.make(mv);
            }
        }
        if !input.is_empty() {
            return Err(GameDecodeError::TrailingBytes(input.len()));
        }
        Ok(TrainingGame {
            index,
            result,
            start,
            start_ply,
            entries,
            moves,
        })
    }
}

/// The legal moves of `pos` by from square, then to square: an order that
/// no change to move generation can change.
pub fn ordered_moves(pos: &Position) -> Vec<Move> {
    let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    moves.sort_by_key(|mv| (mv.from().index(), mv.to().index()));
    moves
}

fn zigzag(d: i32) -> u64 {
    if d >= 0 {
        2 * d as u64
    } else {
        (-2 * d as i64 - 1) as u64
    }
}

fn unzigzag(z: u64) -> Result<i32, GameDecodeError> {
    let z = i64::try_from(z).map_err(|_| GameDecodeError::ScoreChange)?;
    let d = if z % 2 == 0 { z / 2 } else { -(z + 1) / 2 };
    i32::try_from(d).map_err(|_| GameDecodeError::ScoreChange)
}

fn put_varint(bytes: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        bytes.push(value as u8 | 0x80);
        value >>= 7;
    }
    bytes.push(value as u8);
}

fn take_byte(input: &mut &[u8]) -> Result<u8, GameDecodeError> {
    let (&first, rest) = input.split_first().ok_or(GameDecodeError::EndsEarly)?;
    *input = rest;
    Ok(first)
}

fn take_bytes<'a>(input: &mut &'a [u8], n: usize) -> Result<&'a [u8], GameDecodeError> {
    if input.len() < n {
        return Err(GameDecodeError::EndsEarly);
    }
    let (head, rest) = input.split_at(n);
    *input = rest;
    Ok(head)
}

fn take_varint(input: &mut &[u8]) -> Result<u64, GameDecodeError> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = take_byte(input)?;
        value |= ((byte & 0x7F) as u64) << shift;
        if byte & 0x80 == 0 {
            return Ok(value);
        }
    }
    Err(GameDecodeError::LongVarint)
}

/// Reads a varint from a stream: `None` at a clean end (no byte at all).
fn read_varint(input: &mut impl Read) -> io::Result<Option<(u64, u64)>> {
    let (mut value, mut read) = (0u64, 0u64);
    for shift in (0..64).step_by(7) {
        let mut byte = [0u8];
        if input.read(&mut byte)? == 0 {
            return match read {
                0 => Ok(None),
                _ => Err(io::ErrorKind::UnexpectedEof.into()),
            };
        }
        read += 1;
        value |= ((byte[0] & 0x7F) as u64) << shift;
        if byte[0] & 0x80 == 0 {
            return Ok(Some((value, read)));
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidData,
        "varint too long",
    ))
}

/// Whether a file's first 16 bytes say it is a game file.
pub(super) fn is_game_file(head: &[u8; HEADER_LEN]) -> bool {
    &head[..8] == MAGIC && u16::from_le_bytes([head[8], head[9]]) == GAMES_VERSION
}

fn header(recipe: &Recipe) -> Vec<u8> {
    let text = recipe.to_string();
    let mut bytes = Vec::with_capacity(HEADER_LEN + text.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&GAMES_VERSION.to_le_bytes());
    bytes.extend_from_slice(&0u16.to_le_bytes());
    bytes.extend_from_slice(&(text.len() as u32).to_le_bytes());
    bytes.extend_from_slice(text.as_bytes());
    bytes
}

/// Reads the header after its first 16 bytes (`head`, already read and
/// known to say version 2): the recipe.
fn read_recipe(head: &[u8; HEADER_LEN], input: &mut impl Read) -> Result<Recipe, DataError> {
    let length = u32::from_le_bytes(head[12..16].try_into().expect("4 bytes")) as usize;
    let mut text = vec![0u8; length];
    input
        .read_exact(&mut text)
        .map_err(|_| DataError::CutShort {
            bytes: HEADER_LEN as u64,
        })?;
    let text = String::from_utf8(text).map_err(|_| DataError::BadRecipe("not UTF-8".into()))?;
    Recipe::parse(&text)
}

/// Reads the games of a version 2 file one at a time.
pub struct GameReader {
    input: BufReader<fs::File>,
    path: PathBuf,
    pub recipe: Recipe,
    /// Games read so far.
    games: u64,
    /// Bytes read so far: where the next game starts.
    offset: u64,
}

impl GameReader {
    /// Opens a file whose first 16 bytes, `head`, say version 2, with
    /// `input` just after them.
    pub(super) fn after_head(
        path: &Path,
        head: &[u8; HEADER_LEN],
        input: fs::File,
    ) -> Result<GameReader, DataFileError> {
        let mut input = BufReader::new(input);
        let recipe = read_recipe(head, &mut input).map_err(|error| DataFileError::Data {
            path: path.to_path_buf(),
            error,
        })?;
        let recipe_length = u32::from_le_bytes(head[12..16].try_into().expect("4 bytes"));
        let offset = HEADER_LEN as u64 + recipe_length as u64;
        Ok(GameReader {
            input,
            path: path.to_path_buf(),
            recipe,
            games: 0,
            offset,
        })
    }

    /// The next game; `None` at the end of the file.
    pub fn next_game(&mut self) -> Result<Option<TrainingGame>, DataFileError> {
        let (path, index) = (self.path.clone(), self.games);
        let data_error = |error| DataFileError::Data {
            path: path.clone(),
            error,
        };
        let bad_game = |why| data_error(DataError::BadGame { index, why });
        let cut_short = |bytes| data_error(DataError::CutShort { bytes });
        let length = match read_varint(&mut self.input) {
            Ok(None) => return Ok(None),
            Ok(Some((length, read))) if length <= MAX_GAME_BYTES => {
                self.offset += read;
                length
            }
            // Damage, not a cut: a writer resuming must not cut the file here.
            Ok(Some((length, _))) => return Err(bad_game(GameDecodeError::TooLong(length))),
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                return Err(cut_short(self.offset))
            }
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                return Err(bad_game(GameDecodeError::LongLength))
            }
            Err(error) => return Err(DataFileError::Io { path, error }),
        };
        let mut body = vec![0u8; length as usize];
        if self.input.read_exact(&mut body).is_err() {
            return Err(cut_short(self.offset));
        }
        self.offset += length;
        let game = TrainingGame::decode(&body).map_err(bad_game)?;
        self.games += 1;
        Ok(Some(game))
    }
}

/// Appends games to a version 2 file.
pub struct GameWriter {
    out: BufWriter<fs::File>,
    path: PathBuf,
    /// The games the file held before this writer opened it, in order.
    pub existing: Vec<TrainingGame>,
}

impl GameWriter {
    /// Opens `path` to add games made by `recipe`: a new or empty file gets
    /// the recipe's header; an existing one must carry the same recipe, and
    /// a game cut short at its end (a run killed while writing) is cut off.
    pub fn append(path: impl AsRef<Path>, recipe: &Recipe) -> Result<GameWriter, DataFileError> {
        let path = path.as_ref().to_path_buf();
        let io_error = |error| DataFileError::Io {
            path: path.clone(),
            error,
        };
        let mut file = open_to_add(&path)?;
        let mut existing = Vec::new();
        if file.metadata().map_err(io_error)?.len() == 0 {
            file.write_all(&header(recipe)).map_err(io_error)?;
        } else {
            let (input, head) = open_head(&path)?;
            if !is_game_file(&head) {
                // Version 1's records, or no training data at all.
                let error = check_header(&head)
                    .err()
                    .unwrap_or(DataError::RecordsNotGames);
                return Err(DataFileError::Data { path, error });
            }
            let mut reader = GameReader::after_head(&path, &head, input)?;
            if reader.recipe != *recipe {
                return Err(DataFileError::Data {
                    path,
                    error: DataError::OtherRecipe(first_difference(&reader.recipe, recipe)),
                });
            }
            let whole = loop {
                let before = reader.offset;
                match reader.next_game() {
                    Ok(Some(game)) => existing.push(game),
                    Ok(None) => break before,
                    Err(DataFileError::Data {
                        error: DataError::CutShort { .. },
                        ..
                    }) => break before,
                    Err(e) => return Err(e),
                }
            };
            file.set_len(whole).map_err(io_error)?;
            file.seek(SeekFrom::Start(whole)).map_err(io_error)?;
        }
        Ok(GameWriter {
            out: BufWriter::new(file),
            path,
            existing,
        })
    }

    pub fn write(&mut self, game: &TrainingGame) -> Result<(), DataFileError> {
        let body = game.encode();
        let mut bytes = Vec::with_capacity(body.len() + 4);
        put_varint(&mut bytes, body.len() as u64);
        bytes.extend_from_slice(&body);
        self.out
            .write_all(&bytes)
            .map_err(|error| DataFileError::Io {
                path: self.path.clone(),
                error,
            })
    }

    /// Writes out what is buffered, so the file holds whole games only.
    pub fn flush(&mut self) -> Result<(), DataFileError> {
        self.out.flush().map_err(|error| DataFileError::Io {
            path: self.path.clone(),
            error,
        })
    }
}

/// The first line where two recipes differ, for a refusal to mix them.
fn first_difference(file: &Recipe, asked: &Recipe) -> String {
    for (key, value) in &asked.entries {
        match file.get(key) {
            Some(v) if v == value => {}
            Some(v) => return format!("{key} is {v} in the file, {value} asked"),
            None => return format!("{key} is not in the file's recipe"),
        }
    }
    match file.entries.iter().find(|(k, _)| asked.get(k).is_none()) {
        Some((key, _)) => format!("{key} is in the file's recipe only"),
        None => "the lines are in another order".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_and_zigzag_round_trip() {
        for value in [0u64, 1, 127, 128, 300, 1 << 35, u64::MAX] {
            let mut bytes = Vec::new();
            put_varint(&mut bytes, value);
            assert_eq!(take_varint(&mut &bytes[..]), Ok(value));
        }
        for d in [0, 1, -1, 63, -64, 65535, -65536] {
            assert_eq!(unzigzag(zigzag(d)), Ok(d));
        }
        assert_eq!(zigzag(-1), 1);
        assert_eq!(zigzag(1), 2);
    }

    #[test]
    fn a_recipe_reads_back() {
        let recipe = Recipe::default().with("seed", 5).with("network", "abc = d");
        assert_eq!(Recipe::parse(&recipe.to_string()), Ok(recipe.clone()));
        assert_eq!(recipe.get("network"), Some("abc = d"));
    }
}
