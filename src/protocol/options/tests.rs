use super::*;
use crate::book::Randomness;
use crate::rules::RuleSet;

/// What the engine announces at start (its own book found), byte for byte.
const UCCI_LINES: &str = "\
option usemillisec type check default true\n\
option batch type check default false\n\
option debug type check default false\n\
option ponder type check default false\n\
option usebook type check default true\n\
option bookfiles type string default <built-in>\n\
option hashsize type spin default 16 min 0 max 33554432\n\
option threads type spin default 1 min 0 max 256\n\
option newgame type button\n\
option idle type combo default none var none var small var medium var large\n\
option randomness type combo default none var none var small var medium var large\n\
option pruning type combo default none var none var small var medium var large\n\
option knowledge type combo default none var none var small var medium var large\n\
option style type combo default normal var normal var solid var risky\n\
option promotion type check default false\n\
option rule type combo default chinese var chinese var asian var simple\n\
option moveoverhead type spin default 30 min 0 max 5000\n\
option drawoffer type check default true\n\
option drawaccept type check default true\n\
option skill type spin default 20 min 0 max 20\n\
option resignscore type spin default 1500 min 0 max 30000\n\
option usennue type check default true\n\
option evalfile type string default <built-in>\n\
";

const UCI_LINES: &str = "\
option name Ponder type check default false\n\
option name OwnBook type check default true\n\
option name BookFile type string default <built-in>\n\
option name Hash type spin default 16 min 0 max 33554432\n\
option name Threads type spin default 1 min 0 max 256\n\
option name Clear Hash type button\n\
option name Rule type combo default chinese var chinese var asian var simple\n\
option name Move Overhead type spin default 30 min 0 max 5000\n\
option name MultiPV type spin default 1 min 1 max 64\n\
option name Skill Level type spin default 20 min 0 max 20\n\
option name UCI_LimitStrength type check default false\n\
option name UCI_Elo type spin default 2500 min 419 max 2500\n\
option name UCI_ShowWDL type check default false\n\
option name Use NNUE type check default true\n\
option name EvalFile type string default <built-in>\n\
option name UCI_Variant type combo default xiangqi var xiangqi\n\
option name Ranks type combo default auto var auto var 0-9 var 1-10\n\
";

fn at_start() -> Options {
    Options::with_book_files("<built-in>".to_string())
}

#[test]
fn announcements_in_each_dialect() {
    let options = Options::default();
    let ucci = options.announce(Dialect::Ucci);
    assert!(ucci.contains(&"option usemillisec type check default true".to_string()));
    assert!(ucci.contains(&"option hashsize type spin default 16 min 0 max 33554432".to_string()));
    assert!(ucci.contains(&"option newgame type button".to_string()));
    assert!(ucci.contains(
        &"option idle type combo default none var none var small var medium var large".to_string()
    ));
    let uci = options.announce(Dialect::Uci);
    assert!(uci.contains(&"option name Clear Hash type button".to_string()));
    assert!(
        uci.contains(&"option name Move Overhead type spin default 30 min 0 max 5000".to_string())
    );
    assert!(!uci.iter().any(|l| l.contains("usemillisec")));
    assert!(
        uci.contains(&"option name UCI_Variant type combo default xiangqi var xiangqi".to_string())
    );
    assert!(!ucci.iter().any(|l| l.contains("UCI_Variant")));
}

#[test]
fn the_announcement_is_unchanged_in_each_dialect() {
    let lines = |dialect| at_start().announce(dialect).join("\n") + "\n";
    assert_eq!(lines(Dialect::Ucci), UCCI_LINES);
    assert_eq!(lines(Dialect::Uci), UCI_LINES);
}

#[test]
fn every_declared_option_is_announced_once_in_each_of_its_dialects() {
    let start = at_start();
    for dialect in [Dialect::Ucci, Dialect::Uci] {
        let lines = start.announce(dialect);
        let named: Vec<&str> = TABLE.iter().filter_map(|s| s.name(dialect)).collect();
        assert_eq!(lines.len(), named.len());
        for name in named {
            let head = match dialect {
                Dialect::Ucci => format!("option {name} type "),
                Dialect::Uci => format!("option name {name} type "),
            };
            let found = lines.iter().filter(|l| l.starts_with(&head)).count();
            assert_eq!(found, 1, "{head}");
            assert!(spec_named(dialect, name).is_some(), "{name}");
        }
    }
    // Every option is offered by at least one dialect.
    assert!(TABLE.iter().all(|s| s.ucci.is_some() || s.uci.is_some()));
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
    assert_eq!(start.hash_megabytes, DEFAULT_HASH as usize);
    assert_eq!(start.randomness, Randomness::None);
    assert_eq!(start.rule, RuleSet::Chinese);
    assert_eq!(start.eval_file, crate::eval::nnue::BUILT_IN);
}

#[test]
fn a_spin_out_of_range_is_refused_and_changes_nothing() {
    let mut o = Options::default();
    let before = o.clone();
    let refusal = o.set(Dialect::Ucci, "hashsize", Some("33554433"));
    assert_eq!(
        refusal.unwrap_err().to_string(),
        "option hashsize takes a whole number from 0 to 33554432, not '33554433'"
    );
    let refusal = o.set(Dialect::Uci, "Skill Level", Some("21"));
    assert_eq!(
        refusal.unwrap_err().to_string(),
        "option Skill Level takes a whole number from 0 to 20, not '21'"
    );
    assert_eq!(o, before);
}

#[test]
fn a_combo_choice_is_stored_as_its_type() {
    let mut o = Options::default();
    assert_eq!(
        o.set(Dialect::Ucci, "randomness", Some("LARGE")),
        Ok(Effect::SetBookRandomness)
    );
    assert_eq!(o.randomness, Randomness::Large);
    assert_eq!(
        o.set(Dialect::Uci, "Rule", Some("simple")),
        Ok(Effect::SetRules)
    );
    assert_eq!(o.rule, RuleSet::Simple);
    assert_eq!(
        o.set(Dialect::Ucci, "rule", Some("martian"))
            .unwrap_err()
            .to_string(),
        "option rule is one of chinese/asian/simple, not 'martian'"
    );
    assert_eq!(o.rule, RuleSet::Simple);
}

#[test]
fn every_combo_choice_is_read_by_its_type_and_announced_back() {
    for spec in TABLE {
        let Kind::Combo {
            choices, current, ..
        } = spec.kind
        else {
            continue;
        };
        let name = spec.ucci.or(spec.uci).unwrap();
        let dialect = if spec.ucci.is_some() {
            Dialect::Ucci
        } else {
            Dialect::Uci
        };
        for choice in choices {
            let mut o = Options::default();
            assert!(
                o.set(dialect, name, Some(choice)).is_ok(),
                "{name} {choice}"
            );
            assert_eq!(current(&o), *choice);
        }
    }
}

#[test]
fn an_inert_option_is_accepted_and_changes_nothing() {
    let mut o = at_start();
    let before = o.clone();
    for (name, value) in [
        ("idle", "large"),
        ("pruning", "small"),
        ("knowledge", "medium"),
        ("style", "risky"),
    ] {
        assert_eq!(
            o.set(Dialect::Ucci, name, Some(value)),
            Ok(Effect::ExplainInert)
        );
    }
    assert_eq!(o, before);
    assert_eq!(o.announce(Dialect::Ucci), before.announce(Dialect::Ucci));
    assert_eq!(
        o.set(Dialect::Ucci, "style", Some("wild"))
            .unwrap_err()
            .to_string(),
        "option style is one of normal/solid/risky, not 'wild'"
    );
    assert_eq!(
        o.set(Dialect::Uci, "UCI_Variant", Some("xiangqi")),
        Ok(Effect::ChooseVariant)
    );
    assert_eq!(o, before);
}

#[test]
fn values_are_validated_before_they_are_stored() {
    let mut o = Options::default();
    assert_eq!(
        o.set(Dialect::Ucci, "hashsize", Some("64")),
        Ok(Effect::ResizeHash)
    );
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
    assert_eq!(
        o.set(Dialect::Ucci, "promotion", Some("false")),
        Ok(Effect::None)
    );
    assert_eq!(
        o.set(Dialect::Ucci, "rule", Some("asian")),
        Ok(Effect::SetRules)
    );
    assert_eq!(o.rule, RuleSet::Asian);
    assert_eq!(
        o.set(Dialect::Uci, "move overhead", Some("100")),
        Ok(Effect::SetMoveOverhead)
    );
    assert_eq!(o.move_overhead_ms, 100);
    assert!(matches!(
        o.set(Dialect::Uci, "UCI_Variant", Some("chess")),
        Err(OptionError::NotAChoice { .. })
    ));
    assert_eq!(
        o.set(Dialect::Uci, "UCI_Variant", Some("xiangqi")),
        Ok(Effect::ChooseVariant)
    );
    assert_eq!(
        o.set(Dialect::Uci, "Ranks", Some("1-10")),
        Ok(Effect::SetRanks)
    );
    assert_eq!(o.ranks.to_string(), "1-10");
    assert!(matches!(
        o.set(Dialect::Uci, "Ranks", Some("1-9")),
        Err(OptionError::NotAChoice { .. })
    ));
    assert_eq!(
        o.set(Dialect::Uci, "Hash", Some("65536")),
        Ok(Effect::ResizeHash)
    );
    assert_eq!(o.hash_megabytes, 65536);
    assert_eq!(
        o.set(Dialect::Ucci, "hashsize", Some("0")),
        Ok(Effect::ResizeHash)
    );
    assert_eq!(o.hash_megabytes, DEFAULT_HASH as usize);
    assert_eq!(
        o.set(Dialect::Ucci, "bookfiles", Some("<empty>")),
        Ok(Effect::OpenBooks)
    );
    assert_eq!(o.book_files, "");
    // A UCI name is not a UCCI name.
    assert!(o.set(Dialect::Ucci, "Clear Hash", None).is_err());
    assert_eq!(o.set(Dialect::Uci, "clear hash", None), Ok(Effect::NewGame));
}
