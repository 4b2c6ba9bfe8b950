//! The rule-book corpus (`tests/data/cases.json`): every case judged
//! under its rule set(s), verdicts and per-move kinds checked, against a
//! short documented list of known disagreements that may only shrink.

use chuhan::rules::{judge_game, losing_repetitions, GameOutcome, RuleSet};
use chuhan::{Move, Position};
use serde_json::Value;

/// Cases (id, rule set) where we knowingly disagree with the corpus (on the
/// verdict, or on a per-move kind), and why. The test fails if one of them
/// starts agreeing: then delete its entry. Most are what the summary (§3.5)
/// lists as needing a referee's judgement or a deeper search than ours:
/// joint chases by a standing combination, under-protection counted by
/// pieces, combinations longer than one check and a capture.
const KNOWN_DISAGREEMENTS: &[(&str, RuleSet, &str)] = &[
    (
        "cxa-fig03",
        RuleSet::Chinese,
        "断根捉 (cutting a defender's root) and a chariot won by consecutive checks from the next move on: both need more than one check before the capture",
    ),
    (
        "cxa-fig11",
        RuleSet::Chinese,
        "joint chase (车炮联合捉子) per the book; not found: the moved piece is not the screen of a standing threat here (not analysed further)",
    ),
    (
        "cxa-fig17",
        RuleSet::Chinese,
        "(unverified) king answering check: the book idles the mate threat created by the king's move one ply later than we do; we label the other move mate-threat+chase by weight",
    ),
    (
        "cxa-fig24",
        RuleSet::Chinese,
        "floating pawn value (兵卒价值浮动) and a chariot won by a pawn sacrifice after a check and a block: longer than one check then a capture",
    ),
    (
        "cxa-fig25",
        RuleSet::Chinese,
        "(unverified) the chariot steps along its file and keeps a joint attack on the horse that already stood; the book counts the step as a new joint chase",
    ),
    (
        "cxa-ref12",
        RuleSet::Chinese,
        "(not analysed further) the chariot's return to b1 is a chase in the book (one check, one chase); we find no threat it makes",
    ),
    (
        "cxa-ref15",
        RuleSet::Chinese,
        "(unverified) a chariot's retreat chase the book counts; not found (not analysed further)",
    ),
    (
        "cxa-ref16",
        RuleSet::Chinese,
        "the pawn's own attack on the unprotected advisor is a chase in the book, against 2011 §26.1 and 图14 (the pawn's own attack on a chariot is free); we follow §26.1",
    ),
    (
        "cxa-ref23",
        RuleSet::Chinese,
        "(unverified) 献兼捉 (an offer that also chases, 2011 §26.4): the heavier effect decides; we do not find the chase part",
    ),
    (
        "cxa-ref33",
        RuleSet::Chinese,
        "the book itself is in doubt (the source notes 应为捉); we find a chase on the idle move",
    ),
    (
        "cxa-ref39",
        RuleSet::Chinese,
        "不能离线 (a piece that cannot leave its line): the book counts Red's chariot only in a joint chase of the black chariot, while we also see it attack the unprotected horse on e6 (a single-piece chase), so the §26.8 table draws; a referee's judgement the summary lists as needing one",
    ),
    (
        "cxa-ref41",
        RuleSet::Chinese,
        "joint chase (联合捉子) per the book; not found: the moved piece is not the screen of a standing threat here (not analysed further)",
    ),
    (
        "cxa-ref50",
        RuleSet::Chinese,
        "(not analysed further) the horse's return to b6 is a chase in the book; we find no new threat from it (the black chariot's return is an exchange offer, §26.10.2, as the book says)",
    ),
];

fn corpus() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cases.json");
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
                (Ok(()), true) => {
                    agree += 1;
                    fixed.push(format!("{id} ({rules})"));
                }
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

/// Random games that shuffle back and forth (so that positions repeat) from
/// the start position and from every corpus position: judging each
/// repetition, and the whole game, never panics and gives a verdict that
/// the game-level judgement repeats.
#[test]
fn random_shuffling_games_are_judged_without_panics() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut starts = vec![Position::startpos()];
    starts.extend(
        corpus()
            .iter()
            .filter_map(|c| Position::from_fen(c["fen"].as_str()?).ok()),
    );
    let mut judged = 0;
    for start in starts.iter().take(40) {
        let mut pos = start.clone();
        let mut played: Vec<Move> = Vec::new();
        for _ in 0..40 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer taking our last move back, so that cycles form.
            let undo = played
                .len()
                .checked_sub(2)
                .and_then(|i: usize| Move::new(played[i].to(), played[i].from()));
            let mv = match undo {
                Some(mv) if moves.contains(&mv) && next() % 3 != 0 => mv,
                _ => moves[(next() % moves.len() as u64) as usize],
            };
            pos.make(mv);
            played.push(mv);
            if let (2.., Some(cycle)) = chuhan::rules::occurrences(&pos) {
                for rules in RuleSet::ALL {
                    let full = chuhan::rules::judge_cycle(&pos, cycle, rules).unwrap();
                    let quick = chuhan::rules::cycle_loser(&pos, cycle, rules);
                    assert_eq!(full.loser, quick, "{} {:?}", start.to_fen(), played);
                    judged += 1;
                }
            }
        }
        for rules in RuleSet::ALL {
            judge_game(start, &played, rules).unwrap();
        }
    }
    assert!(judged > 1000, "only {judged} cycles judged");
}
