//! The weight vector: every weight of [`crate::eval::classical::weights`] at a fixed
//! index, with how the game phase scales it.
//!
//! Held fixed, because the evaluation is not linear in them: the phase
//! weights (`PHASE`, `PHASE_MAX`) and the cap on attacking units
//! (`GUARD_ATTACK_CAP`). Every other weight is here, each table entry on its
//! own, and the evaluation is a sum of coefficients times these weights
//! (see [`super::features`]).

use crate::eval::classical::weights::{MATERIAL, PST_EG_KING, PST_EG_PAWN, PST_MG, S, TEMPO};
use crate::eval::classical::Term;

/// How a weight enters the evaluation at game phase `p` (0 to `PHASE_MAX`,
/// full board `PHASE_MAX`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Taper {
    /// A middlegame value: scaled by `p / PHASE_MAX`.
    Mg,
    /// An endgame value: scaled by `(PHASE_MAX - p) / PHASE_MAX`.
    Eg,
    /// One value for both (the piece-square tables of pieces without an
    /// endgame table of their own): not scaled.
    Both,
    /// Added after the blend (the tempo bonus).
    Flat,
}

/// How a constant of `weights.rs` is shaped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Form {
    /// An `S` pair: middlegame at `start`, endgame at `start + 1`.
    Pair,
    /// `[S; n]`.
    Pairs(usize),
    /// `[i32; n]`, written on one line.
    List(usize),
    /// `[i32; 90]`, a piece-square table.
    Table,
    /// `[[i32; 90]; 7]`, one table per piece kind.
    Tables,
    /// One `i32`.
    Scalar,
}

impl Form {
    /// How many weights the constant holds.
    pub const fn weights(self) -> usize {
        match self {
            Form::Pair => 2,
            Form::Pairs(n) => 2 * n,
            Form::List(n) => n,
            Form::Table => 90,
            Form::Tables => 7 * 90,
            Form::Scalar => 1,
        }
    }
}

/// A constant of `weights.rs` and where its values sit in the vector.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub name: &'static str,
    pub start: usize,
    pub form: Form,
}

/// The positional terms with an `S` weight each, in vector order.
pub const PAIR_TERMS: [(Term, &str); 22] = [
    (Term::AdvisorGuard, "ADVISOR_GUARD"),
    (Term::ElephantGuard, "ELEPHANT_GUARD"),
    (Term::ChariotMobility, "CHARIOT_MOBILITY"),
    (Term::HorseMobility, "HORSE_MOBILITY"),
    (Term::CannonMobility, "CANNON_MOBILITY"),
    (Term::HorseTrapped, "HORSE_TRAPPED"),
    (Term::ChariotOpenFile, "CHARIOT_OPEN_FILE"),
    (Term::KingFileOpen, "KING_FILE_OPEN"),
    (Term::HollowCannon, "HOLLOW_CANNON"),
    (Term::LoadedCannon, "LOADED_CANNON"),
    (Term::KingRaised, "KING_RAISED"),
    (Term::ConnectedCrossedPawns, "CONNECTED_CROSSED_PAWNS"),
    (Term::ChariotThreatened, "CHARIOT_THREATENED"),
    (Term::MinorThreatenedByPawn, "MINOR_THREATENED_BY_PAWN"),
    (Term::HangingPiece, "HANGING_PIECE"),
    (Term::AdvisorVsCrossed, "ADVISOR_VS_CROSSED"),
    (Term::ElephantVsCrossed, "ELEPHANT_VS_CROSSED"),
    (Term::MissingAdvisorVsHorse, "MISSING_ADVISOR_VS_HORSE"),
    (Term::MissingElephantVsCannon, "MISSING_ELEPHANT_VS_CANNON"),
    (Term::SmotheredCentreHorse, "SMOTHERED_CENTRE_HORSE"),
    (Term::BottomCannon, "BOTTOM_CANNON"),
    (Term::PinnedToKing, "PINNED_TO_KING"),
];

pub const MATERIAL_AT: usize = 0;
pub const PST_MG_AT: usize = MATERIAL_AT + 14;
pub const PST_EG_KING_AT: usize = PST_MG_AT + 7 * 90;
pub const PST_EG_PAWN_AT: usize = PST_EG_KING_AT + 90;
pub const PAIR_TERMS_AT: usize = PST_EG_PAWN_AT + 90;
pub const KING_ZONE_AT: usize = PAIR_TERMS_AT + 2 * PAIR_TERMS.len();
pub const TEMPO_AT: usize = KING_ZONE_AT + 5;
/// The number of weights.
pub const COUNT: usize = TEMPO_AT + 1;

/// Every tuned constant.
pub fn blocks() -> Vec<Block> {
    let mut blocks = vec![
        Block {
            name: "MATERIAL",
            start: MATERIAL_AT,
            form: Form::Pairs(7),
        },
        Block {
            name: "PST_MG",
            start: PST_MG_AT,
            form: Form::Tables,
        },
        Block {
            name: "PST_EG_KING",
            start: PST_EG_KING_AT,
            form: Form::Table,
        },
        Block {
            name: "PST_EG_PAWN",
            start: PST_EG_PAWN_AT,
            form: Form::Table,
        },
    ];
    for (i, (_, name)) in PAIR_TERMS.iter().enumerate() {
        blocks.push(Block {
            name,
            start: PAIR_TERMS_AT + 2 * i,
            form: Form::Pair,
        });
    }
    blocks.push(Block {
        name: "KING_ZONE_ATTACKERS",
        start: KING_ZONE_AT,
        form: Form::List(5),
    });
    blocks.push(Block {
        name: "TEMPO",
        start: TEMPO_AT,
        form: Form::Scalar,
    });
    blocks
}

/// The index of a term's weight: its middlegame value for a pair (the
/// endgame value follows).
pub fn term_index(term: Term) -> usize {
    match term {
        Term::KingZoneAttackers(count) => KING_ZONE_AT + count,
        _ => {
            let i = PAIR_TERMS
                .iter()
                .position(|&(t, _)| t == term)
                .expect("every pair term is in the layout");
            PAIR_TERMS_AT + 2 * i
        }
    }
}

/// How weight `index` is scaled by the phase.
pub fn taper(index: usize) -> Taper {
    const KING: usize = 0;
    const PAWN: usize = 6;
    match index {
        i if i < PST_MG_AT => [Taper::Mg, Taper::Eg][i % 2],
        i if i < PST_EG_KING_AT => match (i - PST_MG_AT) / 90 {
            // Kings and pawns have endgame tables of their own.
            KING | PAWN => Taper::Mg,
            _ => Taper::Both,
        },
        i if i < PAIR_TERMS_AT => Taper::Eg,
        i if i < KING_ZONE_AT => [Taper::Mg, Taper::Eg][(i - PAIR_TERMS_AT) % 2],
        i if i < TEMPO_AT => Taper::Mg,
        _ => Taper::Flat,
    }
}

/// The weights the engine is built with.
pub fn current_weights() -> Vec<i32> {
    let mut weights = vec![0; COUNT];
    let mut put_pair = |at: usize, pair: S| {
        weights[at] = pair.0;
        weights[at + 1] = pair.1;
    };
    for (kind, &pair) in MATERIAL.iter().enumerate() {
        put_pair(MATERIAL_AT + 2 * kind, pair);
    }
    for &(term, _) in &PAIR_TERMS {
        put_pair(term_index(term), term.weight());
    }
    for count in 0..5 {
        let term = Term::KingZoneAttackers(count);
        weights[term_index(term)] = term.weight().0;
    }
    for (kind, table) in PST_MG.iter().enumerate() {
        weights[PST_MG_AT + 90 * kind..][..90].copy_from_slice(table);
    }
    weights[PST_EG_KING_AT..][..90].copy_from_slice(&PST_EG_KING);
    weights[PST_EG_PAWN_AT..][..90].copy_from_slice(&PST_EG_PAWN);
    weights[TEMPO_AT] = TEMPO;
    weights
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_cover_every_index_once() {
        let mut seen = vec![0; COUNT];
        for block in blocks() {
            for count in &mut seen[block.start..block.start + block.form.weights()] {
                *count += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 1));
    }

    #[test]
    fn tapers_follow_the_tables() {
        assert_eq!(taper(MATERIAL_AT + 1), Taper::Eg);
        assert_eq!(taper(PST_MG_AT + 3), Taper::Mg); // king
        assert_eq!(taper(PST_MG_AT + 90 * 3 + 5), Taper::Both); // horse
        assert_eq!(taper(PST_MG_AT + 90 * 6), Taper::Mg); // pawn
        assert_eq!(taper(PST_EG_PAWN_AT + 89), Taper::Eg);
        assert_eq!(taper(term_index(Term::HollowCannon) + 1), Taper::Eg);
        assert_eq!(taper(KING_ZONE_AT + 4), Taper::Mg);
        assert_eq!(taper(TEMPO_AT), Taper::Flat);
    }
}
