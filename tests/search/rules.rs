//! The search under the game's own rules, through the library API: a
//! repetition verdict holds only for the line that reached the cycle, so it
//! never decides a transposition reached another way, and it is shown as a
//! decisive score, not as a mate; the natural limit runs on the referee's
//! clock (checks beyond a side's tenth do not count), and the evaluation
//! fades towards the draw as it nears.

use chuhan::core::{Color, Move, Position};
use chuhan::rules::RuleSet;
use chuhan::search::score::{is_rule_score, INFINITE, RULE_WIN_SHOWN};
use chuhan::search::tt::LINE_BOUND_DEPTH;
use chuhan::search::{Engine, Limits, Score};
use std::collections::HashSet;

fn depth(d: i32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// Red to move, in check from the chariot on a0, after Black has checked
/// on each of its moves for `rounds` rounds of a four-ply cycle; Red's only
/// move, e0e1, brings back the position after which Black began checking,
/// for the `rounds + 1`-th time. Perpetual check loses for the checker once
/// the position stands for the third time.
fn perpetually_checked(rounds: usize) -> Position {
    let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/4K4/r8 b - - 0 1").unwrap();
    let cycle = ["a0a1", "e1e0", "a1a0", "e0e1"];
    for mv in cycle.iter().cycle().take(4 * rounds - 1) {
        pos.try_play(mv.parse().unwrap()).unwrap();
    }
    assert_eq!(pos.legal_moves().len(), 1);
    pos
}

/// A search of `pos` to `d` plies under `rules`.
fn search_under(rules: RuleSet, pos: &Position, d: i32) -> chuhan::search::SearchOutcome {
    let mut engine = Engine::new(16, 1);
    engine.set_rules(rules);
    engine.search(pos, depth(d))
}

#[test]
fn a_win_by_the_rules_is_shown_as_decisive_but_not_as_a_mate() {
    // Perpetual check loses under every rule set we offer.
    for rules in RuleSet::ALL {
        let out = search_under(rules, &perpetually_checked(2), 6);
        assert_eq!(out.best.unwrap().to_string(), "e0e1");
        assert!(
            matches!(out.score, Score::Cp(cp) if is_rule_score(cp)),
            "{rules}: {:?}",
            out.score
        );
        assert_eq!(out.score.as_centipawns(), RULE_WIN_SHOWN);
        assert_eq!(out.score.to_string(), format!("cp {RULE_WIN_SHOWN}"));
    }
}

#[test]
fn a_perpetual_the_checker_can_still_break_off_wins_nothing_yet() {
    // After one round the position stands for the second time only: Black
    // may stop checking, and its chariot against a bare king is the better
    // game, so Red's only move is no win by the rules.
    for rules in RuleSet::ALL {
        let out = search_under(rules, &perpetually_checked(1), 6);
        assert_eq!(out.best.unwrap().to_string(), "e0e1");
        match out.score {
            Score::Cp(cp) => assert!(!is_rule_score(cp) && cp < -300, "{rules}: {cp}"),
            Score::Mate(n) => assert!(n < 0, "{rules}: mate {n}"),
        }
    }
}

#[test]
fn a_repetition_verdict_never_cuts_another_path_to_the_position() {
    let pos = perpetually_checked(2);
    let engine = Engine::new(16, 1);
    engine.search(&pos, depth(6));
    // The root's value came from a cycle that began in the game's history:
    // the table keeps its move, but its score must not cut a search that
    // reaches this position without that history.
    let hit = engine
        .tt()
        .probe(pos.hash(), 0)
        .expect("the root is stored");
    assert_eq!(hit.mv.unwrap().to_string(), "e0e1");
    assert_eq!(hit.depth, LINE_BOUND_DEPTH, "{hit:?}");
    assert!(!hit.cuts(-INFINITE, INFINITE));
    // The same position without the checks before it is no win by the
    // rules, whatever the table learnt on the other path.
    let fresh = Position::from_fen(&pos.to_fen()).unwrap();
    let again = engine.search(&fresh, depth(6));
    let clean = Engine::new(16, 1).search(&fresh, depth(6));
    assert_eq!(again.score, clean.score);
    assert!(
        !matches!(again.score, Score::Cp(cp) if is_rule_score(cp)),
        "{:?}",
        again.score
    );
}

/// Whether the side to move can leave the other without a legal move at once.
fn mates_in_one(pos: &Position) -> bool {
    pos.legal_moves().into_iter().any(|mv| {
        let mut after = pos.clone();
        after.make(mv);
        after.has_no_moves()
    })
}

/// Two chariots against a bare king, after at least 120 plies without a
/// capture in which Red gave check whenever it could: the raw count is past
/// the natural limit, but the referee does not count Red's checks beyond its
/// tenth, so the game goes on. The moves are chosen deterministically (the
/// first in text order) and never repeat a position.
fn long_checking_game() -> Position {
    let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K4R w - - 0 1").unwrap();
    let mut seen = HashSet::from([pos.hash()]);
    let mut checks = 0;
    while pos.history().len() < 120 || pos.side_to_move() != Color::Red || mates_in_one(&pos) {
        let red = pos.side_to_move() == Color::Red;
        let candidates = fresh_quiet_moves(&pos, &seen);
        // Red checks when it can, and never leaves Black without a fresh reply.
        let mv = candidates
            .iter()
            .find(|(_, after)| {
                red && after.in_check() && !fresh_quiet_moves(after, &seen).is_empty()
            })
            .or_else(|| {
                candidates
                    .iter()
                    .find(|(_, after)| !red || !fresh_quiet_moves(after, &seen).is_empty())
            })
            .map(|&(mv, _)| mv)
            .unwrap_or_else(|| panic!("no fresh quiet move in {}", pos.to_fen()));
        pos.make(mv);
        checks += pos.in_check() as u32;
        seen.insert(pos.hash());
        assert!(pos.history().len() < 400, "the game should reach its goal");
    }
    assert!(pos.halfmove_clock() >= 120);
    assert!(checks > 20, "{checks} checks");
    pos
}

/// The moves, in text order, that capture nothing, leave the opponent a
/// move, and reach a position not `seen` before, each with that position.
fn fresh_quiet_moves(pos: &Position, seen: &HashSet<u64>) -> Vec<(Move, Position)> {
    let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    moves.sort_by_key(|mv| mv.to_string());
    moves
        .into_iter()
        .filter(|mv| pos.piece_at(mv.to()).is_none())
        .map(|mv| {
            let mut after = pos.clone();
            after.make(mv);
            (mv, after)
        })
        .filter(|(_, after)| !after.has_no_moves() && !seen.contains(&after.hash()))
        .collect()
}

#[test]
fn checks_beyond_the_tenth_do_not_bring_the_natural_limit_nearer() {
    let pos = long_checking_game();
    let out = Engine::new(16, 1).search(&pos, depth(8));
    // A search that counted raw plies would see every line drawn at once.
    let decisive = match out.score {
        Score::Mate(n) => n > 0,
        Score::Cp(cp) => cp > 500,
    };
    assert!(
        decisive,
        "{:?} after {} plies",
        out.score,
        pos.halfmove_clock()
    );
}

/// A chariot and a pawn up against advisors and elephants: a clear edge, but
/// no quick win (the pawn keeps the lone-chariot draw of search/endgame.rs
/// from holding the score down, and the defence offers nothing to take).
const CHARIOT_UP: &str = "3akab2/9/4b4/9/9/9/P8/9/9/R2K5 w - - HALFMOVE 1";

fn chariot_up(halfmove: u32) -> Position {
    Position::from_fen(&CHARIOT_UP.replace("HALFMOVE", &halfmove.to_string())).unwrap()
}

fn cp(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) => panic!("no mate expected here: {n}"),
    }
}

#[test]
fn the_evaluation_fades_towards_the_draw_as_the_limit_nears() {
    let early = cp(Engine::new(16, 1).search(&chariot_up(0), depth(8)).score);
    let late = cp(Engine::new(16, 1).search(&chariot_up(106), depth(8)).score);
    assert!(early > 200, "{early}");
    // Half the edge is left at the limit: still an edge, but a smaller one.
    assert!(
        late > 0 && late * 4 < early * 3,
        "{late} near the limit, {early} far from it"
    );
}

#[test]
fn stored_results_never_hide_a_nearing_limit() {
    let engine = Engine::new(16, 1);
    let early = cp(engine.search(&chariot_up(0), depth(10)).score);
    // Ten plies from the limit, with the table full of results that never
    // met it: they must not decide the search.
    let warm = cp(engine.search(&chariot_up(112), depth(10)).score);
    let cold = cp(Engine::new(16, 1).search(&chariot_up(112), depth(10)).score);
    assert!(early > 200, "{early}");
    assert!(cold.abs() < 60, "{cold}");
    assert!(
        warm.abs() < 60,
        "{warm} with a warm table, {cold} with a cold one"
    );
}
