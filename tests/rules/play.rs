//! The engine plays by the repetition rules: in rule-book positions, and in
//! the positions built from the articles (`rules_cases`) under every rule
//! set that names a loser, once the cycle has been played twice the side
//! that loses by repeating, searching to depth 8, does not play the move
//! that completes the third repetition, unless every other move is mated;
//! and the other side, when its own move would complete the third, takes
//! the win. (At a second occurrence the search looks on to the third, as
//! the referee does; a UCCI GUI that bans the move there says so with
//! `banmoves`.)

use crate::rules_cases;

use chuhan::core::GameResult;
use chuhan::rules::{judge_game, RuleSet};
use chuhan::search::score::RULE_WIN;
use chuhan::search::{Engine, Limits, Score, SearchOutcome};
use chuhan::{Color, Move, Position};
use serde_json::Value;

fn corpus() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cases.json");
    let text = std::fs::read_to_string(path).expect("the rules corpus is readable");
    serde_json::from_str::<Vec<Value>>(&text).expect("the corpus is a JSON list")
}

/// A corpus case as a start position, its moves, and the loser the book names.
struct Case {
    id: String,
    start: Position,
    moves: Vec<Move>,
    loser: Color,
    rules: RuleSet,
}

/// The cases with a loser, under their first rule set, where our judge
/// agrees with the book (the others are the judge's business, not the search's).
fn losing_cycles() -> Vec<Case> {
    let mut cases = Vec::new();
    for case in corpus() {
        let loser = match case["verdict"].as_str() {
            Some("red_loses") => Color::Red,
            Some("black_loses") => Color::Black,
            _ => continue,
        };
        let rules = if case["ruleset"].as_str().unwrap_or("").contains("CXA") {
            RuleSet::Chinese
        } else {
            RuleSet::Asian
        };
        let start = Position::from_fen(case["fen"].as_str().unwrap()).unwrap();
        let moves: Vec<Move> = case["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().parse().unwrap())
            .collect();
        let judged = judge_game(&start, &moves, rules).unwrap();
        if judged.outcome == Some(GameResult::loss_for(loser)) {
            cases.push(Case {
                id: case["id"].as_str().unwrap().to_string(),
                start,
                moves,
                loser,
                rules,
            });
        }
    }
    cases.extend(own_losing_cycles());
    cases
}

/// The positions of our own built from the articles, once under each rule
/// set whose verdict names a loser (the article test holds the judge to it).
fn own_losing_cycles() -> Vec<Case> {
    let mut cases = Vec::new();
    for case in rules_cases::ARTICLE_CASES {
        for &(rules, verdict) in case.verdicts {
            let loser = match verdict {
                "red_loses" => Color::Red,
                "black_loses" => Color::Black,
                _ => continue,
            };
            let (start, moves) = rules_cases::parse(case.fen, case.moves);
            cases.push(Case {
                id: format!("{} ({rules})", case.name),
                start,
                moves,
                loser,
                rules,
            });
        }
    }
    cases
}

/// Plays the case's moves (and the cycle on) until `side` is to move with a
/// move that would make some position stand for the third time; returns
/// that position and the move.
fn before_third_repetition(case: &Case, side: Color) -> (Position, Move) {
    before_repetition(case, side, 3)
}

/// The same before the move that would make some position stand for the
/// `occurrence`th time (2 or 3: the case's moves play the cycle twice).
fn before_repetition(case: &Case, side: Color, occurrence: usize) -> (Position, Move) {
    let cycle = case.moves.len() / 2;
    let mut pos = case.start.clone();
    for i in 0.. {
        let mv = case.moves[i % case.moves.len()];
        if pos.side_to_move() == side && i >= (occurrence - 1) * cycle - 1 {
            return (pos, mv);
        }
        pos.try_play(mv).unwrap();
    }
    unreachable!()
}

/// Searches `pos` to depth 8 under the case's rules, from an empty table.
fn search(engine: &mut Engine, case: &Case, pos: &Position) -> SearchOutcome {
    engine.set_rules(case.rules);
    engine.clear();
    search_on(engine, pos, vec![])
}

/// Searches `pos` to depth 8 again, leaving `banned` out, with the table as
/// the last search left it: a second search from an empty table takes
/// other paths and may miss what the first found (a mate that makes the
/// repetition the better loss).
fn search_on(engine: &mut Engine, pos: &Position, banned: Vec<Move>) -> SearchOutcome {
    engine.search(
        pos,
        Limits {
            depth: Some(8),
            banned,
            ..Limits::default()
        },
    )
}

/// Runs `check` on every case (at least `minimum` of them), prints how many
/// passed as "N of M {what}", and fails with every failure's message.
fn check_all(
    cases: &[Case],
    minimum: usize,
    what: &str,
    check: fn(&Case, &mut Engine) -> Result<(), String>,
) {
    assert!(cases.len() >= minimum, "only {} cases", cases.len());
    let mut engine = Engine::new(16, 1);
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| check(case, &mut engine).err())
        .collect();
    println!("{} of {} {what}", cases.len() - failures.len(), cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn check_loser(case: &Case, engine: &mut Engine) -> Result<(), String> {
    loser_varies(case, engine, 3)
}

/// The loser, to move where its cycle move would make a position stand for
/// the `occurrence`th time, plays another move unless every other move is
/// mated (or there is none).
fn loser_varies(case: &Case, engine: &mut Engine, occurrence: usize) -> Result<(), String> {
    let (pos, repeating) = before_repetition(case, case.loser, occurrence);
    match search(engine, case, &pos).best {
        Some(best) if best == repeating => {
            // Repeating is fair only when it is the only move, or every
            // other move is mated.
            let others = search_on(engine, &pos, vec![repeating]);
            match others.score {
                _ if others.best.is_none() => Ok(()),
                Score::Mate(moves) if moves < 0 => Ok(()),
                score => Err(format!(
                    "{}: the loser repeats with {best} (occurrence {occurrence}) though {:?} scores {score:?}",
                    case.id, others.best
                )),
            }
        }
        None => Err(format!("{}: no move", case.id)),
        Some(_) => Ok(()),
    }
}

#[test]
fn a_side_that_would_lose_by_repeating_varies() {
    // A few seconds in release (the CI run).
    check_all(&losing_cycles(), 40, "losing cycles avoided", check_loser);
}

/// The winner, to move where its cycle move would make a position stand for
/// the third time (so that the loser's perpetual is judged), wins: by that
/// move, or by anything at least as good.
fn check_winner(case: &Case, engine: &mut Engine) -> Result<(), String> {
    let (pos, repeating) = before_third_repetition(case, !case.loser);
    let outcome = search(engine, case, &pos);
    match outcome.score {
        Score::Mate(moves) if moves > 0 => Ok(()),
        Score::Cp(cp) if cp >= RULE_WIN - 64 => Ok(()),
        score => Err(format!(
            "{}: the winner plays {:?} scoring {score:?} instead of repeating with {repeating}",
            case.id, outcome.best
        )),
    }
}

#[test]
fn the_other_side_completes_the_repetition_that_wins() {
    let cases: Vec<Case> = losing_cycles()
        .into_iter()
        .filter(|case| {
            // Only where the winner's own move makes the third occurrence.
            let (mut after, repeating) = before_third_repetition(case, !case.loser);
            after.make(repeating);
            matches!(chuhan::rules::occurrences(&after), (3.., Some(_)))
        })
        .collect();
    check_all(&cases, 20, "winning repetitions taken", check_winner);
}
