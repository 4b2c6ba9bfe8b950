//! `--network [FILE]`, the choice of evaluation `datagen` offers (the
//! hand-crafted one unless asked; `bench` has its own, the network by
//! default).

use crate::eval::{EvalChoice, Evaluator};

/// Which evaluation a tool searches with.
#[derive(Debug, clap::Args)]
pub struct NetworkArg {
    /// Evaluate with a network: the built-in one, or the network file FILE
    /// (without this flag, the hand-crafted evaluation).
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = crate::eval::nnue::BUILT_IN)]
    network: Option<String>,
}

impl NetworkArg {
    /// The evaluation asked for; a network file that cannot be read is an error.
    pub fn evaluator(&self) -> Result<Evaluator, String> {
        let choice = match &self.network {
            Some(name) => EvalChoice::Network(name),
            None => EvalChoice::Classical,
        };
        Evaluator::from_choice(choice).map_err(|e| e.to_string())
    }
}
