//! The rule-book corpus (`../shared/rules/cases.json`): every case judged
//! under its rule set(s), verdicts and per-move kinds checked, against a
//! short documented list of known disagreements that may only shrink.

use chuhan::rules::{judge_game, losing_repetitions, GameOutcome, RuleSet};
use chuhan::{Move, Position};
use serde_json::Value;

/// Cases (id, rule set) where we knowingly disagree with the corpus, and why.
/// The test fails if one of them starts agreeing: then delete its line.
const KNOWN_DISAGREEMENTS: &[(&str, RuleSet, &str)] = &[];

fn corpus() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/rules/cases.json");
    let text = std::fs::read_to_string(path).expect("the rules corpus is readable");
    match serde_json::from_str(&text).expect("the corpus is JSON") {
        Value::Array(cases) => cases,
        other => panic!("the corpus is a list, not {other}"),
    }
}

/// The rule sets a case is valid under, from its `ruleset` field.
fn rule_sets(case: &Value) -> Vec<RuleSet> {
    let field = case["ruleset"].as_str().unwrap_or_default();
    let mut sets = Vec::new();
    if field.contains("CXA") {
        sets.push(RuleSet::Chinese);
    }
    if field.contains("AXF") {
        sets.push(RuleSet::Asian);
    }
    sets
}

/// The corpus's finer idle kinds are all idle to the verdict.
fn coarse_kind(label: &str) -> &str {
    match label {
        "exchange-offer" | "block" | "follow" => "idle",
        other => other,
    }
}

/// Judges one case; `Err` says how we disagree.
fn judge_case(case: &Value, rules: RuleSet) -> Result<(), String> {
    let fen = case["fen"].as_str().ok_or("no fen")?;
    let start = Position::from_fen(fen).map_err(|e| format!("bad fen: {e}"))?;
    let moves: Vec<Move> = case["moves"]
        .as_array()
        .ok_or("no moves")?
        .iter()
        .map(|m| m.as_str().unwrap_or_default().parse::<Move>())
        .collect::<Result<_, _>>()
        .map_err(|e| format!("bad move: {e}"))?;
    let expected = case["verdict"].as_str().ok_or("no verdict")?;

    if let Some(banned) = expected.strip_prefix("illegal_move:") {
        let mut pos = start.clone();
        for &mv in &moves {
            pos.try_play(mv).map_err(|e| e.to_string())?;
        }
        let found = losing_repetitions(&pos, rules);
        return if found.iter().any(|mv| mv.to_string() == banned) {
            Ok(())
        } else {
            Err(format!("expected {banned} banned, found {found:?}"))
        };
    }

    let game = judge_game(&start, &moves, rules).map_err(|e| e.to_string())?;
    let got_kinds: Vec<&str> = game
        .cycle
        .iter()
        .flat_map(|c| c.moves.iter().map(|m| m.class.kind.name()))
        .collect();
    if game.outcome.name() != expected {
        return Err(format!(
            "verdict {} ({}) instead of {expected}; kinds {got_kinds:?}",
            game.outcome, game.reason
        ));
    }
    if case["no_repetition_needed"].as_bool() == Some(true) && game.outcome != GameOutcome::Draw {
        return Err("the natural limit did not draw".into());
    }
    if let Some(labels) = case["move_kinds"].as_array() {
        let want: Vec<&str> = labels
            .iter()
            .map(|l| coarse_kind(l.as_str().unwrap_or_default()))
            .collect();
        if want != got_kinds {
            return Err(format!("kinds {got_kinds:?} instead of {want:?}"));
        }
    }
    Ok(())
}

#[test]
fn the_rule_book_corpus() {
    let mut agree = 0;
    let mut verdicts_agree = 0;
    let mut total = 0;
    let mut unexpected = Vec::new();
    let mut fixed = Vec::new();
    for case in corpus() {
        let id = case["id"].as_str().unwrap_or("?").to_string();
        for rules in rule_sets(&case) {
            total += 1;
            let outcome = judge_case(&case, rules);
            if outcome
                .as_ref()
                .map_or_else(|e| !e.starts_with("verdict"), |_| true)
            {
                verdicts_agree += 1;
            }
            let known = KNOWN_DISAGREEMENTS
                .iter()
                .any(|(k, r, _)| *k == id && *r == rules);
            match (outcome, known) {
                (Ok(()), false) => agree += 1,
                (Ok(()), true) => fixed.push(format!("{id} ({rules})")),
                (Err(_), true) => {}
                (Err(why), false) => unexpected.push(format!("{id} ({rules}): {why}")),
            }
        }
    }
    println!(
        "rules corpus: {agree} of {total} case judgements agree in full, \
         {verdicts_agree} of {total} on the verdict"
    );
    assert!(
        unexpected.is_empty() && fixed.is_empty(),
        "{} unexpected disagreements:\n{}\n{} listed disagreements now agree (remove them): {}",
        unexpected.len(),
        unexpected.join("\n"),
        fixed.len(),
        fixed.join(", ")
    );
}
