//! Which evaluation speaks: the hand-crafted one ([`super::classical`]) or a
//! network ([`crate::eval::nnue`]); and what each keeps up to date move by move
//! along the line a search plays (the material sum, or the accumulator).

use super::classical::{evaluate_with, Material};
use crate::core::{Move, Position};
use crate::eval::nnue::{Accumulator, LoadError, Network};
use std::sync::Arc;

/// The static evaluation a search uses.
#[derive(Clone, Debug, Default)]
pub enum Evaluator {
    /// The hand-crafted evaluation.
    #[default]
    Classical,
    Network(Arc<Network>),
}

/// The evaluation a user asks for, by option or flag.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EvalChoice<'a> {
    Classical,
    /// A network: [`crate::eval::nnue::BUILT_IN`] or a file's path.
    Network(&'a str),
}

impl Evaluator {
    /// The evaluation the engine plays with unless told otherwise (`Use
    /// NNUE` on, `EvalFile` the built-in network): the tools that measure
    /// the engine (`bench`, `tactics`, `analyse`) search with it too.
    pub fn engine_default() -> Evaluator {
        Evaluator::Network(crate::eval::nnue::built_in())
    }

    /// The evaluation `choice` asks for: the one place a choice (the
    /// engine's options, a tool's flags) becomes an evaluator. A network
    /// that cannot be read is an error; what to do instead is the caller's.
    pub fn from_choice(choice: EvalChoice) -> Result<Evaluator, LoadError> {
        Ok(match choice {
            EvalChoice::Classical => Evaluator::Classical,
            EvalChoice::Network(name) => Evaluator::Network(crate::eval::nnue::load(name)?),
        })
    }

    /// `pos`'s value for the side to move, in centipawns, from scratch.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        match self {
            Evaluator::Classical => super::classical::evaluate(pos),
            Evaluator::Network(net) => crate::eval::nnue::evaluate(net, pos),
        }
    }

    /// What a report calls it: `classical`, or `network` and the hash of its file.
    pub fn name(&self) -> String {
        match self {
            Evaluator::Classical => "classical".into(),
            Evaluator::Network(net) => format!("network {:016x}", net.hash()),
        }
    }
}

/// The evaluation's incremental state, one entry per ply of the line
/// played from the root.
pub struct EvalStack {
    evaluator: Evaluator,
    /// Only the hand-crafted evaluation reads it.
    material: Vec<Material>,
    /// Only the network reads them.
    accumulators: Vec<Accumulator>,
}

impl EvalStack {
    pub fn new(evaluator: &Evaluator, root: &Position) -> EvalStack {
        let mut stack = EvalStack {
            evaluator: evaluator.clone(),
            material: Vec::with_capacity(256),
            accumulators: Vec::new(),
        };
        match evaluator {
            Evaluator::Classical => stack.material.push(Material::of(root)),
            Evaluator::Network(net) => {
                stack.accumulators.reserve(256);
                stack.accumulators.push(Accumulator::refresh(net, root));
            }
        }
        stack
    }

    /// Follows `mv`, about to be played in `pos`.
    #[inline]
    pub fn push_move(&mut self, pos: &Position, mv: Move) {
        match &self.evaluator {
            Evaluator::Classical => {
                let next = self.material().after(pos, mv);
                self.material.push(next);
            }
            Evaluator::Network(net) => {
                let next = self.accumulator().after(net, pos, mv);
                self.accumulators.push(next);
            }
        }
    }

    /// Follows a null move: nothing on the board changes.
    #[inline]
    pub fn push_null(&mut self) {
        match &self.evaluator {
            Evaluator::Classical => self.material.push(self.material()),
            Evaluator::Network(_) => self.accumulators.push(*self.accumulator()),
        }
    }

    /// Takes back the last push.
    #[inline]
    pub fn pop(&mut self) {
        match &self.evaluator {
            Evaluator::Classical => {
                self.material.pop();
            }
            Evaluator::Network(_) => {
                self.accumulators.pop();
            }
        }
    }

    /// The value of `pos`, the position the pushes have led to, for the side to move.
    #[inline]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        match &self.evaluator {
            Evaluator::Classical => evaluate_with(pos, self.material()),
            Evaluator::Network(net) => self.accumulator().evaluate(net, pos),
        }
    }

    #[inline]
    fn material(&self) -> Material {
        *self
            .material
            .last()
            .expect("the root's entry is always there")
    }

    #[inline]
    fn accumulator(&self) -> &Accumulator {
        self.accumulators
            .last()
            .expect("the root's entry is always there")
    }
}
