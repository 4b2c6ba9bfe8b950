//! Null-move pruning where passing is worth more than moving, through the
//! library API. A null move assumes that the side to move has a move at
//! least as good as passing; with thin force (here a lone chariot and a
//! pawn) that fails, as in 困毙 where having to move loses, so such a pass
//! that beats beta is confirmed by a real search before the node is cut.

use chuhan::core::Position;
use chuhan::search::{Engine, Limits, Score};

/// Black's horse on d0 stands beside Red's king and cannot be kept: a
/// depth-16 search scores the position about -7.6 pawns for Black. The
/// position was found by comparing searches with and without null moves
/// on random endings: at depth 8, passes of Red's (a lone chariot and a
/// pawn) cut where no Red move did, and the search without verification
/// scored it -1.56, as if the horse got away.
const HORSE_LOST: &str = "3a5/6c2/5k3/2R6/P8/p8/9/9/3K5/3n5 b - - 0 1";

#[test]
fn a_pass_with_a_lone_chariot_is_verified_before_it_cuts() {
    let pos = Position::from_fen(HORSE_LOST).unwrap();
    let out = Engine::new(16, 1).search(
        &pos,
        Limits {
            depth: Some(8),
            ..Limits::default()
        },
    );
    match out.score {
        Score::Cp(cp) => assert!(cp <= -400, "the lost horse not seen: {cp}"),
        other => panic!("no mate here, got {other:?}"),
    }
}
