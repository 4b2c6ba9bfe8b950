//! Rule-by-rule tests of the move generator and the position, each on a small
//! position written as FEN so the situation can be read off the board.

use super::*;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves_from(p: &Position, from: Square) -> Vec<String> {
    let mut list: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to_string())
        .collect();
    list.sort();
    list
}

fn has(p: &Position, mv: &str) -> bool {
    p.legal_moves().iter().any(|m| m.to_string() == mv)
}

#[test]
fn start_position_has_44_moves() {
    assert_eq!(Position::startpos().legal_moves().len(), 44);
}

#[test]
fn horse_leg_is_blocked_by_any_piece() {
    // Red horse b0 with its own elephant... the leg b1 free: a2 and c2.
    let p = pos("3k5/9/9/9/9/9/9/9/9/1N2K4 w");
    assert_eq!(moves_from(&p, Square::B0), ["b0a2", "b0c2", "b0d1"]);
    // A black pawn on b1 blocks the leg towards a2 and c2.
    let p = pos("3k5/9/9/9/9/9/9/9/1p7/1N2K4 w");
    assert_eq!(moves_from(&p, Square::B0), ["b0d1"]);
}

#[test]
fn elephant_eye_and_river() {
    let p = pos("3k5/9/9/9/9/9/9/9/9/2B1K4 w");
    assert_eq!(moves_from(&p, Square::C0), ["c0a2", "c0e2"]);
    let p = pos("3k5/9/9/9/9/9/9/9/1p7/2B1K4 w");
    assert_eq!(moves_from(&p, Square::C0), ["c0e2"]);
    // From c4 the elephant may not cross to a6/e6.
    let p = pos("3k5/9/9/9/9/2B6/9/9/9/4K4 w");
    assert_eq!(moves_from(&p, Square::C4), ["c4a2", "c4e2"]);
}

#[test]
fn king_and_advisors_stay_in_the_palace() {
    let p = pos("3k5/9/9/9/9/9/9/9/9/3AKA3 w");
    assert_eq!(moves_from(&p, Square::D0), ["d0e1"]);
    assert_eq!(moves_from(&p, Square::E0), ["e0e1"]);
    assert_eq!(moves_from(&p, Square::F0), ["f0e1"]);
    let p = pos("3k5/9/9/9/9/9/9/9/9/4K4 b");
    assert_eq!(
        moves_from(&p, Square::D9),
        ["d9d8"],
        "e9 faces the red king"
    );
}

#[test]
fn cannon_captures_only_over_one_screen() {
    let p = pos("4k4/9/9/4r4/9/9/4P4/9/9/4CK3 w");
    // Quiet moves up to the pawn and along rank 0; capture of e6 over e3.
    let list = moves_from(&p, Square::E0);
    assert!(list.contains(&"e0e6".to_string()));
    assert!(
        !list.contains(&"e0e3".to_string()),
        "cannot take its own screen"
    );
    assert!(!list.contains(&"e0e9".to_string()), "two screens");
    assert!(list.contains(&"e0a0".to_string()) && list.contains(&"e0e2".to_string()));
}

#[test]
fn pawns_before_and_after_the_river() {
    let p = pos("3k5/9/9/9/9/9/2P6/9/9/4K4 w");
    assert_eq!(moves_from(&p, Square::C3), ["c3c4"]);
    let p = pos("3k5/9/9/9/2P6/9/9/9/9/4K4 w");
    assert_eq!(moves_from(&p, Square::C5), ["c5b5", "c5c6", "c5d5"]);
    let p = pos("3k5/9/9/9/9/9/9/9/9/p3K4 b");
    assert_eq!(
        moves_from(&p, Square::A0),
        ["a0b0"],
        "a pawn on the last rank only moves sideways"
    );
}

#[test]
fn flying_general_forbids_opening_the_file() {
    // The red horse on e5 is the only piece between the kings: it is pinned.
    let p = pos("4k4/9/9/9/4N4/9/9/9/9/4K4 w");
    assert!(moves_from(&p, Square::E5).is_empty());
    // A cannon there may still move along the file, never off it.
    let p = pos("4k4/9/9/9/4C4/9/9/9/9/4K4 w");
    let list = moves_from(&p, Square::E5);
    assert_eq!(list.len(), 7, "{list:?}");
    assert!(list.iter().all(|m| m.starts_with("e5e")), "{list:?}");
    // The king may not step onto the open e-file facing the enemy king.
    let p = pos("4k4/9/9/9/9/9/9/9/9/3K5 w");
    assert!(!has(&p, "d0e0"));
    assert!(!has(&p, "d0e0") && Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").is_err());
    assert!(has(&p, "d0d1"));
}

#[test]
fn discovered_check_by_moving_the_screen() {
    // The red horse e5 stands between the red chariot e2 and the black king.
    let mut p = pos("4k4/9/9/9/4N4/9/9/4R4/9/3K5 w");
    assert!(!p.in_check());
    p.make("e5c6".parse().unwrap());
    assert_eq!(p.checkers(), Bitboard::from_square(Square::E2));
    // The black horse e5 in front of its own king is pinned by the red chariot.
    let p = pos("4k4/9/9/9/4n4/9/9/4R4/9/3K5 b");
    assert!(moves_from(&p, Square::E5).is_empty());
}

#[test]
fn pins_along_ranks_and_files() {
    // Black chariots pin a red horse along rank 0 and along the e-file.
    let p = pos("3k5/9/9/9/9/9/9/9/9/r1N1K4 w");
    assert!(moves_from(&p, Square::C0).is_empty());
    let p = pos("3k5/9/9/4r4/9/9/9/9/4N4/4K4 w");
    assert!(moves_from(&p, Square::E1).is_empty());
}

#[test]
fn cannon_pin_with_two_screens() {
    // The red horse e2 and pawn e3 both stand between the red king and the
    // black cannon e6: either leaving the file gives check; along it is fine.
    let p = pos("3k5/9/9/4c4/9/9/4P4/4N4/9/4K4 w");
    assert!(moves_from(&p, Square::E2).is_empty());
    assert_eq!(moves_from(&p, Square::E3), ["e3e4"]);
    // A piece stepping onto the empty line between a cannon and the king becomes a screen.
    let p = pos("3k5/9/9/4c4/9/9/9/9/9/3AK4 w");
    assert!(!has(&p, "d0e1"));
}

#[test]
fn double_check_by_chariot_and_cannon_on_one_file_can_be_blocked() {
    // Chariot e5 checks directly, cannon e9 through it. A horse block on e3 or
    // e1 stops the chariot and gives the cannon two screens; d0 faces the
    // black king, e1 stays on the file, so f0 is the only king move.
    let p = pos("3kc4/9/9/9/4r4/9/9/6N2/9/4K4 w");
    assert_eq!(p.checkers().count(), 2);
    let mut list: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    list.sort();
    assert_eq!(list, ["e0f0", "g2e1", "g2e3"]);
}

#[test]
fn no_legal_move_without_check_is_detected() {
    // Black king d9: d8 is covered along rank 8 and e9 along the e-file.
    let p = pos("3k5/4R4/9/9/9/9/9/9/9/5K3 b");
    assert!(!p.in_check());
    assert!(p.has_no_moves());
    assert_eq!(p.legal_moves().len(), 0);
}

#[test]
fn fen_round_trip() {
    for fen in [
        Position::START_FEN,
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 3 17",
        "1r1akabr1/1c7/2n1b1n2/p1p1p3p/6p2/PN3R3/1cP1P1P1P/2C1C1N2/1R7/2BAKAB2 b - - 0 1",
    ] {
        assert_eq!(pos(fen).to_fen(), fen);
    }
    // Alternative letters and side names are read; canonical ones are written.
    let alt = pos("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r");
    assert_eq!(alt.to_fen(), Position::START_FEN);
}

#[test]
fn each_fen_error_has_its_own_variant() {
    let err = |fen: &str| Position::from_fen(fen).unwrap_err();
    let unreachable = |piece, square| FenError::UnreachableSquare { piece, square };
    assert_eq!(err(""), FenError::Empty);
    assert_eq!(err("4k4/9/9 w"), FenError::WrongRankCount { found: 3 });
    assert_eq!(
        err("3k5/9/9/9/9/9/9/9/9/4K5 w"),
        FenError::BadRankLength {
            rank: 0,
            points: 10
        }
    );
    assert_eq!(
        err("3k5/9/9/9/9/9/9/9/9/4K3x w"),
        FenError::UnknownPiece('x')
    );
    assert_eq!(
        err("3k5/9/9/9/9/9/9/9/9/4K4 x"),
        FenError::BadSideToMove("x".into())
    );
    assert_eq!(
        err("3k5/9/9/9/9/9/9/9/9/4K4 w - - z 1"),
        FenError::BadCounter("z".into())
    );
    assert_eq!(
        err("3k5/9/9/9/9/9/9/9/9/RRR1K4 w"),
        FenError::TooManyPieces {
            piece: 'R',
            count: 3,
            max: 2
        }
    );
    assert_eq!(
        err("3k5/ppppp4/p8/9/9/9/9/9/9/4K4 w"),
        FenError::TooManyPieces {
            piece: 'p',
            count: 6,
            max: 5
        }
    );
    assert_eq!(
        err("9/9/9/9/9/9/9/9/9/4K4 w"),
        FenError::MissingKing(Color::Black)
    );
    assert_eq!(
        err("3kk4/9/9/9/9/9/9/9/9/4K4 w"),
        FenError::ExtraKing(Color::Black)
    );
    assert_eq!(
        err("3k5/9/9/9/9/9/9/9/9/3KA4 w"),
        unreachable('A', Square::E0)
    );
    assert_eq!(
        err("3k5/9/9/9/9/9/9/9/9/1B2K4 w"),
        unreachable('B', Square::B0)
    );
    assert_eq!(
        err("3k5/9/9/9/9/9/9/9/9/K8 w"),
        unreachable('K', Square::A0)
    );
    assert_eq!(
        err("3k5/9/9/9/9/9/9/9/P8/4K4 w"),
        unreachable('P', Square::A1)
    );
    assert_eq!(
        err("3k5/p8/9/9/9/9/9/9/9/4K4 w"),
        unreachable('p', Square::A8)
    );
    assert_eq!(
        err("3k5/9/9/9/9/9/1P7/9/9/4K4 w"),
        unreachable('P', Square::B3)
    );
    assert_eq!(err("4k4/9/9/9/9/9/9/9/9/4K4 w"), FenError::KingsFacing);
    assert_eq!(
        err("3k5/9/9/9/9/9/9/9/9/3RK4 w"),
        FenError::SideNotToMoveInCheck
    );
    // Every error reads as a sentence naming the problem.
    assert!(err("3k5/9/9/9/9/9/9/9/9/4K3x w")
        .to_string()
        .contains("'x'"));
}

#[test]
fn fen_parser_never_panics_on_garbage() {
    // A small deterministic fuzz: mutate valid FENs character by character.
    let alphabet: Vec<char> = "rnbakcpRNBAKCPEHeh0123456789/ wb-x\u{4e2d}"
        .chars()
        .collect();
    let mut rng = crate::random::Rng::new(0x2545_F491_4F6C_DD1D);
    let mut next = || rng.next_u64();
    for _ in 0..20_000 {
        let mut text: Vec<char> = Position::START_FEN.chars().collect();
        for _ in 0..(next() % 4 + 1) {
            let at = (next() % text.len() as u64) as usize;
            match next() % 3 {
                0 => text[at] = alphabet[(next() % alphabet.len() as u64) as usize],
                1 => {
                    text.remove(at);
                }
                _ => text.insert(at, alphabet[(next() % alphabet.len() as u64) as usize]),
            }
            if text.is_empty() {
                break;
            }
        }
        let fen: String = text.into_iter().collect();
        if let Ok(p) = Position::from_fen(&fen) {
            // Whatever parses is a usable position.
            let _ = p.legal_moves();
            assert_eq!(
                Position::from_fen(&p.to_fen()).unwrap().to_fen(),
                p.to_fen()
            );
        }
    }
}

#[test]
fn incremental_hash_and_unmake_over_a_long_random_walk() {
    let mut p = Position::startpos();
    let mut rng = crate::random::Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut snapshots = Vec::new();
    for step in 0..20_000 {
        let state = rng.next_u64();
        let moves = p.legal_moves();
        let back = moves.is_empty() || (state >> 60) < 3 && !snapshots.is_empty();
        if back && !snapshots.is_empty() {
            p.unmake();
            let (fen, hash): (String, u64) = snapshots.pop().unwrap();
            assert_eq!(p.to_fen(), fen, "unmake at step {step}");
            assert_eq!(p.hash(), hash);
        } else if moves.is_empty() {
            p = Position::startpos();
        } else {
            let mv = moves[(state >> 33) as usize % moves.len()];
            snapshots.push((p.to_fen(), p.hash()));
            p.make(mv);
        }
        assert_eq!(p.hash(), p.compute_hash(), "hash after step {step}");
    }
}

#[test]
fn try_play_rejects_illegal_moves_and_keeps_the_position() {
    let mut p = Position::startpos();
    let before = p.to_fen();
    for text in ["h2h8", "e0e2", "a0a5", "b0b2", "e3e5", "h9g7"] {
        assert!(p.try_play(text.parse().unwrap()).is_err(), "{text}");
        assert_eq!(p.to_fen(), before);
    }
    assert!(p.try_play("h2e2".parse().unwrap()).is_ok());
    assert_eq!(p.side_to_move(), Color::Black);
}

#[test]
fn the_hash_after_a_move_is_the_hash_once_it_is_played() {
    for fen in crate::search::bench::BENCH_POSITIONS {
        let mut p = pos(fen);
        for step in 0..20usize {
            let moves = p.legal_moves();
            let Some(&next) = moves.get(step * 11 % moves.len().max(1)) else {
                break;
            };
            for &mv in &moves {
                let predicted = p.hash_after(mv);
                p.make(mv);
                assert_eq!(predicted, p.hash(), "{mv}");
                p.unmake();
            }
            p.make(next);
        }
    }
}
