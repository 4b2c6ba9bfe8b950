//! Properties every judgement must keep, over the whole corpus
//! (`tests/data/cases.json`) and the article cases (`rules_cases/mod.rs`):
//!
//! * the left-right mirror of a game gets the same verdict;
//! * the colour flip gets the mirrored verdict;
//! * the same cycle judged from a later starting ply gets the same verdict;
//! * a cycle's verdict does not depend on the moves before its first
//!   position, except where an article makes it: a move that answers a
//!   check is weighed against the threats of the turn before the check
//!   (2011 §26.1.2, §26.3), which may lie before the cycle;
//! * the search's quick verdict on every cycle met is the referee's (here also
//!   over the AXF cycles read against Fairy-Stockfish);
//! * a piece placed where it attacks, protects and blocks nothing, in every
//!   position of the game, changes no verdict.

use crate::pyffish_rows;
use crate::rules_cases;

use chuhan::rules::{judge_cycle, RuleSet};
use chuhan::{Move, Position};
use rules_cases::{
    flip_fen, flip_move, flip_verdict, judge, mirror_fen, mirror_move, parse, with_piece,
};
use serde_json::Value;

/// A game to check: where it comes from, its start, moves and rule set.
struct Game {
    name: String,
    fen: String,
    moves: Vec<Move>,
    rules: RuleSet,
}

/// Every corpus case under each of its rule sets (the banned-move case has
/// no judged cycle and is left out), and every article case.
fn games() -> Vec<Game> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cases.json");
    let text = std::fs::read_to_string(path).expect("the rules corpus is readable");
    let corpus: Vec<Value> = serde_json::from_str(&text).expect("the corpus is JSON");
    let mut games = Vec::new();
    for case in &corpus {
        if case["verdict"]
            .as_str()
            .is_some_and(|v| v.starts_with("illegal_move"))
        {
            continue;
        }
        let field = case["ruleset"].as_str().unwrap_or_default();
        let moves = case["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().unwrap_or_default().parse().expect("a move"))
            .collect::<Vec<Move>>();
        for (tag, rules) in [("CXA", RuleSet::Chinese), ("AXF", RuleSet::Asian)] {
            if field.contains(tag) {
                games.push(Game {
                    name: format!("{} ({rules})", case["id"].as_str().unwrap_or("?")),
                    fen: case["fen"].as_str().expect("fen").to_string(),
                    moves: moves.clone(),
                    rules,
                });
            }
        }
    }
    for case in rules_cases::ARTICLE_CASES {
        let (_, moves) = parse(case.fen, case.moves);
        for &(rules, _) in case.verdicts {
            games.push(Game {
                name: format!("{} ({rules})", case.name),
                fen: case.fen.to_string(),
                moves: moves.clone(),
                rules,
            });
        }
    }
    games
}

fn verdict(fen: &str, moves: &[Move], rules: RuleSet) -> String {
    let start = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    judge(&start, moves, rules).outcome_name().to_string()
}

#[test]
fn the_mirror_of_a_game_gets_the_same_verdict() {
    let mut wrong = Vec::new();
    let all = games();
    for g in &all {
        let moves: Vec<Move> = g.moves.iter().map(|&m| mirror_move(m)).collect();
        let want = verdict(&g.fen, &g.moves, g.rules);
        let got = verdict(&mirror_fen(&g.fen), &moves, g.rules);
        if got != want {
            wrong.push(format!("{}: {want}, mirrored {got}", g.name));
        }
    }
    println!(
        "mirror: {} of {} games keep their verdict",
        all.len() - wrong.len(),
        all.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_colour_flip_of_a_game_gets_the_flipped_verdict() {
    let mut wrong = Vec::new();
    let all = games();
    for g in &all {
        let moves: Vec<Move> = g.moves.iter().map(|&m| flip_move(m)).collect();
        let want = verdict(&g.fen, &g.moves, g.rules);
        let got = verdict(&flip_fen(&g.fen), &moves, g.rules);
        if got != flip_verdict(&want) {
            wrong.push(format!("{}: {want}, flipped {got}", g.name));
        }
    }
    println!(
        "colour flip: {} of {} games get the flipped verdict",
        all.len() - wrong.len(),
        all.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A judged repetition of a game: the cycle's length, and the ply at which
/// the repeated position first stood (its moves repeat from there on).
fn repetition(g: &Game) -> Option<(usize, usize)> {
    let start = Position::from_fen(&g.fen).ok()?;
    let game = judge(&start, &g.moves, g.rules);
    let cycle = game.cycle?.moves.len();
    let first = game.plies.checked_sub(2 * cycle)?;
    let periodic = (first..game.plies - cycle).all(|i| g.moves[i] == g.moves[i + cycle]);
    periodic.then_some((cycle, first))
}

/// The position after the first `plies` moves of a game.
fn after(g: &Game, plies: usize) -> Position {
    let mut pos = Position::from_fen(&g.fen).expect("a legal case");
    for &mv in &g.moves[..plies] {
        pos.make(mv);
    }
    pos
}

#[test]
fn the_same_cycle_from_a_later_ply_gets_the_same_verdict() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for g in games() {
        let Some((cycle, first)) = repetition(&g) else {
            continue;
        };
        let want = verdict(&g.fen, &g.moves, g.rules);
        for shift in 1..cycle {
            let fen = after(&g, first + shift).to_fen();
            // Twice round the cycle from the later ply: its first position
            // stands for the third time at the end.
            let moves: Vec<Move> = (0..2 * cycle)
                .map(|i| g.moves[first + (shift + i) % cycle])
                .collect();
            let got = verdict(&fen, &moves, g.rules);
            checked += 1;
            if got != want {
                wrong.push(format!(
                    "{} from ply {}: {want}, then {got}",
                    g.name,
                    first + shift
                ));
            }
        }
    }
    println!(
        "later starts: {} of {checked} keep the verdict",
        checked - wrong.len()
    );
    assert!(checked > 100, "only {checked} later starts");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_cycles_verdict_does_not_depend_on_the_moves_before_it() {
    let mut wrong = Vec::new();
    let (mut same, mut by_article) = (0, 0);
    for g in games() {
        let Some((cycle, first)) = repetition(&g) else {
            continue;
        };
        let end = first + 2 * cycle;
        let with_history = judge_cycle(&after(&g, end), cycle, g.rules).expect("a cycle");
        // The same cycle played from its own first position, nothing before.
        let cycle_start = after(&g, end - cycle);
        let mut alone = Position::from_fen(&cycle_start.to_fen()).expect("a FEN we wrote");
        for &mv in &g.moves[end - cycle..end] {
            alone.make(mv);
        }
        let without = judge_cycle(&alone, cycle, g.rules).expect("a cycle");
        if with_history.loser == without.loser {
            same += 1;
            continue;
        }
        // The article's exception: the cycle's first or second move answers
        // a check, and is weighed against the turn before that check.
        let mut second = cycle_start.clone();
        second.make(g.moves[end - cycle]);
        if cycle_start.in_check() || second.in_check() {
            by_article += 1;
        } else {
            wrong.push(format!(
                "{}: {} with the moves before, {} without",
                g.name, with_history.reason, without.reason
            ));
        }
    }
    println!("history: {same} cycles judged alike without the moves before, {by_article} differ where an answer to check reads the turn before");
    assert!(same > 50, "only {same} cycles compared");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The games of `tests/data/pyffish_disagreements.tsv` (AXF cycles read
/// against Fairy-Stockfish), from the start position.
fn oracle_games() -> Vec<Game> {
    pyffish_rows::rows()
        .iter()
        .map(|row| Game {
            name: row.name.to_string(),
            fen: Position::startpos().to_fen(),
            moves: row.moves(),
            rules: RuleSet::Asian,
        })
        .collect()
}

#[test]
fn the_searchs_quick_verdict_is_the_referees() {
    // The search and banned moves ask `cycle_loser`, which stops looking at
    // a side once it has made a move that is no attack; the referee judges
    // every move in full. Every cycle met on the way through each game,
    // under every rule set, must get the same loser from both.
    let mut wrong = Vec::new();
    let mut checked = 0;
    for g in games().into_iter().chain(oracle_games()) {
        let mut pos = Position::from_fen(&g.fen).expect("a legal case");
        for &mv in &g.moves {
            pos.make(mv);
            let (2.., Some(cycle)) = chuhan::rules::occurrences(&pos) else {
                continue;
            };
            for rules in RuleSet::ALL {
                let Ok(full) = judge_cycle(&pos, cycle, rules) else {
                    continue;
                };
                let quick = chuhan::rules::cycle_loser(&pos, cycle, rules);
                checked += 1;
                if quick != full.loser {
                    wrong.push(format!(
                        "{} ({rules}) at ply {}: referee {:?}, search {quick:?}",
                        g.name,
                        pos.history().len(),
                        full.loser
                    ));
                }
            }
        }
    }
    println!(
        "quick verdicts: {} of {checked} cycles agree with the referee",
        checked - wrong.len()
    );
    assert!(checked > 300, "only {checked} cycles");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A piece won through either of two checks: the red pawn steps between a5
/// and b5, opening one chariot's file to a check on rank 9 and closing the
/// other's; the chariot on b1 can also check on the d-file, which only the
/// cannon's block meets, so the horse falls through two checks on every
/// move. The threat stood before each step (through the d-file check), so
/// the steps are idle and the cycle a draw, in the game and in its mirror.
/// (Once a fault: the check found first was kept, so the step that made
/// the a-file check the one found chased in the game and not in the
/// mirror.)
#[test]
fn a_win_through_either_of_two_checks_keeps_its_verdict_in_the_mirror() {
    let fen = "3k3n1/9/9/9/P8/8c/9/9/RR7/4K4 w - - 0 1";
    let (_, moves) = parse(fen, "a5b5 i4i3 b5a5 i3i4 a5b5 i4i3 b5a5 i3i4");
    let mirrored: Vec<Move> = moves.iter().map(|&m| mirror_move(m)).collect();
    assert_eq!(verdict(fen, &moves, RuleSet::Chinese), "draw");
    assert_eq!(
        verdict(&mirror_fen(fen), &mirrored, RuleSet::Chinese),
        "draw"
    );
}

/// Pieces that can stand apart from the play without attacking: pawns on
/// their own side, advisors and elephants, each on the points it may stand.
const BYSTANDERS: &[(char, &[&str])] = &[
    (
        'P',
        &["a3", "i3", "c3", "g3", "e3", "a4", "i4", "c4", "g4", "e4"],
    ),
    (
        'p',
        &["a6", "i6", "c6", "g6", "e6", "a5", "i5", "c5", "g5", "e5"],
    ),
    ('A', &["d0", "f0", "e1", "d2", "f2"]),
    ('a', &["d9", "f9", "e8", "d7", "f7"]),
    ('B', &["c0", "g0", "a2", "i2", "e2", "c4", "g4"]),
    ('b', &["c9", "g9", "a7", "i7", "e7", "c5", "g5"]),
];

/// Every legal move of both sides in `pos` (the side not to move's after a
/// pass), but those of the piece on `skip`.
fn both_sides_moves(pos: &mut Position, skip: Option<chuhan::Square>) -> Vec<Move> {
    let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    pos.make_null();
    moves.extend(pos.legal_moves());
    pos.unmake();
    moves.retain(|mv| Some(mv.from()) != skip);
    moves.sort_by_key(|mv| mv.to_u16());
    moves
}

/// Whether the piece on `square` of `with` (the game's start `without` it)
/// stays apart from the game: in every position the game passes through,
/// the other pieces of both sides have the same legal moves with it as
/// without it (it blocks nothing and can be taken by nothing), and it can
/// take nothing nor move onto a point a piece of its own holds (it attacks
/// and protects nothing).
fn stands_apart(
    with: &Position,
    without: &Position,
    moves: &[Move],
    square: chuhan::Square,
) -> bool {
    let (mut a, mut b) = (with.clone(), without.clone());
    for i in 0..=moves.len() {
        if both_sides_moves(&mut a, Some(square)) != both_sides_moves(&mut b, None) {
            return false;
        }
        let color = a.piece_at(square).expect("the bystander").color;
        let others = a.occupied() - chuhan::Bitboard::from_square(square);
        let touched: Vec<chuhan::Square> = others
            .into_iter()
            .filter(|&sq| chuhan::rules::attack::reaching(&a, sq, color).has(square))
            .collect();
        if !touched.is_empty() {
            return false;
        }
        if let Some(&mv) = moves.get(i) {
            a.make(mv);
            b.make(mv);
        }
    }
    true
}

#[test]
fn a_piece_that_attacks_protects_and_blocks_nothing_changes_no_verdict() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for g in games() {
        let start = Position::from_fen(&g.fen).unwrap();
        let want = verdict(&g.fen, &g.moves, g.rules);
        // The first place that stands apart, for a piece of each side.
        for side in [true, false] {
            let placed = BYSTANDERS
                .iter()
                .filter(|(piece, _)| piece.is_ascii_uppercase() == side)
                .flat_map(|(piece, squares)| squares.iter().map(move |sq| (*piece, *sq)))
                .find_map(|(piece, sq)| {
                    let fen = with_piece(&g.fen, piece, sq)?;
                    let with = Position::from_fen(&fen).ok()?;
                    let square: chuhan::Square = sq.parse().ok()?;
                    stands_apart(&with, &start, &g.moves, square).then_some((fen, piece, sq))
                });
            let Some((fen, piece, sq)) = placed else {
                continue;
            };
            checked += 1;
            let got = verdict(&fen, &g.moves, g.rules);
            if got != want {
                wrong.push(format!(
                    "{}: {want} without, {got} with {piece} on {sq}",
                    g.name
                ));
            }
        }
    }
    println!("bystanders: {checked} games judged with a piece apart from the play");
    assert!(
        checked > 150,
        "only {checked} games had room for a bystander"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
