//! Every reader of outside input fuzzed: seeded mutations of real inputs
//! (bytes flipped, inserted, deleted, repeated, cut, words of the format
//! spliced in) and random bytes, `CHUHAN_FUZZ` inputs for each reader
//! (100,000 unless told; `make fuzz` runs a million). No panic, no hang, and
//! an input that is refused gets a clear error: a message, never an empty
//! one; an input that is accepted yields only legal moves and positions.
//! The match runner's reader of engine lines has its own file
//! (`engine_line_fuzz.rs`).

use crate::fuzzing;
use crate::tool_run;

use chuhan::book::BookFile;
use chuhan::core::GameResult;
use chuhan::eval::nnue::{evaluate, Network};
use chuhan::learn::data::format::{DataWriter, Record};
use chuhan::learn::data::games::Recipe;
use chuhan::learn::data::sink::{RecordSink, Version};
use chuhan::learn::data::source::RecordStream;
use chuhan::notation::{decode_text, parse_pgn, read_xqf};
use chuhan::Position;
use fuzzing::{inputs, Mutator};
use std::path::{Path, PathBuf};

fn repository_file(path: &str) -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// Games written as people write them, in each notation.
const PGN_SEEDS: &[&str] = &[
    "[Event \"ICCS\"]\n[Format \"ICCS\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 {a comment} 4. h0h6 (4. b0c2 g6g5) c6c5 1-0\n",
    "[Event \"WXF\"]\n[Format \"WXF\"]\n\n1. C2.5 H8+7 2. H2+3 R9.8 3. R1.2 H2+3 4. R2+6 C8.9 *\n",
    "[Event \"full-width WXF\"]\n[Format \"WXF\"]\n\n1. Ｃ２＝５ Ｈ８＋７ 2. Ｈ２＋３ Ｒ９＝８ 1/2-1/2\n",
    "[Event \"Chinese\"]\n[Result \"0-1\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ $1 4. 兵七进一 卒７进１ 0-1\n",
    "1. 炮二平五马８进７2. 马二进三车９平８ *\n",
    "[FEN \"3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e1e8 d9d8 2. e8e9 *\n\n[Event \"second game\"]\n\n1. c3c4 g6g5 *\n",
];

const PGN_WORDS: &[&str] = &[
    "[",
    "]",
    "\"",
    "{",
    "}",
    "(",
    ")",
    ";",
    "\n",
    " ",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "$2",
    "1.",
    "99.",
    "...",
    "h2e2",
    "a0a9",
    "C2.5",
    "R1+9",
    "+",
    "-",
    "=",
    ".",
    "炮二平五",
    "前车进一",
    "兵",
    "进",
    "退",
    "平",
    "９",
    "[FEN \"",
    "[Format \"WXF\"]",
    "[Format \"Chinese\"]",
    "[Result \"0-0\"]",
    "\u{feff}",
    "\r\n",
];

/// A game's moves replay legally from its start.
fn assert_legal_game(start: &Position, moves: &[chuhan::Move], text: &str) {
    let mut pos = start.clone();
    for &mv in moves {
        assert!(pos.is_legal(mv), "{mv} in {text:?}");
        pos.make(mv);
    }
}

#[test]
fn pgn_in_every_notation() {
    let seeds: Vec<Vec<u8>> = PGN_SEEDS.iter().map(|s| s.as_bytes().to_vec()).collect();
    let mut mutator = Mutator::new(1, PGN_WORDS);
    let (mut games, mut errors) = (0, 0);
    for n in 0..inputs() {
        let bytes = mutator.input(n, &seeds, 200);
        let text = String::from_utf8_lossy(&bytes);
        for game in parse_pgn(&text) {
            match game {
                Ok(game) => {
                    assert_legal_game(&game.start, &game.moves, &text);
                    games += 1;
                }
                Err(e) => {
                    assert!(!e.to_string().trim().is_empty(), "{text:?}");
                    errors += 1;
                }
            }
        }
    }
    println!("{games} games read, {errors} refused");
    assert!(games > 0 && errors > 0, "both kinds of input were made");
}

/// XQF files, masked and plain, and the text decoder that reads game files
/// in any encoding: a game read is legal, a refusal says why.
#[test]
fn xqf_files_and_text_in_any_encoding() {
    let seeds = vec![
        repository_file("tests/data/xqf/sample.xqf"),
        repository_file("tests/data/xqf/qixing.xqf"),
        repository_file("tests/data/ccpd/match-00004067.pgn"),
    ];
    let mut mutator = Mutator::new(9, &["XQ", "\x0a", "\x12", "\x00\x00\x00\x00"]);
    let (mut games, mut refused) = (0, 0);
    for n in 0..inputs() / 10 {
        let bytes = mutator.input(n, &seeds, 2000);
        match read_xqf(&bytes) {
            Ok(game) => {
                assert_legal_game(&game.start, &game.moves, "an XQF file");
                games += 1;
            }
            Err(e) => {
                assert!(!e.to_string().trim().is_empty());
                refused += 1;
            }
        }
        if let Err(e) = decode_text(&bytes, None) {
            assert!(!e.to_string().is_empty());
        }
    }
    println!("{games} XQF games read, {refused} refused");
    assert!(games > 0 && refused > 0, "both kinds of input were made");
}

/// One line per game out of `chuhan judge --json`, a ruling or an error,
/// for a file of damaged position lines; and the same tool on damaged PGN.
#[test]
fn judge_lines_and_games_through_the_tool() {
    let seeds: Vec<Vec<u8>> = [
        "startpos moves h2e2 h9g7 h0g2 i9h9",
        "fen 3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1 moves e1e8 d9d8 e8e9 d8d9",
        "position startpos moves h2e2 h7e7 e2e6 e7e3",
        "startpos moves b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    let words = [
        "moves", "fen", "startpos", "position", " ", "w", "b", "-", "/", "9", "h2e2", "a0a0", "#",
    ];
    let mut mutator = Mutator::new(2, &words);
    let mut lines = vec!["startpos moves h2e2".to_string()];
    while lines.len() < inputs() {
        let n = lines.len();
        let line =
            String::from_utf8_lossy(&mutator.input(n, &seeds, 60)).replace(['\n', '\r'], " ");
        let trimmed = line.trim();
        if !trimmed.is_empty() && !trimmed.starts_with('#') {
            lines.push(line);
        }
    }
    let run = tool_run::run_with_input(&["judge", "--json"], &lines.join("\n"));
    assert_eq!(run.code, Some(0), "{}", run.err);
    let answers: Vec<&str> = run.out.lines().collect();
    assert_eq!(answers.len(), lines.len(), "one answer a line");
    for (answer, line) in answers.iter().zip(&lines) {
        assert!(
            answer.starts_with("{\"verdict\":\"") || answer.starts_with("{\"error\":\""),
            "{line:?} -> {answer}"
        );
        assert!(
            !answer.starts_with("{\"error\":\"\""),
            "{line:?} -> {answer}"
        );
    }
    // Damaged PGN through `judge`, `convert` and `analyse` (which searches
    // every position: fewer games, 10 nodes a move): the tools go on to
    // the end.
    let seeds: Vec<Vec<u8>> = PGN_SEEDS.iter().map(|s| s.as_bytes().to_vec()).collect();
    let mut mutator = Mutator::new(3, PGN_WORDS);
    let games: Vec<String> = (1..=inputs() / 20)
        .map(|n| String::from_utf8_lossy(&mutator.input(n, &seeds, 200)).into_owned() + "\n\n")
        .collect();
    let pgn = games.concat();
    let few = games[..inputs() / 500].concat();
    let tools: [(&[&str], &str); 3] = [
        (&["judge"], &pgn),
        (&["convert", "--to", "iccs"], &pgn),
        (&["analyse", "--nodes", "10", "-"], &few),
    ];
    for (args, pgn) in tools {
        let run = tool_run::run_with_input(args, pgn);
        assert!(
            matches!(run.code, Some(0) | Some(1)),
            "{args:?}: {:?} {}",
            run.code,
            run.err
        );
        assert!(!run.err.contains("panicked"), "{args:?}: {}", run.err);
    }
}

/// A small book of ours: the shipped book's header and first entries.
fn small_book() -> Vec<u8> {
    const ENTRIES: usize = 40;
    let full = repository_file("book/chuhan.book");
    let mut book = full[..16 + 12 * ENTRIES].to_vec();
    book[12..16].copy_from_slice(&(ENTRIES as u32).to_le_bytes());
    book
}

#[test]
fn books_of_both_formats() {
    let seeds = vec![
        small_book(),
        repository_file("tests/data/small-elephanteye.dat"),
    ];
    let path = PathBuf::from("fuzzed.book");
    let start = Position::startpos();
    let mut after_cannon = start.clone();
    after_cannon.make("h2e2".parse().unwrap());
    let mut mutator = Mutator::new(4, &["CHUHANBK", "\u{1}\u{0}", "\u{0}\u{0}\u{0}\u{0}"]);
    let (mut books, mut errors) = (0, 0);
    for n in 0..inputs() {
        let data = mutator.input(n, &seeds, 120);
        match BookFile::from_bytes(&path, &data) {
            Ok(book) => {
                for pos in [&start, &after_cannon] {
                    assert!(book.candidates(pos).iter().all(|c| pos.is_legal(c.mv)));
                }
                books += 1;
            }
            Err(e) => {
                assert!(!e.to_string().trim().is_empty());
                errors += 1;
            }
        }
    }
    println!("{books} books read, {errors} refused");
    assert!(books > 0 && errors > 0);
}

#[test]
fn network_files() {
    let mut bytes = repository_file("src/eval/nnue/chuhan.nnue");
    let mut mutator = Mutator::new(5, &[]);
    let start = Position::startpos();
    let (mut accepted, mut refused) = (0, 0);
    for n in 0..inputs() {
        let result = match n % 4 {
            // A byte damaged in place (the header more often than not),
            // then mended for the next input.
            0 | 1 => {
                let at = if n % 4 == 0 {
                    mutator.below(64)
                } else {
                    mutator.below(bytes.len())
                };
                let old = bytes[at];
                bytes[at] ^= 1 << mutator.below(8);
                let result = Network::from_bytes(&bytes);
                bytes[at] = old;
                result
            }
            2 => Network::from_bytes(&bytes[..mutator.below(bytes.len())]),
            _ => {
                let mut head = bytes[..64].to_vec();
                head.extend(mutator.random_bytes(64));
                Network::from_bytes(&head)
            }
        };
        match result {
            Ok(net) => {
                let _ = evaluate(&net, &start);
                accepted += 1;
            }
            Err(e) => {
                assert!(!e.to_string().trim().is_empty());
                refused += 1;
            }
        }
    }
    println!("{accepted} networks read, {refused} refused");
    assert!(refused > 0);
}

#[test]
fn training_data_files() {
    let dir = std::env::temp_dir().join(format!("chuhan-fuzz-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let clean = dir.join("clean.bin");
    let mut pos = Position::startpos();
    let mut records = Vec::new();
    for (ply, mv) in ["h2e2", "h9g7", "h0g2", "i9h9"].iter().enumerate() {
        records.push(Record::new(&pos, 20, false, GameResult::Draw, ply as u16));
        pos.make(mv.parse().unwrap());
    }
    let mut writer = DataWriter::append(&clean).unwrap();
    writer.write(&records).unwrap();
    writer.flush().unwrap();
    drop(writer);
    // The same records as games (format version 2), with a recipe.
    let games = dir.join("clean-games.bin");
    let _ = std::fs::remove_file(&games);
    let recipe = Recipe::default().with("seed", 1);
    let mut sink = RecordSink::create(&games, Version::Games, &recipe).unwrap();
    sink.write(&records).unwrap();
    sink.finish().unwrap();
    let seeds = vec![
        std::fs::read(&clean).unwrap(),
        std::fs::read(&games).unwrap(),
    ];
    let mut mutator = Mutator::new(6, &["CHUHANTD", "\u{1}\u{0}", "\u{2}\u{0}", "\u{28}\u{0}"]);
    let file = dir.join("fuzzed.bin");
    let (mut read, mut refused) = (0, 0);
    for n in 0..inputs() {
        std::fs::write(&file, mutator.input(n, &seeds, 200)).unwrap();
        match RecordStream::open(&file).and_then(|mut stream| stream.read_all()) {
            Ok(records) => {
                for record in records {
                    // A record names a position or says why it cannot.
                    if let Err(why) = record.position() {
                        assert!(!why.to_string().trim().is_empty());
                    }
                }
                read += 1;
            }
            Err(e) => {
                assert!(!e.to_string().trim().is_empty());
                refused += 1;
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    println!("{read} files read, {refused} refused");
    assert!(read > 0 && refused > 0);
}
