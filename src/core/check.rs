//! Whether a move gives check, known before it is played: the search spares
//! checks from pruning and prefers them in ordering, and the referee plays
//! out only checks when it looks for a mate or a win by checks (杀, 抽将).
//!
//! [`CheckGuard`] is computed once per node from the enemy king's point of
//! view, as the move generator's `KingGuard` is for our own: the points
//! from which each of our pieces would check, the pieces whose leaving may
//! uncover a check (the one piece between the king and our chariot, either
//! of two between it and our cannon, a blocked leg of our horse), and the
//! empty points between the king and our cannon where any arriving piece
//! becomes a screen. Only moves of such a blocker pay for a full test.

use super::attacks::{between, horse_attackers, HORSE_ATTACKER_LEAPS, PAWN_ATTACKERS};
use super::magic::{cannon_attacks, chariot_attacks};
use super::{Bitboard, Color, Move, PieceKind, Position, Square};

/// What makes a check against the enemy king, for the side to move.
#[derive(Copy, Clone, Debug)]
pub struct CheckGuard {
    us: Color,
    king: Square,
    /// Points from which a chariot of ours would check.
    chariot_checks: Bitboard,
    /// Points from which a horse of ours would check.
    horse_checks: Bitboard,
    /// Points from which a pawn of ours would check.
    pawn_checks: Bitboard,
    /// Pieces (of either side) whose leaving may uncover a check.
    blockers: Bitboard,
    /// Empty points between the enemy king and our cannon with nothing
    /// between: a piece arriving there gives the cannon its screen.
    hollow: Bitboard,
}

impl CheckGuard {
    pub fn new(pos: &Position) -> CheckGuard {
        let us = pos.side_to_move();
        let king = pos.king_square(!us);
        let occ = pos.occupied();
        let mut blockers = Bitboard::EMPTY;
        let mut hollow = Bitboard::EMPTY;
        let lines = chariot_attacks(king, Bitboard::EMPTY);
        for sq in lines & pos.pieces(us, PieceKind::Chariot) {
            let inside = between(king, sq) & occ;
            if inside.count() == 1 {
                blockers |= inside;
            }
        }
        for sq in lines & pos.pieces(us, PieceKind::Cannon) {
            let inside = between(king, sq) & occ;
            match inside.count() {
                0 => hollow |= between(king, sq),
                2 => blockers |= inside,
                _ => {}
            }
        }
        let horses = pos.pieces(us, PieceKind::Horse);
        for leap in &HORSE_ATTACKER_LEAPS[king.index()] {
            if (leap.targets & horses).any() && (leap.block & occ).any() {
                blockers |= leap.block;
            }
        }
        CheckGuard {
            us,
            king,
            chariot_checks: chariot_attacks(king, occ),
            horse_checks: horse_attackers(king, occ),
            pawn_checks: PAWN_ATTACKERS[us.index()][king.index()],
            blockers,
            hollow,
        }
    }

    /// Whether `mv`, legal in `pos` (the position this guard was made for),
    /// gives check.
    #[inline]
    pub fn gives_check(&self, pos: &Position, mv: Move) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let Some(mover) = pos.piece_at(from) else {
            return false;
        };
        let direct = match mover.kind {
            PieceKind::Chariot => self.chariot_checks.has(to),
            PieceKind::Horse => self.horse_checks.has(to),
            PieceKind::Pawn => self.pawn_checks.has(to),
            PieceKind::Cannon => {
                let occ = pos.occupied().without(from).with(to);
                cannon_attacks(to, occ).has(self.king)
            }
            PieceKind::King | PieceKind::Advisor | PieceKind::Elephant => false,
        };
        if direct {
            return true;
        }
        // A cannon sliding along its own empty line towards the king is no
        // screen for itself: it takes the full test below.
        let cannon = mover.kind == PieceKind::Cannon;
        if self.hollow.has(to) && !cannon {
            return true;
        }
        let may_uncover = self.blockers.has(from) || (cannon && self.hollow.has(to));
        if !may_uncover {
            return false;
        }
        // The mover uncovers a line or a leg, unless it stays in the way.
        let occ = pos.occupied().without(from).with(to);
        (pos.attackers_with(self.king, self.us, occ) & occ).any()
    }
}

/// Whether `mv`, legal in `pos`, gives check (a guard for one move).
pub fn gives_check(pos: &Position, mv: Move) -> bool {
    CheckGuard::new(pos).gives_check(pos, mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Busy positions with checks of every kind near: lines, screens,
    /// horse legs and pawns.
    const POSITIONS: [&str; 5] = [
        Position::START_FEN,
        "2bakab2/9/4c1n1c/pCp1N3p/7n1/2P6/P3P1P1P/4CrN2/9/1RBAKAB2 w",
        "r1bakab2/9/2n1c4/p3p3p/2p3Pn1/3R5/P1PCP3P/N3C3N/4A4/R1BAK1c1r w",
        "3akab2/3cn1C2/4b2C1/pN6R/1r1n2p2/9/P1p1P1P1P/4B4/9/2BAKA3 b",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
    ];

    #[test]
    fn agrees_with_playing_the_move() {
        let mut checks = 0;
        for fen in POSITIONS {
            let mut pos = Position::from_fen(fen).unwrap();
            // The position and the plies of a fixed playout from it.
            for step in 0..60 {
                let guard = CheckGuard::new(&pos);
                let moves = pos.legal_moves();
                for &mv in &moves {
                    let mut after = pos.clone();
                    after.make(mv);
                    assert_eq!(
                        guard.gives_check(&pos, mv),
                        after.in_check(),
                        "{} {mv}",
                        pos.to_fen()
                    );
                    checks += after.in_check() as u32;
                }
                let Some(&next) = moves.get((step * 7) % moves.len().max(1)) else {
                    break;
                };
                pos.make(next);
            }
        }
        // Both answers must have been put to the test many times.
        assert!(checks > 100, "{checks}");
    }

    #[test]
    fn discovered_and_screen_checks() {
        // The horse on e4 leaves the e-file: the chariot on e1 checks.
        let pos = Position::from_fen("4k4/9/9/9/9/4N4/9/9/4R4/3K5 w").unwrap();
        assert!(gives_check(&pos, "e4c5".parse().unwrap()));
        // A horse arriving on e5 is the cannon's screen.
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/3N5/4C4/3K5 w").unwrap();
        assert!(gives_check(&pos, "d2e4".parse().unwrap()));
        assert!(!gives_check(&pos, "d2c4".parse().unwrap()));
        // The cannon itself moving up its empty line has no screen.
        assert!(!gives_check(&pos, "e1e5".parse().unwrap()));
    }
}
