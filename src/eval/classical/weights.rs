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
    S(268, 85),
    S(-3, 72),
    S(452, 426),
    S(1096, 1013),
    S(547, 392),
    S(49, 55),
];

/// Phase weight of each kind: a full board sums to [`PHASE_MAX`].
pub const PHASE: [i32; 7] = [0, 0, 0, 3, 6, 3, 0];
pub const PHASE_MAX: i32 = 48;

/// Advisors and elephants guard the king against attackers: each gains this
/// much per enemy attacking unit (chariot 2, horse and cannon 1, two crossed
/// pawns 1), up to [`GUARD_ATTACK_CAP`] units; so a missing advisor or
/// elephant costs the more, the more attackers the enemy keeps.
pub const ADVISOR_GUARD: S = S(-21, -5);
pub const ELEPHANT_GUARD: S = S(29, 17);
pub const GUARD_ATTACK_CAP: i32 = 8;

/// Per reachable point (not occupied by a friend).
pub const CHARIOT_MOBILITY: S = S(4, 3);
pub const HORSE_MOBILITY: S = S(14, -3);
pub const CANNON_MOBILITY: S = S(2, -1);
/// A horse that can go nowhere safe.
pub const HORSE_TRAPPED: S = S(10, -94);

/// A chariot on a file with no pawn of its own ahead of it.
pub const CHARIOT_OPEN_FILE: S = S(14, 31);

/// Enemy pieces in the zone around a king, by count (0, 1, 2, 3, 4+), as a penalty.
#[rustfmt::skip]
pub const KING_ZONE_ATTACKERS: [i32; 5] = [-10, 0, 42, 116, 204];
/// The king's file open to an enemy chariot (no piece in between).
pub const KING_FILE_OPEN: S = S(96, -40);
/// An enemy cannon on the king's file with nothing between (空头炮).
pub const HOLLOW_CANNON: S = S(121, -10);
/// An enemy cannon on the king's file with two pieces between (a loaded central cannon).
pub const LOADED_CANNON: S = S(49, 22);
/// The king stepped off its back rank.
pub const KING_RAISED: S = S(-74, 13);

/// Two crossed pawns side by side.
pub const CONNECTED_CROSSED_PAWNS: S = S(19, 7);

/// Threats, per piece (the expected loss, small: the owner may be the one
/// to move and answer the threat). A chariot attacked by a horse, cannon or
/// pawn.
pub const CHARIOT_THREATENED: S = S(-25, 24);
/// A horse or cannon attacked by a pawn.
pub const MINOR_THREATENED_BY_PAWN: S = S(-46, -15);
/// A chariot, horse or cannon attacked and not defended.
pub const HANGING_PIECE: S = S(-34, -20);

/// Each advisor and elephant, per enemy attacking unit that has crossed the
/// river into our half (chariot 2, horse and cannon 1, two pawns 1; capped
/// at [`GUARD_ATTACK_CAP`]), on top of [`ADVISOR_GUARD`] and [`ELEPHANT_GUARD`].
pub const ADVISOR_VS_CROSSED: S = S(2, 7);
pub const ELEPHANT_VS_CROSSED: S = S(5, 0);
/// Per missing advisor per enemy horse (the horse attacks where advisors
/// are gone), and per missing elephant per enemy cannon (the cannon needs
/// the elephants' points as screens and targets).
pub const MISSING_ADVISOR_VS_HORSE: S = S(-80, 10);
pub const MISSING_ELEPHANT_VS_CANNON: S = S(7, -4);
/// Our horse on the palace centre (窝心马) with an enemy cannon on the
/// centre file: the horse blocks the king and serves as the cannon's screen.
pub const SMOTHERED_CENTRE_HORSE: S = S(6, -156);
/// An enemy cannon on our back rank with our king on it (沉底炮), per cannon.
pub const BOTTOM_CANNON: S = S(-4, 2);
/// Our horse or cannon alone between our king and an enemy chariot.
pub const PINNED_TO_KING: S = S(15, -49);

/// The side to move's small edge.
pub const TEMPO: i32 = 7;

/// Piece-square tables, middlegame, Red's view, rank 9 first.
#[rustfmt::skip]
pub const PST_MG: [[i32; 90]; 7] = [
    // King
    [
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0,    0,    0,    0,    0,    0,    0,
           0,    0,    0, -145, -106, -145,    0,    0,    0,
           0,    0,    0,  -28,   51,  -28,    0,    0,    0,
           0,    0,    0,    8,   56,    8,    0,    0,    0,
    ],
    // Advisor
    [
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0, -15,   0, -15,   0,   0,   0,
          0,   0,   0,   0,  -9,   0,   0,   0,   0,
          0,   0,   0, -19,   0, -19,   0,   0,   0,
    ],
    // Elephant
    [
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  9,  0,  0,  0,  9,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  0,  0, 15,  0,  0,  0,  0,
         0,  0,  0,  0,  0,  0,  0,  0,  0,
         0,  0,  6,  0,  0,  0,  6,  0,  0,
    ],
    // Horse
    [
         57,  24,  72,  72,  44,  72,  72,  24,  57,
         50,  73,  76,  51,  61,  51,  76,  73,  50,
         75,  65,  66,  76,  77,  76,  66,  65,  75,
         37,  71,  59,  72,  63,  72,  59,  71,  37,
         42,  58,  70,  68,  74,  68,  70,  58,  42,
         12,  30,  50,  46,  48,  46,  50,  30,  12,
         14,  -3,  31,  36,  31,  36,  31,  -3,  14,
          5,  17,  21,  37,   0,  37,  21,  17,   5,
        -12,  -8,  -8,  -1,  -7,  -1,  -8,  -8, -12,
        -35, -18, -24,   2, -68,   2, -24, -18, -35,
    ],
    // Chariot
    [
          22,   21,   19,   27,   60,   27,   19,   21,   22,
          25,   33,   21,   31,   74,   31,   21,   33,   25,
          23,   28,   23,   43,   26,   43,   23,   28,   23,
          25,   35,   33,   34,   38,   34,   33,   35,   25,
          24,   32,   35,   38,   35,   38,   35,   32,   24,
           8,    9,   10,   19,   14,   19,   10,    9,    8,
          13,   11,   16,   11,   20,   11,   16,   11,   13,
         -12,    1,    8,   10,  -24,   10,    8,    1,  -12,
         -11,  -17,  -16,   -5,  -52,   -5,  -16,  -17,  -11,
         -38,   -2,  -15,   -5, -168,   -5,  -15,   -2,  -38,
    ],
    // Cannon
    [
         30,  26,  11, -12,  12, -12,  11,  26,  30,
         10,   6,  -4, -19,   1, -19,  -4,   6,  10,
         17,   3,  -9, -11, -13, -11,  -9,   3,  17,
         12,  10,   4,  -2,  -3,  -2,   4,  10,  12,
         15,   5,  20,   8,  10,   8,  20,   5,  15,
          4,   6,  11,   7,  -3,   7,  11,   6,   4,
         12,  -9,  10,   1,  -7,   1,  10,  -9,  12,
         10,  -8,  16,   6,   4,   6,  16,  -8,  10,
          4,  -2,  18,  11,   6,  11,  18,  -2,   4,
        -17, -27,  -4,  -5, -15,  -5,  -4, -27, -17,
    ],
    // Pawn
    [
         -4,  74,  88, 129,  32, 129,  88,  74,  -4,
         22,  68, 164, 276, 470, 276, 164,  68,  22,
         17,  35,  84, 194, 225, 194,  84,  35,  17,
         32,  59,  40,  65, 118,  65,  40,  59,  32,
        -31, -12,  18,  26,  40,  26,  18, -12, -31,
        -21,   0,  -2,   0,  -9,   0,  -2,   0, -21,
        -23,   0, -22,   0,  -5,   0, -22,   0, -23,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,   0,
    ],
];

/// Endgame tables where they differ: the king may walk, pawns count by how
/// far they have come, the rest keep their middlegame table.
#[rustfmt::skip]
pub const PST_EG_KING: [i32; 90] = [
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,  26,  19,  26,   0,   0,   0,
      0,   0,   0,   7, -12,   7,   0,   0,   0,
      0,   0,   0,  -3, -15,  -3,   0,   0,   0,
];

#[rustfmt::skip]
pub const PST_EG_PAWN: [i32; 90] = [
    59, 34, 23, -3, 25, -3, 23, 34, 59,
    64, 63, 58, 55, 58, 55, 58, 63, 64,
    49, 65, 73, 92, 85, 92, 73, 65, 49,
    50, 60, 73, 68, 61, 68, 73, 60, 50,
    75, 70, 65, 69, 69, 69, 65, 70, 75,
    34,  0, 23,  0, 53,  0, 23,  0, 34,
    30,  0, 14,  0, 33,  0, 14,  0, 30,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,  0,
];
