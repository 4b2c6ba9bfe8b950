//! XQF game files through the binary: a masked file (version 18) reads as
//! the same game as its PGN, with its comments; a file with variations
//! reads its main line and names what it leaves out; a version 10 file
//! written here from the format's description reads; a cut file is
//! refused with one line.

use crate::analyse::without_comments as moves_of;
use crate::tool_run::{chuhan, run_with_input, scratch};
use std::path::PathBuf;

fn data(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/xqf")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a_masked_xqf_file_reads_as_the_game_its_pgn_holds() {
    let (ok, from_xqf, err) = chuhan(&["convert", "--to", "iccs", &data("sample.xqf")]);
    assert!(ok, "{err}");
    let (ok, from_pgn, err) = chuhan(&["convert", "--to", "iccs", &data("sample.pgn")]);
    assert!(ok, "{err}");
    assert_eq!(moves_of(&from_xqf), moves_of(&from_pgn));
    assert!(
        moves_of(&from_xqf).starts_with("1. b2e2 h7e7 2. e2e7 g9e7"),
        "{from_xqf}"
    );
    for tag in [
        "[Red \"许银川\"]",
        "[Black \"聂卫平\"]",
        "[Result \"1-0\"]",
        "[Date \"1999.12.09\"]",
        "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1\"]",
    ] {
        assert!(from_xqf.contains(tag), "{tag}: {from_xqf}");
    }
    // The opening comment and a move's comment come through.
    assert!(
        from_xqf.contains("象棋让九子原属茶余饭后的娱乐"),
        "{from_xqf}"
    );
    assert!(from_xqf.contains("{红方首着架中炮必走之着"), "{from_xqf}");
    let (ok, out, _) = chuhan(&["judge", &data("sample.xqf")]);
    assert!(ok && out.contains("(许银川 vs 聂卫平, 1-0)"), "{out}");
}

#[test]
fn a_file_with_variations_reads_its_main_line_and_names_the_rest() {
    let run = run_with_input(&["convert", "--to", "chinese", &data("qixing.xqf")], "");
    assert_eq!(run.code, Some(0), "{}", run.err);
    assert!(
        run.err.contains("12 variations of the XQF file left out"),
        "{}",
        run.err
    );
    assert!(run.out.contains("[Event \"七星聚会\"]"), "{}", run.out);
    assert!(
        run.out
            .contains("[FEN \"4rk3/3P5/4bP3/9/9/9/8P/1p2p2C1/3p1p3/4K1RR1 w - - 0 1\"]"),
        "{}",
        run.out
    );
    assert!(run.out.contains("1. 炮二平四 卒５平６"), "{}", run.out);
    let (ok, out, _) = chuhan(&["judge", &data("qixing.xqf")]);
    assert!(
        ok && out.contains("draw: agreed") && out.contains("87 plies"),
        "{out}"
    );
}

/// A point as (file, rank), both from 0.
type Point = (u8, u8);

/// An XQF 1.0 file (version 10, nothing masked) of `moves` from the start,
/// laid out as XQStudio's description of the format says.
fn xqf_1_0(moves: &[(Point, Point)], result: u8, red: &str) -> Vec<u8> {
    let mut bytes = vec![0u8; 0x400];
    bytes[..3].copy_from_slice(b"XQ\x0a");
    // The start: Red's chariot to pawns, then Black's (file * 10 + rank).
    let red_squares = [0, 10, 20, 30, 40, 50, 60, 70, 80, 12, 72, 3, 23, 43, 63, 83];
    for (i, &sq) in red_squares.iter().enumerate() {
        bytes[0x10 + i] = sq;
        bytes[0x20 + i] = sq / 10 * 10 + (9 - sq % 10);
    }
    bytes[0x33] = result;
    bytes[0x130] = red.len() as u8;
    bytes[0x131..0x131 + red.len()].copy_from_slice(red.as_bytes());
    let mut record = |from: u8, to: u8, last: bool, comment: &str| {
        bytes.extend([from + 24, to + 32, if last { 0 } else { 0xF0 }, 0]);
        bytes.extend((comment.len() as u32).to_le_bytes());
        bytes.extend(comment.as_bytes());
    };
    record(0, 0, moves.is_empty(), "");
    for (i, &((ff, fr), (tf, tr))) in moves.iter().enumerate() {
        let comment = if i == 0 { "a comment" } else { "" };
        record(ff * 10 + fr, tf * 10 + tr, i + 1 == moves.len(), comment);
    }
    bytes
}

#[test]
fn an_xqf_1_0_file_reads_and_a_cut_one_is_refused() {
    // h2e2 h9g7 h0g2: (file, rank) pairs.
    let moves = [((7, 2), (4, 2)), ((7, 9), (6, 7)), ((7, 0), (6, 2))];
    let path = scratch("plain.xqf");
    std::fs::write(&path, xqf_1_0(&moves, 1, "Red Player")).unwrap();
    let file = path.to_str().unwrap();
    let (ok, out, err) = chuhan(&["convert", "--to", "iccs", file]);
    assert!(ok, "{err}");
    assert!(
        out.contains("1. h2e2 {a comment} 1... h9g7\n2. h0g2 1-0"),
        "{out}"
    );
    assert!(
        out.contains("[Red \"Red Player\"]") && !out.contains("[FEN"),
        "{out}"
    );
    assert!(err.is_empty(), "{err}");
    // Cut inside the last node: one line, exit status 1, nothing written.
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
    let run = run_with_input(&["convert", file], "");
    assert_eq!(run.code, Some(1));
    assert!(run.out.is_empty(), "{}", run.out);
    assert!(
        run.err.contains("the XQF file ends inside node 3") && run.err.lines().count() == 1,
        "{}",
        run.err
    );
    let _ = std::fs::remove_file(&path);
}
