//! Adam, the optimiser both learners use: the Texel tuner ([`super::tune`])
//! in `f64` and the network trainer ([`super::train`]) in `f32`. Written
//! once for either float, with the arithmetic in one fixed order, so that
//! the same run gives the same weights bit for bit.

use std::ops::{Add, Div, Mul, Sub};

/// The float types Adam runs in, with its constants written in each type
/// (not converted from another: a conversion could round differently).
pub trait AdamFloat:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Div<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// The first moment's decay.
    const BETA1: Self;
    /// The second moment's decay.
    const BETA2: Self;
    /// Keeps the step finite where the second moment is zero.
    const EPSILON: Self;
    fn sqrt(self) -> Self;
    fn powi(self, n: i32) -> Self;
}

/// Implements [`AdamFloat`] for a float type, each constant a literal of
/// that type (the same value it would have had written out by hand).
macro_rules! adam_float {
    ($float:ty) => {
        impl AdamFloat for $float {
            const ZERO: $float = 0.0;
            const ONE: $float = 1.0;
            const BETA1: $float = 0.9;
            const BETA2: $float = 0.999;
            const EPSILON: $float = 1e-8;
            fn sqrt(self) -> $float {
                <$float>::sqrt(self)
            }
            fn powi(self, n: i32) -> $float {
                <$float>::powi(self, n)
            }
        }
    };
}

adam_float!(f32);
adam_float!(f64);

/// The moments of one run, one pair per parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Adam<F> {
    moment: Vec<F>,
    velocity: Vec<F>,
    steps: i32,
}

impl<F: AdamFloat> Adam<F> {
    pub fn new(parameters: usize) -> Adam<F> {
        Adam {
            moment: vec![F::ZERO; parameters],
            velocity: vec![F::ZERO; parameters],
            steps: 0,
        }
    }

    /// The first and second moments and the steps taken, to resume from.
    pub fn state(&self) -> (&[F], &[F], i32) {
        (&self.moment, &self.velocity, self.steps)
    }

    /// Adam as [`Adam::state`] left it.
    pub fn from_state(moment: Vec<F>, velocity: Vec<F>, steps: i32) -> Adam<F> {
        Adam {
            moment,
            velocity,
            steps,
        }
    }

    /// Moves `parameters` one step of size `rate` against `gradient`.
    pub fn step(&mut self, parameters: &mut [F], gradient: &[F], rate: F) {
        self.steps += 1;
        let correction1 = F::ONE - F::BETA1.powi(self.steps);
        let correction2 = F::ONE - F::BETA2.powi(self.steps);
        let moments = self.moment.iter_mut().zip(self.velocity.iter_mut());
        for ((p, &g), (m, v)) in parameters.iter_mut().zip(gradient).zip(moments) {
            *m = F::BETA1 * *m + (F::ONE - F::BETA1) * g;
            *v = F::BETA2 * *v + (F::ONE - F::BETA2) * g * g;
            *p = *p - rate * (*m / correction1) / ((*v / correction2).sqrt() + F::EPSILON);
        }
    }
}
