use super::*;
use crate::rules::RuleSet;

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
        Ok(Effect::None)
    );
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
    // A UCI name is not a UCCI name.
    assert!(o.set(Dialect::Ucci, "Clear Hash", None).is_err());
}
