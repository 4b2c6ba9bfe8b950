//! The options of `chuhan match`: [`OPTIONS`] is the one list of them. The
//! parser finds each option there and lets its row take its words; the
//! help is written from the same rows. The options that take a group of
//! `key=value` words each have a function that reads the group.

use super::config::{MatchConfig, OpeningsConfig};
use super::error::ArgError;
use super::settings::{engine_configs, parse_engine_settings, EngineSettings};
use super::values::{key_values, read, Count, Number, Seconds, Switch};
use super::words::Words;
use crate::arena::adjudication::{DrawRule, ResignRule};
use crate::matchrunner::stats::Sprt;
use crate::rules::RuleSet;
use std::time::Duration;

/// One option: its name, the syntax of the words it takes, its help (one
/// entry a line), and how it takes its words into the match being read.
pub struct MatchOption {
    pub name: &'static str,
    /// Empty for an option that takes no words.
    pub value: &'static str,
    pub help: &'static [&'static str],
    pub read: fn(&mut Words<'_>, &mut Parsing) -> Result<(), ArgError>,
}

/// The match as read so far: engines stay settings until `-each`, which
/// may come after them, is known.
pub struct Parsing {
    pub config: MatchConfig,
    pub engines: Vec<EngineSettings>,
    pub each: EngineSettings,
}

impl Parsing {
    pub fn new() -> Parsing {
        Parsing {
            config: MatchConfig::defaults(),
            engines: Vec::new(),
            each: EngineSettings::default(),
        }
    }

    /// The match, with every engine merged with `-each` and checked.
    pub fn finish(self) -> Result<MatchConfig, ArgError> {
        let mut config = self.config;
        config.engines = engine_configs(self.engines, &self.each)?;
        Ok(config)
    }
}

/// The option a command-line word names: `-games` and `--games` alike.
pub fn option_named(word: &str) -> Option<&'static MatchOption> {
    let name = word.strip_prefix('-')?.trim_start_matches('-');
    OPTIONS.iter().find(|o| o.name[1..] == *name)
}

/// Every option, in the order the help lists them.
pub static OPTIONS: &[MatchOption] = &[
    MatchOption {
        name: "-engine",
        value: "SETTINGS",
        help: &["the settings of one engine (one -engine per engine)"],
        read: |words, parsing| {
            let group = format!("engine {}", parsing.engines.len() + 1);
            let settings =
                parse_engine_settings(&group, &words.group(), EngineSettings::default())?;
            parsing.engines.push(settings);
            Ok(())
        },
    },
    MatchOption {
        name: "-each",
        value: "SETTINGS",
        help: &["engine settings for every engine"],
        read: |words, parsing| {
            let each = std::mem::take(&mut parsing.each);
            parsing.each = parse_engine_settings("-each", &words.group(), each)?;
            Ok(())
        },
    },
    MatchOption {
        name: "-games",
        value: "N",
        help: &["games per pair of engines in each round (2)"],
        read: |words, parsing| {
            parsing.config.games = read::<Count>("-games", words.value()?)?.0;
            Ok(())
        },
    },
    MatchOption {
        name: "-rounds",
        value: "N",
        help: &["rounds (1)"],
        read: |words, parsing| {
            parsing.config.rounds = read::<Count>("-rounds", words.value()?)?.0;
            Ok(())
        },
    },
    MatchOption {
        name: "-concurrency",
        value: "N",
        help: &["games played at once (1)"],
        read: |words, parsing| {
            parsing.config.concurrency = read::<Count>("-concurrency", words.value()?)?.0 as usize;
            Ok(())
        },
    },
    MatchOption {
        name: "-openings",
        value: "file=PATH format=epd|pgn order=sequential|random policy=default|encounter|round",
        help: &[
            "openings from a file (default: the built-in set);",
            "policy: a new opening for each pair of games",
            "(default), for each encounter, or for each round",
        ],
        read: |words, parsing| {
            let openings = std::mem::take(&mut parsing.config.openings);
            parsing.config.openings = parse_openings(&words.group(), openings)?;
            Ok(())
        },
    },
    MatchOption {
        name: "-repeat",
        value: "[2]",
        help: &[
            "accepted: each opening is always played twice,",
            "colours swapped",
        ],
        read: |words, _| parse_repeat(words.optional()),
    },
    MatchOption {
        name: "-recover",
        value: "",
        help: &["accepted: crashed engines are always restarted"],
        // Crashed engines are always restarted: accepted for cutechess
        // scripts.
        read: |_, _| Ok(()),
    },
    MatchOption {
        name: "-pgnout",
        value: "PATH [min] [fi]",
        help: &[
            "append finished games to PATH; min: the seven tags",
            "(and Game, Format) only, no comments; fi: only",
            "finished games, as always",
        ],
        read: |words, parsing| {
            let path = words.value()?;
            let minimal = parse_pgnout_flags(&words.flags(&["min", "fi"]));
            parsing.config.pgn_out = Some(path.to_string());
            parsing.config.pgn_minimal |= minimal;
            Ok(())
        },
    },
    MatchOption {
        name: "-sprt",
        value: "elo0=E0 elo1=E1 alpha=A beta=B",
        help: &["stop once the SPRT accepts H0 or H1 (0, 5, 0.05,", "0.05)"],
        read: |words, parsing| {
            parsing.config.sprt = Some(parse_sprt(&words.group())?);
            Ok(())
        },
    },
    MatchOption {
        name: "-draw",
        value: "movenumber=N movecount=N score=CP",
        help: &[
            "a draw once both engines have scored within CP",
            "for N moves each, after move movenumber",
        ],
        read: |words, parsing| {
            parsing.config.draw = Some(parse_draw(&words.group())?);
            Ok(())
        },
    },
    MatchOption {
        name: "-resign",
        value: "movecount=N score=CP [twosided=true|false]",
        help: &[
            "a loss once an engine has scored -CP or worse for",
            "N moves; twosided: its opponent +CP or better too",
        ],
        read: |words, parsing| {
            parsing.config.resign = Some(parse_resign(&words.group())?);
            Ok(())
        },
    },
    MatchOption {
        name: "-maxmoves",
        value: "N",
        help: &["a draw after N moves each"],
        read: |words, parsing| {
            parsing.config.max_moves = Some(read::<Count>("-maxmoves", words.value()?)?.0);
            Ok(())
        },
    },
    MatchOption {
        name: "-seed",
        value: "N",
        help: &["the seed for order=random (default: the clock)"],
        read: |words, parsing| {
            parsing.config.seed = read::<Number<u64>>("-seed", words.value()?)?.0;
            Ok(())
        },
    },
    MatchOption {
        name: "-event",
        value: "NAME",
        help: &["the PGN Event tag"],
        read: |words, parsing| {
            parsing.config.event = words.value()?.to_string();
            Ok(())
        },
    },
    MatchOption {
        name: "-rules",
        value: "chinese|asian|simple",
        help: &["the repetition rules that judge the games"],
        read: |words, parsing| {
            parsing.config.rules = read::<RuleSet>("-rules", words.value()?)?;
            Ok(())
        },
    },
    MatchOption {
        name: "-hangtime",
        value: "S",
        help: &[
            "how long an engine without a clock may be silent",
            "before it loses as hung (60)",
        ],
        read: |words, parsing| {
            let limit = read::<Seconds>("-hangtime", words.value()?)?;
            parsing.config.hang_limit = Duration::from_millis(limit.ms);
            Ok(())
        },
    },
];

/// `-openings file= format= order= policy=`: the words applied to
/// `openings` (a second `-openings` changes only what it names).
pub fn parse_openings(
    words: &[&str],
    mut openings: OpeningsConfig,
) -> Result<OpeningsConfig, ArgError> {
    for (key, value) in key_values("-openings", words, &["file", "format", "order", "policy"])? {
        match key {
            "file" => openings.file = Some(value.to_string()),
            "format" => openings.format = read(key, value)?,
            "order" => openings.order = read(key, value)?,
            _ => openings.policy = read(key, value)?,
        }
    }
    Ok(openings)
}

/// `-repeat [2]`: each opening is always played twice, colours swapped (the
/// game pairs the statistics count); cutechess's `-repeat N` with another N
/// is refused, not ignored.
pub fn parse_repeat(count: Option<&str>) -> Result<(), ArgError> {
    match count {
        None | Some("2") => Ok(()),
        Some(n) => Err(ArgError::bad_value(
            "-repeat",
            n,
            "each opening is played exactly twice, colours swapped",
        )),
    }
}

/// `-pgnout PATH [min] [fi]`'s flags: whether the PGN is minimal. `fi`
/// (finished games only) is how this runner always writes.
pub fn parse_pgnout_flags(flags: &[&str]) -> bool {
    flags.contains(&"min")
}

/// `-sprt elo0= elo1= alpha= beta=`, each defaulting to fishtest's usual
/// (0, 5, 0.05, 0.05).
pub fn parse_sprt(words: &[&str]) -> Result<Sprt, ArgError> {
    let mut sprt = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for (key, value) in key_values("-sprt", words, &["elo0", "elo1", "alpha", "beta"])? {
        let Number(x) = read(key, value)?;
        match key {
            "elo0" => sprt.elo0 = x,
            "elo1" => sprt.elo1 = x,
            "alpha" => sprt.alpha = x,
            _ => sprt.beta = x,
        }
    }
    let sensible = sprt.elo0 < sprt.elo1
        && 0.0 < sprt.alpha
        && sprt.alpha < 1.0
        && 0.0 < sprt.beta
        && sprt.beta < 1.0;
    if !sensible {
        return Err(ArgError::bad_value(
            "-sprt",
            &words.join(" "),
            "need elo0 < elo1 and alpha, beta in (0, 1)",
        ));
    }
    Ok(sprt)
}

/// `-draw movenumber=N movecount=N score=CP`; movecount is required.
pub fn parse_draw(words: &[&str]) -> Result<DrawRule, ArgError> {
    let mut draw = DrawRule {
        move_number: 0,
        move_count: 0,
        score: 0,
    };
    for (key, value) in key_values("-draw", words, &["movenumber", "movecount", "score"])? {
        match key {
            "movenumber" => draw.move_number = read::<Number<u32>>(key, value)?.0,
            "movecount" => draw.move_count = read::<Count>(key, value)?.0,
            _ => draw.score = read::<Number<i32>>(key, value)?.0,
        }
    }
    if draw.move_count == 0 {
        return Err(ArgError::MissingValue("-draw movecount".into()));
    }
    Ok(draw)
}

/// `-resign movecount=N score=CP [twosided=true|false]`; movecount is
/// required, twosided is false unless given (cutechess's default).
pub fn parse_resign(words: &[&str]) -> Result<ResignRule, ArgError> {
    let mut resign = ResignRule {
        move_count: 0,
        score: 0,
        two_sided: false,
    };
    for (key, value) in key_values("-resign", words, &["movecount", "score", "twosided"])? {
        match key {
            "movecount" => resign.move_count = read::<Count>(key, value)?.0,
            "score" => resign.score = read::<Number<i32>>(key, value)?.0,
            _ => resign.two_sided = read::<Switch>(key, value)?.0,
        }
    }
    if resign.move_count == 0 {
        return Err(ArgError::MissingValue("-resign movecount".into()));
    }
    Ok(resign)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_syntax_names_every_rule_set_and_each_is_read() {
        let rules = OPTIONS.iter().find(|o| o.name == "-rules").unwrap();
        let shown: Vec<&str> = rules.value.split('|').collect();
        let names: Vec<&str> = RuleSet::ALL.iter().map(|r| r.name()).collect();
        assert_eq!(shown, names);
    }

    #[test]
    fn option_names_are_found_with_one_dash_or_two() {
        assert_eq!(option_named("-games").map(|o| o.name), Some("-games"));
        assert_eq!(option_named("--games").map(|o| o.name), Some("-games"));
        assert!(option_named("games").is_none());
        assert!(option_named("-game").is_none());
        assert!(option_named("-").is_none());
    }

    #[test]
    fn the_group_functions_read_their_words() {
        let sprt = parse_sprt(&["elo1=10", "beta=0.1"]).unwrap();
        assert_eq!(
            (sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta),
            (0.0, 10.0, 0.05, 0.1)
        );
        let draw = parse_draw(&["movenumber=40", "movecount=8", "score=-10"]).unwrap();
        assert_eq!(
            (draw.move_number, draw.move_count, draw.score),
            (40, 8, -10)
        );
        let resign = parse_resign(&["movecount=3", "score=600", "twosided=true"]).unwrap();
        assert_eq!(
            (resign.move_count, resign.score, resign.two_sided),
            (3, 600, true)
        );
        let e = parse_resign(&["movecount=3", "twosided=1"]).unwrap_err();
        assert_eq!(e.to_string(), "bad value '1' for twosided: true or false");
        assert!(parse_pgnout_flags(&["fi", "min"]));
        assert!(!parse_pgnout_flags(&["fi"]));
        assert_eq!(parse_repeat(None), Ok(()));
        assert_eq!(parse_repeat(Some("2")), Ok(()));
        assert!(parse_repeat(Some("3")).is_err());
        let openings = parse_openings(&["policy=round"], OpeningsConfig::default()).unwrap();
        assert_eq!(
            openings.policy,
            crate::arena::openings::OpeningPolicy::Round
        );
        let e = parse_openings(&["file"], OpeningsConfig::default()).unwrap_err();
        assert_eq!(e.to_string(), "-openings: unknown setting 'file'");
    }
}
