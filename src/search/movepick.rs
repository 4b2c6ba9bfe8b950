//! Move ordering in stages, so that a node cut early pays for little: the
//! hash move before any generation; then the captures, generated and ordered
//! by most valuable victim / least valuable attacker and capture history,
//! each one's static exchange tested only when its turn comes (a losing
//! capture waits until last); then the killers and the countermove, each
//! checked for legality and played without generating; then the quiet moves,
//! generated only when reached and ordered by history (a quiet check with a
//! bonus on top); and the losing captures last.
//!
//! The picker says of each move whether it gives check, known before it is
//! played (see [`super::check`]): the quiet stage needs it for its order, and
//! the search for its pruning and extensions.

use super::history::{Histories, PieceTo, HISTORY_MAX};
use super::params;
use super::see::{see_ge, SEE_VALUE};
use crate::core::{CheckGuard, Color, GenKind, Move, MoveList, Position, MAX_MOVES};
use arrayvec::ArrayVec;

/// What a quiet check adds to its history: half the history's range, so a
/// check comes early among the quiet moves without passing every good one.
const QUIET_CHECK: i32 = HISTORY_MAX / 2;
/// Capture history counts at half weight beside MVV (victim value × 16): at
/// its bound it can lift a pawn capture over an advisor one, never a horse
/// capture over a chariot one.
const CAPTURE_HISTORY_DIVISOR: i32 = 2;
/// Quiet moves picked by selection before the rest are sorted at once (a
/// cut usually comes early).
const SELECTION_PICKS: usize = 3;

/// Most valuable victim, least valuable attacker.
pub fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = pos
        .piece_at(mv.to())
        .map_or(0, |p| SEE_VALUE[p.kind.index()]);
    let attacker = pos
        .piece_at(mv.from())
        .map_or(0, |p| SEE_VALUE[p.kind.index()]);
    victim * params::mvv_victim_scale() - attacker / params::lva_attacker_divisor()
}

/// A move the picker hands out, and whether it gives check.
#[derive(Copy, Clone, Debug)]
pub struct Picked {
    pub mv: Move,
    pub gives_check: bool,
}

#[derive(Copy, Clone)]
struct ScoredMove {
    score: i32,
    mv: Move,
    /// Known for quiet moves (their order needs it); found on the way out
    /// for the others.
    gives_check: bool,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Stage {
    HashMove,
    GenerateCaptures,
    GoodCaptures,
    /// The killers and the countermove, by their index in `refutations`.
    Refutation(usize),
    GenerateQuiets,
    Quiets,
    BadCaptures,
    Done,
}

/// The moves of one main-search node, best first (see the module text).
pub struct MovePicker {
    stage: Stage,
    hash_move: Option<Move>,
    /// The two killers and the countermove, as the histories gave them.
    refutations: [Option<Move>; 3],
    /// Which refutations were handed out (the quiet stage leaves them out).
    refutations_played: [bool; 3],
    checks: CheckGuard,
    side: Color,
    /// The captures, then the quiet moves; captures that lost their exchange
    /// test are moved to the front, `0..bad_end`.
    list: ArrayVec<ScoredMove, MAX_MOVES>,
    next: usize,
    bad_end: usize,
    quiets_start: usize,
}

impl MovePicker {
    /// The picker for a node at `ply`, whose previous move was `previous`.
    pub fn new(
        pos: &Position,
        hash_move: Option<Move>,
        histories: &Histories,
        ply: usize,
        previous: Option<Move>,
    ) -> MovePicker {
        let [killer, second_killer] = histories.killers(ply);
        MovePicker {
            stage: Stage::HashMove,
            hash_move,
            refutations: [killer, second_killer, histories.countermove(previous)],
            refutations_played: [false; 3],
            checks: CheckGuard::new(pos),
            side: pos.side_to_move(),
            list: ArrayVec::new(),
            next: 0,
            bad_end: 0,
            quiets_start: 0,
        }
    }

    /// The next move to search in `pos` (the position the picker was made
    /// for), with `histories` as they are now.
    pub fn next(&mut self, pos: &Position, histories: &Histories) -> Option<Picked> {
        loop {
            match self.stage {
                Stage::HashMove => {
                    self.stage = Stage::GenerateCaptures;
                    if let Some(mv) = self.hash_move.filter(|&mv| pos.is_legal(mv)) {
                        return Some(self.picked(pos, mv));
                    }
                    self.hash_move = None;
                }
                Stage::GenerateCaptures => {
                    for mv in pos.moves_of(GenKind::Captures) {
                        if Some(mv) != self.hash_move {
                            let victim = pos.piece_at(mv.to()).expect("a capture has a victim");
                            let learned =
                                histories.capture_score(PieceTo::of(pos, mv), victim.kind);
                            let score = mvv_lva(pos, mv) + learned / CAPTURE_HISTORY_DIVISOR;
                            self.list.push(ScoredMove {
                                score,
                                mv,
                                gives_check: false,
                            });
                        }
                    }
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    if let Some(index) = self.select_best(self.next, self.list.len()) {
                        let mv = self.list[index].mv;
                        self.list.swap(self.next, index);
                        self.next += 1;
                        if see_ge(pos, mv, 0) {
                            return Some(self.picked(pos, mv));
                        }
                        // A losing capture waits at the front, in the order found.
                        self.list.swap(self.bad_end, self.next - 1);
                        self.bad_end += 1;
                    } else {
                        self.stage = Stage::Refutation(0);
                    }
                }
                Stage::Refutation(k) => {
                    self.stage = if k + 1 < self.refutations.len() {
                        Stage::Refutation(k + 1)
                    } else {
                        Stage::GenerateQuiets
                    };
                    let Some(mv) = self.refutations[k] else {
                        continue;
                    };
                    let repeated = self.refutations[..k].contains(&Some(mv));
                    if !repeated
                        && Some(mv) != self.hash_move
                        && pos.piece_at(mv.to()).is_none()
                        && pos.is_legal(mv)
                    {
                        self.refutations_played[k] = true;
                        return Some(self.picked(pos, mv));
                    }
                }
                Stage::GenerateQuiets => {
                    self.quiets_start = self.list.len();
                    self.next = self.quiets_start;
                    for mv in pos.moves_of(GenKind::Quiets) {
                        if Some(mv) == self.hash_move || self.was_refutation(mv) {
                            continue;
                        }
                        let gives_check = self.checks.gives_check(pos, mv);
                        let check_bonus = if gives_check { QUIET_CHECK } else { 0 };
                        self.list.push(ScoredMove {
                            score: histories.quiet_score(self.side, mv) + check_bonus,
                            mv,
                            gives_check,
                        });
                    }
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    let end = self.list.len();
                    if self.next >= end {
                        self.next = 0;
                        self.stage = Stage::BadCaptures;
                        continue;
                    }
                    if self.next - self.quiets_start == SELECTION_PICKS {
                        self.list[self.next..end]
                            .sort_unstable_by_key(|m| std::cmp::Reverse(m.score));
                    }
                    if self.next - self.quiets_start < SELECTION_PICKS {
                        let best = self.select_best(self.next, end).expect("a move is left");
                        self.list.swap(self.next, best);
                    }
                    let chosen = self.list[self.next];
                    self.next += 1;
                    return Some(Picked {
                        mv: chosen.mv,
                        gives_check: chosen.gives_check,
                    });
                }
                Stage::BadCaptures => {
                    if self.next < self.bad_end {
                        let mv = self.list[self.next].mv;
                        self.next += 1;
                        return Some(self.picked(pos, mv));
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }

    fn picked(&self, pos: &Position, mv: Move) -> Picked {
        Picked {
            mv,
            gives_check: self.checks.gives_check(pos, mv),
        }
    }

    fn was_refutation(&self, mv: Move) -> bool {
        self.refutations
            .iter()
            .zip(self.refutations_played)
            .any(|(&r, played)| played && r == Some(mv))
    }

    /// The index of the best-scored move in `from..end` (the first of equals).
    fn select_best(&self, from: usize, end: usize) -> Option<usize> {
        (from..end).reduce(|best, i| {
            if self.list[i].score > self.list[best].score {
                i
            } else {
                best
            }
        })
    }
}

/// Orders the moves of a quiescence node (captures, or every evasion in
/// check) by most valuable victim / least valuable attacker, the hash move
/// first. They are few: scored at once, picked by selection.
pub struct QuiescencePicker {
    moves: MoveList,
    scores: [i32; MAX_MOVES],
    next: usize,
}

/// The hash move's score among the quiescence moves: above any capture.
const HASH_MOVE: i32 = i32::MAX;

impl QuiescencePicker {
    pub fn new(pos: &Position, moves: MoveList, hash_move: Option<Move>) -> QuiescencePicker {
        let mut scores = [0; MAX_MOVES];
        for (score, &mv) in scores.iter_mut().zip(&moves) {
            *score = if Some(mv) == hash_move {
                HASH_MOVE
            } else {
                mvv_lva(pos, mv)
            };
        }
        QuiescencePicker {
            moves,
            scores,
            next: 0,
        }
    }
}

impl Iterator for QuiescencePicker {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::bench::BENCH_POSITIONS;

    /// Every move the picker hands out for `pos`, in order.
    fn picked_all(pos: &Position, hash_move: Option<Move>, histories: &Histories) -> Vec<Picked> {
        let mut picker = MovePicker::new(pos, hash_move, histories, 0, None);
        std::iter::from_fn(|| picker.next(pos, histories)).collect()
    }

    #[test]
    fn every_legal_move_comes_once_in_its_stage() {
        let mut positions_in_check = 0;
        for fen in BENCH_POSITIONS {
            let mut pos = Position::from_fen(fen).unwrap();
            for step in 0..10usize {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                positions_in_check += pos.in_check() as u32;
                let quiets: Vec<Move> = pos.moves_of(GenKind::Quiets).into_iter().collect();
                // A killer that is legal here and one that is not (a move
                // from an empty point), and a hash move legal or not.
                let mut histories = Histories::default();
                let legal_killer = quiets.get(step % quiets.len().max(1)).copied();
                let stray: Move = "e5e6".parse().unwrap();
                for killer in [Some(stray), legal_killer].into_iter().flatten() {
                    histories.reward_quiet(pos.side_to_move(), 0, None, killer, &[], 4);
                }
                let hash_move = if step % 3 == 2 {
                    Some(stray)
                } else {
                    legal.get(step * 5 % legal.len()).copied()
                };
                let picked = picked_all(&pos, hash_move, &histories);

                let mut seen: Vec<Move> = picked.iter().map(|p| p.mv).collect();
                seen.sort_by_key(|m| (m.from().index(), m.to().index()));
                let mut expected: Vec<Move> = legal.iter().copied().collect();
                expected.sort_by_key(|m| (m.from().index(), m.to().index()));
                assert_eq!(seen, expected, "{}", pos.to_fen());

                if let Some(hash) = hash_move.filter(|&m| pos.is_legal(m)) {
                    assert_eq!(picked[0].mv, hash);
                }
                for p in &picked {
                    let mut after = pos.clone();
                    after.make(p.mv);
                    assert_eq!(p.gives_check, after.in_check(), "{} {}", pos.to_fen(), p.mv);
                }
                // After the hash move: winning captures, then the quiet
                // moves (the legal killer first), then the losing captures.
                let rest: Vec<Move> = picked
                    .iter()
                    .map(|p| p.mv)
                    .filter(|&m| Some(m) != hash_move)
                    .collect();
                let stage = |m: Move| match pos.piece_at(m.to()) {
                    Some(_) if see_ge(&pos, m, 0) => 0,
                    None => 1,
                    Some(_) => 2,
                };
                assert!(
                    rest.windows(2).all(|w| stage(w[0]) <= stage(w[1])),
                    "{}",
                    pos.to_fen()
                );
                if let Some(killer) = legal_killer.filter(|&k| Some(k) != hash_move) {
                    let first_quiet = rest.iter().find(|&&m| stage(m) == 1);
                    assert_eq!(first_quiet, Some(&killer), "{}", pos.to_fen());
                }
                pos.make(legal[step * 7 % legal.len()]);
            }
        }
        assert!(positions_in_check > 5, "{positions_in_check}");
    }
}
