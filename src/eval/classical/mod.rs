//! The hand-crafted evaluation: material and piece-square tables blended by
//! game phase, mobility (horse legs included), king safety (attackers near the
//! palace, advisors and elephants against attackers, open king file, cannons
//! on the king's file), chariots on open files and connected crossed pawns;
//! threats ([`threats`]) and the king's shape against the attack
//! ([`king_shape`]). All weights live in [`weights`].

mod king_shape;
mod threats;
pub mod weights;

use crate::core::attacks::between;
use crate::core::magic::chariot_attacks;
use crate::core::{Bitboard, Color, Move, Piece, PieceKind, Position, Square};
use king_shape::{crossed_attack_units, king_shape_terms};
use threats::{threat_terms, Attacks};
use weights::*;

/// Material plus table value, by colour, kind and square, built at compile time.
static PSQ: [[[S; 90]; 7]; 2] = build_psq();

const fn build_psq() -> [[[S; 90]; 7]; 2] {
    let mut table = [[[S(0, 0); 90]; 7]; 2];
    let mut kind = 0;
    while kind < 7 {
        let mut sq = 0;
        while sq < 90 {
            let red_entry = table_entry(Color::Red, sq);
            let black_entry = table_entry(Color::Black, sq);
            let m = MATERIAL[kind];
            table[0][kind][sq] = S(
                m.0 + PST_MG[kind][red_entry],
                m.1 + eg_table(kind, red_entry),
            );
            table[1][kind][sq] = S(
                m.0 + PST_MG[kind][black_entry],
                m.1 + eg_table(kind, black_entry),
            );
            sq += 1;
        }
        kind += 1;
    }
    table
}

/// The entry of a piece-square table in [`weights`] that a piece of
/// `color` on square index `sq` reads.
pub const fn table_entry(color: Color, sq: usize) -> usize {
    // Tables are drawn rank 9 first from Red's side: Red's square (file f,
    // rank r) is entry (9 - r) * 9 + f; Black reads the mirror, entry `sq`.
    match color {
        Color::Red => (9 - sq / 9) * 9 + sq % 9,
        Color::Black => sq,
    }
}

const fn eg_table(kind: usize, entry: usize) -> i32 {
    match kind {
        0 => PST_EG_KING[entry],
        6 => PST_EG_PAWN[entry],
        _ => PST_MG[kind][entry],
    }
}

/// The material-and-table sum (Red minus Black) and the game phase: the part
/// of the evaluation that the search keeps up to date move by move.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Material {
    pub psq: S,
    pub phase: i32,
}

impl Material {
    /// Computed from scratch.
    pub fn of(pos: &Position) -> Material {
        let mut material = Material::default();
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                for sq in pos.pieces(color, kind) {
                    material.add(Piece::new(color, kind), sq);
                }
            }
        }
        material
    }

    #[inline]
    fn add(&mut self, piece: Piece, sq: Square) {
        let value = PSQ[piece.color.index()][piece.kind.index()][sq.index()];
        if piece.color == Color::Red {
            self.psq += value;
        } else {
            self.psq -= value;
        }
        self.phase += PHASE[piece.kind.index()];
    }

    #[inline]
    fn remove(&mut self, piece: Piece, sq: Square) {
        let value = PSQ[piece.color.index()][piece.kind.index()][sq.index()];
        if piece.color == Color::Red {
            self.psq -= value;
        } else {
            self.psq += value;
        }
        self.phase -= PHASE[piece.kind.index()];
    }

    /// The sum after `mv` is played in `pos` (call before making the move).
    #[inline]
    pub fn after(mut self, pos: &Position, mv: Move) -> Material {
        if let Some(victim) = pos.piece_at(mv.to()) {
            self.remove(victim, mv.to());
        }
        if let Some(mover) = pos.piece_at(mv.from()) {
            self.remove(mover, mv.from());
            self.add(mover, mv.to());
        }
        self
    }
}

/// The position's value for the side to move, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, Material::of(pos))
}

/// [`evaluate`] with the material sum already known (it must be `Material::of(pos)`).
pub fn evaluate_with(pos: &Position, material: Material) -> i32 {
    let total = material.psq + positional(pos);
    for_mover(pos, blend(total, material.phase)) + TEMPO
}

/// What [`evaluate`] sums, for the side to move, so that a report can show
/// the parts without computing them a second way.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// The game phase the middlegame and endgame values are blended by.
    pub phase: i32,
    /// Material and piece-square tables, blended.
    pub material: i32,
    /// Everything else: mobility, king safety, open files, pawns, the tempo
    /// bonus (and the rounding of the blend).
    pub rest: i32,
    /// The evaluation itself: `material + rest`.
    pub total: i32,
}

/// The evaluation of `pos` in its parts.
pub fn terms(pos: &Position) -> Terms {
    let material = Material::of(pos);
    let total = evaluate_with(pos, material);
    let material_alone = for_mover(pos, blend(material.psq, material.phase));
    Terms {
        phase: material.phase.min(PHASE_MAX),
        material: material_alone,
        rest: total - material_alone,
        total,
    }
}

/// Everything but material and tables, Red minus Black.
fn positional(pos: &Position) -> S {
    let shared = Shared::of(pos);
    let (mut red, mut black) = (S(0, 0), S(0, 0));
    side_terms_with(pos, Color::Red, &shared, &mut red);
    side_terms_with(pos, Color::Black, &shared, &mut black);
    red - black
}

/// What both sides' terms read, computed once per evaluation; by colour.
struct Shared {
    crossed: [Bitboard; 2],
    attacks: [Attacks; 2],
}

impl Shared {
    #[inline(always)]
    fn of(pos: &Position) -> Shared {
        Shared {
            crossed: [
                crossed_pawns(pos, Color::Red),
                crossed_pawns(pos, Color::Black),
            ],
            attacks: [Attacks::of(pos, Color::Red), Attacks::of(pos, Color::Black)],
        }
    }
}

/// A middlegame/endgame pair as one value at `phase`.
fn blend(value: S, phase: i32) -> i32 {
    let phase = phase.min(PHASE_MAX);
    (value.0 * phase + value.1 * (PHASE_MAX - phase)) / PHASE_MAX
}

/// A Red-minus-Black value from the side to move's view.
fn for_mover(pos: &Position, value: i32) -> i32 {
    if pos.side_to_move() == Color::Red {
        value
    } else {
        -value
    }
}

/// Pawns of `color` across the river.
fn crossed_pawns(pos: &Position, color: Color) -> Bitboard {
    let enemy_half = match color {
        Color::Red => Bitboard::BLACK_HALF,
        Color::Black => Bitboard::RED_HALF,
    };
    pos.pieces(color, PieceKind::Pawn) & enemy_half
}

/// How much attacking force `color` has: chariot 2, horse and cannon 1, two crossed pawns 1.
fn attack_units(pos: &Position, color: Color, crossed: Bitboard) -> i32 {
    2 * pos.pieces(color, PieceKind::Chariot).count() as i32
        + pos.pieces(color, PieceKind::Horse).count() as i32
        + pos.pieces(color, PieceKind::Cannon).count() as i32
        + crossed.count() as i32 / 2
}

/// The points around `color`'s palace where enemy pieces are dangerous:
/// files c-g of the four ranks nearest the back rank.
fn king_zone(color: Color) -> Bitboard {
    const RED_ZONE: u128 = {
        let mut bits = 0u128;
        let mut rank = 0;
        while rank < 4 {
            bits |= 0b0_0111_1100u128 << (rank * 9);
            rank += 1;
        }
        bits
    };
    match color {
        Color::Red => Bitboard(RED_ZONE),
        Color::Black => Bitboard(RED_ZONE << 54),
    }
}

/// A positional term of the evaluation: which weight of [`weights`]
/// it counts. The evaluation hands each term to a [`TermSink`] with how many
/// times it applies, so that a tuner can read the coefficients that the
/// search multiplies by the weights.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Term {
    AdvisorGuard,
    ElephantGuard,
    ChariotMobility,
    HorseMobility,
    CannonMobility,
    HorseTrapped,
    ChariotOpenFile,
    /// The entry of [`KING_ZONE_ATTACKERS`] (0 to 4), a middlegame value.
    KingZoneAttackers(usize),
    KingFileOpen,
    HollowCannon,
    LoadedCannon,
    KingRaised,
    ConnectedCrossedPawns,
    ChariotThreatened,
    MinorThreatenedByPawn,
    HangingPiece,
    AdvisorVsCrossed,
    ElephantVsCrossed,
    MissingAdvisorVsHorse,
    MissingElephantVsCannon,
    SmotheredCentreHorse,
    BottomCannon,
    PinnedToKing,
}

impl Term {
    /// The term's weight.
    #[inline(always)]
    pub const fn weight(self) -> S {
        match self {
            Term::AdvisorGuard => ADVISOR_GUARD,
            Term::ElephantGuard => ELEPHANT_GUARD,
            Term::ChariotMobility => CHARIOT_MOBILITY,
            Term::HorseMobility => HORSE_MOBILITY,
            Term::CannonMobility => CANNON_MOBILITY,
            Term::HorseTrapped => HORSE_TRAPPED,
            Term::ChariotOpenFile => CHARIOT_OPEN_FILE,
            Term::KingZoneAttackers(count) => S(KING_ZONE_ATTACKERS[count], 0),
            Term::KingFileOpen => KING_FILE_OPEN,
            Term::HollowCannon => HOLLOW_CANNON,
            Term::LoadedCannon => LOADED_CANNON,
            Term::KingRaised => KING_RAISED,
            Term::ConnectedCrossedPawns => CONNECTED_CROSSED_PAWNS,
            Term::ChariotThreatened => CHARIOT_THREATENED,
            Term::MinorThreatenedByPawn => MINOR_THREATENED_BY_PAWN,
            Term::HangingPiece => HANGING_PIECE,
            Term::AdvisorVsCrossed => ADVISOR_VS_CROSSED,
            Term::ElephantVsCrossed => ELEPHANT_VS_CROSSED,
            Term::MissingAdvisorVsHorse => MISSING_ADVISOR_VS_HORSE,
            Term::MissingElephantVsCannon => MISSING_ELEPHANT_VS_CANNON,
            Term::SmotheredCentreHorse => SMOTHERED_CENTRE_HORSE,
            Term::BottomCannon => BOTTOM_CANNON,
            Term::PinnedToKing => PINNED_TO_KING,
        }
    }
}

/// Receives one side's positional terms: `count` times a term's weight.
pub trait TermSink {
    fn add(&mut self, term: Term, count: i32);
}

/// The evaluation's own sink: the weighted sum.
impl TermSink for S {
    #[inline(always)]
    fn add(&mut self, term: Term, count: i32) {
        *self += term.weight() * count;
    }
}

/// The positional terms of `us` (everything but material and tables),
/// handed to `sink` from `us`'s view.
pub fn side_terms<T: TermSink>(pos: &Position, us: Color, sink: &mut T) {
    side_terms_with(pos, us, &Shared::of(pos), sink);
}

#[inline(always)]
fn side_terms_with<T: TermSink>(pos: &Position, us: Color, shared: &Shared, sink: &mut T) {
    let them = !us;
    let occupied = pos.occupied();
    let own = pos.color_pieces(us);
    let crossed = &shared.crossed;

    // Guards against attackers, and the shape of the king's defence.
    let enemy_units = attack_units(pos, them, crossed[them.index()]).min(GUARD_ATTACK_CAP);
    let crossed_units = crossed_attack_units(pos, us).min(GUARD_ATTACK_CAP);
    king_shape_terms(pos, us, crossed_units, sink);
    threat_terms(
        pos,
        us,
        &shared.attacks[us.index()],
        &shared.attacks[them.index()],
        sink,
    );
    sink.add(
        Term::AdvisorGuard,
        pos.pieces(us, PieceKind::Advisor).count() as i32 * enemy_units,
    );
    sink.add(
        Term::ElephantGuard,
        pos.pieces(us, PieceKind::Elephant).count() as i32 * enemy_units,
    );

    // Mobility and open files, from the reach the attack maps hold.
    let own_pawns = pos.pieces(us, PieceKind::Pawn);
    let ours = &shared.attacks[us.index()];
    for (sq, reach) in pos.pieces(us, PieceKind::Chariot).zip(ours.chariots) {
        sink.add(Term::ChariotMobility, (reach - own).count() as i32);
        if (ahead_on_file(sq, us) & own_pawns).is_empty() {
            sink.add(Term::ChariotOpenFile, 1);
        }
    }
    let enemy_pawn_reach = shared.attacks[them.index()].pawn;
    for (_, reach) in pos.pieces(us, PieceKind::Horse).zip(ours.horses) {
        let safe = reach - own - enemy_pawn_reach;
        sink.add(Term::HorseMobility, safe.count() as i32);
        if safe.is_empty() {
            sink.add(Term::HorseTrapped, 1);
        }
    }
    for sq in pos.pieces(us, PieceKind::Cannon) {
        sink.add(
            Term::CannonMobility,
            (chariot_attacks(sq, occupied) - occupied).count() as i32,
        );
    }

    // King safety, as penalties.
    let king = pos.king_square(us);
    let intruders = (pos.pieces(them, PieceKind::Chariot)
        | pos.pieces(them, PieceKind::Horse)
        | pos.pieces(them, PieceKind::Cannon)
        | pos.pieces(them, PieceKind::Pawn))
        & king_zone(us);
    sink.add(
        Term::KingZoneAttackers((intruders.count() as usize).min(4)),
        -1,
    );
    let file_ahead = ahead_on_file(king, us);
    if pos.pieces(them, PieceKind::Chariot).any() && (file_ahead & own).is_empty() {
        sink.add(Term::KingFileOpen, -1);
    }
    for cannon in pos.pieces(them, PieceKind::Cannon) & file_ahead {
        match (between(king, cannon) & occupied).count() {
            0 => sink.add(Term::HollowCannon, -1),
            2 => sink.add(Term::LoadedCannon, -1),
            _ => {}
        }
    }
    let back_rank = if us == Color::Red { 0 } else { 9 };
    if king.rank().index() != back_rank {
        sink.add(Term::KingRaised, 1);
    }

    // Crossed pawns side by side.
    let crossed = crossed[us.index()];
    for sq in crossed {
        if sq.offset(1, 0).is_some_and(|right| crossed.has(right)) {
            sink.add(Term::ConnectedCrossedPawns, 1);
        }
    }
}

/// The points of a square's file ahead of it, by colour and square.
static AHEAD_ON_FILE: [[Bitboard; 90]; 2] = ahead_table();

const fn ahead_table() -> [[Bitboard; 90]; 2] {
    let mut table = [[Bitboard::EMPTY; 90]; 2];
    let mut sq = 0;
    while sq < 90 {
        let mut above = sq + 9;
        while above < 90 {
            table[0][sq].0 |= 1u128 << above;
            above += 9;
        }
        let mut below = sq as isize - 9;
        while below >= 0 {
            table[1][sq].0 |= 1u128 << below;
            below -= 9;
        }
        sq += 1;
    }
    table
}

/// The points of `sq`'s file ahead of it, as `color` looks.
#[inline]
fn ahead_on_file(sq: Square, color: Color) -> Bitboard {
    AHEAD_ON_FILE[color.index()][sq.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen).unwrap())
    }

    #[test]
    fn start_position_is_balanced_but_for_the_tempo() {
        assert_eq!(eval(Position::START_FEN), TEMPO);
        let black = Position::START_FEN.replace(" w ", " b ");
        assert_eq!(eval(&black), TEMPO);
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        // The same position with colours swapped (board flipped) scores the same for the mover.
        let fen = "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w";
        let pos = Position::from_fen(fen).unwrap();
        let mut flipped = String::new();
        for rank in 0..10u8 {
            let mut empty = 0;
            for file in 0..9u8 {
                let sq = Square::new(
                    crate::core::File::new(file).unwrap(),
                    crate::core::Rank::new(rank).unwrap(),
                );
                match pos.piece_at(sq) {
                    Some(p) => {
                        if empty > 0 {
                            flipped.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let c = p.letter();
                        flipped.push(if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        });
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                flipped.push_str(&empty.to_string());
            }
            if rank < 9 {
                flipped.push('/');
            }
        }
        flipped.push_str(" b");
        assert_eq!(evaluate(&pos), eval(&flipped));
    }

    #[test]
    fn incremental_material_matches_a_fresh_count_over_a_random_game() {
        let mut pos = Position::startpos();
        let mut material = Material::of(&pos);
        let mut rng = crate::random::Rng::new(7);
        for _ in 0..400 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            material = material.after(&pos, mv);
            pos.make(mv);
            assert_eq!(material, Material::of(&pos));
            assert_eq!(evaluate_with(&pos, material), evaluate(&pos));
        }
    }

    #[test]
    fn material_counts() {
        // Red without a chariot is clearly worse.
        let fewer = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w";
        assert!(eval(fewer) < -700);
        // A crossed pawn near the palace is worth more than one at home (by
        // how much is the tuner's: 25 cp in this bare ending).
        let home = eval("3k5/9/9/9/9/9/4P4/9/9/4K4 w");
        let near = eval("3k5/4P4/9/9/9/9/9/9/9/4K4 w");
        assert!(near > home, "{near} vs {home}");
    }

    #[test]
    fn hollow_cannon_is_dangerous() {
        // The red king on d0: a black cannon on d7 faces it down an empty file.
        let hollow = eval("rnbakabnr/9/1c1c5/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBK1ABNR w");
        let aside = eval("rnbakabnr/9/1c3c3/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBK1ABNR w");
        assert!(hollow + 50 < aside, "{hollow} vs {aside}");
    }
}
