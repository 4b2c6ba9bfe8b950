//! Match statistics: the Elo difference a score implies, its 95% confidence
//! interval, the likelihood of superiority, and the sequential probability
//! ratio test over game pairs (the pentanomial model fishtest uses).
//!
//! Scores are always from the first engine's point of view: a win counts 1,
//! a draw 1/2.

/// The two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_963_985;

/// Wins, draws and losses of one engine against another.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game in [0, 1]; `None` before the first game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / n as f64)
    }

    /// The Elo difference the score implies (infinite at 0% or 100%).
    pub fn elo(&self) -> Option<f64> {
        self.score().map(elo_from_score)
    }

    /// The Elo difference with the half-width of its 95% confidence interval,
    /// from the per-game (trinomial) variance of the score.
    pub fn elo_with_margin(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        let s = self.score()?;
        let variance = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n;
        let error = (variance / n).sqrt();
        let low = elo_from_score(s - Z95 * error);
        let high = elo_from_score(s + Z95 * error);
        Some((elo_from_score(s), (high - low) / 2.0))
    }

    /// When one side won every game the estimate is infinite: the Elo the
    /// games still allow at 95% (the exact binomial bound: a score of
    /// 0.025^(1/n) when all n games are won), negative when all were lost.
    pub fn one_sided_bound(&self) -> Option<f64> {
        let n = self.games();
        let bound = elo_from_score(0.025_f64.powf(1.0 / f64::from(n.max(1))));
        match (self.wins, self.losses) {
            (w, _) if n > 0 && w == n => Some(bound),
            (_, l) if n > 0 && l == n => Some(-bound),
            _ => None,
        }
    }

    /// The likelihood that the first engine is the stronger: draws carry no
    /// information, so only wins against losses count.
    pub fn los(&self) -> Option<f64> {
        let decisive = (self.wins + self.losses) as f64;
        (decisive > 0.0).then(|| {
            0.5 * (1.0 + erf((self.wins as f64 - self.losses as f64) / (2.0 * decisive).sqrt()))
        })
    }
}

/// The Elo difference at which the stronger side scores `score` per game.
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score per game at an Elo difference (the logistic model).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, by Abramowitz and Stegun 7.1.26 (error below 1.5e-7),
/// which is ample for a percentage printed to one decimal.
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 {
        -y
    } else {
        y
    }
}

/// Results of game pairs (one opening played with each colour), counted by
/// the first engine's pair score: 0, 1/2, 1, 3/2, 2.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Counts a pair from its two game scores in half points (0, 1, 2 each).
    pub fn add_pair(&mut self, first_half_points: u32, second_half_points: u32) {
        self.0[(first_half_points + second_half_points) as usize] += 1;
    }

    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// The mean and variance of the per-pair score, scaled to [0, 1]. The
    /// mean is the pairs' own; the variance is estimated with half a pair
    /// added to every bucket (a prior that a long run outweighs), so that a
    /// few identical pairs, say every pair won, neither have a variance of
    /// zero nor look certain: with a variance read from one or two pairs
    /// alone, a single lost pair used to end a test at LLR -3.9.
    fn mean_and_variance(&self) -> Option<(f64, f64)> {
        if self.pairs() == 0 {
            return None;
        }
        let value = |i: usize| i as f64 / 4.0;
        let moments = |counts: [f64; 5]| {
            let n: f64 = counts.iter().sum();
            let mean = (0..5).map(|i| counts[i] * value(i)).sum::<f64>() / n;
            let variance = (0..5)
                .map(|i| counts[i] * (value(i) - mean).powi(2))
                .sum::<f64>()
                / n;
            (mean, variance)
        };
        let (mean, _) = moments(self.0.map(|c| c as f64));
        let (_, variance) = moments(self.0.map(|c| c as f64 + PRIOR_PAIRS_PER_BUCKET));
        Some((mean, variance))
    }
}

/// The prior of [`Pentanomial::mean_and_variance`]'s variance.
const PRIOR_PAIRS_PER_BUCKET: f64 = 0.5;

/// The hypotheses and error rates of a sequential probability ratio test.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where a running SPRT stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtState {
    Continue,
    /// H1 accepted: the first engine is at least `elo1` stronger.
    AcceptH1,
    /// H0 accepted: the first engine is at most `elo0` stronger.
    AcceptH0,
}

impl Sprt {
    /// ln(beta / (1 - alpha)): at or below it H0 is accepted.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// ln((1 - beta) / alpha): at or above it H1 is accepted.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 given the pairs so far, in
    /// the normal approximation to the pentanomial distribution: with pair
    /// mean `m`, variance `v` over `n` pairs and expected scores `s0`, `s1`,
    /// LLR = n (s1 - s0) (2m - s0 - s1) / (2v). Zero before the first pair.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        let Some((mean, variance)) = pairs.mean_and_variance() else {
            return 0.0;
        };
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        pairs.pairs() as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    pub fn state(&self, pairs: &Pentanomial) -> SprtState {
        let llr = self.llr(pairs);
        if llr >= self.upper_bound() {
            SprtState::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn a_perfect_score_is_bounded_by_what_the_games_allow() {
        let one = Tally {
            wins: 1,
            draws: 0,
            losses: 0,
        };
        // One win says next to nothing: 0.025 is the least score it allows.
        assert!((one.one_sided_bound().unwrap() - elo_from_score(0.025)).abs() < 1e-9);
        let ten_lost = Tally {
            wins: 0,
            draws: 0,
            losses: 10,
        };
        let bound = ten_lost.one_sided_bound().unwrap();
        assert!(bound < 0.0 && bound > -1000.0, "{bound}");
        let mixed = Tally {
            wins: 3,
            draws: 1,
            losses: 0,
        };
        assert_eq!(mixed.one_sided_bound(), None);
    }

    #[test]
    fn elo_and_interval_by_hand() {
        // 60 wins, 20 draws, 20 losses: score s = (60 + 10) / 100 = 0.7,
        // Elo = -400 log10(1/0.7 - 1) = -400 log10(0.428571) = 147.19.
        // Per-game variance = (60 * 0.3^2 + 20 * 0.2^2 + 20 * 0.7^2) / 100
        //                   = (5.4 + 0.8 + 9.8) / 100 = 0.16,
        // standard error = sqrt(0.16 / 100) = 0.04, so the score lies in
        // 0.7 -/+ 1.96 * 0.04 = [0.62160, 0.77840], i.e. Elo [86.23, 218.25],
        // and the margin is (218.25 - 86.23) / 2 = 66.01.
        let tally = Tally {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let (elo, margin) = tally.elo_with_margin().unwrap();
        assert!(close(elo, 147.19, 0.01), "{elo}");
        assert!(close(margin, 66.01, 0.01), "{margin}");
        assert_eq!(Tally::default().elo(), None);
        // An even score is zero Elo.
        let even = Tally {
            wins: 3,
            draws: 4,
            losses: 3,
        };
        assert!(close(even.elo().unwrap(), 0.0, 1e-9));
    }

    #[test]
    fn likelihood_of_superiority_by_hand() {
        // 12 wins, 8 losses: LOS = (1 + erf(4 / sqrt(2 * 20))) / 2
        //                        = (1 + erf(0.632456)) / 2 = 0.81445.
        let tally = Tally {
            wins: 12,
            draws: 30,
            losses: 8,
        };
        assert!(close(tally.los().unwrap(), 0.81445, 1e-5));
        // Equal wins and losses: 50%; no decisive game: unknown.
        let even = Tally {
            wins: 5,
            draws: 0,
            losses: 5,
        };
        assert!(close(even.los().unwrap(), 0.5, 1e-9));
        let drawn = Tally {
            wins: 0,
            draws: 7,
            losses: 0,
        };
        assert_eq!(drawn.los(), None);
    }

    #[test]
    fn sprt_bounds_and_llr_by_hand() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        // ln(0.05 / 0.95) = -2.94444 and its negative.
        assert!(close(sprt.lower_bound(), -2.94444, 1e-5));
        assert!(close(sprt.upper_bound(), 2.94444, 1e-5));
        // Pairs scoring 0, 1/2, 1, 3/2, 2 counted [1, 2, 3, 3, 1] (10 pairs);
        // per-pair values 0, .25, .5, .75, 1:
        // mean = (2 * .25 + 3 * .5 + 3 * .75 + 1) / 10 = 0.525;
        // the variance from [1.5, 2.5, 3.5, 3.5, 1.5] (half a pair added to
        // each bucket, 12.5 pairs, their mean 0.52):
        // (1.5 * .52^2 + 2.5 * .27^2 + 3.5 * .02^2 + 3.5 * .23^2 + 1.5 * .48^2) / 12.5
        //          = (0.4056 + 0.18225 + 0.0014 + 0.18515 + 0.3456) / 12.5 = 0.0896;
        // s0 = 0.5, s1 = 1 / (1 + 10^(-5/400)) = 0.5071951;
        // LLR = 10 * 0.0071951 * (1.05 - 1.0071951) / (2 * 0.0896) = 0.017187.
        let mut pairs = Pentanomial([1, 2, 3, 3, 0]);
        pairs.add_pair(2, 2);
        assert_eq!(pairs.0, [1, 2, 3, 3, 1]);
        assert!(
            close(sprt.llr(&pairs), 0.017187, 1e-6),
            "{}",
            sprt.llr(&pairs)
        );
        assert_eq!(sprt.state(&pairs), SprtState::Continue);
        // A long run of won pairs crosses the upper bound, of lost pairs the lower.
        let winning = Pentanomial([30, 60, 120, 180, 120]);
        assert_eq!(sprt.state(&winning), SprtState::AcceptH1);
        let losing = Pentanomial([120, 180, 120, 60, 30]);
        assert_eq!(sprt.state(&losing), SprtState::AcceptH0);
        // No pairs say nothing; one lost pair or two won ones decide
        // nothing either, while a long run of won pairs does; all drawn
        // pairs lean to H0.
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
        for few in [[1, 0, 0, 0, 0], [0, 0, 0, 0, 1], [0, 0, 0, 0, 2]] {
            assert_eq!(
                sprt.state(&Pentanomial(few)),
                SprtState::Continue,
                "{few:?}"
            );
        }
        assert_eq!(
            sprt.state(&Pentanomial([0, 0, 0, 0, 40])),
            SprtState::AcceptH1
        );
        assert!(sprt.llr(&Pentanomial([0, 0, 9, 0, 0])) < 0.0);
    }

    #[test]
    fn score_and_elo_are_inverse() {
        for elo in [-300.0, -20.0, 0.0, 5.0, 150.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
    }
}
