//! Attack tables for the leaping and stepping pieces, built at compile time.
//!
//! The horse and the elephant are "lame leapers": a horse is stopped by a
//! piece on its *leg* (the orthogonal neighbour it passes), an elephant by a
//! piece on its *eye* (the diagonal midpoint). Each table entry is a [`Leap`]:
//! the one square that can block it and the targets it reaches when that square
//! is empty. The chariot and cannon tables live in [`super::magic`].

use super::{Bitboard, Color, Square};

/// Targets reachable through one blocking point, when that point is empty.
#[derive(Copy, Clone, Debug)]
pub struct Leap {
    pub block: Bitboard,
    pub targets: Bitboard,
}

const NO_LEAP: Leap = Leap {
    block: Bitboard::EMPTY,
    targets: Bitboard::EMPTY,
};
const DIAGONALS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const ORTHOGONALS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// Inside either palace: files d-f, ranks 0-2 or 7-9.
pub const fn in_palace(sq: Square) -> bool {
    let f = sq.file().index();
    let r = sq.rank().index();
    f >= 3 && f <= 5 && (r <= 2 || r >= 7)
}

/// On Red's side of the river (ranks 0-4).
pub const fn on_red_side(sq: Square) -> bool {
    sq.rank().index() <= 4
}

/// On `color`'s own side of the river.
pub const fn on_own_side(sq: Square, color: Color) -> bool {
    match color {
        Color::Red => on_red_side(sq),
        Color::Black => !on_red_side(sq),
    }
}

const fn bit(sq: Option<Square>) -> Bitboard {
    match sq {
        Some(s) => Bitboard::from_square(s),
        None => Bitboard::EMPTY,
    }
}

const fn palace_steps(steps: [(i8, i8); 4]) -> [Bitboard; 90] {
    let mut table = [Bitboard::EMPTY; 90];
    let mut i = 0;
    while i < 90 {
        let from = Square::from_index_unchecked(i);
        if in_palace(from) {
            let mut d = 0;
            while d < 4 {
                if let Some(to) = from.offset(steps[d].0, steps[d].1) {
                    // Both palaces are three ranks deep and far apart, so a step
                    // that stays in *a* palace stays in the same one.
                    if in_palace(to) {
                        table[i] = table[i].with(to);
                    }
                }
                d += 1;
            }
        }
        i += 1;
    }
    table
}

/// King steps: one point orthogonally, never leaving the palace.
pub static KING_STEPS: [Bitboard; 90] = palace_steps(ORTHOGONALS);
/// Advisor steps: one point diagonally, never leaving the palace.
pub static ADVISOR_STEPS: [Bitboard; 90] = palace_steps(DIAGONALS);

const fn horse_leaps() -> [[Leap; 4]; 90] {
    let mut table = [[NO_LEAP; 4]; 90];
    let mut i = 0;
    while i < 90 {
        let from = Square::from_index_unchecked(i);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = ORTHOGONALS[d];
            if let Some(leg) = from.offset(df, dr) {
                // The two targets beyond the leg: two steps along, one aside.
                let (a, b) = if df == 0 {
                    (from.offset(1, 2 * dr), from.offset(-1, 2 * dr))
                } else {
                    (from.offset(2 * df, 1), from.offset(2 * df, -1))
                };
                table[i][d] = Leap {
                    block: Bitboard::from_square(leg),
                    targets: bit(a).union(bit(b)),
                };
            }
            d += 1;
        }
        i += 1;
    }
    table
}

const fn horse_attacker_leaps() -> [[Leap; 4]; 90] {
    let mut table = [[NO_LEAP; 4]; 90];
    let mut i = 0;
    while i < 90 {
        let target = Square::from_index_unchecked(i);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAGONALS[d];
            // A horse that reaches `target` passes a leg diagonal to the target;
            // the two horse points behind that leg share it.
            if let Some(leg) = target.offset(df, dr) {
                table[i][d] = Leap {
                    block: Bitboard::from_square(leg),
                    targets: bit(target.offset(2 * df, dr)).union(bit(target.offset(df, 2 * dr))),
                };
            }
            d += 1;
        }
        i += 1;
    }
    table
}

const fn elephant_leaps() -> [[Leap; 4]; 90] {
    let mut table = [[NO_LEAP; 4]; 90];
    let mut i = 0;
    while i < 90 {
        let from = Square::from_index_unchecked(i);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAGONALS[d];
            if let (Some(eye), Some(to)) = (from.offset(df, dr), from.offset(2 * df, 2 * dr)) {
                // Elephants never cross the river.
                if on_red_side(from) == on_red_side(to) {
                    table[i][d] = Leap {
                        block: Bitboard::from_square(eye),
                        targets: Bitboard::from_square(to),
                    };
                }
            }
            d += 1;
        }
        i += 1;
    }
    table
}

/// Horse moves, by the horse's square: one leap per leg.
pub static HORSE_LEAPS: [[Leap; 4]; 90] = horse_leaps();
/// Horses attacking a square, by that square: one leap per leg of an attacker.
pub static HORSE_ATTACKER_LEAPS: [[Leap; 4]; 90] = horse_attacker_leaps();
/// Elephant moves, by the elephant's square: one leap per eye.
pub static ELEPHANT_LEAPS: [[Leap; 4]; 90] = elephant_leaps();

#[inline]
fn leap_targets(leaps: &[Leap; 4], occupied: Bitboard) -> Bitboard {
    let mut targets = Bitboard::EMPTY;
    for leap in leaps {
        if (leap.block & occupied).is_empty() {
            targets |= leap.targets;
        }
    }
    targets
}

/// Where a horse on `sq` can go, its legs blocked by `occupied`.
#[inline]
pub fn horse_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    leap_targets(&HORSE_LEAPS[sq.index()], occupied)
}

/// The points from which a horse would attack `sq`, given `occupied`.
#[inline]
pub fn horse_attackers(sq: Square, occupied: Bitboard) -> Bitboard {
    leap_targets(&HORSE_ATTACKER_LEAPS[sq.index()], occupied)
}

/// Where an elephant on `sq` can go, its eyes blocked by `occupied`.
#[inline]
pub fn elephant_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    leap_targets(&ELEPHANT_LEAPS[sq.index()], occupied)
}

const fn pawn_steps() -> [[Bitboard; 90]; 2] {
    let mut table = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let color = if c == 0 { Color::Red } else { Color::Black };
        let mut i = 0;
        while i < 90 {
            let from = Square::from_index_unchecked(i);
            let mut steps = bit(from.offset(0, color.forward()));
            if !on_own_side(from, color) {
                steps = steps
                    .union(bit(from.offset(1, 0)))
                    .union(bit(from.offset(-1, 0)));
            }
            table[c][i] = steps;
            i += 1;
        }
        c += 1;
    }
    table
}

const fn invert(steps: &[[Bitboard; 90]; 2]) -> [[Bitboard; 90]; 2] {
    let mut table = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut from = 0;
        while from < 90 {
            let mut to = 0;
            while to < 90 {
                if steps[c][from].has(Square::from_index_unchecked(to)) {
                    table[c][to] = table[c][to].with(Square::from_index_unchecked(from));
                }
                to += 1;
            }
            from += 1;
        }
        c += 1;
    }
    table
}

/// Pawn steps by colour and square: forward, and sideways once across the river.
pub static PAWN_STEPS: [[Bitboard; 90]; 2] = pawn_steps();
/// The points from which a pawn of the given colour attacks a square.
pub static PAWN_ATTACKERS: [[Bitboard; 90]; 2] = invert(&pawn_steps());

/// The squares strictly between two points of one rank or file (empty otherwise).
pub static BETWEEN: [[Bitboard; 90]; 90] = between_table();

const fn between_table() -> [[Bitboard; 90]; 90] {
    let mut table = [[Bitboard::EMPTY; 90]; 90];
    let mut a = 0;
    while a < 90 {
        let from = Square::from_index_unchecked(a);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = ORTHOGONALS[d];
            let mut passed = Bitboard::EMPTY;
            let mut cur = from.offset(df, dr);
            while let Some(sq) = cur {
                table[a][sq.index()] = passed;
                passed = passed.with(sq);
                cur = sq.offset(df, dr);
            }
            d += 1;
        }
        a += 1;
    }
    table
}

/// The squares strictly between `a` and `b` on their common line.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN[a.index()][b.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard;

    #[test]
    fn horse_leg_blocks_two_targets() {
        let free = horse_attacks(Square::E4, Bitboard::EMPTY);
        assert_eq!(free.count(), 8);
        // A piece on e5 (the leg towards Black) removes d6 and f6.
        let blocked = horse_attacks(Square::E4, Bitboard::from_square(Square::E5));
        assert_eq!(
            free - blocked,
            Bitboard::from_square(Square::D6) | Bitboard::from_square(Square::F6)
        );
        // Corner horse: two targets, both through the b0/a1 legs.
        assert_eq!(horse_attacks(Square::A0, Bitboard::EMPTY).count(), 2);
        assert!(
            horse_attacks(Square::A0, Bitboard::from_square(Square::A1))
                == Bitboard::from_square(Square::C1)
        );
    }

    #[test]
    fn horse_attackers_mirror_horse_attacks() {
        let occupied = bitboard!(
            "........." "..X......" "...X....." "....X...." "........."
            ".X......." "...X.X..." "........." "X......X." "........."
        );
        for target in Square::all() {
            let expected: Bitboard = Square::all()
                .filter(|&from| horse_attacks(from, occupied).has(target))
                .collect();
            assert_eq!(
                horse_attackers(target, occupied),
                expected,
                "target {target}"
            );
        }
    }

    #[test]
    fn elephant_eye_and_river() {
        assert_eq!(elephant_attacks(Square::C0, Bitboard::EMPTY).count(), 2);
        assert_eq!(elephant_attacks(Square::E2, Bitboard::EMPTY).count(), 4);
        // c4 may go back to a2 and e2 but never across the river to a6/e6.
        let from_c4 = elephant_attacks(Square::C4, Bitboard::EMPTY);
        assert_eq!(
            from_c4,
            Bitboard::from_square(Square::A2) | Bitboard::from_square(Square::E2)
        );
        let eye_blocked = elephant_attacks(Square::E2, Bitboard::from_square(Square::D3));
        assert!(!eye_blocked.has(Square::C4) && eye_blocked.has(Square::G4));
        let black = elephant_attacks(Square::E7, Bitboard::EMPTY);
        assert!(black.has(Square::C5) && black.has(Square::G9) && black.count() == 4);
    }

    #[test]
    fn palace_keeps_king_and_advisors() {
        assert_eq!(KING_STEPS[Square::E1.index()].count(), 4);
        assert_eq!(
            KING_STEPS[Square::D0.index()],
            Bitboard::from_square(Square::E0) | Bitboard::from_square(Square::D1)
        );
        assert!(!KING_STEPS[Square::D2.index()].has(Square::D3));
        assert_eq!(ADVISOR_STEPS[Square::E1.index()].count(), 4);
        assert_eq!(
            ADVISOR_STEPS[Square::D0.index()],
            Bitboard::from_square(Square::E1)
        );
        assert_eq!(
            ADVISOR_STEPS[Square::F7.index()],
            Bitboard::from_square(Square::E8)
        );
        assert!(KING_STEPS[Square::E4.index()].is_empty());
    }

    #[test]
    fn pawns_before_and_after_the_river() {
        let red = Color::Red.index();
        let black = Color::Black.index();
        assert_eq!(
            PAWN_STEPS[red][Square::C3.index()],
            Bitboard::from_square(Square::C4)
        );
        assert_eq!(PAWN_STEPS[red][Square::C5.index()].count(), 3);
        assert_eq!(
            PAWN_STEPS[red][Square::A9.index()],
            Bitboard::from_square(Square::B9)
        );
        assert_eq!(
            PAWN_STEPS[black][Square::C6.index()],
            Bitboard::from_square(Square::C5)
        );
        assert_eq!(PAWN_STEPS[black][Square::C4.index()].count(), 3);
        assert!(PAWN_ATTACKERS[red][Square::E5.index()].has(Square::E4));
        assert!(PAWN_ATTACKERS[red][Square::E5.index()].has(Square::D5));
        assert!(!PAWN_ATTACKERS[red][Square::E4.index()].has(Square::D4));
    }

    #[test]
    fn between_is_strict_and_linear() {
        assert_eq!(between(Square::E0, Square::E9).count(), 8);
        assert_eq!(between(Square::A0, Square::I0).count(), 7);
        assert!(between(Square::E0, Square::E1).is_empty());
        assert!(between(Square::A0, Square::B1).is_empty());
    }
}
