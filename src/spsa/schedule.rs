//! SPSA's gains and step, with the formulas fishtest uses to tune
//! Stockfish's search. Each game pair probes the parameters at
//! `theta + c_k * flip` against `theta - c_k * flip` (one random sign per
//! parameter) and moves theta by `a_k / c_k * result * flip`, where
//! `result` is the plus side's wins minus its losses in the pair.
//!
//! With `k` the pair's number (from 1), `N` the pairs planned, `A` the
//! warm-up, and for each parameter its final perturbation `c_end` and the
//! run's `r_end` (a_end / c_end², the same for every parameter):
//! - `c_k = c_end * (N / k)^gamma`, so `c_N = c_end`;
//! - `a_k = r_end * c_end² * ((A + N) / (A + k))^alpha`, so `a_N = r_end * c_end²`.
//!
//! Pairs past `N` go on with the same formulas (ever smaller gains).
//!
//! Why written here and not taken from a library: the optimisers that
//! implement SPSA (nevergrad, chess-tuning-tools) are Python programs that
//! own the loop and call a match runner per evaluation; ours must resume
//! from a committed text file in the middle of a run and play its pairs
//! through our own runner, and the step is these few lines.

/// The run-wide numbers of the schedule.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Schedule {
    /// `N`: the pairs the gains are planned for.
    pub planned_pairs: u64,
    /// `A`: a warm-up that keeps the first steps small (fishtest's form
    /// suggests a tenth of `N`).
    pub warmup: f64,
    /// The step size's decay (0.602, as fishtest).
    pub alpha: f64,
    /// The perturbation's decay (0.101, as fishtest).
    pub gamma: f64,
    /// `a_end / c_end²` (fishtest's default 0.002).
    pub r_end: f64,
}

impl Schedule {
    /// fishtest's defaults for a run of `planned_pairs` pairs.
    pub fn fishtest(planned_pairs: u64) -> Schedule {
        Schedule {
            planned_pairs,
            warmup: (planned_pairs as f64 / 10.0).round(),
            alpha: 0.602,
            gamma: 0.101,
            r_end: 0.002,
        }
    }

    /// `c_k` of a parameter whose last perturbation is `c_end`, at pair `k`.
    pub fn perturbation(&self, c_end: f64, k: u64) -> f64 {
        let ratio = self.planned_pairs.max(1) as f64 / k.max(1) as f64;
        c_end * ratio.powf(self.gamma)
    }

    /// `a_k` of a parameter whose last perturbation is `c_end`, at pair `k`.
    pub fn step_size(&self, c_end: f64, k: u64) -> f64 {
        let ratio = (self.warmup + self.planned_pairs as f64) / (self.warmup + k.max(1) as f64);
        self.r_end * c_end * c_end * ratio.powf(self.alpha)
    }

    /// How far one pair moves a parameter: `a_k / c_k * result * flip`.
    pub fn step(&self, c_end: f64, k: u64, result: i32, flip: i8) -> f64 {
        self.step_size(c_end, k) / self.perturbation(c_end, k) * f64::from(result) * f64::from(flip)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9 * b.abs().max(1.0)
    }

    #[test]
    fn the_gains_reach_their_final_values_at_the_planned_pair() {
        let s = Schedule::fishtest(10_000);
        assert_eq!(s.warmup, 1000.0);
        assert!(close(s.perturbation(10.0, 10_000), 10.0));
        assert!(close(s.step_size(10.0, 10_000), 0.002 * 100.0));
        // Early pairs probe wider and step further.
        assert!(s.perturbation(10.0, 1) > 2.5 * 10.0);
        assert!(s.step_size(10.0, 1) > 4.0 * 0.2);
        assert!(s.perturbation(10.0, 20_000) < 10.0);
    }

    #[test]
    fn a_win_moves_theta_towards_the_plus_side_and_a_loss_away() {
        let s = Schedule::fishtest(1000);
        let up = s.step(5.0, 1000, 2, 1);
        assert!(close(up, 0.002 * 5.0 * 2.0));
        assert!(close(s.step(5.0, 1000, 2, -1), -up));
        assert!(close(s.step(5.0, 1000, -1, -1), up / 2.0));
        assert_eq!(s.step(5.0, 1000, 0, 1), 0.0);
    }
}
