//! The `chuhan match` command line, in cutechess-cli's conventions so
//! existing scripts carry over: `-engine key=value ...`, `-each ...`,
//! `-games`, `-rounds`, `-openings ...`, `-sprt ...` and so on.

use super::clock::{seconds_to_ms, Limits, TimeControl};
use super::engine::{EngineConfig, Protocol};
use super::openings::{OpeningFormat, OpeningOrder, OpeningPolicy};
use super::stats::Sprt;
use crate::adjudication::{DrawRule, ResignRule};
use crate::rules::RuleSet;
use std::fmt;
use std::time::Duration;

/// `chuhan match --help`: every option and engine setting the parser reads
/// (a test holds the two together), and an example.
pub const HELP: &str = "\
chuhan match: plays Xiangqi engines (UCCI or UCI) against each other, in
the conventions of cutechess-cli.

usage: chuhan match -engine SETTINGS -engine SETTINGS [-engine ...] [OPTIONS]

Engine settings (key=value words after -engine, or after -each for all):
  cmd=PATH               the engine's program (required)
  name=NAME              its name in tables and PGN (default: the file name)
  proto=ucci|uci|auto    its protocol (default auto: ucci, then uci)
  arg=ARG                a command-line argument for it (repeatable)
  dir=DIR                its working directory
  option.NAME=VALUE      an engine option, sent as given
  tc=[MOVES/]BASE[+INC]  a clock: seconds or minutes:seconds, increment in s
  st=S                   a fixed time per move, in seconds
  depth=N                a fixed search depth
  nodes=N                a fixed node count
  timemargin=MS          grace past the clock before a loss on time (200)
  Each engine needs one of tc=, st=, depth= or nodes=.

Options:
  -each SETTINGS         engine settings for every engine
  -games N               games per pair of engines in each round (2)
  -rounds N              rounds (1)
  -concurrency N         games played at once (1)
  -openings file=PATH format=epd|pgn order=sequential|random
            policy=default|encounter|round
                         openings from a file (default: the built-in set);
                         policy: a new opening for each pair of games
                         (default), for each encounter, or for each round
  -repeat [2]            accepted: each opening is always played twice,
                         colours swapped
  -recover               accepted: crashed engines are always restarted
  -pgnout PATH [min] [fi]
                         append finished games to PATH; min: the seven tags
                         (and Game, Format) only, no comments (fi: only finished games, always)
  -sprt elo0=E0 elo1=E1 alpha=A beta=B
                         stop once the SPRT accepts H0 or H1 (0, 5, 0.05,
                         0.05)
  -draw movenumber=N movecount=N score=CP
                         a draw once both engines have scored within CP
                         for N moves each, after move movenumber
  -resign movecount=N score=CP [twosided=true|false]
                         a loss once an engine has scored -CP or worse for
                         N moves; twosided: its opponent +CP or better too
  -maxmoves N            a draw after N moves each
  -seed N                the seed for order=random (default: the clock)
  -event NAME            the PGN Event tag
  -rules chinese|asian|simple
                         the repetition rules that judge the games
  -hangtime S            how long an engine without a clock may be silent
                         before it loses as hung (60)
  -help, --help, -h      this text

Example: 1 thread against 2, 10 s + 0.1 s a side, 200 games:
  chuhan match -engine cmd=target/release/chuhan name=t1 option.threads=1 \\
               -engine cmd=target/release/chuhan name=t2 option.threads=2 \\
               -each tc=10+0.1 -games 200 -openings order=random -pgnout t1-t2.pgn
";

/// Whether the command line asks for [`HELP`].
pub fn wants_help(args: &[String]) -> bool {
    args.iter()
        .any(|a| matches!(a.as_str(), "-help" | "--help" | "-h"))
}

/// Where the openings come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningSource {
    /// `None`: the built-in set.
    pub file: Option<String>,
    pub format: OpeningFormat,
    pub order: OpeningOrder,
    pub policy: OpeningPolicy,
}

/// Everything a match needs, checked.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub engines: Vec<EngineConfig>,
    /// Games per pair of engines in each round.
    pub games: u32,
    pub rounds: u32,
    pub concurrency: usize,
    pub openings: OpeningSource,
    pub pgn_out: Option<String>,
    /// `-pgnout PATH min`: the seven tags (with `Game`, `Format` and the
    /// start position) only, no
    /// comments.
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

/// A mistake on the command line, said in the user's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    UnknownOption(String),
    MissingValue(String),
    BadValue {
        option: String,
        value: String,
        why: String,
    },
    UnknownSetting {
        group: String,
        setting: String,
    },
    EngineWithoutCmd(usize),
    TooFewEngines,
    NoLimits(String),
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::UnknownOption(o) => write!(f, "unknown option '{o}'"),
            ArgError::MissingValue(o) => write!(f, "{o} needs a value"),
            ArgError::BadValue { option, value, why } => {
                write!(f, "bad value '{value}' for {option}: {why}")
            }
            ArgError::UnknownSetting { group, setting } => {
                write!(f, "{group}: unknown setting '{setting}'")
            }
            ArgError::EngineWithoutCmd(n) => write!(f, "engine {n} has no cmd=PATH"),
            ArgError::TooFewEngines => write!(f, "a match needs at least two -engine groups"),
            ArgError::NoLimits(name) => write!(
                f,
                "engine {name} has no time control: give tc=, st=, depth= or nodes= (or with -each)"
            ),
        }
    }
}

impl std::error::Error for ArgError {}

fn bad(option: &str, value: &str, why: &str) -> ArgError {
    ArgError::BadValue {
        option: option.to_string(),
        value: value.to_string(),
        why: why.to_string(),
    }
}

fn number<T: std::str::FromStr>(option: &str, value: &str) -> Result<T, ArgError> {
    value
        .parse()
        .map_err(|_| bad(option, value, "not a number"))
}

/// The engine settings of one `-engine` or `-each` group, before merging.
#[derive(Clone, Debug, Default)]
struct EngineSettings {
    cmd: Option<String>,
    args: Vec<String>,
    dir: Option<String>,
    name: Option<String>,
    protocol: Option<Protocol>,
    options: Vec<(String, String)>,
    clock: Option<TimeControl>,
    move_time_ms: Option<u64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    margin_ms: Option<u64>,
}

impl EngineSettings {
    fn set(&mut self, group: &str, pair: &str) -> Result<(), ArgError> {
        let unknown = || ArgError::UnknownSetting {
            group: group.to_string(),
            setting: pair.to_string(),
        };
        let (key, value) = pair.split_once('=').ok_or_else(unknown)?;
        if let Some(option) = key.strip_prefix("option.") {
            self.options.push((option.to_string(), value.to_string()));
            return Ok(());
        }
        match key {
            "cmd" => self.cmd = Some(value.to_string()),
            "arg" => self.args.push(value.to_string()),
            "dir" => self.dir = Some(value.to_string()),
            "name" => self.name = Some(value.to_string()),
            "proto" => {
                self.protocol = Some(value.parse().map_err(|e: String| bad("proto", value, &e))?)
            }
            "tc" => self.clock = Some(value.parse().map_err(|e: String| bad("tc", value, &e))?),
            "st" => {
                self.move_time_ms =
                    Some(seconds_to_ms(value).ok_or_else(|| bad("st", value, "not seconds"))?)
            }
            "depth" => self.depth = Some(number("depth", value)?),
            "nodes" => self.nodes = Some(number("nodes", value)?),
            "timemargin" => self.margin_ms = Some(number("timemargin", value)?),
            _ => return Err(unknown()),
        }
        Ok(())
    }

    /// This engine's settings with `-each` filling the gaps.
    fn merged(mut self, each: &EngineSettings) -> EngineSettings {
        self.cmd = self.cmd.or_else(|| each.cmd.clone());
        if self.args.is_empty() {
            self.args = each.args.clone();
        }
        self.dir = self.dir.or_else(|| each.dir.clone());
        self.protocol = self.protocol.or(each.protocol);
        let mut options = each.options.clone();
        options.retain(|(n, _)| !self.options.iter().any(|(m, _)| m == n));
        options.append(&mut self.options);
        self.options = options;
        self.clock = self.clock.or(each.clock);
        self.move_time_ms = self.move_time_ms.or(each.move_time_ms);
        self.depth = self.depth.or(each.depth);
        self.nodes = self.nodes.or(each.nodes);
        self.margin_ms = self.margin_ms.or(each.margin_ms);
        self
    }
}

/// The `key=value` words that follow an option, up to the next option.
fn group<'a>(args: &'a [String], i: &mut usize) -> Vec<&'a str> {
    let mut words = Vec::new();
    while *i + 1 < args.len() && !args[*i + 1].starts_with('-') {
        *i += 1;
        words.push(args[*i].as_str());
    }
    words
}

fn key_values<'a>(
    option: &str,
    words: &[&'a str],
    keys: &[&str],
) -> Result<Vec<(&'a str, &'a str)>, ArgError> {
    words
        .iter()
        .map(|w| {
            w.split_once('=')
                .filter(|(k, _)| keys.contains(k))
                .ok_or_else(|| ArgError::UnknownSetting {
                    group: option.to_string(),
                    setting: w.to_string(),
                })
        })
        .collect()
}

/// Reads the command line of `chuhan match`.
pub fn parse(args: &[String]) -> Result<MatchConfig, ArgError> {
    let mut engines: Vec<EngineSettings> = Vec::new();
    let mut each = EngineSettings::default();
    let mut config = MatchConfig {
        engines: Vec::new(),
        games: 2,
        rounds: 1,
        concurrency: 1,
        openings: OpeningSource {
            file: None,
            format: OpeningFormat::Epd,
            order: OpeningOrder::Sequential,
            policy: OpeningPolicy::Default,
        },
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
    };
    let mut i = 0;
    while i < args.len() {
        // `--sprt` and `-sprt` alike.
        let option = format!("-{}", args[i].trim_start_matches('-'));
        if !args[i].starts_with('-') {
            return Err(ArgError::UnknownOption(args[i].clone()));
        }
        let value = |i: &mut usize| -> Result<&str, ArgError> {
            *i += 1;
            args.get(*i)
                .map(String::as_str)
                .ok_or_else(|| ArgError::MissingValue(option.clone()))
        };
        match option.as_str() {
            "-engine" => {
                let mut settings = EngineSettings::default();
                let label = format!("engine {}", engines.len() + 1);
                for word in group(args, &mut i) {
                    settings.set(&label, word)?;
                }
                engines.push(settings);
            }
            "-each" => {
                for word in group(args, &mut i) {
                    each.set("-each", word)?;
                }
            }
            "-games" => config.games = positive("-games", value(&mut i)?)?,
            "-rounds" => config.rounds = positive("-rounds", value(&mut i)?)?,
            "-concurrency" => {
                config.concurrency = positive::<u32>("-concurrency", value(&mut i)?)? as usize
            }
            "-maxmoves" => config.max_moves = Some(positive("-maxmoves", value(&mut i)?)?),
            "-seed" => config.seed = number("-seed", value(&mut i)?)?,
            "-event" => config.event = value(&mut i)?.to_string(),
            "-pgnout" => {
                config.pgn_out = Some(value(&mut i)?.to_string());
                // cutechess's flags after the path: `fi` (finished games
                // only) is how this runner always writes.
                while let Some(flag @ ("min" | "fi")) = args.get(i + 1).map(String::as_str) {
                    config.pgn_minimal |= flag == "min";
                    i += 1;
                }
            }
            "-rules" => {
                let text = value(&mut i)?;
                config.rules = text.parse().map_err(|e: crate::rules::UnknownRuleSet| {
                    bad("-rules", text, &e.to_string())
                })?;
            }
            "-hangtime" => {
                let text = value(&mut i)?;
                let ms =
                    seconds_to_ms(text).ok_or_else(|| bad("-hangtime", text, "not seconds"))?;
                config.hang_limit = Duration::from_millis(ms);
            }
            // Crashed engines are always restarted: accepted for cutechess
            // scripts.
            "-recover" => {}
            // Each opening is always played twice, colours swapped (the
            // game pairs the statistics count); cutechess's `-repeat [N]`
            // with another N is refused, not ignored.
            "-repeat" => {
                if let Some(n) = args.get(i + 1).filter(|a| !a.starts_with('-')) {
                    i += 1;
                    if n != "2" {
                        return Err(bad(
                            "-repeat",
                            n,
                            "each opening is played exactly twice, colours swapped",
                        ));
                    }
                }
            }
            "-openings" => {
                let words = group(args, &mut i);
                for (key, val) in
                    key_values("-openings", &words, &["file", "format", "order", "policy"])?
                {
                    match key {
                        "file" => config.openings.file = Some(val.to_string()),
                        "format" => {
                            config.openings.format = match val {
                                "epd" => OpeningFormat::Epd,
                                "pgn" => OpeningFormat::Pgn,
                                _ => return Err(bad("format", val, "epd or pgn")),
                            }
                        }
                        "order" => {
                            config.openings.order = match val {
                                "sequential" => OpeningOrder::Sequential,
                                "random" => OpeningOrder::Random,
                                _ => return Err(bad("order", val, "sequential or random")),
                            }
                        }
                        _ => {
                            config.openings.policy =
                                val.parse().map_err(|e: String| bad("policy", val, &e))?
                        }
                    }
                }
            }
            "-sprt" => {
                let words = group(args, &mut i);
                let mut sprt = Sprt {
                    elo0: 0.0,
                    elo1: 5.0,
                    alpha: 0.05,
                    beta: 0.05,
                };
                for (key, val) in key_values("-sprt", &words, &["elo0", "elo1", "alpha", "beta"])? {
                    let x: f64 = number(key, val)?;
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
                    return Err(bad(
                        "-sprt",
                        &words.join(" "),
                        "need elo0 < elo1 and alpha, beta in (0, 1)",
                    ));
                }
                config.sprt = Some(sprt);
            }
            "-draw" => {
                let words = group(args, &mut i);
                let mut draw = DrawRule {
                    move_number: 0,
                    move_count: 0,
                    score: 0,
                };
                for (key, val) in
                    key_values("-draw", &words, &["movenumber", "movecount", "score"])?
                {
                    match key {
                        "movenumber" => draw.move_number = number(key, val)?,
                        "movecount" => draw.move_count = positive(key, val)?,
                        _ => draw.score = number(key, val)?,
                    }
                }
                if draw.move_count == 0 {
                    return Err(ArgError::MissingValue("-draw movecount".into()));
                }
                config.draw = Some(draw);
            }
            "-resign" => {
                let words = group(args, &mut i);
                let mut resign = ResignRule {
                    move_count: 0,
                    score: 0,
                    two_sided: false,
                };
                for (key, val) in
                    key_values("-resign", &words, &["movecount", "score", "twosided"])?
                {
                    match key {
                        "movecount" => resign.move_count = positive(key, val)?,
                        "score" => resign.score = number(key, val)?,
                        _ => {
                            resign.two_sided = match val {
                                "true" => true,
                                "false" => false,
                                _ => return Err(bad("twosided", val, "true or false")),
                            }
                        }
                    }
                }
                if resign.move_count == 0 {
                    return Err(ArgError::MissingValue("-resign movecount".into()));
                }
                config.resign = Some(resign);
            }
            _ => return Err(ArgError::UnknownOption(args[i].clone())),
        }
        i += 1;
    }
    if engines.len() < 2 {
        return Err(ArgError::TooFewEngines);
    }
    for (n, settings) in engines.into_iter().enumerate() {
        let settings = settings.merged(&each);
        let cmd = settings
            .cmd
            .clone()
            .ok_or(ArgError::EngineWithoutCmd(n + 1))?;
        let mut name = settings.name.clone().unwrap_or_else(|| {
            std::path::Path::new(&cmd)
                .file_name()
                .map_or(cmd.clone(), |f| f.to_string_lossy().into_owned())
        });
        // Tables and PGN need each engine told apart.
        while config.engines.iter().any(|e: &EngineConfig| e.name == name) {
            name = format!("{name}-{}", n + 1);
        }
        let limits = Limits {
            clock: settings.clock,
            move_time_ms: settings.move_time_ms,
            depth: settings.depth,
            nodes: settings.nodes,
        };
        if !limits.is_set() {
            return Err(ArgError::NoLimits(name));
        }
        config.engines.push(EngineConfig {
            name,
            cmd,
            args: settings.args,
            dir: settings.dir,
            protocol: settings.protocol.unwrap_or(Protocol::Auto),
            options: settings.options,
            limits,
            margin_ms: settings.margin_ms.unwrap_or(200),
        });
    }
    Ok(config)
}

fn positive<T: std::str::FromStr + Default + PartialOrd>(
    option: &str,
    value: &str,
) -> Result<T, ArgError> {
    let n: T = number(option, value)?;
    if n > T::default() {
        Ok(n)
    } else {
        Err(bad(option, value, "must be at least 1"))
    }
}

/// A seed from the clock when none is given (printed, so a run can be
/// reproduced).
fn default_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn reads_a_cutechess_command_line() {
        let config = parse(&args(
            "-engine cmd=/bin/a name=A proto=ucci option.hashsize=64 -engine cmd=/usr/bin/b arg=-x \
             -each tc=40/60+0.6 timemargin=100 option.Threads=1 -games 4 -rounds 2 -repeat \
             -concurrency 2 -openings file=o.epd format=epd order=random -pgnout out.pgn \
             --sprt elo0=0 elo1=10 alpha=0.05 beta=0.1 -draw movenumber=30 movecount=8 score=10 \
             -resign movecount=3 score=600 -maxmoves 200 -recover -seed 9",
        ))
        .unwrap();
        assert_eq!(config.engines.len(), 2);
        let (a, b) = (&config.engines[0], &config.engines[1]);
        assert_eq!((a.name.as_str(), a.protocol), ("A", Protocol::Ucci));
        assert_eq!((b.name.as_str(), b.protocol), ("b", Protocol::Auto));
        assert_eq!(b.args, vec!["-x"]);
        assert_eq!(
            a.options,
            vec![
                ("Threads".into(), "1".into()),
                ("hashsize".into(), "64".into())
            ]
        );
        assert_eq!(a.limits.clock.unwrap().to_string(), "40/60+0.6");
        assert_eq!(b.margin_ms, 100);
        assert_eq!(
            (config.games, config.rounds, config.concurrency, config.seed),
            (4, 2, 2, 9)
        );
        assert_eq!(config.openings.order, OpeningOrder::Random);
        assert_eq!(config.sprt.unwrap().elo1, 10.0);
        assert_eq!(config.draw.unwrap().move_count, 8);
        assert_eq!(config.resign.unwrap().score, 600);
        assert_eq!(config.max_moves, Some(200));
    }

    #[test]
    fn the_help_names_what_the_parser_reads_and_nothing_else() {
        let minimal = "-engine cmd=a -engine cmd=b -each depth=3";
        // Every option the help names is one the parser knows.
        let options: Vec<&str> = HELP
            .split_whitespace()
            .filter(|w| w.starts_with('-') && w.len() > 1 && w.as_bytes()[1].is_ascii_lowercase())
            .map(|w| w.trim_end_matches(','))
            .filter(|w| !matches!(*w, "-help" | "--help" | "-h"))
            .collect();
        assert!(options.len() >= 17, "{options:?}");
        for option in options {
            let line = format!("{minimal} {option}");
            if let Err(ArgError::UnknownOption(o)) = parse(&args(&line)) {
                panic!("the help names {o}, which the parser does not read");
            }
        }
        // Every engine setting the help names is one the parser knows.
        for key in [
            "cmd",
            "name",
            "proto",
            "arg",
            "dir",
            "tc",
            "st",
            "depth",
            "nodes",
            "timemargin",
        ] {
            assert!(HELP.contains(&format!("  {key}=")), "{key}");
            let read = EngineSettings::default().set("engine 1", &format!("{key}=1"));
            assert!(
                !matches!(read, Err(ArgError::UnknownSetting { .. })),
                "{key}: {read:?}"
            );
        }
        assert!(HELP.contains("option.NAME=VALUE"));
        assert!(wants_help(&args("-engine cmd=a --help")));
        assert!(!wants_help(&args("-engine cmd=a")));
    }

    #[test]
    fn cutechess_options_are_read_not_ignored() {
        let base = "-engine cmd=a -engine cmd=b -each depth=3";
        let config = parse(&args(&format!(
            "{base} -resign movecount=3 score=500 twosided=true -openings policy=encounter \
             -pgnout x.pgn min fi -repeat 2"
        )))
        .unwrap();
        assert!(config.resign.unwrap().two_sided);
        assert_eq!(config.openings.policy, OpeningPolicy::Encounter);
        assert!(config.pgn_minimal);
        let config = parse(&args(&format!(
            "{base} -resign movecount=3 score=500 -repeat"
        )))
        .unwrap();
        assert!(!config.resign.unwrap().two_sided, "cutechess's default");
        assert_eq!(config.openings.policy, OpeningPolicy::Default);
        assert!(!config.pgn_minimal);
        let refused = [
            (
                "-resign movecount=3 score=5 twosided=yes",
                "bad value 'yes' for twosided: true or false",
            ),
            (
                "-openings policy=keep",
                "bad value 'keep' for policy: default, encounter or round",
            ),
            (
                "-repeat 4",
                "bad value '4' for -repeat: each opening is played exactly twice, colours swapped",
            ),
            ("-openings plies=8", "-openings: unknown setting 'plies=8'"),
        ];
        for (extra, message) in refused {
            let e = parse(&args(&format!("{base} {extra}"))).unwrap_err();
            assert_eq!(e.to_string(), message);
        }
    }

    #[test]
    fn same_names_are_told_apart() {
        let config = parse(&args(
            "-engine cmd=./chuhan -engine cmd=./chuhan -each depth=3",
        ))
        .unwrap();
        assert_eq!(config.engines[0].name, "chuhan");
        assert_eq!(config.engines[1].name, "chuhan-2");
    }

    #[test]
    fn mistakes_are_named() {
        let cases = [
            (
                "-engine cmd=a -engine cmd=b -each depth=3 -frobnicate",
                "unknown option '-frobnicate'",
            ),
            (
                "-engine cmd=a -engine cmd=b -each depth=3 -games",
                "-games needs a value",
            ),
            (
                "-engine cmd=a -engine cmd=b -each depth=3 -games x",
                "bad value 'x' for -games: not a number",
            ),
            (
                "-engine cmd=a color=red -engine cmd=b",
                "engine 1: unknown setting 'color=red'",
            ),
            (
                "-engine cmd=a -engine cmd=b",
                "engine a has no time control: give tc=, st=, depth= or nodes= (or with -each)",
            ),
            (
                "-engine cmd=a -each depth=3",
                "a match needs at least two -engine groups",
            ),
            (
                "-engine name=x -engine cmd=b -each depth=3",
                "engine 1 has no cmd=PATH",
            ),
            (
                "-engine cmd=a -engine cmd=b -each tc=fast",
                "bad value 'fast' for tc: bad time control 'fast' (e.g. 10+0.1 or 40/60+0.6)",
            ),
            (
                "-engine cmd=a -engine cmd=b -each depth=3 -sprt elo0=5 elo1=0",
                "bad value 'elo0=5 elo1=0' for -sprt: need elo0 < elo1 and alpha, beta in (0, 1)",
            ),
        ];
        for (line, message) in cases {
            assert_eq!(
                parse(&args(line)).unwrap_err().to_string(),
                message,
                "{line}"
            );
        }
    }
}
