//! The network's inner loops: the accumulator's row updates and the output
//! layer's dot products, with AVX2 where the CPU has it (asked at run time,
//! so one binary serves every x86-64 machine) and plain loops elsewhere.
//! Both give the same integers: the updates wrap like `i16` arithmetic, and
//! the dot products add in lanes that cannot overflow (see
//! [`MAX_SQUARED_WEIGHT`]) before the total is widened.

use super::shape::{HIDDEN, QA};

/// The largest output weight a squared activation may meet: `QA * w` must
/// fit an `i16`, since the fast path multiplies the two there before
/// multiplying by the activation again.
pub const MAX_SQUARED_WEIGHT: i16 = 127;

/// One row of the accumulator, or of the first layer's weights.
pub type Row = [i16; HIDDEN];

/// `out = old + added - removed`.
#[inline]
pub fn move_piece(out: &mut Row, old: &Row, added: &Row, removed: &Row) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, checked just above.
        unsafe { avx2::update(out, old, added, removed, None) };
        return;
    }
    scalar::update(out, old, added, removed, None);
}

/// `out = old + added - removed - taken`.
#[inline]
pub fn move_and_take(out: &mut Row, old: &Row, added: &Row, removed: &Row, taken: &Row) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, checked just above.
        unsafe { avx2::update(out, old, added, removed, Some(taken)) };
        return;
    }
    scalar::update(out, old, added, removed, Some(taken));
}

/// The sum of `clamp(a, 0, QA) * w`.
#[inline]
pub fn dot_clipped(a: &Row, w: &Row) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, checked just above.
        return unsafe { avx2::dot_clipped(a, w) };
    }
    scalar::dot_clipped(a, w)
}

/// The sum of `clamp(a, 0, QA)^2 * w`; every `w` within
/// [`MAX_SQUARED_WEIGHT`] (the network's reader checks).
#[inline]
pub fn dot_squared(a: &Row, w: &Row) -> i64 {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, checked just above.
        return unsafe { avx2::dot_squared(a, w) };
    }
    scalar::dot_squared(a, w)
}

/// Plain loops over fixed lengths, which the compiler vectorises for the
/// instruction set it builds for.
pub mod scalar {
    use super::{Row, QA};

    #[inline]
    pub fn update(out: &mut Row, old: &Row, added: &Row, removed: &Row, taken: Option<&Row>) {
        for i in 0..out.len() {
            out[i] = old[i].wrapping_add(added[i]).wrapping_sub(removed[i]);
        }
        if let Some(taken) = taken {
            for (o, t) in out.iter_mut().zip(taken) {
                *o = o.wrapping_sub(*t);
            }
        }
    }

    #[inline]
    pub fn dot_clipped(a: &Row, w: &Row) -> i64 {
        let mut sum = 0i64;
        for (a, w) in a.iter().zip(w) {
            sum += (*a).clamp(0, QA as i16) as i64 * *w as i64;
        }
        sum
    }

    #[inline]
    pub fn dot_squared(a: &Row, w: &Row) -> i64 {
        let mut sum = 0i64;
        for (a, w) in a.iter().zip(w) {
            let a = (*a).clamp(0, QA as i16) as i64;
            sum += a * a * *w as i64;
        }
        sum
    }
}

#[cfg(target_arch = "x86_64")]
pub mod avx2 {
    use super::{Row, QA};
    use std::arch::x86_64::*;

    /// Lanes of 16 `i16` in a 256-bit register.
    const LANES: usize = 16;
    const _: () = assert!(super::HIDDEN.is_multiple_of(LANES));

    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn update(
        out: &mut Row,
        old: &Row,
        added: &Row,
        removed: &Row,
        taken: Option<&Row>,
    ) {
        for i in (0..out.len()).step_by(LANES) {
            // SAFETY: i + LANES <= HIDDEN for every row, and unaligned
            // loads and stores accept any address.
            unsafe {
                let load = |row: &Row| _mm256_loadu_si256(row.as_ptr().add(i).cast());
                let mut v = _mm256_add_epi16(load(old), load(added));
                v = _mm256_sub_epi16(v, load(removed));
                if let Some(taken) = taken {
                    v = _mm256_sub_epi16(v, load(taken));
                }
                _mm256_storeu_si256(out.as_mut_ptr().add(i).cast(), v);
            }
        }
    }

    /// The activations `clamp(a, 0, QA)` of 16 values from `at`.
    ///
    /// # Safety
    /// AVX2, and `at + LANES <= HIDDEN`.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn clipped(a: &Row, at: usize) -> __m256i {
        // SAFETY: the caller keeps `at` within the row.
        let v = unsafe { _mm256_loadu_si256(a.as_ptr().add(at).cast()) };
        _mm256_min_epi16(
            _mm256_max_epi16(v, _mm256_setzero_si256()),
            _mm256_set1_epi16(QA as i16),
        )
    }

    /// The eight `i32` lanes of `v` added up.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn total(v: __m256i) -> i64 {
        let mut lanes = [0i32; 8];
        // SAFETY: `lanes` holds 32 bytes; an unaligned store accepts any address.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), v) };
        lanes.iter().map(|&l| l as i64).sum()
    }

    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn dot_clipped(a: &Row, w: &Row) -> i64 {
        let mut sum = _mm256_setzero_si256();
        for i in (0..a.len()).step_by(LANES) {
            // SAFETY: i + LANES <= HIDDEN.
            unsafe {
                let w = _mm256_loadu_si256(w.as_ptr().add(i).cast());
                // Pairs of `a * w` (each below 2^23) summed into i32 lanes.
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(clipped(a, i), w));
            }
        }
        total(sum)
    }

    /// # Safety
    /// The CPU must have AVX2, and every `w` lies within
    /// [`super::MAX_SQUARED_WEIGHT`].
    #[target_feature(enable = "avx2")]
    pub unsafe fn dot_squared(a: &Row, w: &Row) -> i64 {
        let mut sum = _mm256_setzero_si256();
        for i in (0..a.len()).step_by(LANES) {
            // SAFETY: i + LANES <= HIDDEN.
            unsafe {
                let a = clipped(a, i);
                let w = _mm256_loadu_si256(w.as_ptr().add(i).cast());
                // a * w fits i16 (|w| <= 127); times a again, in pairs, into i32.
                let aw = _mm256_mullo_epi16(a, w);
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(aw, a));
            }
        }
        total(sum)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;

    fn random_row(rng: &mut Rng, limit: i16) -> Row {
        let mut row = [0i16; HIDDEN];
        for v in &mut row {
            *v = (rng.below(2 * limit as u64 + 1) as i64 - limit as i64) as i16;
        }
        row
    }

    #[test]
    fn every_path_gives_the_plain_loops_integers() {
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let [a, b, c, d] = [0; 4].map(|_| random_row(&mut rng, i16::MAX));
            let w = random_row(&mut rng, MAX_SQUARED_WEIGHT);
            let mut plain = [0i16; HIDDEN];
            let mut fast = [0i16; HIDDEN];
            scalar::update(&mut plain, &a, &b, &c, Some(&d));
            move_and_take(&mut fast, &a, &b, &c, &d);
            assert_eq!(plain, fast);
            scalar::update(&mut plain, &a, &b, &c, None);
            move_piece(&mut fast, &a, &b, &c);
            assert_eq!(plain, fast);
            assert_eq!(dot_clipped(&a, &b), scalar::dot_clipped(&a, &b));
            assert_eq!(dot_squared(&a, &w), scalar::dot_squared(&a, &w));
        }
        // Saturated activations and the largest weights: no lane overflows.
        let full = [QA as i16; HIDDEN];
        let heavy = [MAX_SQUARED_WEIGHT; HIDDEN];
        let expected = (QA as i64).pow(2) * MAX_SQUARED_WEIGHT as i64 * HIDDEN as i64;
        assert_eq!(dot_squared(&full, &heavy), expected);
        assert_eq!(scalar::dot_squared(&full, &heavy), expected);
    }
}
