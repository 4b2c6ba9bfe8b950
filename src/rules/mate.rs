//! The mate-threat search (杀, 1999 §28.2): whether the side to move can
//! mate by a check or a series of consecutive checks. A mate that needs a
//! quiet move first is not a threat in the rule book's sense, so only
//! checking moves are tried, which also keeps the search small.

use super::answers::Answers;
use super::pass::after_pass;
use crate::core::{Move, PieceKind, Position, Square};
use std::cell::RefCell;

/// How many consecutive checks the mate-threat search looks at. The rules set
/// no limit; four checks (seven plies) finds every mate threat the rule-book
/// diagrams show that five checks would (measured on the corpus), and three
/// miss some. The search grows as (checks per node)^n and runs inside the
/// engine's search too, so more are looked at only where the defender has
/// one answer ([`FORCED_MATE_CHECKS`]).
pub const MATE_THREAT_CHECKS: u32 = 4;

/// How many checks that leave the defender a single answer a mate threat
/// may use on top of [`MATE_THREAT_CHECKS`]: such a check leaves the defender
/// no choice to search.
/// 图17's mate (将4退1 杀: seven consecutive checks, so at least three with one
/// answer) needs them; no other corpus case changes.
pub const FORCED_MATE_CHECKS: u32 = 4;

/// Whether the side to move mates with at most `checks` consecutive checks,
/// whatever the defender answers. No legal move after a check is mate (in
/// Xiangqi having no move loses too, but only a checked king is "mated" here).
pub fn mates_by_checks(pos: &mut Position, checks: u32) -> bool {
    mates_by_checks_forced(pos, checks, 0)
}

/// [`mates_by_checks`], where up to `forced` further checks that leave a
/// single answer are free.
fn mates_by_checks_forced(pos: &mut Position, checks: u32, forced: u32) -> bool {
    if checks == 0 {
        return false;
    }
    // The answer depends on the position alone: remembered per thread.
    let budget = u64::from(checks) | u64::from(forced) << 8;
    let key = pos.hash() ^ budget.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    if let Some(known) = MATES.with(|mates| mates.borrow().get(key)) {
        return known;
    }
    let mates = search_checks_avoiding(pos, checks, forced, &[]);
    MATES.with(|answers| answers.borrow_mut().put(key, mates));
    mates
}

thread_local! {
    static MATES: RefCell<Answers<bool>> = RefCell::new(Answers::default());
}

/// [`mates_by_checks_forced`] worked out, with some first checks left out.
fn search_checks_avoiding(pos: &mut Position, checks: u32, forced: u32, excluded: &[Move]) -> bool {
    let king = pos.king_square(!pos.side_to_move());
    for mv in pos.legal_moves() {
        if !may_give_check(pos, mv, king) || excluded.contains(&mv) {
            continue;
        }
        pos.make(mv);
        let mates = pos.in_check() && every_evasion_loses(pos, checks, forced);
        pos.unmake();
        if mates {
            return true;
        }
    }
    false
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

/// After a check: whether every answer still gets mated by checks.
fn every_evasion_loses(pos: &mut Position, checks: u32, forced: u32) -> bool {
    let evasions = pos.legal_moves();
    if evasions.is_empty() {
        return true;
    }
    // A check with one answer costs nothing while free ones are left.
    let (checks, forced) = if evasions.len() == 1 && forced > 0 {
        (checks, forced - 1)
    } else {
        (checks - 1, forced)
    };
    if checks == 0 {
        return false;
    }
    evasions.into_iter().all(|mv| {
        pos.make(mv);
        let lost = mates_by_checks_forced(pos, checks, forced);
        pos.unmake();
        lost
    })
}

/// Whether the side to move mates by checks within the reach of a mate
/// threat ([`MATE_THREAT_CHECKS`] and [`FORCED_MATE_CHECKS`]): the one
/// measure of 杀 wherever a mate threat is asked about.
pub fn mates_as_threatened(pos: &mut Position) -> bool {
    mates_by_checks_forced(pos, MATE_THREAT_CHECKS, FORCED_MATE_CHECKS)
}

/// Whether the side that just moved threatens mate: if its opponent (to move
/// now, and not in check) passed, could it mate by checks?
pub fn threatens_mate(pos: &mut Position) -> bool {
    !pos.in_check() && after_pass(pos, mates_as_threatened)
}

/// [`threatens_mate`], counting only the mates that do not start with one of
/// the `excluded` checks (the capture of a piece offered in exchange, which
/// the opponent answers by accepting the offer: 图29, 2011 §26.9).
pub fn threatens_mate_avoiding(pos: &mut Position, excluded: &[Move]) -> bool {
    if excluded.is_empty() {
        return threatens_mate(pos);
    }
    !pos.in_check()
        && after_pass(pos, |pos| {
            search_checks_avoiding(pos, MATE_THREAT_CHECKS, FORCED_MATE_CHECKS, excluded)
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
        assert!(mates_by_checks(&mut pos, 1));
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
    fn a_quiet_first_move_is_not_a_mate_threat() {
        let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
        assert!(!mates_as_threatened(&mut pos));
    }
}
