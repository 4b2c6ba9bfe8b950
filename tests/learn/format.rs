//! The training-data format: records written and read back are the same
//! positions and labels, in chunks of any size; appending adds to a file;
//! a file of another kind, version or record size, or one cut short, is
//! refused with an error, and appending repairs a cut-short end. The same
//! for version 2, the game file: records written as games read back record
//! for record, in under four bytes a position.

use chuhan::core::GameResult;
use chuhan::learn::data::format::{
    DataError, DataFileError, DataReader, DataWriter, Record, HEADER_LEN, RECORD_LEN,
};
use chuhan::learn::data::games::{GameWriter, Recipe};
use chuhan::learn::data::sink::{RecordSink, Version};
use chuhan::learn::data::source::RecordStream;
use chuhan::random::Rng;
use chuhan::Position;
use std::path::PathBuf;

fn temp_file(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("chuhan-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// Records of a random game (seeded), with labels that vary in every field.
fn game_records(seed: u64, plies: usize) -> Vec<Record> {
    let mut pos = Position::startpos();
    let mut rng = Rng::new(seed);
    let mut records = Vec::new();
    for ply in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // One draw picks the move and the score, so `game_hashes` replays
        // the same game with `below`.
        let draw = rng.next_u64();
        let mv = moves[(draw % moves.len() as u64) as usize];
        let result = [GameResult::BlackWins, GameResult::Draw, GameResult::RedWins][ply % 3];
        let score = ((draw >> 17) as i16).wrapping_mul(7);
        records.push(Record::new(
            &pos,
            score,
            pos.piece_at(mv.to()).is_some(),
            result,
            ply as u16 * 3,
        ));
        pos.make(mv);
    }
    records
}

/// The hashes of the positions [`game_records`] records.
fn game_hashes(seed: u64, plies: usize) -> Vec<u64> {
    let mut pos = Position::startpos();
    let mut rng = Rng::new(seed);
    let mut hashes = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        hashes.push(pos.hash());
        pos.make(moves[rng.below(moves.len() as u64) as usize]);
    }
    hashes
}

#[test]
fn records_round_trip_with_their_positions_and_labels() {
    let path = temp_file("round-trip.bin");
    let records: Vec<Record> = (1..=8).flat_map(|seed| game_records(seed, 150)).collect();
    assert!(records.iter().any(|r| r.in_check) && records.iter().any(|r| r.best_move_captures));
    let mut writer = DataWriter::append(&path).unwrap();
    assert_eq!(writer.existing, 0);
    writer.write(&records).unwrap();
    writer.flush().unwrap();
    drop(writer);
    let bytes = std::fs::metadata(&path).unwrap().len() as usize;
    assert_eq!(bytes, HEADER_LEN + records.len() * RECORD_LEN);

    for chunk in [1, 7, 1000, records.len() + 5] {
        let mut reader = DataReader::open(&path).unwrap();
        assert_eq!(reader.len, records.len() as u64);
        let mut back = Vec::new();
        loop {
            let part = reader.next_chunk(chunk).unwrap();
            if part.is_empty() {
                break;
            }
            assert!(part.len() <= chunk);
            back.extend(part);
        }
        assert_eq!(back, records, "chunks of {chunk}");
    }
    // The positions come back too: same pieces, same side to move.
    let back = RecordStream::open(&path).unwrap().read_all().unwrap();
    let hashes: Vec<u64> = (1..=8).flat_map(|seed| game_hashes(seed, 150)).collect();
    let back_hashes: Vec<u64> = back.iter().map(|r| r.position().unwrap().hash()).collect();
    assert_eq!(back_hashes, hashes);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn appending_adds_to_the_records_already_there() {
    let path = temp_file("append.bin");
    let first = game_records(3, 40);
    let second = game_records(4, 60);
    for part in [&first, &second] {
        let mut writer = DataWriter::append(&path).unwrap();
        writer.write(part).unwrap();
        writer.flush().unwrap();
    }
    let writer = DataWriter::append(&path).unwrap();
    assert_eq!(writer.existing, (first.len() + second.len()) as u64);
    drop(writer);
    let back = RecordStream::open(&path).unwrap().read_all().unwrap();
    assert_eq!(back, [first, second].concat());
    let _ = std::fs::remove_file(&path);
}

fn data_error(result: Result<DataReader, DataFileError>) -> DataError {
    match result {
        Err(DataFileError::Data { error, .. }) => error,
        Err(other) => panic!("expected a data error, got {other}"),
        Ok(_) => panic!("expected an error"),
    }
}

#[test]
fn foreign_files_are_refused_and_a_cut_short_end_is_repaired_on_append() {
    let path = temp_file("bad.bin");
    let records = game_records(5, 10);
    let mut writer = DataWriter::append(&path).unwrap();
    writer.write(&records).unwrap();
    writer.flush().unwrap();
    drop(writer);
    let good = std::fs::read(&path).unwrap();

    let mut other = good.clone();
    other[..8].copy_from_slice(b"CHUHANBK");
    std::fs::write(&path, &other).unwrap();
    assert_eq!(
        data_error(DataReader::open(&path)),
        DataError::NotTrainingData
    );
    assert!(
        DataWriter::append(&path).is_err(),
        "never appends to a foreign file"
    );

    let mut version = good.clone();
    version[8] = 9;
    std::fs::write(&path, &version).unwrap();
    assert_eq!(
        data_error(DataReader::open(&path)),
        DataError::UnsupportedVersion(9)
    );

    let mut size = good.clone();
    size[10] = 32;
    std::fs::write(&path, &size).unwrap();
    assert_eq!(
        data_error(DataReader::open(&path)),
        DataError::WrongRecordSize(32)
    );

    let mut bad_record = good.clone();
    bad_record[HEADER_LEN + RECORD_LEN + 36] = 7; // the second record's result
    std::fs::write(&path, &bad_record).unwrap();
    let mut reader = DataReader::open(&path).unwrap();
    match reader.next_chunk(10) {
        Err(DataFileError::Data {
            error: DataError::BadRecord { index: 1, .. },
            ..
        }) => {}
        other => panic!("expected record 1 to be refused, got {other:?}"),
    }

    let cut = &good[..good.len() - 3];
    std::fs::write(&path, cut).unwrap();
    assert!(matches!(
        data_error(DataReader::open(&path)),
        DataError::CutShort { .. }
    ));
    let writer = DataWriter::append(&path).unwrap();
    assert_eq!(writer.existing, records.len() as u64 - 1);
    drop(writer);
    let back = RecordStream::open(&path).unwrap().read_all().unwrap();
    assert_eq!(back, records[..records.len() - 1]);
    let _ = std::fs::remove_file(&path);
}

/// Records written as games (version 2) and read back as records.
fn through_games(records: &[Record], name: &str) -> (Vec<Record>, usize) {
    let path = temp_file(name);
    let recipe = Recipe::default().with("seed", 1);
    let mut sink = RecordSink::create(&path, Version::Games, &recipe).unwrap();
    // In pieces, as merge and convert hand them.
    for part in records.chunks(37) {
        sink.write(part).unwrap();
    }
    sink.finish().unwrap();
    let bytes = std::fs::metadata(&path).unwrap().len() as usize;
    let mut stream = RecordStream::open(&path).unwrap();
    let mut back = Vec::new();
    loop {
        let part = stream.next_chunk(11).unwrap();
        if part.is_empty() {
            break;
        }
        assert!(part.len() <= 11);
        back.extend(part);
    }
    let _ = std::fs::remove_file(&path);
    (back, bytes)
}

#[test]
fn records_round_trip_through_games_whatever_their_order() {
    // Plies that step by three, results that change every record, scores
    // that jump: every record starts a game of its own, and still reads back.
    let odd: Vec<Record> = (1..=3).flat_map(|seed| game_records(seed, 60)).collect();
    assert_eq!(through_games(&odd, "odd.bin").0, odd);

    // Games as datagen writes them: one result, plies one apart, a few
    // positions left out (a mate score) and some repeated by a merge.
    let mut real = Vec::new();
    for seed in 10..16u64 {
        let result =
            [GameResult::RedWins, GameResult::Draw, GameResult::BlackWins][seed as usize % 3];
        let mut pos = Position::startpos();
        let mut rng = Rng::new(seed);
        let mut score = 0i16;
        for ply in 0..120u16 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            score = score.saturating_add(rng.below(41) as i16 - 20);
            if rng.below(10) != 0 {
                let captures = pos.piece_at(mv.to()).is_some();
                real.push(Record::new(&pos, score, captures, result, ply + 4));
            }
            pos.make(mv);
        }
    }
    let (back, bytes) = through_games(&real, "real.bin");
    assert_eq!(back, real);
    let per_record = bytes as f64 / real.len() as f64;
    assert!(per_record < 4.0, "{per_record:.2} bytes a record");
}

#[test]
fn a_game_file_refuses_damage_and_other_recipes_and_resumes_after_a_cut() {
    let path = temp_file("games-damage.bin");
    let recipe = Recipe::default().with("seed", 7);
    let records: Vec<Record> = game_records(5, 30);
    let mut sink = RecordSink::create(&path, Version::Games, &recipe).unwrap();
    sink.write(&records).unwrap();
    sink.finish().unwrap();
    let good = std::fs::read(&path).unwrap();

    // Another recipe is refused, and says which line differs.
    let other = Recipe::default().with("seed", 8);
    match GameWriter::append(&path, &other) {
        Err(DataFileError::Data {
            error: DataError::OtherRecipe(why),
            ..
        }) => assert_eq!(why, "seed is 7 in the file, 8 asked"),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("another recipe accepted"),
    }
    // A cut inside the last game: reading says so; appending cuts it off.
    std::fs::write(&path, &good[..good.len() - 2]).unwrap();
    let error = RecordStream::open(&path).unwrap().read_all().unwrap_err();
    assert!(matches!(
        error,
        DataFileError::Data {
            error: DataError::CutShort { .. },
            ..
        }
    ));
    let writer = GameWriter::append(&path, &recipe).unwrap();
    let kept = writer.existing.len();
    drop(writer);
    let back = RecordStream::open(&path).unwrap().read_all().unwrap();
    assert_eq!(back[..], records[..back.len()], "whole games kept");
    assert_eq!(
        kept,
        records.len() - 1,
        "one game a record here, the last cut"
    );
    // A damaged length is no cut: appending refuses and leaves the file.
    let mut damaged = good.clone();
    let header = 16 + u32::from_le_bytes(good[12..16].try_into().unwrap()) as usize;
    damaged[header..header + 4].copy_from_slice(&[0xFF, 0xFF, 0xFF, 0x7F]);
    std::fs::write(&path, &damaged).unwrap();
    assert!(matches!(
        GameWriter::append(&path, &recipe),
        Err(DataFileError::Data {
            error: DataError::BadGame { index: 0, .. },
            ..
        })
    ));
    assert_eq!(std::fs::read(&path).unwrap(), damaged);
    // A move that no position has is refused, not misread.
    let mut bad = good.clone();
    let last = bad.len() - 1;
    bad[last] = 0xFF;
    std::fs::write(&path, &bad).unwrap();
    assert!(RecordStream::open(&path).unwrap().read_all().is_err());
    let _ = std::fs::remove_file(&path);
}
