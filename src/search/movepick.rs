//! Move ordering: the hash move first, then winning and equal captures by
//! most valuable victim / least valuable attacker and capture history, killers, the countermove,
//! quiet moves by history (a quiet check with a bonus on top), and losing
//! captures last. Moves are scored once and picked best-first, so a cut
//! after the first few moves sorts little.

use super::check::CheckGuard;
use super::history::{Histories, PieceTo, HISTORY_MAX};
use super::see::{see_ge, SEE_VALUE};
use crate::core::{Move, MoveList, Position};
use arrayvec::ArrayVec;

const HASH_MOVE: i32 = 4_000_000;
const GOOD_CAPTURE: i32 = 2_000_000;
const KILLER: i32 = 1_000_000;
const COUNTER: i32 = 900_000;
const BAD_CAPTURE: i32 = -2_000_000;
/// What a quiet check adds to its history: half the history's range, so a
/// check comes early among the quiet moves without passing every good one.
const QUIET_CHECK: i32 = HISTORY_MAX / 2;
/// Capture history counts at half weight beside MVV (victim value × 16): at
/// its bound it can lift a pawn capture over an advisor one, never a horse
/// capture over a chariot one.
const CAPTURE_HISTORY_DIVISOR: i32 = 2;
/// Picks made by selection before the remaining moves are sorted at once.
const SELECTION_PICKS: usize = 3;

pub struct MovePicker {
    moves: MoveList,
    scores: [i32; crate::core::MAX_MOVES],
    next: usize,
}

/// Most valuable victim, least valuable attacker.
pub fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = pos
        .piece_at(mv.to())
        .map_or(0, |p| SEE_VALUE[p.kind.index()]);
    let attacker = pos
        .piece_at(mv.from())
        .map_or(0, |p| SEE_VALUE[p.kind.index()]);
    victim * 16 - attacker / 16
}

impl MovePicker {
    /// Orders all of `moves` for a main-search node.
    pub fn new(
        pos: &Position,
        moves: MoveList,
        hash_move: Option<Move>,
        histories: &Histories,
        ply: usize,
        previous: Option<Move>,
        checks: &CheckGuard,
    ) -> MovePicker {
        let mut scores = [0; crate::core::MAX_MOVES];
        let killers = histories.killers(ply);
        let counter = histories.countermove(previous);
        let side = pos.side_to_move();
        for (i, &mv) in moves.iter().enumerate() {
            scores[i] = if Some(mv) == hash_move {
                HASH_MOVE
            } else if let Some(victim) = pos.piece_at(mv.to()) {
                let base = if see_ge(pos, mv, 0) {
                    GOOD_CAPTURE
                } else {
                    BAD_CAPTURE
                };
                let learned = histories.capture_score(PieceTo::of(pos, mv), victim.kind);
                base + mvv_lva(pos, mv) + learned / CAPTURE_HISTORY_DIVISOR
            } else if Some(mv) == killers[0] {
                KILLER + 1
            } else if Some(mv) == killers[1] {
                KILLER
            } else if Some(mv) == counter {
                COUNTER
            } else {
                let check_bonus = if checks.gives_check(pos, mv) {
                    QUIET_CHECK
                } else {
                    0
                };
                histories.quiet_score(side, mv) + check_bonus
            };
        }
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }

    /// Orders captures (quiescence) by MVV-LVA, the hash move first.
    pub fn captures(pos: &Position, moves: MoveList, hash_move: Option<Move>) -> MovePicker {
        let mut scores = [0; crate::core::MAX_MOVES];
        for (i, &mv) in moves.iter().enumerate() {
            scores[i] = if Some(mv) == hash_move {
                HASH_MOVE
            } else {
                mvv_lva(pos, mv)
            };
        }
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }
}

impl Iterator for MovePicker {
    type Item = Move;

    /// The best remaining move: selection for the first few picks (a cut
    /// usually comes early), then one sort of the rest.
    fn next(&mut self) -> Option<Move> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        if self.next == SELECTION_PICKS && n - self.next > 1 {
            let mut rest: ArrayVec<(i32, Move), { crate::core::MAX_MOVES }> = (self.next..n)
                .map(|i| (self.scores[i], self.moves[i]))
                .collect();
            rest.sort_unstable_by_key(|&(score, _)| std::cmp::Reverse(score));
            for (k, (score, mv)) in rest.into_iter().enumerate() {
                self.scores[self.next + k] = score;
                self.moves[self.next + k] = mv;
            }
        }
        if self.next >= SELECTION_PICKS {
            self.next += 1;
            return Some(self.moves[self.next - 1]);
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1])
    }
}
