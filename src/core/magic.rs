//! Chariot and cannon attacks by rank-and-file magic lookup.
//!
//! A slider's attacks on a 9x10 board split into its rank and its file. The
//! rank's occupancy is already nine contiguous bits, so its seven inner bits
//! (the edge points never change the answer) index a table directly. The
//! file's inner eight points lie nine bits apart; shifted down they form the
//! pattern `0x8040201008040201`, and one multiply by the committed magic
//! [`FILE_MAGIC`] gathers them, collision-free, into the top byte. Four small
//! tables (about 84 KB together, built at compile time) then answer for every
//! square: they stay in the L2 cache, unlike one big table per square.
//!
//! The cannon's tables hold its *capture targets*: the first point beyond the
//! first screen on each ray, whatever stands there (the caller masks enemies).
//! Its quiet moves are the chariot's attacks on empty points.

use super::{Bitboard, Square};

/// The eight inner points of file `a` (ranks 1-8), shifted down by nine.
const FILE_INNER: u64 = 0x8040_2010_0804_0201;
/// Multiplying [`FILE_INNER`]'s bits by this lands bit `9k` on bit `56 + k`,
/// with no two partial products on the same bit (so no carries): a perfect
/// magic for every file.
pub const FILE_MAGIC: u64 = 0x0101_0101_0101_0101;

/// Occupancy index of `sq`'s rank: its seven inner files.
#[inline]
fn rank_index(sq: Square, occupied: Bitboard) -> usize {
    ((occupied.0 >> (sq.rank().index() * 9 + 1)) as u32 & 0x7F) as usize
}

/// Occupancy index of `sq`'s file: its eight inner ranks, gathered by magic.
#[inline]
fn file_index(sq: Square, occupied: Bitboard) -> usize {
    let inner = (occupied.0 >> (sq.file().index() + 9)) as u64 & FILE_INNER;
    (inner.wrapping_mul(FILE_MAGIC) >> 56) as usize
}

/// Walks one line of `len` points from `pos` with the given inner occupancy
/// (bit `k - 1` = point `k` occupied, the two end points never counted) and
/// returns the chariot's or the cannon's targets as a bit mask over the line.
const fn line_targets(pos: usize, len: usize, inner: usize, cannon: bool) -> u32 {
    let mut targets = 0u32;
    let mut dir = 0;
    while dir < 2 {
        let mut screened = false;
        let mut p = pos as isize;
        loop {
            p += if dir == 0 { 1 } else { -1 };
            if p < 0 || p >= len as isize {
                break;
            }
            let at_edge = p == 0 || p == len as isize - 1;
            let occupied = at_edge || (inner >> (p - 1)) & 1 == 1;
            if !cannon {
                targets |= 1 << p;
                if occupied {
                    break;
                }
            } else if screened {
                // The first point beyond the screen that could hold a piece.
                if occupied {
                    targets |= 1 << p;
                    break;
                }
            } else if occupied && !at_edge {
                screened = true;
            }
        }
        dir += 1;
    }
    targets
}

const fn rank_table(cannon: bool) -> [[u16; 128]; 9] {
    let mut table = [[0u16; 128]; 9];
    let mut file = 0;
    while file < 9 {
        let mut inner = 0;
        while inner < 128 {
            table[file][inner] = line_targets(file, 9, inner, cannon) as u16;
            inner += 1;
        }
        file += 1;
    }
    table
}

/// Spreads a 10-point line mask onto file `a` of the board.
const fn spread_on_file(line: u32) -> u128 {
    let mut bits = 0u128;
    let mut r = 0;
    while r < 10 {
        if (line >> r) & 1 == 1 {
            bits |= 1u128 << (r * 9);
        }
        r += 1;
    }
    bits
}

const fn file_table(cannon: bool) -> [[u128; 256]; 10] {
    let mut table = [[0u128; 256]; 10];
    let mut rank = 0;
    while rank < 10 {
        let mut inner = 0;
        while inner < 256 {
            table[rank][inner] = spread_on_file(line_targets(rank, 10, inner, cannon));
            inner += 1;
        }
        rank += 1;
    }
    table
}

static CHARIOT_RANK: [[u16; 128]; 9] = rank_table(false);
static CANNON_RANK: [[u16; 128]; 9] = rank_table(true);
static CHARIOT_FILE: [[u128; 256]; 10] = file_table(false);
static CANNON_FILE: [[u128; 256]; 10] = file_table(true);

#[inline]
fn lookup(
    sq: Square,
    occupied: Bitboard,
    rank: &[[u16; 128]; 9],
    file: &[[u128; 256]; 10],
) -> Bitboard {
    let (f, r) = (sq.file().index(), sq.rank().index());
    let along_rank = (rank[f][rank_index(sq, occupied)] as u128) << (r * 9);
    let along_file = file[r][file_index(sq, occupied)] << f;
    Bitboard(along_rank | along_file)
}

/// Points a chariot on `sq` attacks: up to and including the first piece on each ray.
#[inline]
pub fn chariot_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(sq, occupied, &CHARIOT_RANK, &CHARIOT_FILE)
}

/// Points a cannon on `sq` could capture on: the first point beyond exactly one
/// screen. An empty edge point beyond a screen may be included, so mask the
/// result with the pieces that matter (it is exact on occupied points).
#[inline]
pub fn cannon_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(sq, occupied, &CANNON_RANK, &CANNON_FILE)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slow, obviously right answer: walk each ray point by point.
    fn walk(sq: Square, occupied: Bitboard, cannon: bool) -> Bitboard {
        let mut targets = Bitboard::EMPTY;
        for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let mut screened = false;
            let mut cur = sq.offset(df, dr);
            while let Some(p) = cur {
                let here = occupied.has(p);
                if !cannon {
                    targets = targets.with(p);
                    if here {
                        break;
                    }
                } else if screened {
                    if here {
                        targets = targets.with(p);
                        break;
                    }
                } else if here {
                    screened = true;
                }
                cur = p.offset(df, dr);
            }
        }
        targets
    }

    /// The last point of each of the four rays from `sq`.
    fn ray_ends(sq: Square) -> Bitboard {
        let mut ends = Bitboard::EMPTY;
        for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let mut last = None;
            let mut cur = sq.offset(df, dr);
            while let Some(p) = cur {
                last = Some(p);
                cur = p.offset(df, dr);
            }
            if let Some(p) = last {
                ends = ends.with(p);
            }
        }
        ends
    }

    /// Every point of the inner rank and file masks, all occupancies: the
    /// magic index never maps two occupancies that need different answers to
    /// one entry (the collision check), and every answer equals the ray walk.
    #[test]
    fn lookups_match_ray_walks_for_every_relevant_occupancy() {
        for sq in Square::all() {
            let relevant: Vec<Square> = Square::all()
                .filter(|&p| p != sq && (p.rank() == sq.rank() || p.file() == sq.file()))
                .collect();
            // Include the edge points too: they must make no difference.
            let n = relevant.len();
            assert!(n == 17);
            let mut seen = vec![None; 1 << 16];
            let step = if cfg!(debug_assertions) { 97 } else { 1 };
            let mut subset: u32 = 0;
            while subset < (1 << n) {
                let occupied: Bitboard = relevant
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| subset >> i & 1 == 1)
                    .map(|(_, &p)| p)
                    .collect();
                assert_eq!(
                    chariot_attacks(sq, occupied),
                    walk(sq, occupied, false),
                    "chariot {sq} {occupied:?}"
                );
                assert_eq!(
                    cannon_attacks(sq, occupied) & occupied,
                    walk(sq, occupied, true),
                    "cannon {sq} {occupied:?}"
                );
                let key = rank_index(sq, occupied) << 8 | file_index(sq, occupied);
                // With the ray ends counted as occupied, the walk gives exactly
                // what the table stores (the ends never change the index).
                let ends = ray_ends(sq);
                let answer = (walk(sq, occupied, false), walk(sq, occupied | ends, true));
                assert_eq!(cannon_attacks(sq, occupied), answer.1, "cannon table {sq}");
                match seen[key] {
                    None => seen[key] = Some(answer),
                    Some(previous) => assert_eq!(previous, answer, "collision on {sq}"),
                }
                subset += step;
            }
        }
    }

    #[test]
    fn file_magic_gathers_each_inner_rank_to_its_own_bit() {
        for k in 0..8 {
            let bit = 1u64 << (9 * k);
            assert_eq!(bit.wrapping_mul(FILE_MAGIC) >> 56, 1 << k);
        }
    }

    #[test]
    fn cannon_needs_exactly_one_screen() {
        let occupied = Bitboard::from_square(Square::E3)
            | Bitboard::from_square(Square::E7)
            | Bitboard::from_square(Square::E9);
        let targets = cannon_attacks(Square::E0, occupied);
        assert_eq!(targets & occupied, Bitboard::from_square(Square::E7));
        assert!(cannon_attacks(Square::E0, Bitboard::EMPTY).is_empty());
    }
}
