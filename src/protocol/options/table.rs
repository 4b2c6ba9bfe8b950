//! The option table: every option declared once, in the order they are
//! announced, with its name in each dialect, its kind (range, choices,
//! default, where its value is kept) and its effect.

use super::effect::Effect;
use super::kind::Kind;
use crate::eval::nnue;
use crate::protocol::command::Dialect;
use crate::protocol::numbering;
use crate::rules::RuleSet;
use crate::search::skill::{FULL_ELO, FULL_LEVEL, WEAKEST_ELO};

/// One option. A dialect whose name is `None` does not offer it.
pub struct Spec {
    pub ucci: Option<&'static str>,
    pub uci: Option<&'static str>,
    pub kind: Kind,
    pub effect: Effect,
}

impl Spec {
    pub fn name(&self, dialect: Dialect) -> Option<&'static str> {
        match dialect {
            Dialect::Ucci => self.ucci,
            Dialect::Uci => self.uci,
        }
    }
}

/// The row a dialect calls `name` (case does not matter).
pub fn spec_named(dialect: Dialect, name: &str) -> Option<&'static Spec> {
    TABLE.iter().find(|spec| {
        spec.name(dialect)
            .is_some_and(|n| n.eq_ignore_ascii_case(name.trim()))
    })
}

/// The largest hash table a GUI may ask for, in megabytes (32 TiB, as
/// Pikafish allows): whether the machine has that much is asked when the
/// size is set, and a size it cannot allocate is refused then.
pub const MAX_HASH: i64 = 33_554_432;
pub const DEFAULT_HASH: i64 = 16;
pub const MAX_THREADS: i64 = 256;
/// The most principal variations a search reports (more than any GUI shows).
const MAX_MULTIPV: i64 = 64;

const LEVELS: &[&str] = &["none", "small", "medium", "large"];
const STYLES: &[&str] = &["normal", "solid", "risky"];

pub static TABLE: &[Spec] = &[
    Spec {
        ucci: Some("usemillisec"),
        uci: None,
        kind: Kind::Check {
            default: true,
            set: |o, on| o.use_millisec = on,
        },
        effect: Effect::None,
    },
    Spec {
        ucci: Some("batch"),
        uci: None,
        kind: Kind::Check {
            default: false,
            set: |o, on| o.batch = on,
        },
        effect: Effect::None,
    },
    Spec {
        ucci: Some("debug"),
        uci: None,
        kind: Kind::Check {
            default: false,
            set: |o, on| o.debug = on,
        },
        effect: Effect::None,
    },
    Spec {
        ucci: Some("ponder"),
        uci: Some("Ponder"),
        kind: Kind::Check {
            default: false,
            set: |o, on| o.ponder = on,
        },
        effect: Effect::None,
    },
    Spec {
        ucci: Some("usebook"),
        uci: Some("OwnBook"),
        kind: Kind::Check {
            default: true,
            set: |o, on| o.use_book = on,
        },
        effect: Effect::EnableBook,
    },
    // The session starts it at the books it found (`Options::with_book_files`).
    Spec {
        ucci: Some("bookfiles"),
        uci: Some("BookFile"),
        kind: Kind::Text {
            default: "",
            current: |o| &o.book_files,
            set: |o, files| o.book_files = files,
        },
        effect: Effect::OpenBooks,
    },
    Spec {
        ucci: Some("hashsize"),
        uci: Some("Hash"),
        kind: Kind::Spin {
            min: 0,
            max: MAX_HASH,
            default: DEFAULT_HASH,
            // 0 means "the engine's choice" in UCCI.
            set: |o, mb| o.hash_megabytes = if mb == 0 { DEFAULT_HASH } else { mb } as usize,
        },
        effect: Effect::ResizeHash,
    },
    Spec {
        ucci: Some("threads"),
        uci: Some("Threads"),
        kind: Kind::Spin {
            min: 0,
            max: MAX_THREADS,
            default: 1,
            // 0: as many as the machine runs at once.
            set: |o, n| {
                o.threads = if n == 0 {
                    std::thread::available_parallelism().map_or(1, |n| n.get())
                } else {
                    n as usize
                }
            },
        },
        effect: Effect::SetThreads,
    },
    Spec {
        ucci: Some("newgame"),
        uci: Some("Clear Hash"),
        kind: Kind::Button,
        effect: Effect::NewGame,
    },
    Spec {
        ucci: Some("idle"),
        uci: None,
        kind: Kind::Inert { choices: LEVELS },
        effect: Effect::ExplainInert,
    },
    Spec {
        ucci: Some("randomness"),
        uci: None,
        kind: Kind::Combo {
            choices: LEVELS,
            current: |o| o.randomness.to_string(),
            set: |o, text| text.parse().map(|r| o.randomness = r).is_ok(),
        },
        effect: Effect::SetBookRandomness,
    },
    Spec {
        ucci: Some("pruning"),
        uci: None,
        kind: Kind::Inert { choices: LEVELS },
        effect: Effect::ExplainInert,
    },
    Spec {
        ucci: Some("knowledge"),
        uci: None,
        kind: Kind::Inert { choices: LEVELS },
        effect: Effect::ExplainInert,
    },
    Spec {
        ucci: Some("style"),
        uci: None,
        kind: Kind::Inert { choices: STYLES },
        effect: Effect::ExplainInert,
    },
    Spec {
        ucci: Some("promotion"),
        uci: None,
        kind: Kind::Unsupported {
            why: "promotion (pawns promoting on the last rank) is not supported: this engine plays standard Xiangqi",
        },
        effect: Effect::None,
    },
    Spec {
        ucci: Some("rule"),
        uci: Some("Rule"),
        kind: Kind::Combo {
            choices: &RuleSet::NAMES,
            current: |o| o.rule.to_string(),
            set: |o, text| text.parse().map(|r| o.rule = r).is_ok(),
        },
        effect: Effect::SetRules,
    },
    Spec {
        ucci: Some("moveoverhead"),
        uci: Some("Move Overhead"),
        kind: Kind::Spin {
            min: 0,
            max: 5000,
            default: 30,
            set: |o, ms| o.move_overhead_ms = ms as u64,
        },
        effect: Effect::SetMoveOverhead,
    },
    // UCI only: UCCI has no way to print several lines.
    Spec {
        ucci: None,
        uci: Some("MultiPV"),
        kind: Kind::Spin {
            min: 1,
            max: MAX_MULTIPV,
            default: 1,
            set: |o, n| o.multipv = n as usize,
        },
        effect: Effect::None,
    },
    Spec {
        ucci: Some("drawoffer"),
        uci: None,
        kind: Kind::Check {
            default: true,
            set: |o, on| o.draw_offer = on,
        },
        effect: Effect::None,
    },
    Spec {
        ucci: Some("drawaccept"),
        uci: None,
        kind: Kind::Check {
            default: true,
            set: |o, on| o.draw_accept = on,
        },
        effect: Effect::None,
    },
    // 20 is full strength; below it the search is capped and picks among its best moves.
    Spec {
        ucci: Some("skill"),
        uci: Some("Skill Level"),
        kind: Kind::Spin {
            min: 0,
            max: FULL_LEVEL as i64,
            default: FULL_LEVEL as i64,
            set: |o, level| o.skill_level = level as u8,
        },
        effect: Effect::None,
    },
    // UCI's own strength knobs: when UCI_LimitStrength is on, UCI_Elo picks the level.
    Spec {
        ucci: None,
        uci: Some("UCI_LimitStrength"),
        kind: Kind::Check {
            default: false,
            set: |o, on| o.limit_strength = on,
        },
        effect: Effect::None,
    },
    Spec {
        ucci: None,
        uci: Some("UCI_Elo"),
        kind: Kind::Spin {
            min: WEAKEST_ELO as i64,
            max: FULL_ELO as i64,
            default: FULL_ELO as i64,
            set: |o, elo| o.elo = elo as i32,
        },
        effect: Effect::None,
    },
    // Win/draw/loss chances beside the score, from a model of our own games
    // (`search::wdl`), as Stockfish shows them.
    Spec {
        ucci: None,
        uci: Some("UCI_ShowWDL"),
        kind: Kind::Check {
            default: false,
            set: |o, on| o.show_wdl = on,
        },
        effect: Effect::None,
    },
    Spec {
        ucci: Some("resignscore"),
        uci: None,
        kind: Kind::Spin {
            min: 0,
            max: 30_000,
            default: 1_500,
            set: |o, cp| o.resign_score = cp as i32,
        },
        effect: Effect::None,
    },
    // The network is the default: it beat the tuned hand-crafted evaluation
    // (docs/learning.md, *The network evaluation*).
    Spec {
        ucci: Some("usennue"),
        uci: Some("Use NNUE"),
        kind: Kind::Check {
            default: true,
            set: |o, on| o.use_nnue = on,
        },
        effect: Effect::ChooseEvaluator,
    },
    Spec {
        ucci: Some("evalfile"),
        uci: Some("EvalFile"),
        kind: Kind::Text {
            default: nnue::BUILT_IN,
            current: |o| &o.eval_file,
            set: |o, file| o.eval_file = file,
        },
        effect: Effect::LoadNetwork,
    },
    // Multi-variant GUIs key on it; only xiangqi is played.
    Spec {
        ucci: None,
        uci: Some("UCI_Variant"),
        kind: Kind::Inert {
            choices: &["xiangqi"],
        },
        effect: Effect::ChooseVariant,
    },
    // UCCI numbers ranks 0-9 (GUI moves with 1-10 are still read).
    Spec {
        ucci: None,
        uci: Some("Ranks"),
        kind: Kind::Combo {
            choices: numbering::CHOICES,
            current: |o| o.ranks.to_string(),
            set: |o, text| text.parse().map(|r| o.ranks = r).is_ok(),
        },
        effect: Effect::SetRanks,
    },
];
