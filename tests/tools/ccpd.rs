//! Real game files as a public collection has them (four games of CCPD,
//! Big5 bytes untouched: `tests/data/ccpd/README`), read through the
//! binary: their headers, first moves, lengths and endings.

use crate::tool_run::chuhan;
use std::path::PathBuf;

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/ccpd")
        .join(name)
}

/// Each file, what `judge` rules and the first move pair in ICCS.
const GAMES: [(&str, &str, &str); 4] = [
    (
        "match-00004067.pgn",
        "game 1 (李來群 vs 呂欽, 0-1): red_loses: Red resigned (the file's result; \
         the board shows no end after 106 plies)",
        "1. h2e2 h7e7",
    ),
    (
        "middlegame-00000007.pgn",
        "game 1 (呂欽 vs 於幼華, 1-0): black_loses: Black resigned (the file's result; \
         the board shows no end after 31 plies)",
        "1. f3f8 b3b8",
    ),
    (
        "endgame-00000007.pgn",
        "game 1 (單車組合044紅, 1-0): black_loses: Black resigned (the file's result; \
         the board shows no end after 11 plies)",
        "1. f8f0 d8d9",
    ),
    (
        "mate-00000007.pgn",
        "game 1 (4個陷阱, 1-0): black_loses: checkmate",
        "1. h2e2 h9g7",
    ),
];

#[test]
fn big5_games_of_a_public_collection_are_read_and_judged() {
    for (name, ruling, first) in GAMES {
        let file = path(name);
        let bytes = std::fs::read(&file).unwrap();
        assert!(
            std::str::from_utf8(&bytes).is_err(),
            "{name} is Big5, not UTF-8"
        );
        let file = file.to_str().unwrap();
        let (ok, out, err) = chuhan(&["judge", file]);
        assert!(ok, "{name}: {err}");
        assert_eq!(out.trim_end(), ruling, "{name}");
        let (ok, out, err) = chuhan(&["convert", "--to", "iccs", file]);
        assert!(ok, "{name}: {err}");
        assert!(out.contains(&format!("\n{first}\n")), "{name}: {out}");
        // The header comes through in UTF-8, FEN and result with it.
        assert!(out.contains("[Game \"Chinese Chess\"]"), "{name}: {out}");
        assert!(out.contains("[FEN \""), "{name}: {out}");
    }
    // The master game's event, decoded from Big5.
    let (_, out, _) = chuhan(&["convert", path(GAMES[0].0).to_str().unwrap()]);
    assert!(
        out.contains("[Event \"全國象棋團體錦標賽 順炮局\"]"),
        "{out}"
    );
}
