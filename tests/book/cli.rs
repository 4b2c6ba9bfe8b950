//! `chuhan book` and `chuhan convert` through the binary.

use std::path::PathBuf;

use crate::elephanteye_books;
use crate::tool_run;

fn chuhan(args: &[&str], stdin: Option<&str>) -> (bool, String, String) {
    tool_run::chuhan_with_input(args, stdin.unwrap_or(""))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chuhan-cli-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Three games: the central cannon twice (a win and a draw for Red), the
/// elephant opening once (a loss for Red), one game with a bad move and one
/// without a result.
const GAMES: &str = "\
[Result \"1-0\"]
1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0

[Result \"1/2-1/2\"]
1. C2.5 H8+7 2. H2+3 C8.9 1/2-1/2

[Red \"Careless\"]
[Black \"Someone\"]
1. h2e2 h9g7 2. h2e2 *

1. g0e2 h9g7 0-1

1. h2e2 h7e7 *
";

#[test]
fn build_from_games_then_probe() {
    let pgn = scratch("games.pgn");
    std::fs::write(&pgn, GAMES).unwrap();
    let book = scratch("games.book");
    let (ok, out, err) = chuhan(
        &[
            "book",
            "build",
            "--min-games",
            "1",
            "--max-plies",
            "3",
            "-o",
            book.to_str().unwrap(),
            pgn.to_str().unwrap(),
        ],
        None,
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("games used 3, repeated 0, without result 1, unreadable 1"),
        "{out}"
    );
    assert!(
        err.contains("game 3 (Careless vs Someone), move 2 (Red)"),
        "{err}"
    );
    assert!(
        err.contains("warning: 1 game without a result (PGN '*') left out"),
        "{err}"
    );

    let (ok, out, _) = chuhan(&["book", "probe", book.to_str().unwrap()], None);
    assert!(ok);
    // h2e2: a win (2) and a draw (1); g0e2 only lost: weight 0, never offered.
    assert!(
        out.contains("h2e2 炮二平五 C2.5 weight 3 (100.0%)"),
        "{out}"
    );
    assert!(!out.contains("g0e2"), "{out}");
    // Black lost one and drew one with h9g7: weight 1. After the mirror-image
    // first move b2e2 the reply comes from the
    // stored h2e2 line, mirrored.
    let (ok, out, _) = chuhan(
        &["book", "probe", book.to_str().unwrap(), "--moves", "b2e2"],
        None,
    );
    assert!(ok);
    assert!(out.contains("b9c7 马２进３ H2+3 weight 1"), "{out}");
    // Ply 4 is beyond --max-plies 3.
    let (ok, out, _) = chuhan(
        &[
            "book",
            "probe",
            book.to_str().unwrap(),
            "--moves",
            "炮二平五",
            "马８进７",
            "马二进三",
        ],
        None,
    );
    assert!(ok);
    assert_eq!(out.trim(), "out of book");

    // --min-games 2 keeps only the central cannon (two games).
    let (ok, _, err) = chuhan(
        &[
            "book",
            "build",
            "-o",
            book.to_str().unwrap(),
            pgn.to_str().unwrap(),
        ],
        None,
    );
    assert!(ok, "{err}");
    let (_, out, _) = chuhan(
        &["book", "probe", book.to_str().unwrap(), "--moves", "h2e2"],
        None,
    );
    assert!(out.contains("h9g7"), "{out}");
    let (_, out, _) = chuhan(
        &[
            "book",
            "probe",
            book.to_str().unwrap(),
            "--moves",
            "h2e2",
            "h9g7",
            "h0g2",
        ],
        None,
    );
    assert_eq!(out.trim(), "out of book", "{out}");
}

#[test]
fn probe_reads_elephanteye_books() {
    // Our own small ElephantEye-format book, and ElephantEye's BOOK.DAT
    // when it lies beside the checkout.
    for dat in elephanteye_books::book_paths() {
        let (ok, out, err) = chuhan(
            &["book", "probe", dat.to_str().unwrap(), "--moves", "h2e2"],
            None,
        );
        assert!(ok, "{err}");
        assert!(out.contains("h9g7 马８进７"), "{out}");
    }
}

#[test]
fn bad_books_and_bad_input_give_one_clear_line() {
    let junk = scratch("junk.book");
    std::fs::write(&junk, b"CHUHANBK\x01\x00\x00\x00\x09\x00\x00\x00short").unwrap();
    let (ok, _, err) = chuhan(&["book", "probe", junk.to_str().unwrap()], None);
    assert!(!ok);
    assert!(err.contains("truncated"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let (ok, _, err) = chuhan(&["book", "probe", "/no/such/file.book"], None);
    assert!(!ok && err.contains("/no/such/file.book"), "{err}");
    let (ok, _, err) = chuhan(&["book", "build"], None);
    assert!(!ok && err.contains("needs PGN files"), "{err}");
    let (ok, _, err) = chuhan(&["book", "build", "--max-plies", "many", "x.pgn"], None);
    assert!(!ok && err.contains("'many' is not a number"), "{err}");
    let (ok, _, err) = chuhan(&["book", "fly"], None);
    assert!(
        !ok && err.contains("unrecognized subcommand 'fly'"),
        "{err}"
    );
    // 炮二平五 in GBK bytes is read as GBK.
    let gbk = scratch("gbk.pgn");
    std::fs::write(&gbk, [0xc5u8, 0xda, 0xb6, 0xfe, 0xc6, 0xbd, 0xce, 0xe5]).unwrap();
    let (ok, out, err) = chuhan(&["convert", gbk.to_str().unwrap()], None);
    assert!(ok && out.contains("1. h2e2"), "{out}{err}");
}

/// Games without a result weigh nothing: a book of only such games would
/// be empty, so none is written and the tool says why (exit status 1).
#[test]
fn a_book_of_games_without_results_is_refused_not_written_empty() {
    let pgn = scratch("unfinished.pgn");
    std::fs::write(&pgn, "1. h2e2 h9g7 *\n\n1. c3c4 *\n").unwrap();
    let book = scratch("unfinished.book");
    let run = tool_run::run_with_input(
        &[
            "book",
            "build",
            "-o",
            book.to_str().unwrap(),
            pgn.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, Some(1), "{}", run.err);
    assert!(
        run.err
            .contains("warning: 2 games without a result (PGN '*') left out"),
        "{}",
        run.err
    );
    assert!(
        run.err
            .contains("error: the book would be empty (no game with a result was read)"),
        "{}",
        run.err
    );
    assert!(!book.exists(), "an empty book was written");
    // Games with results, but none reaching --min-games: said as such.
    std::fs::write(&pgn, "1. h2e2 h9g7 1-0\n").unwrap();
    let run = tool_run::run_with_input(
        &[
            "book",
            "build",
            "--min-games",
            "2",
            "-o",
            book.to_str().unwrap(),
            pgn.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(run.code, Some(1), "{}", run.err);
    assert!(
        run.err.contains("no move was played in 2 or more games"),
        "{}",
        run.err
    );
    assert!(!book.exists(), "an empty book was written");
}

#[test]
fn convert_rewrites_a_game() {
    let (ok, out, err) = chuhan(
        &["convert", "--to", "chinese"],
        Some("1. h2e2 h9g7 2. h0g2 i9h9 1-0\n"),
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("1. 炮二平五 马８进７\n2. 马二进三 车９平８ 1-0"),
        "{out}"
    );
    let (ok, out, _) = chuhan(
        &["convert", "--to", "wxf", "-"],
        Some("1. 炮二平五 马８进７ *\n"),
    );
    assert!(ok);
    assert!(out.contains("1. C2.5 H8+7 *"), "{out}");
    let (ok, out, _) = chuhan(
        &["convert", "--to", "traditional"],
        Some("1. C2.5 H8+7 *\n"),
    );
    assert!(ok);
    assert!(out.contains("1. 炮二平五 馬８進７ *"), "{out}");
    let (ok, out, _) = chuhan(&["convert"], Some("1. 炮二平五 马８进７ *\n"));
    assert!(ok);
    assert!(out.contains("1. h2e2 h9g7 *"), "{out}");
    // Two games: the second alone by --game.
    let two = "1. h2e2 h9g7 *\n\n1. c3c4 *\n";
    let (ok, out, err) = chuhan(&["convert", "--game", "2"], Some(two));
    assert!(ok, "{err}");
    assert!(out.contains("1. c3c4 *") && !out.contains("h9g7"), "{out}");
    let (ok, _, err) = chuhan(&["convert", "--game", "3"], Some(two));
    assert!(!ok && err.contains("no game 3"), "{err}");
    let (ok, _, err) = chuhan(&["convert", "--to", "klingon"], Some(two));
    assert!(!ok && err.contains("unknown notation"), "{err}");
    let (ok, _, err) = chuhan(&["convert"], Some("1. h2e2 h2e2 *\n"));
    assert!(!ok && err.contains("game 1, move 1 (Black)"), "{err}");
}

/// A tiny analysis build: two plies at depth 2.
fn analyse(out: &std::path::Path) -> (bool, String, String) {
    let settings = "--plies 2 --depth 2 --margin 40 --max-moves 3 --hash 4";
    let mut args = vec!["book", "build", "--analysis"];
    args.extend(settings.split(' '));
    args.extend(["-o", out.to_str().unwrap()]);
    chuhan(&args, None)
}

#[test]
fn build_from_the_engines_own_analysis() {
    let book = scratch("analysis.book");
    let (ok, out, err) = analyse(&book);
    assert!(ok, "{err}");
    assert!(
        out.contains("plies 2, depth 2, margin 40 cp, max moves 3"),
        "{out}"
    );
    let analysed: usize = out
        .split("positions analysed ")
        .nth(1)
        .and_then(|s| s.split(',').next())
        .and_then(|n| n.parse().ok())
        .expect("a count of positions");
    // The root, then at most one position per kept root move.
    assert!((2..=4).contains(&analysed), "{out}");
    let (ok, out, _) = chuhan(&["book", "probe", book.to_str().unwrap()], None);
    assert!(ok);
    let root: Vec<&str> = out.lines().skip(1).collect();
    // At most 3 moves, each with its mirror image in the symmetric start.
    assert!((1..=6).contains(&root.len()), "{out}");
    // The best move has weight 100; every root move has a reply in the book.
    assert!(root[0].contains("weight 100"), "{out}");
    for line in &root {
        let first = line.split(' ').next().unwrap();
        let (_, replies, _) = chuhan(
            &["book", "probe", book.to_str().unwrap(), "--moves", first],
            None,
        );
        assert!(replies.starts_with("book "), "{first}: {replies}");
    }
    // One thread: the same settings give the same file.
    let again = scratch("analysis-again.book");
    let (ok, _, err) = analyse(&again);
    assert!(ok, "{err}");
    assert_eq!(
        std::fs::read(&book).unwrap(),
        std::fs::read(&again).unwrap()
    );
    let (ok, _, err) = chuhan(&["book", "build", "--analysis", "x.pgn"], None);
    assert!(!ok && err.contains("not both"), "{err}");
}

/// Two games from one position: a quiet chariot move, and one that hangs
/// the chariot, played in a game its side went on to win all the same.
const VETTED: &str = "\
[FEN \"3k5/9/9/9/9/9/9/9/r8/4K3R w - - 0 1\"]
[Result \"1/2-1/2\"]

1. i0i5 1/2-1/2

[FEN \"3k5/9/9/9/9/9/9/9/r8/4K3R w - - 0 1\"]
[Result \"1-0\"]

1. i0i1 a1i1 1-0
";

#[test]
fn a_move_the_engine_finds_losing_is_vetted_out_of_a_book_of_games() {
    let games = scratch("vetted.pgn");
    std::fs::write(&games, VETTED).unwrap();
    let probe = |book: &PathBuf| {
        let (ok, out, err) = chuhan(
            &[
                "book",
                "probe",
                book.to_str().unwrap(),
                "--fen",
                "3k5/9/9/9/9/9/9/9/r8/4K3R w - - 0 1",
            ],
            None,
        );
        assert!(ok, "{err}");
        out
    };
    let build = |book: &PathBuf, vet: &[&str]| {
        let mut args = vec![
            "book",
            "build",
            "--min-games",
            "1",
            "-o",
            book.to_str().unwrap(),
        ];
        args.extend_from_slice(vet);
        args.push(games.to_str().unwrap());
        let (ok, out, err) = chuhan(&args, None);
        assert!(ok, "{err}");
        out
    };
    // Weighed by results alone, the blunder is the book's first choice.
    let plain = scratch("plain.book");
    build(&plain, &[]);
    assert!(
        probe(&plain).contains("i0i1 车一进一 R1+1 weight 2"),
        "{}",
        probe(&plain)
    );
    // Vetted at depth 6, it is gone; the quiet move and Black's capture stay.
    let vetted = scratch("vetted.book");
    let out = build(&vetted, &["--vet-depth", "6", "--vet-margin", "150"]);
    assert!(
        out.contains("moves vetted 3 at depth 6, dropped 1"),
        "{out}"
    );
    let after = probe(&vetted);
    assert!(!after.contains("i0i1") && after.contains("i0i5"), "{after}");
    for path in [games, plain, vetted] {
        let _ = std::fs::remove_file(path);
    }
}

/// Red, a rook down, checks with the best move there is and saves a draw
/// (the perpetual check that follows is left out); in another game Red
/// gives the rook away as well, and loses.
const ALREADY_LOST: &str = "\
[FEN \"r2k5/9/9/9/9/9/9/9/r8/4K3R w - - 0 1\"]
[Result \"1/2-1/2\"]

1. i0i9 d9d8 1/2-1/2

[FEN \"r2k5/9/9/9/9/9/9/9/r8/4K3R w - - 0 1\"]
[Result \"0-1\"]

1. i0i1 a1i1 0-1
";

#[test]
fn vetting_drops_the_moves_worse_than_the_best_not_every_move_of_a_lost_side() {
    let games = scratch("lost.pgn");
    std::fs::write(&games, ALREADY_LOST).unwrap();
    let book = scratch("lost.book");
    let (ok, out, err) = chuhan(
        &[
            "book",
            "build",
            "--min-games",
            "1",
            "--vet-depth",
            "6",
            "--vet-margin",
            "150",
            "-o",
            book.to_str().unwrap(),
            games.to_str().unwrap(),
        ],
        None,
    );
    assert!(ok, "{err}");
    // Both of Red's moves leave Red far below -150; only the rook given
    // away is far below Red's best.
    assert!(
        out.contains("moves vetted 4 at depth 6, dropped 1"),
        "{out}"
    );
    assert!(err.contains("dropped i0i1 ("), "{err}");
    let (ok, out, err) = chuhan(
        &[
            "book",
            "probe",
            book.to_str().unwrap(),
            "--fen",
            "r2k5/9/9/9/9/9/9/9/r8/4K3R w - - 0 1",
        ],
        None,
    );
    assert!(ok, "{err}");
    assert!(out.contains("i0i9") && !out.contains("i0i1"), "{out}");
    for path in [games, book] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn a_folder_of_games_is_read_whole_and_a_game_filed_twice_counts_once() {
    let dir = scratch("collection");
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["by-player/Lü", "by-event/Cup"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    // One game filed under its player and its event, with the tags written
    // differently each time, and another game; a note that is no game file.
    let game = |event: &str, black: &str| {
        format!(
            "[Event \"{event}\"]\n[Red \"Lü Qin\"]\n[Black \"{black}\"]\n\
             [Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n"
        )
    };
    let write = |path: &str, text: &str| std::fs::write(dir.join(path), text).unwrap();
    write("by-player/Lü/1.pgn", &game("", "Xu  Yinchuan"));
    write("by-event/Cup/7.PGN", &game("Cup, round 5", "Xu Yinchuan"));
    write(
        "by-event/Cup/8.pgn",
        "[Result \"1/2-1/2\"]\n\n1. h2e2 h7e7 1/2-1/2\n",
    );
    write("by-event/notes.txt", "1. h2e2 h9g7 1-0\n");
    let book = scratch("collection.book");
    let (ok, out, err) = chuhan(
        &[
            "book",
            "build",
            "--min-games",
            "1",
            "-o",
            book.to_str().unwrap(),
            dir.to_str().unwrap(),
        ],
        None,
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("games used 2, repeated 1, without result 0, unreadable 0"),
        "{out}"
    );
    // The central cannon: one win (2) and one draw (1), not two wins.
    let (ok, out, err) = chuhan(&["book", "probe", book.to_str().unwrap()], None);
    assert!(ok, "{err}");
    assert!(out.contains("h2e2 炮二平五 C2.5 weight 3"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(book);
}
