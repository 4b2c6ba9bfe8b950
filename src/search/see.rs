//! Static exchange evaluation: does a capture sequence on one point win at
//! least a threshold? Attackers are recomputed after every capture, because
//! in Xiangqi removing a piece can create a cannon's screen, take one away,
//! or free a horse's leg.

use crate::core::{Color, Move, PieceKind, Position};

/// Exchange values by `PieceKind` index.
pub const SEE_VALUE: [i32; 7] = [10_000, 120, 120, 420, 960, 440, 60];

fn value(kind: PieceKind) -> i32 {
    SEE_VALUE[kind.index()]
}

/// Whether playing `mv` and then the best sequence of recaptures on its
/// target nets at least `threshold` for the mover.
pub fn see_ge(pos: &Position, mv: Move, threshold: i32) -> bool {
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = pos.piece_at(from) else {
        return false;
    };
    let mut swap = pos.piece_at(to).map_or(0, |p| value(p.kind)) - threshold;
    if swap < 0 {
        return false;
    }
    swap = value(mover.kind) - swap;
    if swap <= 0 {
        return true;
    }
    let mut occupied = pos.occupied().without(from).with(to);
    let mut side: Color = mover.color;
    let mut result = true;
    loop {
        side = !side;
        let attackers = pos.attackers_with(to, side, occupied) & occupied;
        if attackers.is_empty() {
            break;
        }
        result = !result;
        let (kind, sq) = PieceKind::ALL[1..]
            .iter()
            .chain(std::iter::once(&PieceKind::King))
            .copied()
            .filter_map(|k| (attackers & pos.pieces(side, k)).first().map(|sq| (k, sq)))
            .min_by_key(|&(k, _)| value(k))
            .expect("some attacker");
        if kind == PieceKind::King {
            // The king may only take last: if the other side still attacks, it cannot.
            let defended = (pos.attackers_with(to, !side, occupied) & occupied).any();
            return if defended { !result } else { result };
        }
        swap = value(kind) - swap;
        if swap < result as i32 {
            break;
        }
        occupied = occupied.without(sq);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(fen: &str, mv: &str, threshold: i32) -> bool {
        see_ge(
            &Position::from_fen(fen).unwrap(),
            mv.parse().unwrap(),
            threshold,
        )
    }

    #[test]
    fn free_and_defended_captures() {
        // A chariot takes an undefended horse.
        assert!(see("3k5/9/9/9/4n4/9/9/9/4R4/5K3 w", "e1e5", 400));
        // A chariot takes a horse defended by a pawn: it loses the chariot.
        assert!(!see("3k5/9/9/4p4/4n4/9/9/9/4R4/5K3 w", "e1e5", 0));
        // A pawn takes a defended horse: still winning.
        assert!(see("3k5/9/9/4p4/4n4/4P4/9/9/9/5K3 w", "e4e5", 300));
    }

    #[test]
    fn recaptures_through_a_new_cannon_screen() {
        // Red chariot takes the pawn on e5; the black cannon on e9 then
        // recaptures over the black horse e7... the chariot on e5 is lost.
        assert!(!see("3kc4/9/4n4/9/4p4/9/9/9/4R4/5K3 w", "e1e5", 0));
        // Without the screen the cannon cannot recapture.
        assert!(see("3kc4/9/9/9/4p4/9/9/9/4R4/5K3 w", "e1e5", 60));
    }
}
