//! The training-data format: records written and read back are the same
//! positions and labels, in chunks of any size; appending adds to a file;
//! a file of another kind, version or record size, or one cut short, is
//! refused with an error, and appending repairs a cut-short end.

use chuhan::core::GameResult;
use chuhan::learn::data::format::{
    DataError, DataFileError, DataReader, DataWriter, Record, HEADER_LEN, RECORD_LEN,
};
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
    let back = DataReader::open(&path).unwrap().read_all().unwrap();
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
    let back = DataReader::open(&path).unwrap().read_all().unwrap();
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
    let back = DataReader::open(&path).unwrap().read_all().unwrap();
    assert_eq!(back, records[..records.len() - 1]);
    let _ = std::fs::remove_file(&path);
}
