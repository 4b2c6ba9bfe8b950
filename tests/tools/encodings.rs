//! Game files in the encodings people keep them in, through the binary: the
//! same game read from its UTF-8 (with and without a byte-order mark),
//! UTF-16, GBK and Big5 forms gives the same moves to every tool that reads
//! games; bytes that are no text, or not the text `--encoding` names, are
//! refused with what was tried.

use crate::tool_run::{chuhan, run_with_input, scratch};
use encoding_rs::{BIG5, GB18030};

/// A game as a Taiwanese site writes it: traditional characters, full-width
/// numerals, a player's name in the header.
const GAME: &str =
    "[Event \"全國象棋錦標賽\"]\n[Red \"呂欽\"]\n[Black \"許銀川\"]\n[Result \"*\"]\n\n\
                    1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 3. 車一平二 卒７進１ *\n";

/// The moves of `GAME` in ICCS.
const MOVES: &str = "1. h2e2 h9g7\n2. h0g2 i9h9\n3. i0h0 g6g5 *";

/// `GAME` in each form, by name.
fn forms() -> Vec<(&'static str, Vec<u8>)> {
    let legacy = |encoding: &'static encoding_rs::Encoding| {
        let (bytes, _, unmappable) = encoding.encode(GAME);
        assert!(!unmappable, "{} holds the game", encoding.name());
        bytes.into_owned()
    };
    let utf16 = |mark: [u8; 2], unit: fn(u16) -> [u8; 2]| {
        let mut bytes = mark.to_vec();
        bytes.extend(GAME.encode_utf16().flat_map(unit));
        bytes
    };
    let mut marked = vec![0xEF, 0xBB, 0xBF];
    marked.extend_from_slice(GAME.as_bytes());
    vec![
        ("utf-8", GAME.as_bytes().to_vec()),
        ("utf-8 with a mark", marked),
        ("utf-16le", utf16([0xFF, 0xFE], u16::to_le_bytes)),
        ("utf-16be", utf16([0xFE, 0xFF], u16::to_be_bytes)),
        ("gbk", legacy(GB18030)),
        ("big5", legacy(BIG5)),
    ]
}

#[test]
fn every_form_of_a_game_reads_as_the_same_moves_in_every_tool() {
    for (name, bytes) in forms() {
        let path = scratch(&format!("{}.pgn", name.replace(' ', "-")));
        std::fs::write(&path, &bytes).unwrap();
        let file = path.to_str().unwrap();
        let (ok, out, err) = chuhan(&["convert", "--to", "iccs", file]);
        assert!(ok, "{name}: {err}");
        assert!(out.contains(MOVES), "{name}: {out}");
        assert!(out.contains("[Red \"呂欽\"]"), "{name}: the header: {out}");
        // Back in Chinese, the moves are the file's own.
        let (ok, out, err) = chuhan(&["convert", "--to", "traditional", file]);
        assert!(
            ok && out.contains("1. 炮二平五 馬８進７"),
            "{name}: {out}{err}"
        );
        let (ok, out, err) = chuhan(&["judge", file]);
        assert!(ok && out.contains("呂欽"), "{name}: {out}{err}");
        let book = scratch(&format!("{}.book", name.replace(' ', "-")));
        let (_, out, err) = chuhan(&[
            "book",
            "build",
            "--min-games",
            "1",
            "-o",
            book.to_str().unwrap(),
            file,
        ]);
        // Read, not refused (a game without a result then weighs nothing).
        assert!(
            out.contains("without result 1, unreadable 0"),
            "{name}: {out}{err}"
        );
        let _ = std::fs::remove_file(&book);
        let _ = std::fs::remove_file(&path);
    }
}

#[test]
fn a_file_that_is_no_text_is_refused_with_the_encodings_tried() {
    // The start of an XQF file: binary, with NUL bytes.
    let path = scratch("binary.xqf");
    std::fs::write(
        &path,
        [0x58, 0x51, 0x0A, 0x00, 0x00, 0xFF, 0x80, 0x9C, 0x00],
    )
    .unwrap();
    let run = run_with_input(&["convert", path.to_str().unwrap()], "");
    assert_eq!(run.code, Some(1));
    assert!(
        run.err.contains("not text in UTF-8, UTF-16")
            && run.err.contains("Big5")
            && run.err.contains("--encoding"),
        "{}",
        run.err
    );
    assert_eq!(run.err.lines().count(), 1, "{}", run.err);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_named_encoding_is_used_and_checked() {
    let path = scratch("named.pgn");
    let (gbk, _, _) = GB18030.encode(GAME);
    std::fs::write(&path, &gbk).unwrap();
    let file = path.to_str().unwrap();
    let (ok, out, err) = chuhan(&["convert", "--encoding", "gbk", file]);
    assert!(ok && out.contains(MOVES), "{out}{err}");
    // GBK bytes are no UTF-8: refused by the name asked for.
    let run = run_with_input(&["convert", "--encoding", "utf-8", file], "");
    assert_eq!(run.code, Some(1));
    assert!(run.err.contains("not UTF-8 text"), "{}", run.err);
    // A name nobody knows is a usage error that lists the known ones.
    let run = run_with_input(&["judge", "--encoding", "ebcdic", file], "");
    assert_eq!(run.code, Some(2));
    assert!(
        run.err.contains("unknown encoding 'ebcdic'") && run.err.contains("big5"),
        "{}",
        run.err
    );
    // From stdin too.
    let (ok, out, err) =
        crate::tool_run::chuhan_with_input(&["convert", "--encoding", "utf-8"], GAME);
    assert!(ok && out.contains(MOVES), "{out}{err}");
    let _ = std::fs::remove_file(&path);
}
