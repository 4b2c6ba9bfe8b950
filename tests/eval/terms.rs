//! The evaluation's knowledge of threats and of the king's shape, each term
//! on a position built for it: the term fires there (and not in a control
//! position that lacks the pattern), and its weight reaches the evaluation of
//! the side that owns the pattern. The term's effect is read exactly, as the
//! evaluation with the engine's weights minus the evaluation with that one
//! term's weights set to zero. Its sign is the tuner's: on 2 M positions the
//! endgame halves of a few penalties came out positive (a threatened chariot,
//! a bottom cannon in the test's near-empty boards), and games, not intuition,
//! chose those weights.

use chuhan::eval::classical::{evaluate, side_terms, Term, TermSink};
use chuhan::learn::texel::features::Features;
use chuhan::learn::texel::layout::{current_weights, term_index};
use chuhan::{Color, Position};

/// How often `term` applies to `color` in `fen`.
fn count(fen: &str, color: Color, term: Term) -> i32 {
    struct Counter(Term, i32);
    impl TermSink for Counter {
        fn add(&mut self, term: Term, count: i32) {
            if term == self.0 {
                self.1 += count;
            }
        }
    }
    let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut counter = Counter(term, 0);
    side_terms(&pos, color, &mut counter);
    counter.1
}

/// What `term` adds to the evaluation of `fen`, from Red's view.
fn effect(fen: &str, term: Term) -> i32 {
    let pos = Position::from_fen(fen).unwrap();
    let features = Features::of(&pos);
    let weights = current_weights();
    let mut without = weights.clone();
    without[term_index(term)] = 0;
    without[term_index(term) + 1] = 0;
    let with = features.evaluate(&weights);
    // The features are the evaluation, so the figure is the engine's own.
    let red_view = match pos.side_to_move() {
        Color::Red => evaluate(&pos),
        Color::Black => -evaluate(&pos),
    };
    assert_eq!(with, red_view);
    with - features.evaluate(&without)
}

/// `term` fires for Red in `fen` and not in `control`, and its weight
/// reaches Red's evaluation there.
fn fires_for_red(term: Term, fen: &str, control: &str) {
    assert!(count(fen, Color::Red, term) > 0, "{term:?} in {fen}");
    assert_eq!(count(control, Color::Red, term), 0, "{term:?} in {control}");
    assert_ne!(
        effect(fen, term),
        0,
        "{term:?} reaches the evaluation of {fen}"
    );
    assert_eq!(effect(control, term), 0);
}

#[test]
fn a_chariot_attacked_by_a_pawn_or_a_horse_is_threatened() {
    // A black pawn on e4 attacks the red chariot on e3; on d3 it would not.
    fires_for_red(
        Term::ChariotThreatened,
        "5k3/9/9/9/9/9/4p4/4R4/9/4K4 w",
        "5k3/9/9/9/9/9/4p4/3R5/9/4K4 w",
    );
    // A black horse on f5 attacks e3 (its leg f4 is free); with the leg
    // blocked (a black pawn on f4) it does not.
    fires_for_red(
        Term::ChariotThreatened,
        "3k5/9/9/9/5n3/9/4R4/9/9/4K4 w",
        "3k5/9/9/9/5n3/5p3/4R4/9/9/4K4 w",
    );
    // A chariot attacked only by a chariot is an even exchange, no threat.
    assert_eq!(
        count(
            "3k5/9/9/9/9/9/9/r3R4/9/4K4 w",
            Color::Red,
            Term::ChariotThreatened
        ),
        0
    );
}

#[test]
fn a_horse_or_cannon_attacked_by_a_pawn_is_threatened() {
    fires_for_red(
        Term::MinorThreatenedByPawn,
        "3k5/9/9/9/9/9/4p4/4N4/9/4K4 w",
        "3k5/9/9/9/9/9/4p4/9/4N4/4K4 w",
    );
    fires_for_red(
        Term::MinorThreatenedByPawn,
        "5k3/9/9/9/9/9/3p5/3C5/9/4K4 w",
        "5k3/9/9/9/9/9/3p5/2C6/9/4K4 w",
    );
}

#[test]
fn a_piece_attacked_and_not_defended_hangs() {
    // The black chariot on a5 attacks the red cannon on e5; a red pawn on e4
    // defends it in the control.
    fires_for_red(
        Term::HangingPiece,
        "3k5/9/9/9/r3C4/9/9/9/9/4K4 w",
        "3k5/9/9/9/r3C4/4P4/9/9/9/4K4 w",
    );
    // Black's pieces hang the same way: the term is symmetric.
    assert_eq!(
        count(
            "4k4/9/9/9/9/4c3R/9/9/9/3K5 w",
            Color::Black,
            Term::HangingPiece
        ),
        1
    );
}

#[test]
fn advisors_count_for_more_against_attackers_across_the_river() {
    // A black chariot in Red's half (a3) against one at home (a7).
    let crossed = "3k5/9/9/9/9/9/r8/9/4A4/3AK4 w";
    let home = "3k5/9/r8/9/9/9/9/9/4A4/3AK4 w";
    assert_eq!(count(crossed, Color::Red, Term::AdvisorVsCrossed), 2 * 2);
    assert_eq!(count(home, Color::Red, Term::AdvisorVsCrossed), 0);
    // The guard term, counting every attacker, carries most of the value;
    // this one must still reach the evaluation.
    assert_ne!(effect(crossed, Term::AdvisorVsCrossed), 0);
    // Elephants likewise, against a horse that has crossed.
    let crossed = "3k5/9/9/9/9/9/9/n8/9/2B1K1B2 w";
    let home = "3k5/9/n8/9/9/9/9/9/9/2B1K1B2 w";
    assert_eq!(count(crossed, Color::Red, Term::ElephantVsCrossed), 2);
    assert_eq!(count(home, Color::Red, Term::ElephantVsCrossed), 0);
    assert_ne!(effect(crossed, Term::ElephantVsCrossed), 0);
}

#[test]
fn missing_advisors_cost_against_horses_and_missing_elephants_against_cannons() {
    // Red without advisors against two black horses: 2 * 2; with both
    // advisors, nothing.
    fires_for_red(
        Term::MissingAdvisorVsHorse,
        "1n1k2n2/9/9/9/9/9/9/9/9/4K4 w",
        "1n1k2n2/9/9/9/9/9/9/9/4A4/3AK4 w",
    );
    assert_eq!(
        count(
            "1n1k2n2/9/9/9/9/9/9/9/9/4K4 w",
            Color::Red,
            Term::MissingAdvisorVsHorse
        ),
        4
    );
    // One elephant missing against one cannon.
    fires_for_red(
        Term::MissingElephantVsCannon,
        "3k5/9/1c7/9/9/9/9/9/9/2B1K4 w",
        "3k5/9/1c7/9/9/9/9/9/9/2B1K1B2 w",
    );
    // No cannon, no cost.
    assert_eq!(
        count(
            "3k5/9/9/9/9/9/9/9/9/2B1K4 w",
            Color::Red,
            Term::MissingElephantVsCannon
        ),
        0
    );
}

#[test]
fn a_horse_on_the_palace_centre_under_a_central_cannon_is_smothered() {
    // 窝心马: the red horse on e1, a black cannon on e7 (a red pawn on e3 is
    // the second screen); the control has the cannon on d7.
    fires_for_red(
        Term::SmotheredCentreHorse,
        "3k5/9/4c4/9/9/9/4P4/9/4N4/4K4 w",
        "3k5/9/3c5/9/9/9/4P4/9/4N4/4K4 w",
    );
}

#[test]
fn a_cannon_on_the_back_rank_beside_the_king_is_dangerous() {
    // 沉底炮: a black cannon on a0 with the red king on e0; the control has
    // the king raised to e1.
    fires_for_red(
        Term::BottomCannon,
        "3k5/9/9/9/9/9/9/9/9/c3K4 w",
        "3k5/9/9/9/9/9/9/9/4K4/c8 w",
    );
}

#[test]
fn a_horse_or_cannon_alone_before_the_king_is_pinned_by_a_chariot() {
    // The red horse on e2 between the red king and a black chariot on e7;
    // with a red pawn on e3 as well, neither piece is alone on the line.
    fires_for_red(
        Term::PinnedToKing,
        "3k5/9/4r4/9/9/9/9/4N4/9/4K4 w",
        "3k5/9/4r4/9/9/9/4P4/4N4/9/4K4 w",
    );
    // Along the rank, a cannon.
    fires_for_red(
        Term::PinnedToKing,
        "3k5/9/9/9/9/9/9/9/9/r2CK4 w",
        "3k5/9/9/9/9/9/9/9/3C5/r3K4 w",
    );
    // A chariot on the line could take the pinner: not counted.
    assert_eq!(
        count(
            "3k5/9/4r4/9/9/9/9/4R4/9/4K4 w",
            Color::Red,
            Term::PinnedToKing
        ),
        0
    );
}
