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
use super::pass::after_pass;
use crate::core::{Move, PieceKind, Position, Square};
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
            let king = pos.king_square(!pos.side_to_move());
            pos.legal_moves().into_iter().any(|mv| {
                if excluded.contains(&mv) || !may_give_check(pos, mv, king) {
                    return false;
                }
                pos.make(mv);
                let mates = pos.in_check()
                    && every_answer_is_mated(
                        pos,
                        MATE_SEARCH_CHOICE_CHECKS,
                        MATE_SEARCH_CHECKS - 1,
                    );
                pos.unmake();
                mates
            })
        })
}

/// Whether the side to move mates with at most `choices` checks that leave
/// the defender more than one answer and `checks` checks in all.
fn mates_within(pos: &mut Position, choices: u32, checks: u32) -> bool {
    if choices == 0 || checks == 0 {
        return false;
    }
    // The answer depends on the position alone: remembered per thread.
    let budget = u64::from(choices) | u64::from(checks) << 8;
    let key = pos.hash() ^ budget.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    if let Some(known) = MATES.with(|mates| mates.borrow().get(key)) {
        return known;
    }
    let king = pos.king_square(!pos.side_to_move());
    let mut mates = false;
    for mv in pos.legal_moves() {
        if !may_give_check(pos, mv, king) {
            continue;
        }
        pos.make(mv);
        mates = pos.in_check() && every_answer_is_mated(pos, choices, checks - 1);
        pos.unmake();
        if mates {
            break;
        }
    }
    MATES.with(|answers| answers.borrow_mut().put(key, mates));
    mates
}

thread_local! {
    static MATES: RefCell<Answers<bool>> = RefCell::new(Answers::default());
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

/// A cheap superset of the moves that can check the king on `king`, so that
/// only these are played out: a piece leaving or reaching the king's file or
/// rank (chariot and cannon lines, cannon screens), leaving a point diagonally
/// next to the king (a horse's leg), or a horse or pawn landing where it
/// attacks the king.
pub fn may_give_check(pos: &Position, mv: Move, king: Square) -> bool {
    let (from, to) = (mv.from(), mv.to());
    let on_line = |sq: Square| sq.file() == king.file() || sq.rank() == king.rank();
    let distance = |sq: Square| {
        (
            sq.file().index().abs_diff(king.file().index()),
            sq.rank().index().abs_diff(king.rank().index()),
        )
    };
    if on_line(from) || on_line(to) || distance(from) == (1, 1) {
        return true;
    }
    match pos.piece_at(from).map(|p| p.kind) {
        Some(PieceKind::Horse) => matches!(distance(to), (1, 2) | (2, 1)),
        Some(PieceKind::Pawn) => matches!(distance(to), (0, 1) | (1, 0)),
        _ => false,
    }
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
    fn the_check_filter_misses_no_check() {
        // Every legal move of a few busy positions: whenever it checks, the
        // filter must have let it through.
        let fens = [
            Position::START_FEN,
            "2bakab2/9/4c1n1c/pCp1N3p/7n1/2P6/P3P1P1P/4CrN2/9/1RBAKAB2 w",
            "r1bakab2/9/2n1c4/p3p3p/2p3Pn1/3R5/P1PCP3P/N3C3N/4A4/R1BAK1c1r w",
            "3akab2/3cn1C2/4b2C1/pN6R/1r1n2p2/9/P1p1P1P1P/4B4/9/2BAKA3 b",
        ];
        for fen in fens {
            let mut pos = Position::from_fen(fen).unwrap();
            let king = pos.king_square(!pos.side_to_move());
            for mv in pos.legal_moves() {
                pos.make(mv);
                let checks = pos.in_check();
                pos.unmake();
                assert!(!checks || may_give_check(&pos, mv, king), "{fen}: {mv}");
            }
        }
    }

    #[test]
    fn a_quiet_first_move_is_not_a_mate_by_checks() {
        let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
        assert!(!mates_by_checks(&mut pos));
    }
}
