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
    S(116, 70),
    S(111, 77),
    S(410, 453),
    S(968, 1045),
    S(478, 427),
    S(64, 100),
];

/// Phase weight of each kind: a full board sums to [`PHASE_MAX`].
pub const PHASE: [i32; 7] = [0, 0, 0, 3, 6, 3, 0];
pub const PHASE_MAX: i32 = 48;

/// Advisors and elephants guard the king against attackers: each gains this
/// much per enemy attacking unit (chariot 2, horse and cannon 1, two crossed
/// pawns 1), up to [`GUARD_ATTACK_CAP`] units; so a missing advisor or
/// elephant costs the more, the more attackers the enemy keeps.
pub const ADVISOR_GUARD: S = S(2, 6);
pub const ELEPHANT_GUARD: S = S(9, 9);
pub const GUARD_ATTACK_CAP: i32 = 8;

/// Per reachable point (not occupied by a friend).
pub const CHARIOT_MOBILITY: S = S(6, 7);
pub const HORSE_MOBILITY: S = S(31, -9);
pub const CANNON_MOBILITY: S = S(9, -5);
/// A horse that can go nowhere safe.
pub const HORSE_TRAPPED: S = S(-36, -41);

/// A chariot on a file with no pawn of its own ahead of it.
pub const CHARIOT_OPEN_FILE: S = S(27, 15);

/// Enemy pieces in the zone around a king, by count (0, 1, 2, 3, 4+), as a penalty.
#[rustfmt::skip]
pub const KING_ZONE_ATTACKERS: [i32; 5] = [-11, 2, 49, 106, 183];
/// The king's file open to an enemy chariot (no piece in between).
pub const KING_FILE_OPEN: S = S(43, 14);
/// An enemy cannon on the king's file with nothing between (空头炮).
pub const HOLLOW_CANNON: S = S(96, 14);
/// An enemy cannon on the king's file with two pieces between (a loaded central cannon).
pub const LOADED_CANNON: S = S(39, 16);
/// The king stepped off its back rank.
pub const KING_RAISED: S = S(-28, 8);

/// Two crossed pawns side by side.
pub const CONNECTED_CROSSED_PAWNS: S = S(16, 26);

/// Threats, per piece (the expected loss, small: the owner may be the one
/// to move and answer the threat). A chariot attacked by a horse, cannon or
/// pawn.
pub const CHARIOT_THREATENED: S = S(-21, -20);
/// A horse or cannon attacked by a pawn.
pub const MINOR_THREATENED_BY_PAWN: S = S(-16, -15);
/// A chariot, horse or cannon attacked and not defended.
pub const HANGING_PIECE: S = S(-21, -18);

/// Each advisor and elephant, per enemy attacking unit that has crossed the
/// river into our half (chariot 2, horse and cannon 1, two pawns 1; capped
/// at [`GUARD_ATTACK_CAP`]), on top of [`ADVISOR_GUARD`] and [`ELEPHANT_GUARD`].
pub const ADVISOR_VS_CROSSED: S = S(-2, -3);
pub const ELEPHANT_VS_CROSSED: S = S(3, -1);
/// Per missing advisor per enemy horse (the horse attacks where advisors
/// are gone), and per missing elephant per enemy cannon (the cannon needs
/// the elephants' points as screens and targets).
pub const MISSING_ADVISOR_VS_HORSE: S = S(-38, -13);
pub const MISSING_ELEPHANT_VS_CANNON: S = S(-22, -4);
/// Our horse on the palace centre (窝心马) with an enemy cannon on the
/// centre file: the horse blocks the king and serves as the cannon's screen.
pub const SMOTHERED_CENTRE_HORSE: S = S(-35, -14);
/// An enemy cannon on our back rank with our king on it (沉底炮), per cannon.
pub const BOTTOM_CANNON: S = S(-18, -7);
/// Our horse or cannon alone between our king and an enemy chariot.
pub const PINNED_TO_KING: S = S(-17, -11);

/// The side to move's small edge.
pub const TEMPO: i32 = 5;

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
          0,   0,   0, -32, -31, -32,   0,   0,   0,
          0,   0,   0, -16, -12, -16,   0,   0,   0,
          0,   0,   0,  -6,  24,  -6,   0,   0,   0,
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
         0,  0,  0,  0,  3,  0,  0,  0,  0,
         0,  0,  0, -8,  0, -8,  0,  0,  0,
    ],
    // Elephant
    [
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0, -3,  0,  0,  0, -3,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
        -7,  0,  0,  0,  5,  0,  0,  0, -7,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0, -4,  0,  0,  0, -4,  0,  0,
    ],
    // Horse
    [
          0,  -4,   1,   4,   0,   4,   1,  -4,   0,
          0,   8,  22,  20,  10,  20,  22,   8,   0,
          9,  21,  29,  33,  26,  33,  29,  21,   9,
          8,  24,  25,  37,  31,  37,  25,  24,   8,
          4,  16,  21,  29,  32,  29,  21,  16,   4,
          0,  10,  18,  20,  18,  20,  18,  10,   0,
          0,   6,  12,  16,  12,  16,  12,   6,   0,
         -1,   4,  14,  13,   4,  13,  14,   4,  -1,
         -7,  -1,   2,   2, -21,   2,   2,  -1,  -7,
        -11, -15,  -2,  -4, -10,  -4,  -2, -15, -11,
    ],
    // Chariot
    [
        13, 15, 13, 20, 19, 20, 13, 15, 13,
        16, 20, 17, 22, 28, 22, 17, 20, 16,
        12, 14, 12, 20, 18, 20, 12, 14, 12,
        12, 17, 17, 23, 25, 23, 17, 17, 12,
        13, 14, 11, 18, 21, 18, 11, 14, 13,
        12, 15, 13, 22, 19, 22, 13, 15, 12,
         7, 12,  9, 14, 16, 14,  9, 12,  7,
         4,  8,  7, 15,  8, 15,  7,  8,  4,
         8,  2,  6, 13,  5, 13,  6,  2,  8,
        -6, 17,  6, 15, 12, 15,  6, 17, -6,
    ],
    // Cannon
    [
          8,   7,   0, -10, -12, -10,   0,   7,   8,
          2,   0,   1,  -5, -14,  -5,   1,   0,   2,
          2,   0,   0, -10,  -8, -10,   0,   0,   2,
          0,   0,  -1,   2,  10,   2,  -1,   0,   0,
          0,  -1,   1,   1,  11,   1,   1,  -1,   0,
         -1,   1,   5,   2,   8,   2,   5,   1,  -1,
          1,   0,   1,   2,   4,   2,   1,   0,   1,
          8,   0,  11,   7,  18,   7,  11,   0,   8,
          1,   3,   6,   8,  10,   8,   6,   3,   1,
          0,  -1,   3,   3,   5,   3,   3,  -1,   0,
    ],
    // Pawn
    [
          0,   3,   6,   9,  11,   9,   6,   3,   0,
         18,  36,  56,  81, 100,  81,  56,  36,  18,
         13,  26,  43,  61,  81,  61,  43,  26,  13,
         10,  20,  34,  35,  44,  35,  34,  20,  10,
          7,  12,  18,  18,  21,  18,  18,  12,   7,
          2,   0,  11,   0,  11,   0,  11,   0,   2,
          1,   0,  -7,   0,   9,   0,  -7,   0,   1,
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
     0,  0,  0, -8, -2, -8,  0,  0,  0,
     0,  0,  0, -1,  6, -1,  0,  0,  0,
     0,  0,  0,  3, -7,  3,  0,  0,  0,
];

#[rustfmt::skip]
pub const PST_EG_PAWN: [i32; 90] = [
    10, 15, 18, 20, 21, 20, 18, 15, 10,
    40, 50, 62, 76, 90, 76, 62, 50, 40,
    40, 48, 61, 72, 78, 72, 61, 48, 40,
    38, 44, 54, 57, 63, 57, 54, 44, 38,
    34, 36, 41, 45, 48, 45, 41, 36, 34,
     8,  0, 12,  0, 16,  0, 12,  0,  8,
     4,  0,  1,  0,  9,  0,  1,  0,  4,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
];
