//! The option table: every option's name in each dialect, its type and
//! range, how it is announced before `ucciok`/`uciok`, and how a `setoption`
//! value is validated and stored. What an option *does* is the session's job.

use super::command::Dialect;
use crate::rules::RuleSet;
use crate::search::skill::{Skill, FULL_ELO, FULL_LEVEL, WEAKEST_ELO};
use std::fmt;

/// Which option, whatever the dialect calls it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Key {
    UseMillisec,
    Batch,
    Debug,
    Ponder,
    UseBook,
    BookFiles,
    Hash,
    Threads,
    NewGame,
    Idle,
    Randomness,
    Pruning,
    Knowledge,
    Style,
    Promotion,
    Rule,
    MoveOverhead,
    MultiPv,
    DrawOffer,
    DrawAccept,
    ResignScore,
    /// UCI `UCI_Variant`: multi-variant GUIs key on it; only xiangqi is played.
    Variant,
    SkillLevel,
    LimitStrength,
    Elo,
    /// The network file (or the built-in network) the network evaluation uses.
    EvalFile,
    /// Whether the network evaluation speaks (otherwise the hand-crafted one).
    UseNnue,
    /// UCI `UCI_ShowWDL`: `wdl W D L` in each `info` line with a score.
    ShowWdl,
}

/// An option's type as the protocols announce it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Check(bool),
    Spin { min: i64, max: i64, default: i64 },
    Combo(&'static [&'static str]),
    Button,
    Text,
}

/// One row of the table: `None` means the dialect does not offer the option.
pub struct Spec {
    pub key: Key,
    pub ucci: Option<&'static str>,
    pub uci: Option<&'static str>,
    pub kind: Kind,
}

const LEVELS: &[&str] = &["none", "small", "medium", "large"];
const STYLES: &[&str] = &["normal", "solid", "risky"];
const RULES: &[&str] = &["chinese", "asian", "simple"];
const VARIANTS: &[&str] = &["xiangqi"];

/// The largest hash table a GUI may ask for, in megabytes (32 TiB, as
/// Pikafish allows): whether the machine has that much is asked when the
/// size is set, and a size it cannot allocate is refused then.
pub const MAX_HASH: i64 = 33_554_432;
pub const DEFAULT_HASH: i64 = 16;
pub const MAX_THREADS: i64 = 256;

/// Every option, in the order they are announced. Combos default to their first value.
pub const TABLE: &[Spec] = &[
    spec(
        Key::UseMillisec,
        Some("usemillisec"),
        None,
        Kind::Check(true),
    ),
    spec(Key::Batch, Some("batch"), None, Kind::Check(false)),
    spec(Key::Debug, Some("debug"), None, Kind::Check(false)),
    spec(
        Key::Ponder,
        Some("ponder"),
        Some("Ponder"),
        Kind::Check(false),
    ),
    spec(
        Key::UseBook,
        Some("usebook"),
        Some("OwnBook"),
        Kind::Check(true),
    ),
    spec(
        Key::BookFiles,
        Some("bookfiles"),
        Some("BookFile"),
        Kind::Text,
    ),
    spec(
        Key::Hash,
        Some("hashsize"),
        Some("Hash"),
        Kind::Spin {
            min: 0,
            max: MAX_HASH,
            default: DEFAULT_HASH,
        },
    ),
    spec(
        Key::Threads,
        Some("threads"),
        Some("Threads"),
        Kind::Spin {
            min: 0,
            max: MAX_THREADS,
            default: 1,
        },
    ),
    spec(
        Key::NewGame,
        Some("newgame"),
        Some("Clear Hash"),
        Kind::Button,
    ),
    spec(Key::Idle, Some("idle"), None, Kind::Combo(LEVELS)),
    spec(
        Key::Randomness,
        Some("randomness"),
        None,
        Kind::Combo(LEVELS),
    ),
    spec(Key::Pruning, Some("pruning"), None, Kind::Combo(LEVELS)),
    spec(Key::Knowledge, Some("knowledge"), None, Kind::Combo(LEVELS)),
    spec(Key::Style, Some("style"), None, Kind::Combo(STYLES)),
    spec(Key::Promotion, Some("promotion"), None, Kind::Check(false)),
    spec(Key::Rule, Some("rule"), Some("Rule"), Kind::Combo(RULES)),
    spec(
        Key::MoveOverhead,
        Some("moveoverhead"),
        Some("Move Overhead"),
        Kind::Spin {
            min: 0,
            max: 5000,
            default: 30,
        },
    ),
    // UCI only: UCCI has no way to print several lines.
    spec(
        Key::MultiPv,
        None,
        Some("MultiPV"),
        Kind::Spin {
            min: 1,
            max: MAX_MULTIPV,
            default: 1,
        },
    ),
    spec(Key::DrawOffer, Some("drawoffer"), None, Kind::Check(true)),
    spec(Key::DrawAccept, Some("drawaccept"), None, Kind::Check(true)),
    // 20 is full strength; below it the search is capped and picks among its best moves.
    spec(
        Key::SkillLevel,
        Some("skill"),
        Some("Skill Level"),
        Kind::Spin {
            min: 0,
            max: FULL_LEVEL as i64,
            default: FULL_LEVEL as i64,
        },
    ),
    // UCI's own strength knobs: when UCI_LimitStrength is on, UCI_Elo picks the level.
    spec(
        Key::LimitStrength,
        None,
        Some("UCI_LimitStrength"),
        Kind::Check(false),
    ),
    spec(
        Key::Elo,
        None,
        Some("UCI_Elo"),
        Kind::Spin {
            min: WEAKEST_ELO as i64,
            max: FULL_ELO as i64,
            default: FULL_ELO as i64,
        },
    ),
    // Win/draw/loss chances beside the score, from a model of our own games
    // (`search::wdl`), as Stockfish shows them.
    spec(Key::ShowWdl, None, Some("UCI_ShowWDL"), Kind::Check(false)),
    spec(
        Key::ResignScore,
        Some("resignscore"),
        None,
        Kind::Spin {
            min: 0,
            max: 30_000,
            default: 1_500,
        },
    ),
    // The network is the default: it beat the tuned hand-crafted evaluation
    // (README, *The network evaluation*).
    spec(
        Key::UseNnue,
        Some("usennue"),
        Some("Use NNUE"),
        Kind::Check(true),
    ),
    spec(
        Key::EvalFile,
        Some("evalfile"),
        Some("EvalFile"),
        Kind::Text,
    ),
    spec(
        Key::Variant,
        None,
        Some("UCI_Variant"),
        Kind::Combo(VARIANTS),
    ),
];

const fn spec(key: Key, ucci: Option<&'static str>, uci: Option<&'static str>, kind: Kind) -> Spec {
    Spec {
        key,
        ucci,
        uci,
        kind,
    }
}

impl Spec {
    fn name(&self, dialect: Dialect) -> Option<&'static str> {
        match dialect {
            Dialect::Ucci => self.ucci,
            Dialect::Uci => self.uci,
        }
    }
}

/// Why a `setoption` was not applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    Unknown(String),
    MissingValue(&'static str),
    NotABool {
        name: &'static str,
        text: String,
    },
    OutOfRange {
        name: &'static str,
        text: String,
        min: i64,
        max: i64,
    },
    NotAChoice {
        name: &'static str,
        text: String,
        choices: &'static [&'static str],
    },
    /// The engine does not play that variant.
    Unsupported(&'static str),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option '{name}' ignored"),
            OptionError::MissingValue(name) => write!(f, "option {name} needs a value"),
            OptionError::NotABool { name, text } => {
                write!(f, "option {name} is true or false, not '{text}'")
            }
            OptionError::OutOfRange {
                name,
                text,
                min,
                max,
            } => write!(
                f,
                "option {name} takes a whole number from {min} to {max}, not '{text}'"
            ),
            OptionError::NotAChoice {
                name,
                text,
                choices,
            } => write!(
                f,
                "option {name} is one of {}, not '{text}'",
                choices.join("/")
            ),
            OptionError::Unsupported(what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for OptionError {}

/// The most principal variations a search reports (more than any GUI shows).
const MAX_MULTIPV: i64 = 64;

/// The current value of every option.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// UCCI clocks in milliseconds (true, the announced default, as
    /// ElephantEye reads them) or seconds.
    pub use_millisec: bool,
    pub batch: bool,
    pub debug: bool,
    pub ponder: bool,
    pub use_book: bool,
    /// The book files in use, `;`-separated, as `bookfiles` names them.
    pub book_files: String,
    pub hash_megabytes: usize,
    pub threads: usize,
    pub idle: &'static str,
    pub randomness: &'static str,
    pub pruning: &'static str,
    pub knowledge: &'static str,
    pub style: &'static str,
    pub rule: RuleSet,
    pub move_overhead_ms: u64,
    /// How many best lines a UCI search reports.
    pub multipv: usize,
    pub draw_offer: bool,
    pub draw_accept: bool,
    /// Resign when the score stays this far below zero; 0 never resigns.
    pub resign_score: i32,
    /// `skill` / `Skill Level`: 0 to 20, 20 being full strength.
    pub skill_level: u8,
    /// UCI: play at `elo` (the level nearest it) instead of `skill_level`.
    pub limit_strength: bool,
    pub elo: i32,
    pub use_nnue: bool,
    /// The network in use: a file's path, or `nnue::BUILT_IN`.
    pub eval_file: String,
    /// UCI: win/draw/loss chances in the `info` lines.
    pub show_wdl: bool,
}

/// The starting state is read from [`TABLE`], so that what is announced as
/// the default is what the engine does until told otherwise.
impl Default for Options {
    fn default() -> Options {
        let check = |key| match kind_of(key) {
            Kind::Check(default) => default,
            _ => unreachable!("{key:?} is a check option"),
        };
        let spin = |key| match kind_of(key) {
            Kind::Spin { default, .. } => default,
            _ => unreachable!("{key:?} is a spin option"),
        };
        let first = |key| match kind_of(key) {
            Kind::Combo(choices) => choices[0],
            _ => unreachable!("{key:?} is a combo option"),
        };
        Options {
            use_millisec: check(Key::UseMillisec),
            batch: check(Key::Batch),
            debug: check(Key::Debug),
            ponder: check(Key::Ponder),
            use_book: check(Key::UseBook),
            // The session names the book it found (see `with_book_files`).
            book_files: String::new(),
            hash_megabytes: spin(Key::Hash) as usize,
            threads: spin(Key::Threads) as usize,
            idle: first(Key::Idle),
            randomness: first(Key::Randomness),
            pruning: first(Key::Pruning),
            knowledge: first(Key::Knowledge),
            style: first(Key::Style),
            rule: first(Key::Rule).parse().unwrap_or_default(),
            move_overhead_ms: spin(Key::MoveOverhead) as u64,
            multipv: spin(Key::MultiPv) as usize,
            draw_offer: check(Key::DrawOffer),
            draw_accept: check(Key::DrawAccept),
            resign_score: spin(Key::ResignScore) as i32,
            skill_level: spin(Key::SkillLevel) as u8,
            limit_strength: check(Key::LimitStrength),
            elo: spin(Key::Elo) as i32,
            use_nnue: check(Key::UseNnue),
            eval_file: crate::eval::nnue::BUILT_IN.to_string(),
            show_wdl: check(Key::ShowWdl),
        }
    }
}

/// The type and default of `key` in [`TABLE`].
fn kind_of(key: Key) -> Kind {
    TABLE
        .iter()
        .find(|spec| spec.key == key)
        .map(|spec| spec.kind)
        .expect("every key has a row in the table")
}

/// A validated value, ready to store.
enum Value {
    Bool(bool),
    Int(i64),
    Choice(&'static str),
    Text(String),
    Press,
}

impl Options {
    /// The starting state with the book files the engine loaded by itself,
    /// so that the announced default of `bookfiles`/`BookFile` names them.
    pub fn with_book_files(book_files: String) -> Options {
        Options {
            book_files,
            ..Options::default()
        }
    }

    /// The `option ...` lines announced before `ucciok` / `uciok`.
    pub fn announce(&self, dialect: Dialect) -> Vec<String> {
        TABLE
            .iter()
            .filter_map(|spec| {
                let name = spec.name(dialect)?;
                let head = match dialect {
                    Dialect::Ucci => format!("option {name} type"),
                    Dialect::Uci => format!("option name {name} type"),
                };
                let tail = match spec.kind {
                    Kind::Check(default) => format!("check default {default}"),
                    Kind::Spin { min, max, default } => {
                        format!("spin default {default} min {min} max {max}")
                    }
                    Kind::Combo(vars) => {
                        let vars: Vec<String> = vars.iter().map(|v| format!("var {v}")).collect();
                        format!(
                            "combo default {} {}",
                            vars_default(spec.key, self),
                            vars.join(" ")
                        )
                    }
                    Kind::Button => "button".to_string(),
                    Kind::Text => match text_value(spec.key, self) {
                        "" => "string default <empty>".to_string(),
                        text => format!("string default {text}"),
                    },
                };
                Some(format!("{head} {tail}"))
            })
            .collect()
    }

    /// Validates and stores one `setoption`; returns which option changed so
    /// the session can act on it (resize the hash, clear it, ...).
    pub fn set(
        &mut self,
        dialect: Dialect,
        name: &str,
        value: Option<&str>,
    ) -> Result<Key, OptionError> {
        let spec = TABLE
            .iter()
            .find(|s| {
                s.name(dialect)
                    .is_some_and(|n| n.eq_ignore_ascii_case(name.trim()))
            })
            .ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        let label = spec.name(dialect).unwrap_or_default();
        let value = validate(label, spec.kind, value)?;
        match (spec.key, value) {
            (Key::UseMillisec, Value::Bool(b)) => self.use_millisec = b,
            (Key::Batch, Value::Bool(b)) => self.batch = b,
            (Key::Debug, Value::Bool(b)) => self.debug = b,
            (Key::Ponder, Value::Bool(b)) => self.ponder = b,
            (Key::UseBook, Value::Bool(b)) => self.use_book = b,
            (Key::BookFiles, Value::Text(t)) => self.book_files = t,
            (Key::Hash, Value::Int(mb)) => {
                // 0 means "the engine's choice" in UCCI.
                self.hash_megabytes = if mb == 0 { DEFAULT_HASH } else { mb } as usize
            }
            (Key::Threads, Value::Int(n)) => {
                self.threads = if n == 0 {
                    std::thread::available_parallelism().map_or(1, |n| n.get())
                } else {
                    n as usize
                }
            }
            (Key::NewGame, Value::Press) => {}
            (Key::Idle, Value::Choice(c)) => self.idle = c,
            (Key::Randomness, Value::Choice(c)) => self.randomness = c,
            (Key::Pruning, Value::Choice(c)) => self.pruning = c,
            (Key::Knowledge, Value::Choice(c)) => self.knowledge = c,
            (Key::Style, Value::Choice(c)) => self.style = c,
            (Key::Promotion, Value::Bool(true)) => {
                return Err(OptionError::Unsupported(
                    "promotion (pawns promoting on the last rank) is not supported: this engine plays standard Xiangqi",
                ))
            }
            (Key::Promotion, Value::Bool(false)) => {}
            (Key::Rule, Value::Choice(c)) => self.rule = c.parse().unwrap_or_default(),
            (Key::MoveOverhead, Value::Int(ms)) => self.move_overhead_ms = ms as u64,
            (Key::MultiPv, Value::Int(n)) => self.multipv = n as usize,
            (Key::DrawOffer, Value::Bool(b)) => self.draw_offer = b,
            (Key::DrawAccept, Value::Bool(b)) => self.draw_accept = b,
            (Key::ResignScore, Value::Int(cp)) => self.resign_score = cp as i32,
            (Key::Variant, Value::Choice(_)) => {}
            (Key::SkillLevel, Value::Int(level)) => self.skill_level = level as u8,
            (Key::LimitStrength, Value::Bool(b)) => self.limit_strength = b,
            (Key::Elo, Value::Int(elo)) => self.elo = elo as i32,
            (Key::UseNnue, Value::Bool(b)) => self.use_nnue = b,
            (Key::EvalFile, Value::Text(t)) => self.eval_file = t,
            (Key::ShowWdl, Value::Bool(b)) => self.show_wdl = b,
            // `validate` returns the value kind the table gives each key.
            _ => {}
        }
        Ok(spec.key)
    }
}

impl Options {
    /// The strength the search plays at (`None`: full strength).
    pub fn skill(&self) -> Option<Skill> {
        if self.limit_strength {
            Skill::for_elo(self.elo)
        } else {
            Skill::new(self.skill_level)
        }
    }
}

/// The current value of a combo, for its announcement.
fn vars_default(key: Key, options: &Options) -> &'static str {
    match key {
        Key::Idle => options.idle,
        Key::Randomness => options.randomness,
        Key::Pruning => options.pruning,
        Key::Knowledge => options.knowledge,
        Key::Style => options.style,
        Key::Rule => options.rule.name(),
        // One choice, always in force.
        Key::Variant => VARIANTS[0],
        _ => "",
    }
}

/// The current value of a text option, for its announcement.
fn text_value(key: Key, options: &Options) -> &str {
    match key {
        Key::BookFiles => &options.book_files,
        Key::EvalFile => &options.eval_file,
        _ => "",
    }
}

fn validate(name: &'static str, kind: Kind, value: Option<&str>) -> Result<Value, OptionError> {
    let text = value.map(str::trim).unwrap_or("");
    match kind {
        Kind::Button => Ok(Value::Press),
        Kind::Text => Ok(Value::Text(if text == "<empty>" {
            String::new()
        } else {
            text.to_string()
        })),
        _ if text.is_empty() => Err(OptionError::MissingValue(name)),
        Kind::Check(_) => match text.to_ascii_lowercase().as_str() {
            "true" | "on" | "1" => Ok(Value::Bool(true)),
            "false" | "off" | "0" => Ok(Value::Bool(false)),
            _ => Err(OptionError::NotABool {
                name,
                text: text.to_string(),
            }),
        },
        Kind::Spin { min, max, .. } => text
            .parse::<i64>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .map(Value::Int)
            .ok_or_else(|| OptionError::OutOfRange {
                name,
                text: text.to_string(),
                min,
                max,
            }),
        Kind::Combo(choices) => choices
            .iter()
            .find(|c| c.eq_ignore_ascii_case(text))
            .map(|&c| Value::Choice(c))
            .ok_or_else(|| OptionError::NotAChoice {
                name,
                text: text.to_string(),
                choices,
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announcements_in_each_dialect() {
        let options = Options::default();
        let ucci = options.announce(Dialect::Ucci);
        assert!(ucci.contains(&"option usemillisec type check default true".to_string()));
        assert!(
            ucci.contains(&"option hashsize type spin default 16 min 0 max 33554432".to_string())
        );
        assert!(ucci.contains(&"option newgame type button".to_string()));
        assert!(ucci.contains(
            &"option idle type combo default none var none var small var medium var large"
                .to_string()
        ));
        let uci = options.announce(Dialect::Uci);
        assert!(uci.contains(&"option name Clear Hash type button".to_string()));
        assert!(uci.contains(
            &"option name Move Overhead type spin default 30 min 0 max 5000".to_string()
        ));
        assert!(!uci.iter().any(|l| l.contains("usemillisec")));
        assert!(uci.contains(
            &"option name UCI_Variant type combo default xiangqi var xiangqi".to_string()
        ));
        assert!(!ucci.iter().any(|l| l.contains("UCI_Variant")));
    }

    #[test]
    fn every_announced_default_is_the_starting_state() {
        let start = Options::with_book_files("book/a.obk;b.obk".to_string());
        for dialect in [Dialect::Ucci, Dialect::Uci] {
            for line in start.announce(dialect) {
                let Some((head, default)) = line.split_once(" default ") else {
                    continue; // buttons have no default
                };
                let default = default.split(" min ").next().unwrap();
                let default = default.split(" var ").next().unwrap();
                let name = head
                    .trim_start_matches("option ")
                    .trim_start_matches("name ")
                    .split(" type ")
                    .next()
                    .unwrap();
                let mut set = start.clone();
                assert!(set.set(dialect, name, Some(default)).is_ok(), "{line}");
                assert_eq!(set, start, "{line}");
            }
        }
        assert!(start.use_millisec);
    }

    #[test]
    fn values_are_validated_before_they_are_stored() {
        let mut o = Options::default();
        assert_eq!(o.set(Dialect::Ucci, "hashsize", Some("64")), Ok(Key::Hash));
        assert_eq!(o.hash_megabytes, 64);
        let before = o.clone();
        assert!(matches!(
            o.set(Dialect::Ucci, "hashsize", Some("33554433")),
            Err(OptionError::OutOfRange { .. })
        ));
        assert!(matches!(
            o.set(Dialect::Ucci, "hashsize", Some("-1")),
            Err(OptionError::OutOfRange { .. })
        ));
        assert!(matches!(
            o.set(Dialect::Ucci, "usemillisec", Some("maybe")),
            Err(OptionError::NotABool { .. })
        ));
        assert!(matches!(
            o.set(Dialect::Ucci, "style", Some("wild")),
            Err(OptionError::NotAChoice { .. })
        ));
        assert_eq!(
            o.set(Dialect::Ucci, "nosuch", Some("1")),
            Err(OptionError::Unknown("nosuch".into()))
        );
        assert_eq!(
            o.set(Dialect::Ucci, "threads", None),
            Err(OptionError::MissingValue("threads"))
        );
        assert!(matches!(
            o.set(Dialect::Ucci, "promotion", Some("true")),
            Err(OptionError::Unsupported(_))
        ));
        assert_eq!(o, before);
        assert_eq!(o.set(Dialect::Ucci, "rule", Some("asian")), Ok(Key::Rule));
        assert_eq!(o.rule, RuleSet::Asian);
        assert_eq!(
            o.set(Dialect::Uci, "move overhead", Some("100")),
            Ok(Key::MoveOverhead)
        );
        assert_eq!(o.move_overhead_ms, 100);
        assert!(matches!(
            o.set(Dialect::Uci, "UCI_Variant", Some("chess")),
            Err(OptionError::NotAChoice { .. })
        ));
        assert_eq!(
            o.set(Dialect::Uci, "UCI_Variant", Some("xiangqi")),
            Ok(Key::Variant)
        );
        assert_eq!(o.set(Dialect::Uci, "Hash", Some("65536")), Ok(Key::Hash));
        assert_eq!(o.hash_megabytes, 65536);
        assert_eq!(o.set(Dialect::Ucci, "hashsize", Some("0")), Ok(Key::Hash));
        assert_eq!(o.hash_megabytes, DEFAULT_HASH as usize);
        // A UCI name is not a UCCI name.
        assert!(o.set(Dialect::Ucci, "Clear Hash", None).is_err());
    }
}
