//! The mate-threat search (杀, 1999 §28.2): whether the side to move can
//! mate by a check or a series of consecutive checks. A mate that needs a
//! quiet move first is not a threat in the rule book's sense, so only
//! checking moves are tried, which also keeps the search small.

use crate::core::Position;

/// How many consecutive checks the mate-threat search looks at. The rules set
/// no limit; four checks (seven plies) finds every mate threat the rule-book
/// diagrams show that five checks would (measured on the corpus), and three
/// miss some.
pub const MATE_THREAT_CHECKS: u32 = 4;

/// Whether the side to move mates with at most `checks` consecutive checks,
/// whatever the defender answers. No legal move after a check is mate (in
/// Xiangqi having no move loses too, but only a checked king is "mated" here).
pub fn mates_by_checks(pos: &mut Position, checks: u32) -> bool {
    if checks == 0 {
        return false;
    }
    for mv in pos.legal_moves() {
        pos.make(mv);
        let mates = pos.in_check() && every_evasion_loses(pos, checks - 1);
        pos.unmake();
        if mates {
            return true;
        }
    }
    false
}

/// After a check: whether every answer still gets mated by checks.
fn every_evasion_loses(pos: &mut Position, checks: u32) -> bool {
    let evasions = pos.legal_moves();
    if evasions.is_empty() {
        return true;
    }
    if checks == 0 {
        return false;
    }
    evasions.into_iter().all(|mv| {
        pos.make(mv);
        let lost = mates_by_checks(pos, checks);
        pos.unmake();
        lost
    })
}

/// Whether the side that just moved threatens mate: if its opponent (to move
/// now, and not in check) passed, could it mate by checks?
pub fn threatens_mate(pos: &mut Position) -> bool {
    if pos.in_check() {
        return false;
    }
    pos.make_null();
    let threat = mates_by_checks(pos, MATE_THREAT_CHECKS);
    pos.unmake();
    threat
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
    fn a_quiet_first_move_is_not_a_mate_threat() {
        let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
        assert!(!mates_by_checks(&mut pos, MATE_THREAT_CHECKS));
    }
}
