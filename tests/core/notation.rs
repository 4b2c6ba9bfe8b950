//! Move notation through the library: ICCS, WXF and Chinese, doubled pieces
//! and tandem pawns, and round trips over whole random games.

use chuhan::notation::{
    format_move, parse_chinese, parse_iccs, parse_move, parse_wxf, to_chinese, to_wxf, Notation,
    NotationError, Script,
};
use chuhan::random::Rng;
use chuhan::{Move, Position};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// Each (Chinese, WXF, ICCS) triple names the same move in `pos`, both ways.
fn check(pos: &Position, rows: &[(&str, &str, &str)]) {
    for &(chinese, wxf, iccs) in rows {
        let m = mv(iccs);
        assert_eq!(parse_chinese(pos, chinese), Ok(m), "{chinese}");
        assert_eq!(parse_wxf(pos, wxf), Ok(m), "{wxf}");
        assert_eq!(
            to_chinese(pos, m, Script::Simplified).as_deref(),
            Some(chinese)
        );
        assert_eq!(to_wxf(pos, m).as_deref(), Some(wxf));
    }
}

#[test]
fn opening_moves_in_each_notation() {
    let start = Position::startpos();
    check(
        &start,
        &[
            ("炮二平五", "C2.5", "h2e2"),
            ("马二进三", "H2+3", "h0g2"),
            ("兵七进一", "P7+1", "c3c4"),
            ("相三进五", "E3+5", "g0e2"),
            ("仕四进五", "A4+5", "f0e1"),
            ("车一进一", "R1+1", "i0i1"),
            ("帅五进一", "K5+1", "e0e1"),
        ],
    );
    assert_eq!(parse_iccs(&start, "H2-E2"), Ok(mv("h2e2")));
    assert_eq!(parse_move(&start, "h2-e2"), Ok(mv("h2e2")));
    // Accepted variants: '=' or nothing for along the rank, B/N letters,
    // ASCII and full-width digits for Red too, traditional characters.
    for text in ["C2=5", "c25", "C2.5", "炮2平5", "炮２平５"] {
        assert_eq!(parse_move(&start, text), Ok(mv("h2e2")), "{text}");
    }
    assert_eq!(parse_move(&start, "N2+3"), Ok(mv("h0g2")));
    assert_eq!(parse_move(&start, "傌二進三"), Ok(mv("h0g2")));
    assert_eq!(
        to_chinese(&start, mv("h0g2"), Script::Traditional).as_deref(),
        Some("傌二進三")
    );

    let mut black = start.clone();
    black.make(mv("h2e2"));
    check(
        &black,
        &[
            ("马８进７", "H8+7", "h9g7"),
            ("炮８平５", "C8.5", "h7e7"),
            ("卒７进１", "P7+1", "g6g5"),
            ("象３进５", "E3+5", "c9e7"),
            ("车９进１", "R9+1", "i9i8"),
        ],
    );
    assert_eq!(parse_move(&black, "馬8進7"), Ok(mv("h9g7")));
    assert_eq!(parse_move(&black, "砲８平５"), Ok(mv("h7e7")));
}

#[test]
fn doubled_pieces_are_told_apart() {
    // Red horses on h0 and h2 (both on Red's file 2).
    let p = pos("3k5/9/9/9/9/9/9/7N1/9/4K2N1 w - - 0 1");
    check(
        &p,
        &[("前马进三", "H++3", "h2g4"), ("后马进三", "H-+3", "h0g2")],
    );
    assert_eq!(parse_chinese(&p, "前马进三"), Ok(mv("h2g4")));
    assert_eq!(parse_wxf(&p, "H++3"), Ok(mv("h2g4")));
    // By file alone both horses fit: ambiguous, and said so.
    assert_eq!(
        parse_chinese(&p, "马二进三"),
        Err(NotationError::Ambiguous("马二进三".into()))
    );
    // Only the front horse can go back: the old file-number style still
    // names one move.
    assert_eq!(parse_wxf(&p, "H2-3"), Ok(mv("h2g0")));
    assert_eq!(parse_chinese(&p, "马二退三"), Ok(mv("h2g0")));
    assert_eq!(
        parse_chinese(&p, "后马退三"),
        Err(NotationError::NoSuchMove("后马退三".into()))
    );
}

#[test]
fn three_tandem_pawns_front_middle_rear() {
    let p = pos("5k3/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1");
    check(
        &p,
        &[
            ("前兵进一", "P++1", "e7e8"),
            ("中兵平六", "P5.6", "e6d6"),
            ("后兵平四", "P-.4", "e5f5"),
        ],
    );
    // The file number names the middle pawn, as WXF writes it.
    assert_eq!(parse_chinese(&p, "兵五平六"), Ok(mv("e6d6")));
    let traditional = to_chinese(&p, mv("e5f5"), Script::Traditional).unwrap();
    assert_eq!(traditional, "後兵平四");
    assert_eq!(parse_chinese(&p, &traditional), Ok(mv("e5f5")));
}

#[test]
fn four_and_five_tandem_pawns() {
    let four = pos("5k3/4P4/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1");
    check(
        &four,
        &[
            ("一兵平四", "++.4", "e8f8"),
            ("二兵平六", "P+.6", "e7d7"),
            ("三兵平四", "P-.4", "e6f6"),
            ("四兵平六", "--.6", "e5d5"),
        ],
    );
    // Five on the d-file (Red's file 6), all crossing to file 7.
    let five = pos("3P1k3/3P5/3P5/3P5/3P5/9/9/9/9/4K4 w - - 0 1");
    check(
        &five,
        &[
            ("一兵平七", "++.7", "d9c9"),
            ("二兵平七", "P+.7", "d8c8"),
            ("三兵平七", "P6.7", "d7c7"),
            ("四兵平七", "P-.7", "d6c6"),
            ("五兵平七", "--.7", "d5c5"),
        ],
    );
}

#[test]
fn tandem_pawns_on_two_files() {
    // Red pawns g5 g6 g7 (file 3) and c5 c6 (file 7).
    let p = pos("4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1");
    check(
        &p,
        &[
            ("前三平四", "3+.4", "g7f7"),
            ("中三平四", "33.4", "g6f6"),
            ("后三平四", "3-.4", "g5f5"),
            ("前七进一", "7++1", "c6c7"),
            ("后七平八", "7-.8", "c5b5"),
        ],
    );
    // Black: pawns e4 e3 (front is the lower rank for Black).
    let b = pos("4k4/9/9/9/9/4p4/4p4/9/9/3K5 b - - 0 1");
    check(
        &b,
        &[("前卒平４", "P+.4", "e3d3"), ("后卒平６", "P-.6", "e4f4")],
    );
}

#[test]
fn bad_text_is_an_error_not_a_panic() {
    let start = Position::startpos();
    for text in [
        "",
        "x",
        "炮",
        "炮二平",
        "炮二平十",
        "C2.0",
        "C0.5",
        "Z2.5",
        "h2e",
        "j2e2",
        "++",
        "后三平四",
    ] {
        assert!(parse_move(&start, text).is_err(), "{text}");
    }
    assert!(matches!(
        parse_move(&start, "h2h8"),
        Err(NotationError::NoSuchMove(_))
    ));
    assert!("klingon".parse::<Notation>().is_err());
}

/// Random legal games from a fixed seed.
fn random_games(seed: u64, games: usize, plies: usize) -> Vec<Vec<Move>> {
    let mut rng = Rng::new(seed);
    (0..games)
        .map(|_| {
            let mut p = Position::startpos();
            let mut line = Vec::new();
            for _ in 0..plies {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
                p.make(m);
                line.push(m);
            }
            line
        })
        .collect()
}

#[test]
fn every_move_of_random_games_round_trips() {
    let mut checked = 0;
    for game in random_games(2026, 24, 160) {
        let mut p = Position::startpos();
        for m in game {
            // Every legal move here, not just the one played.
            for &any in p.legal_moves().iter() {
                for notation in [
                    Notation::Chinese(Script::Simplified),
                    Notation::Chinese(Script::Traditional),
                    Notation::Wxf,
                    Notation::Iccs,
                ] {
                    let text = format_move(&p, any, notation);
                    assert_eq!(parse_move(&p, &text), Ok(any), "{text} in {}", p.to_fen());
                }
                checked += 1;
            }
            p.make(m);
        }
    }
    assert!(checked > 50_000, "{checked}");
}
