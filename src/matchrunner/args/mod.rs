//! The `chuhan match` command line, in cutechess-cli's conventions so
//! existing scripts carry over: `-engine key=value ...`, `-each ...`,
//! `-games`, `-rounds`, `-openings ...`, `-sprt ...` and so on.
//!
//! One table of options (`options`) and one of engine settings
//! (`settings`) are read by both the parser and the help (`help`); each
//! value is read through `FromStr` (`values`), its errors said as an
//! [`ArgError`] (`error`); `words` hands each option the words it takes,
//! and `config` is what the line comes to.

mod config;
mod error;
mod help;
mod options;
mod settings;
mod values;
mod words;

pub use config::{MatchConfig, OpeningsConfig};
pub use error::ArgError;
pub use help::help_text;
pub use values::ValueError;

use help::HELP_WORDS;
use options::{option_named, Parsing};
use words::Words;

/// Whether the command line asks for the help ([`help_text`]).
pub fn wants_help(args: &[String]) -> bool {
    args.iter().any(|a| HELP_WORDS.contains(&a.as_str()))
}

/// Reads the command line of `chuhan match`: each option found in the
/// table takes its words; the engines are checked at the end, once `-each`
/// is known.
pub fn parse(args: &[String]) -> Result<MatchConfig, ArgError> {
    let mut parsing = Parsing::new();
    let mut words = Words::new(args);
    while let Some(word) = words.next_word() {
        let option = option_named(word).ok_or_else(|| ArgError::UnknownOption(word.to_string()))?;
        words.reading(option.name);
        (option.read)(&mut words, &mut parsing)?;
    }
    parsing.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::openings::{OpeningFormat, OpeningOrder, OpeningPolicy};
    use crate::matchrunner::engine::Protocol;
    use crate::rules::RuleSet;

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
    fn every_option_in_the_table_is_read_and_in_the_help() {
        let minimal = "-engine cmd=a -engine cmd=b -each depth=3";
        let help = help_text();
        assert!(options::OPTIONS.len() >= 17);
        for option in options::OPTIONS {
            for spelling in [option.name.to_string(), format!("-{}", option.name)] {
                let line = format!("{minimal} {spelling}");
                if let Err(ArgError::UnknownOption(o)) = parse(&args(&line)) {
                    panic!("the table names {o}, which the parser does not read");
                }
            }
            assert!(
                help.contains(&format!("\n  {} ", option.name)),
                "{}",
                option.name
            );
        }
        // Every engine setting the help names is one the parser reads.
        for key in [
            "cmd",
            "name",
            "proto",
            "ranks",
            "arg",
            "dir",
            "option.NAME",
            "tc",
            "st",
            "depth",
            "nodes",
            "timemargin",
        ] {
            assert!(help.contains(&format!("  {key}=")), "{key}");
            assert!(settings::SETTINGS.iter().any(|s| s.key == key), "{key}");
        }
        // And nothing else: every option-like word of the help is one the
        // parser reads.
        for word in help.split_whitespace() {
            let word = word.trim_end_matches(',');
            let option_like = word.starts_with('-')
                && word.len() > 1
                && word.as_bytes()[1].is_ascii_lowercase()
                && !HELP_WORDS.contains(&word);
            if option_like {
                let line = format!("{minimal} {word}");
                if let Err(ArgError::UnknownOption(o)) = parse(&args(&line)) {
                    panic!("the help names {o}, which the parser does not read");
                }
            }
        }
        assert!(wants_help(&args("-engine cmd=a --help")));
        assert!(wants_help(&args("-h")));
        assert!(!wants_help(&args("-engine cmd=a -hangtime 3")));
    }

    #[test]
    fn repeated_groups_add_to_what_came_before() {
        let config = parse(&args(
            "-engine cmd=a -engine cmd=b -each depth=3 -each option.Hash=16 \
             -openings file=o.pgn -openings format=pgn order=random",
        ))
        .unwrap();
        assert_eq!(config.engines[1].limits.depth, Some(3));
        assert_eq!(config.engines[1].options, [("Hash".into(), "16".into())]);
        assert_eq!(config.openings.file.as_deref(), Some("o.pgn"));
        assert_eq!(config.openings.format, OpeningFormat::Pgn);
        assert_eq!(config.openings.order, OpeningOrder::Random);
    }

    #[test]
    fn groups_and_values_refuse_what_they_cannot_read() {
        let base = "-engine cmd=a -engine cmd=b -each depth=3";
        let refused = [
            (
                "-openings format=fen",
                "bad value 'fen' for format: epd or pgn",
            ),
            (
                "-openings order=shuffled",
                "bad value 'shuffled' for order: sequential or random",
            ),
            ("-draw score=5", "-draw movecount needs a value"),
            (
                "-draw movecount=0",
                "bad value '0' for movecount: must be at least 1",
            ),
            ("-resign score=5", "-resign movecount needs a value"),
            (
                "-resign movecount=2 score=x",
                "bad value 'x' for score: not a number",
            ),
            ("-sprt elo1=x", "bad value 'x' for elo1: not a number"),
            (
                "-sprt alpha=1",
                "bad value 'alpha=1' for -sprt: need elo0 < elo1 and alpha, beta in (0, 1)",
            ),
            (
                "-hangtime soon",
                "bad value 'soon' for -hangtime: not seconds",
            ),
            (
                "-rules kids",
                "bad value 'kids' for -rules: unknown rule set 'kids' (chinese, asian, simple)",
            ),
            (
                "-concurrency 0",
                "bad value '0' for -concurrency: must be at least 1",
            ),
            ("-seed -1", "bad value '-1' for -seed: not a number"),
            ("--maxmoves", "-maxmoves needs a value"),
            ("-pgnout", "-pgnout needs a value"),
            ("-pgnout x.pgn extra", "unknown option 'extra'"),
            ("-", "unknown option '-'"),
        ];
        for (extra, message) in refused {
            let e = parse(&args(&format!("{base} {extra}"))).unwrap_err();
            assert_eq!(e.to_string(), message, "{extra}");
        }
        let config = parse(&args(&format!(
            "{base} -rules asian -hangtime 2.5 -event -x -draw movecount=4"
        )))
        .unwrap();
        assert_eq!(config.rules, RuleSet::Asian);
        assert_eq!(config.hang_limit, std::time::Duration::from_millis(2500));
        assert_eq!(config.event, "-x");
        assert_eq!(config.draw.unwrap().move_count, 4);
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
