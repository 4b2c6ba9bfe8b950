//! Every Asian article whose text we have is shown by behaviour: a pair of
//! cases that differ only in the thing it names (`article_pairs.rs`), or,
//! for the articles listed as still without one, at least a case built from
//! its words among the article cases; the articles without text are listed
//! as such.

use crate::article_pairs::PAIRS;
use crate::rules_cases::ARTICLE_CASES;

use chuhan::rules::asian_articles::ASIAN_ARTICLES;
use std::collections::BTreeSet;

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

/// The articles with text that no pair shows yet, each still held by a
/// built case (the last test): this list may only shrink. Rules 1-4 are the
/// game's end and the referee's, judged by the game tests.
const WITHOUT_A_PAIR: &[u8] = &[1, 2, 3, 4, 5, 39];

/// The AXF rules the pairs' articles cite.
fn paired() -> BTreeSet<u8> {
    PAIRS
        .iter()
        .filter(|p| p.article.contains("AXF"))
        .flat_map(|p| cited_rules(p.article))
        .collect()
}

#[test]
fn every_article_with_text_has_a_pair_but_the_listed_ones() {
    let paired = paired();
    let with_text: BTreeSet<u8> = ASIAN_ARTICLES
        .iter()
        .filter(|a| a.says.is_some())
        .map(|a| a.rule)
        .collect();
    let missing: Vec<u8> = with_text.difference(&paired).copied().collect();
    assert_eq!(
        missing, WITHOUT_A_PAIR,
        "articles with text and no pair (a pair added: drop it from the list)"
    );
    let without_text: Vec<u8> = paired
        .iter()
        .copied()
        .filter(|r| !with_text.contains(r))
        .collect();
    assert!(
        without_text.is_empty(),
        "pairs cite articles without text: {without_text:?}"
    );
}

#[test]
fn every_article_with_text_and_no_pair_has_a_built_case() {
    let built: BTreeSet<u8> = ARTICLE_CASES
        .iter()
        .flat_map(|c| {
            c.article
                .split("AXF")
                .skip(1)
                .flat_map(|part| cited_rules(&format!("AXF{part}")))
                .collect::<Vec<u8>>()
        })
        .collect();
    let game_end = [1, 2, 3, 4];
    let bare: Vec<u8> = WITHOUT_A_PAIR
        .iter()
        .copied()
        .filter(|r| !game_end.contains(r) && !built.contains(r))
        .collect();
    assert!(
        bare.is_empty(),
        "articles with neither pair nor case: {bare:?}"
    );
}
