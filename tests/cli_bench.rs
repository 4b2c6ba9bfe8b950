//! `chuhan bench` through the binary: the node signature under each rule
//! set, and bad input.

use chuhan::rules::RuleSet;
use chuhan::search::bench::run_bench_under;

mod tool_run;

use tool_run::chuhan;

fn field<'a>(out: &'a str, name: &str) -> Option<&'a str> {
    out.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
}

#[test]
fn reports_the_library_signature_under_the_rule_set_asked_for() {
    for rules in RuleSet::ALL {
        let (ok, out, err) = chuhan(&["bench", "5", "--rule", rules.name()]);
        assert!(ok, "{err}");
        assert_eq!(field(&out, "rule"), Some(rules.name()), "{out}");
        let nodes = run_bench_under(5, 16, rules).nodes.to_string();
        assert_eq!(field(&out, "nodes"), Some(nodes.as_str()), "{out}");
        assert!(field(&out, "nps").is_some(), "{out}");
    }
}

#[test]
fn bad_arguments_are_named() {
    let (ok, _, err) = chuhan(&["bench", "5", "--rule", "fide"]);
    assert!(!ok);
    assert!(err.contains("unknown rule set 'fide'"), "{err}");
    let (ok, _, err) = chuhan(&["bench", "99"]);
    assert!(!ok);
    assert!(err.contains("depth '99'"), "{err}");
    let (ok, _, err) = chuhan(&["bench", "5", "--rule"]);
    assert!(!ok);
    assert!(err.contains("usage: chuhan bench"), "{err}");
}
