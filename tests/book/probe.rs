//! Our own book through the library: writing, mirror lookup, several files,
//! bans, seeded choice, and damaged files.

use chuhan::book::{write_book, BookBuilder, BookError, BookFile, Books, Randomness};
use chuhan::core::GameResult;
use chuhan::random::Rng;
use chuhan::{Move, Position};
use std::path::PathBuf;

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn after(moves: &[&str]) -> Position {
    let mut pos = Position::startpos();
    for m in moves {
        pos.try_play(mv(m)).unwrap();
    }
    pos
}

/// A scratch file unique to this test run.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chuhan-book-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn write(name: &str, builder: &BookBuilder) -> PathBuf {
    let path = scratch(name);
    let mut bytes = Vec::new();
    write_book(&mut bytes, &builder.entries(1)).unwrap();
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Start: h2e2 won twice, h0g2 drew once, g3g4 lost once. After h2e2, Black's
/// h9g7 won once. After b2e2 (the mirror line) nothing is stored.
fn small_book() -> BookBuilder {
    let mut b = BookBuilder::new();
    let start = Position::startpos();
    b.add_game_move(&start, mv("h2e2"), GameResult::RedWins);
    b.add_game_move(&start, mv("h2e2"), GameResult::RedWins);
    b.add_game_move(&start, mv("h0g2"), GameResult::Draw);
    b.add_game_move(&start, mv("g3g4"), GameResult::BlackWins);
    b.add_game_move(&after(&["h2e2"]), mv("h9g7"), GameResult::BlackWins);
    b
}

#[test]
fn weights_come_from_results_and_mirror_images_are_found() {
    let book = BookFile::open(write("small.book", &small_book())).unwrap();
    let start: Vec<(String, u16)> = book
        .candidates(&Position::startpos())
        .iter()
        .map(|c| (c.mv.to_string(), c.weight))
        .collect();
    assert!(start.contains(&("h2e2".into(), 4)), "{start:?}");
    assert!(start.contains(&("h0g2".into(), 1)), "{start:?}");
    assert!(start.contains(&("g3g4".into(), 0)), "{start:?}");
    let right = book.candidates(&after(&["h2e2"]));
    assert_eq!(right.len(), 1);
    assert_eq!(right[0].mv, mv("h9g7"));
    // Stored once, found from the mirror image with the move mirrored.
    let left = book.candidates(&after(&["b2e2"]));
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].mv, mv("b9c7"));
    assert!(book.candidates(&after(&["h2e2", "h9g7"])).is_empty());
}

#[test]
fn none_plays_the_heaviest_and_a_seed_repeats_the_draws() {
    let books = Books::open(&[write("choice.book", &small_book())]).unwrap();
    let start = Position::startpos();
    let mut rng = Rng::new(1);
    let best = books
        .probe(&start, &[], Randomness::None, &mut rng)
        .unwrap();
    assert_eq!(best.mv, mv("h2e2"));
    assert_eq!((best.weight, best.total_weight, best.choices), (4, 5, 2));
    assert!(best
        .to_string()
        .starts_with("h2e2 weight 4/5 of 2 moves from "));
    let draws = |seed| {
        let mut rng = Rng::new(seed);
        (0..12)
            .map(|_| {
                let m = books
                    .probe(&start, &[], Randomness::Medium, &mut rng)
                    .unwrap();
                m.mv.to_string()
            })
            .collect::<Vec<_>>()
    };
    let first = draws(42);
    assert_eq!(first, draws(42));
    assert!(
        first.iter().all(|m| m == "h2e2" || m == "h0g2"),
        "{first:?}"
    );
    assert!(first.contains(&"h0g2".to_string()) && first.contains(&"h2e2".to_string()));
    // g3g4 only lost: weight 0, never chosen.
    assert!(!first.contains(&"g3g4".to_string()));
}

#[test]
fn banned_moves_are_never_played() {
    let books = Books::open(&[write("ban.book", &small_book())]).unwrap();
    let start = Position::startpos();
    let mut rng = Rng::new(3);
    let m = books
        .probe(&start, &[mv("h2e2")], Randomness::None, &mut rng)
        .unwrap();
    assert_eq!(m.mv, mv("h0g2"));
    for _ in 0..50 {
        let m = books
            .probe(&start, &[mv("h2e2")], Randomness::Large, &mut rng)
            .unwrap();
        assert_eq!(m.mv, mv("h0g2"));
    }
    assert!(books
        .probe(
            &start,
            &[mv("h2e2"), mv("h0g2")],
            Randomness::None,
            &mut rng
        )
        .is_none());
}

#[test]
fn the_first_book_with_a_move_wins() {
    let mut other = BookBuilder::new();
    other.add_game_move(&Position::startpos(), mv("c3c4"), GameResult::RedWins);
    other.add_game_move(&after(&["h2e2", "h9g7"]), mv("h0g2"), GameResult::RedWins);
    let first = write("first.book", &small_book());
    let second = write("second.book", &other);
    let list = format!("{};{}", first.display(), second.display());
    let books = Books::open(&Books::parse_list(&list)).unwrap();
    let mut rng = Rng::new(0);
    let at_start = books
        .probe(&Position::startpos(), &[], Randomness::None, &mut rng)
        .unwrap();
    assert_eq!(
        (at_start.mv, at_start.file.clone()),
        (mv("h2e2"), first.clone())
    );
    // The first book is out of moves here, so the second answers.
    let deeper = books
        .probe(&after(&["h2e2", "h9g7"]), &[], Randomness::None, &mut rng)
        .unwrap();
    assert_eq!((deeper.mv, deeper.file), (mv("h0g2"), second));
    // Everything in the first book banned: the second book is asked.
    let banned = [mv("h2e2"), mv("h0g2")];
    let m = books
        .probe(&Position::startpos(), &banned, Randomness::None, &mut rng)
        .unwrap();
    assert_eq!(m.mv, mv("c3c4"));
}

#[test]
fn an_illegal_book_move_is_dropped() {
    // A damaged book or a key collision: an entry under the start key whose
    // move is not legal there (the chariot cannot pass its own pawn).
    let start = Position::startpos();
    let entries = [
        chuhan::book::BookEntry {
            key: chuhan::book::book_key(&start, false),
            mv: mv("a0a5"),
            weight: 50,
        },
        chuhan::book::BookEntry {
            key: chuhan::book::book_key(&start, false),
            mv: mv("h2e2"),
            weight: 1,
        },
    ];
    let path = scratch("illegal.book");
    let mut bytes = Vec::new();
    write_book(&mut bytes, &entries).unwrap();
    std::fs::write(&path, bytes).unwrap();
    let books = Books::open(&[path]).unwrap();
    let m = books
        .probe(&start, &[], Randomness::None, &mut Rng::new(0))
        .unwrap();
    assert_eq!(m.mv, mv("h2e2"));
    assert_eq!(m.choices, 1);
}

#[test]
fn damaged_files_give_clear_errors() {
    let good = std::fs::read(write("whole.book", &small_book())).unwrap();
    let truncated = scratch("truncated.book");
    std::fs::write(&truncated, &good[..good.len() - 5]).unwrap();
    let err = BookFile::open(&truncated).unwrap_err();
    assert!(matches!(err, BookError::Truncated { .. }), "{err}");
    assert!(err.to_string().contains("truncated"), "{err}");

    let mut bad_version = good.clone();
    bad_version[8] = 9;
    let path = scratch("version.book");
    std::fs::write(&path, &bad_version).unwrap();
    let err = BookFile::open(&path).unwrap_err();
    assert!(err.to_string().contains("version 9"), "{err}");

    // Swap the keys of the first and last entries: out of order.
    let mut unsorted = good.clone();
    let last = good.len() - 12;
    unsorted[16..24].copy_from_slice(&good[last..last + 8]);
    unsorted[last..last + 8].copy_from_slice(&good[16..24]);
    let path = scratch("unsorted.book");
    std::fs::write(&path, &unsorted).unwrap();
    let err = BookFile::open(&path).unwrap_err();
    assert!(matches!(err, BookError::Unsorted { .. }), "{err}");

    let path = scratch("text.book");
    std::fs::write(&path, "not a book at all\n").unwrap();
    let err = BookFile::open(&path).unwrap_err();
    assert!(
        err.to_string().contains("not a chuhan or ElephantEye book"),
        "{err}"
    );

    let missing = scratch("missing.book");
    let err = BookFile::open(&missing).unwrap_err();
    assert!(err.to_string().contains("missing.book"), "{err}");

    // One bad file among good ones: the good ones still answer.
    let (books, errors) = Books::open_each(&[missing, scratch("whole.book")]);
    assert_eq!(errors.len(), 1);
    assert_eq!(books.files().len(), 1);
    assert!(books
        .probe(
            &Position::startpos(),
            &[],
            Randomness::None,
            &mut Rng::new(0)
        )
        .is_some());
}

#[test]
fn settings_as_the_protocol_drives_them() {
    use chuhan::book::BookSettings;
    let good = write("settings.book", &small_book());
    let junk = scratch("settings-junk.book");
    std::fs::write(&junk, b"CHUHANBK\x07\x00").unwrap();
    let mut settings = BookSettings::without_books();
    assert!(settings.probe(&Position::startpos(), &[]).is_none());
    // One bad file in the list: reported, and the good one still used.
    let errors = settings.set_files(&format!("{};{}", junk.display(), good.display()));
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].to_string().contains("settings-junk.book"),
        "{}",
        errors[0]
    );
    let m = settings.probe(&Position::startpos(), &[]).unwrap();
    assert_eq!(m.mv, mv("h2e2"));
    assert_eq!(
        settings
            .probe(&Position::startpos(), &[mv("h2e2")])
            .unwrap()
            .mv,
        mv("h0g2")
    );
    settings.set_enabled(false);
    assert!(settings.probe(&Position::startpos(), &[]).is_none());
    settings.set_enabled(true);
    assert!("wild".parse::<Randomness>().is_err());
    settings.set_randomness("medium".parse().unwrap());
    settings.set_seed(9);
    let a: Vec<Move> = (0..10)
        .map(|_| settings.probe(&Position::startpos(), &[]).unwrap().mv)
        .collect();
    settings.set_seed(9);
    let b: Vec<Move> = (0..10)
        .map(|_| settings.probe(&Position::startpos(), &[]).unwrap().mv)
        .collect();
    assert_eq!(a, b);
    // Only bad files: no book, no crash.
    assert_eq!(settings.set_files(&junk.display().to_string()).len(), 1);
    assert!(settings.probe(&Position::startpos(), &[]).is_none());
}
