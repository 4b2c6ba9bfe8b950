//! `chuhan convert` through the binary, on game files as people write
//! them: full-width WXF, Chinese moves without spaces, several games in a
//! file, comments, variations and a `Result` tag that contradicts the moves.

use crate::tool_run;

use tool_run::chuhan_with_input;

/// Full-width WXF, as Chinese editors write it, reads as WXF does.
#[test]
fn full_width_wxf_is_read() {
    let (ok, out, err) = chuhan_with_input(
        &["convert", "--to", "iccs"],
        "１．Ｃ２＝５　Ｈ８＋７　２．Ｈ２＋３　Ｃ８．９ *\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("1. h2e2 h9g7\n2. h0g2 h7i7 *"), "{out}");
    // A full-width move that is not legal is named as written.
    let (ok, _, err) = chuhan_with_input(&["convert"], "１．Ｒ２＋１ *\n");
    assert!(!ok);
    assert!(err.contains("'Ｒ２＋１' is not a legal move here"), "{err}");
}

/// Chinese moves run together without spaces, with or without the move
/// numbers between them.
#[test]
fn chinese_moves_without_spaces_are_read() {
    for text in [
        "1.炮二平五马８进７2.马二进三车９平８ *\n",
        "炮二平五马８进７ 马二进三车９平８ *\n",
        "1. 炮二平五马８进７ 2. 马二进三 车９平８ *\n",
    ] {
        let (ok, out, err) = chuhan_with_input(&["convert", "--to", "iccs"], text);
        assert!(ok, "{text}: {err}");
        assert!(
            out.contains("1. h2e2 h9g7\n2. h0g2 i9h9 *"),
            "{text}: {out}"
        );
    }
    // Characters that are no moves stay one word, and the error names it.
    let (ok, _, err) = chuhan_with_input(&["convert"], "1. 炮二平五马８进七八 *\n");
    assert!(!ok);
    assert!(err.contains("'炮二平五马８进七八'"), "{err}");
}

const TWO_GAMES: &str = "\
[Event \"first\"]
[Result \"0-0\"]
1. h2e2 {the central cannon} h9g7 (1... h7e7 2. h0g2) 2. h0g2 *

[Event \"second\"]
[Result \"1-0\"]
1. c3c4 (1. b2e2 b9c7) (1. g3g4) g6g5 1-0
";

/// Every game of the file is converted, comments are kept, variations
/// and the contradicting tag are named on stderr, and the tag written
/// agrees with the moves' result.
#[test]
fn every_game_is_converted_and_nothing_is_dropped_in_silence() {
    let (ok, out, err) = chuhan_with_input(&["convert", "--to", "wxf"], TWO_GAMES);
    assert!(ok, "{err}");
    assert!(out.contains("[Event \"first\"]"), "{out}");
    assert!(out.contains("[Event \"second\"]"), "{out}");
    assert!(
        out.contains("1. C2.5 {the central cannon} 1... H8+7\n2. H2+3 *"),
        "{out}"
    );
    assert!(out.contains("1. P7+1 P7+1 1-0"), "{out}");
    assert!(!out.contains("0-0"), "{out}");
    assert!(out.contains("[Result \"*\"]"), "{out}");
    assert!(err.contains("game 1: 1 variation left out"), "{err}");
    assert!(err.contains("game 2: 2 variations left out"), "{err}");
    assert!(
        err.contains("game 1: the Result tag said '0-0'; written as '*'"),
        "{err}"
    );
    // What convert writes reads back as the same games.
    let (ok, again, err) = chuhan_with_input(&["convert", "--to", "chinese"], &out);
    assert!(ok, "{err}");
    assert!(
        again.contains("1. 炮二平五 {the central cannon} 1... 马８进７"),
        "{again}"
    );
    assert!(again.contains("1. 兵七进一 卒７进１ 1-0"), "{again}");
}

/// A bad game among good ones: the good ones are written, the bad one is
/// named, and the exit status says one was left out.
#[test]
fn a_bad_game_among_good_ones_is_named_and_the_rest_converted() {
    let text = "1. h2e2 *\n\n1. h2e9 *\n\n1. c3c4 *\n";
    let run = tool_run::run_with_input(&["convert"], text);
    assert_eq!(run.code, Some(1), "{}", run.err);
    assert!(
        run.out.contains("1. h2e2 *") && run.out.contains("1. c3c4 *"),
        "{}",
        run.out
    );
    assert!(run.err.contains("game 2, move 1 (Red)"), "{}", run.err);
    assert!(
        run.err.contains("1 of 3 games could not be read"),
        "{}",
        run.err
    );
    let run = tool_run::run_with_input(&["convert"], "");
    assert_eq!(run.code, Some(1));
    assert!(run.err.contains("holds no game"), "{}", run.err);
}

/// What a person wrote stays: the foreword before the first move, the
/// marks after moves (written as the standard glyphs, `?!` as `$6`), and a
/// game with a bad move is kept up to it, with a word where it stops.
#[test]
fn nothing_a_person_wrote_is_dropped_without_a_word() {
    let text = "[Event \"kept\"]\n\n{A foreword: the whole story of the game.}\n\
                1. h2e2?! $14 h9g7 2. h0g2 {a comment} i9h9! *\n";
    let (ok, out, err) = chuhan_with_input(&["convert", "--to", "wxf"], text);
    assert!(ok, "{err}");
    assert!(
        out.contains("{A foreword: the whole story of the game.}\n1. C2.5 $6 $14 H8+7\n"),
        "{out}"
    );
    assert!(out.contains("2. H2+3 {a comment} 2... R9.8 $1 *"), "{out}");
    // The game up to a move that does not read, and the error names it.
    let run = tool_run::run_with_input(&["convert"], "1. h2e2 h9g7 2. h2e9 h7e7 *\n");
    assert_eq!(run.code, Some(1), "{}", run.err);
    assert!(
        run.out.contains(
            "1. h2e2 h9g7 {the game stops here: move 2 (Red): 'h2e9' is not a legal move here} *"
        ),
        "{}",
        run.out
    );
    assert!(
        run.err.contains(
            "game 1, move 2 (Red): 'h2e9' is not a legal move here; kept the 2 moves before it"
        ),
        "{}",
        run.err
    );
}

/// The PGN XBoard saves for Xiangqi: `White` for Red, SAN-like moves with
/// ranks 0-9 (`Cbe2`, `E9e7`, `gxg5`), its engine comments.
#[test]
fn games_as_xboard_saves_them_are_read() {
    let text = "[Event \"Computer Chess Game\"]\n[White \"chuhan\"]\n[Black \"MaxQi 4.8G\"]\n\
                [Result \"*\"]\n[Variant \"xiangqi\"]\n\n\
                1. Cbe2 Chc7 {+0.06/7 0.3} 2. Cxe6 {+2.42/14 0.2} Hg7 3. Ce4 Ca7 4. Cd2 Cab7\n\
                5. Ce2 Ra8 6. Ci4+ Ece7 7. Cxi9 Ri8 8. Cxf9 Hxf9 9. Ha2 Cb3 10. Rb0 Cxe3+\n\
                11. Ade1 Hd8 12. Hg2 Ce6 13. Rb8 Ca7 14. He3 Cxe2+ 15. Egxe2 Cxa3 16. Hf5 a5\n\
                17. Rh0 Eg5 18. Rh7 E9e7 *\n";
    let (ok, out, err) = chuhan_with_input(&["convert", "--to", "iccs"], text);
    assert!(ok, "{err}");
    assert!(out.contains("1. b2e2 h7c7 {+0.06/7 0.3}\n2. e2e6"), "{out}");
    assert!(out.contains("18. h0h7 g9e7 *"), "{out}");
}
