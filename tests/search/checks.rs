//! Checks survive pruning, through the library API: mates in two whose
//! mating move is a quiet check that the exchange count calls a loss (the
//! checking piece lands where it could be taken, or uncovers another's
//! check) are found by a four-ply search, where the last move is searched
//! at a depth that late-move, futility and exchange pruning cover.
//!
//! The positions were drawn by a random generator written for this test and
//! kept where the brute-force oracle (`tests/support/mate_oracle.rs`)
//! proves a forced mate in two and no mate in one; none is taken from
//! elsewhere.

use crate::mate_oracle;

use chuhan::core::Position;
use chuhan::search::{Engine, Limits, Score};
use mate_oracle::forced_win_within;

const MATES_IN_TWO: &[&str] = &[
    "9/5C3/3k5/9/9/3N5/2C6/6R2/5K1c1/9 w - - 0 1",
    "1P7/2ck5/9/9/9/N1R6/9/1R3K3/9/7c1 w - - 0 1",
    "9/4N4/5k3/3R5/4r4/9/9/3K5/9/9 w - - 0 1",
    "9/7P1/5k3/2c6/5N1R1/9/2C6/9/3K5/9 w - - 0 1",
];

#[test]
fn quiet_checks_that_mate_are_never_pruned() {
    for fen in MATES_IN_TWO {
        let mut pos = Position::from_fen(fen).unwrap();
        assert!(!forced_win_within(&mut pos, 1), "{fen}: a mate in one");
        assert!(forced_win_within(&mut pos, 2), "{fen}: no mate in two");
        let out = Engine::new(16, 1).search(
            &pos,
            Limits {
                depth: Some(4),
                ..Limits::default()
            },
        );
        assert_eq!(out.score, Score::Mate(2), "{fen}: {:?}", out.best);
    }
}
