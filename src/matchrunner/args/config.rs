//! What the command line comes to: a checked [`MatchConfig`], and its
//! values before any option changes them.

use crate::arena::adjudication::{DrawRule, ResignRule};
use crate::arena::openings::{OpeningFormat, OpeningOrder, OpeningPolicy};
use crate::matchrunner::engine::EngineConfig;
use crate::matchrunner::stats::Sprt;
use crate::rules::RuleSet;
use std::time::Duration;

/// Where the openings come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningsConfig {
    /// `None`: the built-in set.
    pub file: Option<String>,
    pub format: OpeningFormat,
    pub order: OpeningOrder,
    pub policy: OpeningPolicy,
}

impl Default for OpeningsConfig {
    /// The built-in set, in order, a new opening for each pair of games.
    fn default() -> OpeningsConfig {
        OpeningsConfig {
            file: None,
            format: OpeningFormat::Epd,
            order: OpeningOrder::Sequential,
            policy: OpeningPolicy::Default,
        }
    }
}

/// Everything a match needs, checked.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub engines: Vec<EngineConfig>,
    /// Games per pair of engines in each round.
    pub games: u32,
    pub rounds: u32,
    pub concurrency: usize,
    pub openings: OpeningsConfig,
    pub pgn_out: Option<String>,
    /// `-pgnout PATH min`: the seven tags (with `Game`, `Format` and the
    /// start position) only, no comments.
    pub pgn_minimal: bool,
    pub sprt: Option<Sprt>,
    pub draw: Option<DrawRule>,
    pub resign: Option<ResignRule>,
    pub max_moves: Option<u32>,
    pub seed: u64,
    pub event: String,
    pub rules: RuleSet,
    pub hang_limit: Duration,
}

impl MatchConfig {
    /// A match before the command line is read: no engines yet, and each
    /// option's default (the ones the help gives in parentheses).
    pub fn defaults() -> MatchConfig {
        MatchConfig {
            engines: Vec::new(),
            games: 2,
            rounds: 1,
            concurrency: 1,
            openings: OpeningsConfig::default(),
            pgn_out: None,
            pgn_minimal: false,
            sprt: None,
            draw: None,
            resign: None,
            max_moves: None,
            seed: default_seed(),
            event: "chuhan match".to_string(),
            rules: RuleSet::Chinese,
            hang_limit: Duration::from_secs(60),
        }
    }
}

/// A seed from the clock when none is given (printed, so a run can be
/// reproduced).
fn default_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}
