//! Legal move generation.
//!
//! Moves are generated per piece as target sets and filtered with a cheap test
//! computed once per position (the [`KingGuard`]): outside check, a move can
//! only expose our king if the mover is a *blocker* (the one piece between our
//! king and an enemy chariot or king, either of two between it and an enemy
//! cannon, or a horse's leg), if the king itself moves, or if it lands on the
//! empty line between our king and an enemy cannon and so becomes its screen.
//! Only those moves, and every move while in check, pay for the full test.

use super::attacks::{
    between, elephant_attacks, horse_attacks, ADVISOR_STEPS, HORSE_ATTACKER_LEAPS, KING_STEPS,
    PAWN_ATTACKERS, PAWN_STEPS,
};
use super::magic::{cannon_attacks, chariot_attacks};
use super::{Bitboard, Move, PieceKind, Position, Ranks, Square};
use arrayvec::ArrayVec;

/// An upper bound on the legal moves of any position: each piece's most
/// targets at once are chariot 17, cannon 17, horse 8, pawn 3, elephant 4,
/// advisor 4, king 4, so two chariots, two cannons, two horses, five pawns,
/// two elephants, two advisors and a king make at most 119.
pub const MAX_MOVES: usize = 128;

/// A move list on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Which moves to generate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GenKind {
    All,
    Captures,
    Quiets,
}

/// What endangers the king of the side to move, computed once per position.
#[derive(Copy, Clone, Debug)]
pub struct KingGuard {
    pub king: Square,
    pub checkers: Bitboard,
    /// Pieces (of either side) whose leaving their point may expose the king.
    pub blockers: Bitboard,
    /// Empty points between the king and an enemy cannon with nothing between:
    /// a piece arriving there becomes a screen.
    pub hollow: Bitboard,
}

/// Where finished legal moves go: a list, or just a count (perft leaves).
trait MoveSink {
    fn add(&mut self, from: Square, targets: Bitboard);
}

impl MoveSink for MoveList {
    #[inline]
    fn add(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            // Cannot overflow: MAX_MOVES bounds the moves of every position.
            self.push(Move::new_unchecked(from, to));
        }
    }
}

struct Counter(usize);

impl MoveSink for Counter {
    #[inline]
    fn add(&mut self, _from: Square, targets: Bitboard) {
        self.0 += targets.count() as usize;
    }
}

impl Position {
    /// The dangers to the side to move's king.
    pub fn king_guard(&self) -> KingGuard {
        let us = self.side;
        let them = !us;
        let king = self.king_square(us);
        let occ = self.occupied;
        let mut guard = KingGuard {
            king,
            checkers: Bitboard::EMPTY,
            blockers: Bitboard::EMPTY,
            hollow: Bitboard::EMPTY,
        };
        let lines = chariot_attacks(king, Bitboard::EMPTY);

        let rook_like =
            lines & (self.pieces(them, PieceKind::Chariot) | self.pieces(them, PieceKind::King));
        for sq in rook_like {
            let inside = between(king, sq) & occ;
            match inside.count() {
                0 => guard.checkers |= Bitboard::from_square(sq),
                1 => guard.blockers |= inside,
                _ => {}
            }
        }
        for sq in lines & self.pieces(them, PieceKind::Cannon) {
            let inside = between(king, sq) & occ;
            match inside.count() {
                0 => guard.hollow |= between(king, sq),
                1 => guard.checkers |= Bitboard::from_square(sq),
                2 => guard.blockers |= inside,
                _ => {}
            }
        }
        let horses = self.pieces(them, PieceKind::Horse);
        for leap in &HORSE_ATTACKER_LEAPS[king.index()] {
            let attackers = leap.targets & horses;
            if attackers.any() {
                if (leap.block & occ).is_empty() {
                    guard.checkers |= attackers;
                } else {
                    guard.blockers |= leap.block;
                }
            }
        }
        guard.checkers |=
            PAWN_ATTACKERS[them.index()][king.index()] & self.pieces(them, PieceKind::Pawn);
        guard
    }

    /// Whether our king is safe after `from` -> `to` (the full legality test).
    #[inline]
    fn king_safe_after(&self, from: Square, to: Square, king: Square) -> bool {
        let king = if from == king { to } else { king };
        let occ = (self.occupied - Bitboard::from_square(from)) | Bitboard::from_square(to);
        let them = !self.side;
        let p = &self.pieces[them.index()];
        let alive = !Bitboard::from_square(to);
        let rook_like = (p[PieceKind::Chariot.index()] | p[PieceKind::King.index()]) & alive;
        if (chariot_attacks(king, occ) & rook_like).any() {
            return false;
        }
        if (cannon_attacks(king, occ) & p[PieceKind::Cannon.index()] & alive).any() {
            return false;
        }
        if (super::attacks::horse_attackers(king, occ) & p[PieceKind::Horse.index()] & alive).any()
        {
            return false;
        }
        (PAWN_ATTACKERS[them.index()][king.index()] & p[PieceKind::Pawn.index()] & alive).is_empty()
    }

    /// Keeps the targets of `from` after which our king is safe.
    #[inline]
    fn safe_targets(&self, from: Square, targets: Bitboard, king: Square) -> Bitboard {
        let mut safe = Bitboard::EMPTY;
        for to in targets {
            if self.king_safe_after(from, to, king) {
                safe |= Bitboard::from_square(to);
            }
        }
        safe
    }

    /// Where the piece of kind `kind` on `from` may go, before the king test.
    #[inline]
    fn piece_targets(&self, kind: PieceKind, from: Square) -> Bitboard {
        let occ = self.occupied;
        let us = self.side;
        match kind {
            PieceKind::Chariot => chariot_attacks(from, occ) - self.colors[us.index()],
            PieceKind::Cannon => {
                (chariot_attacks(from, occ) - occ)
                    | (cannon_attacks(from, occ) & self.colors[(!us).index()])
            }
            PieceKind::Horse => horse_attacks(from, occ) - self.colors[us.index()],
            PieceKind::Elephant => elephant_attacks(from, occ) - self.colors[us.index()],
            PieceKind::Advisor => ADVISOR_STEPS[from.index()] - self.colors[us.index()],
            PieceKind::Pawn => PAWN_STEPS[us.index()][from.index()] - self.colors[us.index()],
            PieceKind::King => KING_STEPS[from.index()] - self.colors[us.index()],
        }
    }

    fn generate<S: MoveSink>(&self, kind: GenKind, sink: &mut S) {
        let us = self.side;
        let guard = self.king_guard();
        let wanted = match kind {
            GenKind::All => !self.colors[us.index()],
            GenKind::Captures => self.colors[(!us).index()],
            GenKind::Quiets => !self.occupied,
        };
        let in_check = guard.checkers.any();
        for piece_kind in [
            PieceKind::Chariot,
            PieceKind::Cannon,
            PieceKind::Horse,
            PieceKind::Pawn,
            PieceKind::Elephant,
            PieceKind::Advisor,
            PieceKind::King,
        ] {
            for from in self.pieces(us, piece_kind) {
                let targets = self.piece_targets(piece_kind, from) & wanted;
                if targets.is_empty() {
                    continue;
                }
                if in_check || piece_kind == PieceKind::King || guard.blockers.has(from) {
                    sink.add(from, self.safe_targets(from, targets, guard.king));
                } else {
                    sink.add(from, targets - guard.hollow);
                    let risky = targets & guard.hollow;
                    if risky.any() {
                        sink.add(from, self.safe_targets(from, risky, guard.king));
                    }
                }
            }
        }
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        self.moves_of(GenKind::All)
    }

    /// Legal moves of one kind (all, captures only, or quiet moves only).
    pub fn moves_of(&self, kind: GenKind) -> MoveList {
        let mut list = MoveList::new();
        self.generate(kind, &mut list);
        list
    }

    /// The number of legal moves, without listing them (perft's last ply).
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        self.generate(GenKind::All, &mut counter);
        counter.0
    }

    /// Whether `mv` is legal here: any move, e.g. from a hash table or a GUI.
    pub fn is_legal(&self, mv: Move) -> bool {
        let Some(piece) = self.piece_at(mv.from()) else {
            return false;
        };
        if piece.color != self.side || !self.piece_targets(piece.kind, mv.from()).has(mv.to()) {
            return false;
        }
        self.king_safe_after(mv.from(), mv.to(), self.king_square(self.side))
    }

    /// The legal move `text` names here, read in the numbering `ranks`.
    pub fn read_legal(&self, ranks: Ranks, text: &str) -> Option<Move> {
        ranks.read(text).ok().filter(|&mv| self.is_legal(mv))
    }

    /// The legal move `text` names here, read in `ranks` or, failing that,
    /// in the other numbering; with the numbering that read it.
    pub fn read_legal_either(&self, ranks: Ranks, text: &str) -> Option<(Move, Ranks)> {
        [ranks, ranks.other()]
            .into_iter()
            .find_map(|r| self.read_legal(r, text).map(|mv| (mv, r)))
    }

    /// Whether the side to move has no legal move (checkmate or stalemate,
    /// both a loss in Xiangqi).
    pub fn has_no_moves(&self) -> bool {
        self.count_legal_moves() == 0
    }
}
