//! Every evaluation weight in one place, so tuning touches only this file.
//!
//! Each weight is a pair `(middlegame, endgame)`; the evaluation blends the
//! two by the game phase. Piece-square tables are drawn as Red sees the board
//! (rank 9, Black's back rank, on top); Black reads them mirrored. The values
//! are bonuses on top of the piece's material.

/// A middlegame and an endgame value.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

impl std::ops::Add for S {
    type Output = S;
    fn add(self, o: S) -> S {
        S(self.0 + o.0, self.1 + o.1)
    }
}

impl std::ops::Sub for S {
    type Output = S;
    fn sub(self, o: S) -> S {
        S(self.0 - o.0, self.1 - o.1)
    }
}

impl std::ops::AddAssign for S {
    fn add_assign(&mut self, o: S) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl std::ops::SubAssign for S {
    fn sub_assign(&mut self, o: S) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}

impl std::ops::Mul<i32> for S {
    type Output = S;
    fn mul(self, k: i32) -> S {
        S(self.0 * k, self.1 * k)
    }
}

/// Material by `PieceKind` index (king, advisor, elephant, horse, chariot,
/// cannon, pawn). A chariot is about two horses; the cannon outweighs the
/// horse while the board is full and the horse outweighs it in the endgame.
#[rustfmt::skip]
pub const MATERIAL: [S; 7] = [
    S(0, 0),
    S(100, 110),
    S(100, 110),
    S(410, 460),
    S(960, 1040),
    S(450, 420),
    S(30, 50),
];

/// Phase weight of each kind: a full board sums to [`PHASE_MAX`].
pub const PHASE: [i32; 7] = [0, 0, 0, 3, 6, 3, 0];
pub const PHASE_MAX: i32 = 48;

/// Advisors and elephants guard the king against attackers: each gains this
/// much per enemy attacking unit (chariot 2, horse and cannon 1, two crossed
/// pawns 1), up to [`GUARD_ATTACK_CAP`] units; so a missing advisor or
/// elephant costs the more, the more attackers the enemy keeps.
pub const ADVISOR_GUARD: S = S(8, 5);
pub const ELEPHANT_GUARD: S = S(6, 4);
pub const GUARD_ATTACK_CAP: i32 = 8;

/// Per reachable point (not occupied by a friend).
pub const CHARIOT_MOBILITY: S = S(4, 5);
pub const HORSE_MOBILITY: S = S(9, 9);
pub const CANNON_MOBILITY: S = S(2, 2);
/// A horse that can go nowhere safe.
pub const HORSE_TRAPPED: S = S(-40, -40);

/// A chariot on a file with no pawn of its own ahead of it.
pub const CHARIOT_OPEN_FILE: S = S(16, 8);

/// Enemy pieces in the zone around a king, by count (0, 1, 2, 3, 4+), as a penalty.
#[rustfmt::skip]
pub const KING_ZONE_ATTACKERS: [i32; 5] = [0, 8, 40, 100, 180];
/// The king's file open to an enemy chariot (no piece in between).
pub const KING_FILE_OPEN: S = S(30, 10);
/// An enemy cannon on the king's file with nothing between (空头炮).
pub const HOLLOW_CANNON: S = S(90, 20);
/// An enemy cannon on the king's file with two pieces between (a loaded central cannon).
pub const LOADED_CANNON: S = S(25, 5);
/// The king stepped off its back rank.
pub const KING_RAISED: S = S(-12, 0);

/// Two crossed pawns side by side.
pub const CONNECTED_CROSSED_PAWNS: S = S(14, 22);

/// Threats, per piece (the expected loss, small: the owner may be the one
/// to move and answer the threat). A chariot attacked by a horse, cannon or
/// pawn.
pub const CHARIOT_THREATENED: S = S(-20, -20);
/// A horse or cannon attacked by a pawn.
pub const MINOR_THREATENED_BY_PAWN: S = S(-15, -15);
/// A chariot, horse or cannon attacked and not defended.
pub const HANGING_PIECE: S = S(-15, -15);

/// Each advisor and elephant, per enemy attacking unit that has crossed the
/// river into our half (chariot 2, horse and cannon 1, two pawns 1; capped
/// at [`GUARD_ATTACK_CAP`]), on top of [`ADVISOR_GUARD`] and [`ELEPHANT_GUARD`].
pub const ADVISOR_VS_CROSSED: S = S(4, 2);
pub const ELEPHANT_VS_CROSSED: S = S(3, 2);
/// Per missing advisor per enemy horse (the horse attacks where advisors
/// are gone), and per missing elephant per enemy cannon (the cannon needs
/// the elephants' points as screens and targets).
pub const MISSING_ADVISOR_VS_HORSE: S = S(-6, -6);
pub const MISSING_ELEPHANT_VS_CANNON: S = S(-6, -6);
/// Our horse on the palace centre (窝心马) with an enemy cannon on the
/// centre file: the horse blocks the king and serves as the cannon's screen.
pub const SMOTHERED_CENTRE_HORSE: S = S(-30, -10);
/// An enemy cannon on our back rank with our king on it (沉底炮), per cannon.
pub const BOTTOM_CANNON: S = S(-15, -5);
/// Our horse or cannon alone between our king and an enemy chariot.
pub const PINNED_TO_KING: S = S(-15, -10);

/// The side to move's small edge.
pub const TEMPO: i32 = 10;

/// Piece-square tables, middlegame, Red's view, rank 9 first.
#[rustfmt::skip]
pub const PST_MG: [[i32; 90]; 7] = [
    // King
    [
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0, -30, -30, -30,   0,   0,   0,
          0,   0,   0, -12,  -8, -12,   0,   0,   0,
          0,   0,   0,  -4,   6,  -4,   0,   0,   0,
    ],
    // Advisor
    [
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0, -4,  0, -4,  0,  0,  0,
         0,  0,  0,  0,  6,  0,  0,  0,  0,
         0,  0,  0,  2,  0,  2,  0,  0,  0,
    ],
    // Elephant
    [
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0, -2,  0,  0,  0, -2,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
        -4,  0,  0,  0,  6,  0,  0,  0, -4,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  2,  0,  0,  0,  2,  0,  0,
    ],
    // Horse
    [
          0,  -4,   0,   4,   0,   4,   0,  -4,   0,
          0,   6,  18,  20,  10,  20,  18,   6,   0,
          8,  20,  28,  32,  26,  32,  28,  20,   8,
          8,  24,  24,  36,  30,  36,  24,  24,   8,
          4,  16,  20,  28,  28,  28,  20,  16,   4,
          0,  12,  16,  20,  20,  20,  16,  12,   0,
          0,   8,  12,  16,  10,  16,  12,   8,   0,
          0,   4,  12,  12,   6,  12,  12,   4,   0,
         -4,   0,   4,   4, -10,   4,   4,   0,  -4,
        -10,  -8,   0,  -4, -10,  -4,   0,  -8, -10,
    ],
    // Chariot
    [
        14, 14, 12, 18, 16, 18, 12, 14, 14,
        16, 20, 18, 24, 26, 24, 18, 20, 16,
        12, 12, 12, 18, 18, 18, 12, 12, 12,
        12, 18, 16, 22, 22, 22, 16, 18, 12,
        12, 14, 12, 18, 18, 18, 12, 14, 12,
        12, 16, 14, 20, 20, 20, 14, 16, 12,
         6, 10,  8, 14, 14, 14,  8, 10,  6,
         4,  8,  6, 14, 12, 14,  6,  8,  4,
         8,  4,  8, 16,  8, 16,  8,  4,  8,
        -2, 10,  6, 14, 12, 14,  6, 10, -2,
    ],
    // Cannon
    [
          6,   4,   0, -10, -12, -10,   0,   4,   6,
          2,   2,   0,  -4, -14,  -4,   0,   2,   2,
          2,   2,   0, -10,  -8, -10,   0,   2,   2,
          0,   0,  -2,   4,  10,   4,  -2,   0,   0,
          0,   0,   0,   2,   8,   2,   0,   0,   0,
         -2,   0,   4,   2,   6,   2,   4,   0,  -2,
          0,   0,   0,   2,   4,   2,   0,   0,   0,
          4,   0,   8,   6,  10,   6,   8,   0,   4,
          0,   2,   4,   6,   6,   6,   4,   2,   0,
          0,   0,   2,   6,   6,   6,   2,   0,   0,
    ],
    // Pawn
    [
          0,   3,   6,   9,  12,   9,   6,   3,   0,
         18,  36,  56,  80, 100,  80,  56,  36,  18,
         14,  26,  42,  60,  80,  60,  42,  26,  14,
         10,  20,  30,  34,  40,  34,  30,  20,  10,
          6,  12,  18,  18,  20,  18,  18,  12,   6,
          2,   0,   8,   0,  10,   0,   8,   0,   2,
          0,   0,  -2,   0,   4,   0,  -2,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
    ],
];

/// Endgame tables where they differ: the king may walk, pawns count by how
/// far they have come, the rest keep their middlegame table.
#[rustfmt::skip]
pub const PST_EG_KING: [i32; 90] = [
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0, -8, -4, -8,  0,  0,  0,
     0,  0,  0, -4,  4, -4,  0,  0,  0,
     0,  0,  0,  0,  6,  0,  0,  0,  0,
];

#[rustfmt::skip]
pub const PST_EG_PAWN: [i32; 90] = [
    10, 14, 18, 22, 24, 22, 18, 14, 10,
    40, 50, 64, 80, 90, 80, 64, 50, 40,
    40, 48, 60, 70, 76, 70, 60, 48, 40,
    36, 42, 50, 56, 60, 56, 50, 42, 36,
    30, 34, 40, 44, 46, 44, 40, 34, 30,
     4,  0, 10,  0, 12,  0, 10,  0,  4,
     0,  0,  2,  0,  6,  0,  2,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
];
