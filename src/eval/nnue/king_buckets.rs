//! King buckets: the first layer's weights chosen by where the viewing
//! side's own king stands in its palace, so that a piece on a square can
//! weigh differently beside a king at home and a king driven up or aside.
//! A network reads one set of `FEATURES` input rows per bucket; a king move
//! into another bucket refills that side's accumulator.
//!
//! Every layout is closed under the left-right mirror (a king's mirrored
//! square lies in the mirrored bucket), which the network's twin units need
//! to stay symmetric (see [`crate::learn::train`]).

use super::features::feature;
use crate::core::{Color, Piece, PieceKind, Position, Square};

/// How the palace's nine squares fall into buckets.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum KingBuckets {
    /// One bucket: the king's square does not choose the weights.
    #[default]
    None,
    /// By the king's rank: at home, one step up, two steps up.
    Rank,
    /// Each palace square its own bucket.
    Square,
}

impl KingBuckets {
    pub const ALL: [KingBuckets; 3] = [KingBuckets::None, KingBuckets::Rank, KingBuckets::Square];

    /// How many buckets the layout has.
    pub const fn count(self) -> usize {
        match self {
            KingBuckets::None => 1,
            KingBuckets::Rank => 3,
            KingBuckets::Square => 9,
        }
    }

    /// The layout's code in a network file.
    pub const fn code(self) -> u8 {
        match self {
            KingBuckets::None => 0,
            KingBuckets::Rank => 1,
            KingBuckets::Square => 2,
        }
    }

    pub fn from_code(code: u8) -> Option<KingBuckets> {
        KingBuckets::ALL.into_iter().find(|k| k.code() == code)
    }

    /// The layout's name on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            KingBuckets::None => "none",
            KingBuckets::Rank => "rank",
            KingBuckets::Square => "square",
        }
    }

    pub fn from_name(name: &str) -> Option<KingBuckets> {
        KingBuckets::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The bucket of a king on `king`, the square as its own side sees it
    /// (a [`feature`] index below 90: files d to f, ranks 0 to 2).
    #[inline]
    pub fn of(self, king: usize) -> usize {
        let (rank, column) = (king / 9, (king % 9).saturating_sub(3));
        match self {
            KingBuckets::None => 0,
            KingBuckets::Rank => rank.min(2),
            KingBuckets::Square => rank.min(2) * 3 + column.min(2),
        }
    }

    /// The bucket that holds the mirror images of `bucket`'s squares.
    #[inline]
    pub fn mirrored(self, bucket: usize) -> usize {
        match self {
            KingBuckets::None | KingBuckets::Rank => bucket,
            KingBuckets::Square => bucket / 3 * 3 + (2 - bucket % 3),
        }
    }

    /// The bucket of `view`'s own king in `pos`.
    #[inline]
    pub fn of_side(self, pos: &Position, view: Color) -> usize {
        match self {
            KingBuckets::None => 0,
            _ => self.of(own_king_square(view, pos.king_square(view))),
        }
    }

    /// The bucket of a side whose pieces (as it sees them, [`feature`]
    /// indices) are `features`: where its own king stands among them.
    #[inline]
    pub fn of_features(self, features: &[u16]) -> usize {
        match self {
            KingBuckets::None => 0,
            _ => features
                .iter()
                .find(|&&f| (f as usize) < 90)
                .map_or(0, |&f| self.of(f as usize)),
        }
    }
}

/// The square of `view`'s king on `sq` as `view` sees it.
#[inline]
pub fn own_king_square(view: Color, sq: Square) -> usize {
    feature(view, Piece::new(view, PieceKind::King), sq)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::nnue::features::{active_features, mirrored};

    /// The palace as its own side sees it.
    fn palace() -> impl Iterator<Item = usize> {
        (0..3).flat_map(|rank| (3..6).map(move |file| rank * 9 + file))
    }

    #[test]
    fn every_layout_fills_its_buckets_and_is_closed_under_the_mirror() {
        for layout in KingBuckets::ALL {
            let mut seen = vec![false; layout.count()];
            for king in palace() {
                let bucket = layout.of(king);
                seen[bucket] = true;
                assert_eq!(layout.of(mirrored(king)), layout.mirrored(bucket));
            }
            assert!(seen.iter().all(|&s| s), "{layout:?}");
            assert_eq!(KingBuckets::from_code(layout.code()), Some(layout));
            assert_eq!(KingBuckets::from_name(layout.name()), Some(layout));
        }
        assert_eq!(KingBuckets::from_code(3), None);
        assert_eq!(KingBuckets::from_name("file"), None);
    }

    #[test]
    fn both_sides_find_their_kings_bucket_from_their_own_end() {
        let pos = Position::from_fen("5k3/4a4/9/9/9/9/9/9/3K5/9 w - - 0 1").unwrap();
        // Red's king one step up on the d-file; Black's at home on the f-file.
        assert_eq!(KingBuckets::Square.of_side(&pos, Color::Red), 3);
        assert_eq!(KingBuckets::Square.of_side(&pos, Color::Black), 2);
        assert_eq!(KingBuckets::Rank.of_side(&pos, Color::Red), 1);
        assert_eq!(KingBuckets::Rank.of_side(&pos, Color::Black), 0);
        for view in Color::ALL {
            let features: Vec<u16> = active_features(&pos, view).map(|f| f as u16).collect();
            for layout in KingBuckets::ALL {
                assert_eq!(
                    layout.of_features(&features),
                    layout.of_side(&pos, view),
                    "{layout:?} {view:?}"
                );
            }
        }
    }
}
