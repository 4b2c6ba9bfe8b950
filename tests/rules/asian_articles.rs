//! Every Asian article whose text we have (rules 6-40) is decided at a named
//! place in `src/rules/` that cites it, and has a case built from its words
//! among the article cases; the articles without text are listed as such.

use crate::rules_cases::ARTICLE_CASES;

use chuhan::rules::asian_articles::ASIAN_ARTICLES;
use std::collections::BTreeSet;
use std::path::Path;

/// The rule numbers a text cites: "rule 6", "rules 9-10", "rules 24, 40",
/// "rules 12 and 13", "AXF rules 25-26".
fn cited_rules(text: &str) -> BTreeSet<u8> {
    let mut found = BTreeSet::new();
    let text = text.replace('\n', " ");
    for (at, _) in text.match_indices("rule") {
        let rest = text[at + 4..].trim_start_matches('s');
        let Some(mut rest) = rest.strip_prefix(' ') else {
            continue;
        };
        let mut last: Option<u8> = None;
        loop {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            let Ok(number) = digits.parse::<u8>() else {
                break;
            };
            rest = &rest[digits.len()..];
            match last {
                // The end of a range "a-b".
                Some(first) if first < number => {
                    found.extend(first..=number);
                }
                _ => {
                    found.insert(number);
                }
            }
            last = None;
            if let Some(after) = rest.strip_prefix('-') {
                last = Some(number);
                rest = after;
            } else if let Some(after) = rest.strip_prefix(", ") {
                rest = after;
            } else if let Some(after) = rest.strip_prefix(" and ") {
                rest = after;
            } else {
                break;
            }
        }
    }
    found
}

#[test]
fn citations_are_read_as_written() {
    let cited = |t: &str| cited_rules(t).into_iter().collect::<Vec<u8>>();
    assert_eq!(cited("AXF rule 6: perpetual check"), [6]);
    assert_eq!(cited("rules 9-10 allow it"), [9, 10]);
    assert_eq!(cited("(rules 24, 40)"), [24, 40]);
    assert_eq!(cited("rules 12 and 13, rule 38"), [12, 13, 38]);
    assert_eq!(cited("the simple rules only forbid checks"), [] as [u8; 0]);
}

fn source_of(module: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/rules")
        .join(format!("{module}.rs"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_article_with_text_is_decided_at_a_named_place_that_cites_it() {
    let mut wrong = Vec::new();
    for a in ASIAN_ARTICLES.iter().filter(|a| a.rule >= 6) {
        let (Some(_), Some(place)) = (a.says, a.decided_by) else {
            assert!(a.says.is_none(), "rule {} has text but no place", a.rule);
            continue;
        };
        let (module, item) = place.split_once("::").expect("module::item");
        let source = source_of(module);
        if !source.contains(item) {
            wrong.push(format!("rule {}: {place} not found", a.rule));
        } else if !cited_rules(&source).contains(&a.rule) {
            wrong.push(format!("rule {}: {module}.rs does not cite it", a.rule));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_article_with_text_has_a_built_case() {
    let covered: BTreeSet<u8> = ARTICLE_CASES
        .iter()
        .filter(|case| case.article.contains("AXF"))
        .flat_map(|case| cited_rules(case.article))
        .collect();
    let lacking: Vec<u8> = ASIAN_ARTICLES
        .iter()
        .filter(|a| a.rule >= 6 && a.says.is_some() && !covered.contains(&a.rule))
        .map(|a| a.rule)
        .collect();
    let without_text: Vec<u8> = ASIAN_ARTICLES
        .iter()
        .filter(|a| a.says.is_none())
        .map(|a| a.rule)
        .collect();
    println!("asian articles without text (today's behaviour kept): {without_text:?}");
    assert!(lacking.is_empty(), "no case cites AXF rules {lacking:?}");
}
