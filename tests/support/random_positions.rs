//! Positions from random legal games from the start position, seeded, for
//! tests that want many varied positions (every ply of each game, history
//! cleared).

use chuhan::random::Rng;
use chuhan::Position;

/// Positions from random games (seeded), every ply of each game.
pub fn random_positions(games: u64, plies: usize) -> Vec<Position> {
    let mut positions = Vec::new();
    let mut rng = Rng::new(0x5EED);
    for _ in 0..games {
        let mut pos = Position::startpos();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.make(moves[rng.below(moves.len() as u64) as usize]);
            let mut fresh = pos.clone();
            fresh.clear_history();
            positions.push(fresh);
        }
    }
    positions
}
