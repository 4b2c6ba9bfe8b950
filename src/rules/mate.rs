//! Mates by consecutive checks (1999 §28.2 "在下一著照將或連續照將將死對方",
//! 2011 §24.2): whether the side to move mates by a check or a series of
//! checks, whatever the defender answers. The Chinese rules ask it for a
//! mate threat (杀: the mover would mate so if the other side passed), for
//! a capture that is no win because it is mated at once (§24.3 立即被将死:
//! the book reads it as a 杀 that begins at once, 参考图20), for a root that
//! cannot leave its line for the same reason (§24.16), and for an exchange
//! offer whose acceptance is met by 杀 (§26.9). Only checking moves are
//! tried: a mate that needs a quiet move first is no 杀 (seed 003, 隔一步的
//! 杀).
//!
//! The rules set no limit to the checks. The search has two bounds, both
//! named as bounds: large enough that raising either changes no verdict on
//! the rule-book corpus or on 2,000 random cycles (docs/results/rules.md
//! says how that was measured).

use super::answers::Answers;
use super::interrupt::{already_cut, cut_short};
use super::pass::after_pass;
use crate::core::{CheckGuard, Move, Position};
use std::cell::RefCell;

/// The search bound on checks the defender can answer in more than one
/// way: each multiplies the search by the answers.
pub const MATE_SEARCH_CHOICE_CHECKS: u32 = 4;

/// The search bound on checks in all, those with a single answer included
/// (they leave the defender nothing to choose, so they cost little).
pub const MATE_SEARCH_CHECKS: u32 = 8;

/// Whether the side to move mates by consecutive checks.
pub fn mates_by_checks(pos: &mut Position) -> bool {
    mates_within(pos, MATE_SEARCH_CHOICE_CHECKS, MATE_SEARCH_CHECKS)
}

/// Whether the side that just moved threatens mate (杀): if its opponent,
/// to move now and not in check, passed, it would mate by checks.
pub fn threatens_mate(pos: &mut Position) -> bool {
    !pos.in_check() && after_pass(pos, mates_by_checks)
}

/// [`threatens_mate`], counting only the mates that do not begin with one
/// of the `excluded` moves.
pub fn threatens_mate_besides(pos: &mut Position, excluded: &[Move]) -> bool {
    if excluded.is_empty() {
        return threatens_mate(pos);
    }
    !pos.in_check()
        && after_pass(pos, |pos| {
            let checks = CheckGuard::new(pos);
            pos.legal_moves().into_iter().any(|mv| {
                if excluded.contains(&mv) || !checks.gives_check(pos, mv) {
                    return false;
                }
                pos.make(mv);
                let mates =
                    every_answer_is_mated(pos, MATE_SEARCH_CHOICE_CHECKS, MATE_SEARCH_CHECKS - 1);
                pos.unmake();
                mates
            })
        })
}

/// Whether the side to move mates with at most `choices` checks that leave
/// the defender more than one answer and `checks` checks in all.
fn mates_within(pos: &mut Position, choices: u32, checks: u32) -> bool {
    // A judgement cut short by the search: any answer will do, since the
    // search throws the verdict away.
    if choices == 0 || checks == 0 || cut_short() {
        return false;
    }
    // The answer depends on the position alone: remembered per thread.
    let budget = u64::from(choices) | u64::from(checks) << 8;
    let key = pos.hash() ^ budget.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    if let Some(known) = MATES.with(|mates| mates.borrow().get(key)) {
        return known;
    }
    let guard = CheckGuard::new(pos);
    let mut mates = false;
    for mv in pos.legal_moves() {
        if !guard.gives_check(pos, mv) {
            continue;
        }
        pos.make(mv);
        mates = every_answer_is_mated(pos, choices, checks - 1);
        pos.unmake();
        if mates {
            break;
        }
    }
    if !already_cut() {
        MATES.with(|answers| answers.borrow_mut().put(key, mates));
    }
    mates
}

/// How many answers of the mate search each thread remembers (16 bytes
/// each, 1 MB). One judgement of a cycle of chases among many checking
/// pieces asks about tens of thousands of positions: with 4,096 they
/// pushed each other out, and a search to depth 5 in a position of a game
/// lost on time (issue 62) took five times as long.
const MATE_ANSWERS: usize = 1 << 16;

thread_local! {
    static MATES: RefCell<Answers<bool>> = RefCell::new(Answers::with_slots(MATE_ANSWERS));
}

/// After a check, with `checks` checks left to the attacker: whether every
/// answer is mated by checks (no answer at all is mate).
fn every_answer_is_mated(pos: &mut Position, choices: u32, checks: u32) -> bool {
    let answers = pos.legal_moves();
    let choices = if answers.len() > 1 {
        choices - 1
    } else {
        choices
    };
    answers.into_iter().all(|mv| {
        pos.make(mv);
        let mated = mates_within(pos, choices, checks);
        pos.unmake();
        mated
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_mate_in_one_check() {
        // The chariot on b8 holds rank 8 and the red king holds the e-file:
        // a0a9 mates.
        let mut pos = Position::from_fen("3k5/1R7/9/9/9/9/9/9/9/R3K4 w").unwrap();
        assert!(mates_by_checks(&mut pos));
    }

    #[test]
    fn a_check_the_king_escapes_is_no_mate() {
        // One chariot alone checks, and the king steps aside.
        let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w").unwrap();
        assert!(!mates_by_checks(&mut pos));
    }

    #[test]
    fn a_quiet_first_move_is_not_a_mate_by_checks() {
        let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
        assert!(!mates_by_checks(&mut pos));
    }
}
