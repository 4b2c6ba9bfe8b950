//! Positions built from the rule articles, one or more per article, each
//! with its moves, the verdict every rule set must give and the article that
//! says so (`rules_cases/mod.rs`); and the labels the articles name, checked
//! move by move through the library.

use crate::rules_cases;

use chuhan::rules::chase::{pinned_by_horse, threats, ThreatWay};
use chuhan::rules::exchange::Weighing;
use chuhan::rules::{judge_cycle, MoveKind, RuleSet};
use chuhan::{Position, Square};
use rules_cases::{judge, parse, ARTICLE_CASES};

#[test]
fn every_article_case_gets_the_verdict_its_article_gives() {
    let mut wrong = Vec::new();
    let mut judged = 0;
    for case in ARTICLE_CASES {
        let (start, moves) = parse(case.fen, case.moves);
        for &(rules, want) in case.verdicts {
            let game = judge(&start, &moves, rules);
            judged += 1;
            if game.outcome_name() != want {
                wrong.push(format!(
                    "{} ({rules}): {} ({}) instead of {want}: {}",
                    case.name,
                    game.outcome_name(),
                    game.reason,
                    case.article
                ));
            }
        }
    }
    println!(
        "article cases: {} positions, {judged} verdicts",
        ARTICLE_CASES.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The cycle of a case as judged under `rules`, its moves classified in full.
fn cycle_of(name: &str, rules: RuleSet) -> chuhan::rules::Judgement {
    let case = ARTICLE_CASES
        .iter()
        .find(|c| c.name == name)
        .expect("a known case");
    let (start, moves) = parse(case.fen, case.moves);
    let game = judge(&start, &moves, rules);
    game.cycle.expect("a repetition")
}

#[test]
fn a_check_that_attacks_a_piece_is_labelled_with_both_effects() {
    // 2011 §26.4: c3e3 checks and attacks the unprotected horse on e1 over
    // the elephant; the king's answer is idle (§26.1.2).
    let cycle = cycle_of("one-check-one-chase", RuleSet::Chinese);
    let check = &cycle.moves[0].class;
    assert_eq!(check.kind, MoveKind::Check);
    let chased: Vec<Square> = check.chases.iter().map(|t| t.square).collect();
    assert_eq!(chased, vec![Square::E1]);
    assert_eq!(cycle.moves[1].class.kind, MoveKind::Idle);
    assert!(cycle.moves[1].class.excuse.is_some());
    assert_eq!(cycle.moves[2].class.kind, MoveKind::Chase);
}

#[test]
fn a_cycle_whose_checks_also_attack_the_chased_piece_is_a_perpetual_chase() {
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        let cycle = cycle_of("check-and-chase-of-one-piece", rules);
        assert_eq!(cycle.moves[0].class.kind, MoveKind::Check);
        assert_eq!(cycle.moves[0].class.chases[0].square, Square::C7);
        assert_eq!(
            cycle.reason, "perpetual chase of the cannon on c7 by Red",
            "{rules}"
        );
    }
}

#[test]
fn a_cannons_check_chases_only_a_piece_that_no_answer_saves() {
    // The check uncovers the a0 cannon on the horse, which cannot block.
    let cycle = cycle_of("cannon-check-and-chase-of-one-piece", RuleSet::Asian);
    assert_eq!(cycle.moves[0].class.kind, MoveKind::Check);
    assert_eq!(chased(&cycle, 0), vec![Square::A7]);
    assert_eq!(cycle.reason, "perpetual chase of the horse on a7 by Red");
    // Here the horse answers the check by blocking on the e-file.
    let cycle = cycle_of(
        "cannon-check-that-a-block-answers-wins-nothing",
        RuleSet::Asian,
    );
    assert_eq!(cycle.moves[0].class.kind, MoveKind::Check);
    assert!(chased(&cycle, 0).is_empty());
    assert_eq!(chased(&cycle, 2), vec![Square::C7]);
}

#[test]
fn an_offer_that_chases_is_a_chase_and_the_offer_is_recorded() {
    // 2011 §26.4: 兑兼捉, the heavier effect (the chase) decides.
    let cycle = cycle_of("offer-that-chases", RuleSet::Chinese);
    let offer_and_chase = &cycle.moves[0].class;
    assert_eq!(offer_and_chase.kind, MoveKind::Chase);
    assert_eq!(offer_and_chase.chases[0].square, Square::A7);
    assert!(
        offer_and_chase
            .offers
            .iter()
            .any(|o| o.offering == Square::A2 && o.offered == Square::I2),
        "{:?}",
        offer_and_chase.offers
    );
}

#[test]
fn an_exchange_offer_is_not_a_mate_threat() {
    // 2011 §26.9, 图29: the only mate starts by taking the offered chariot.
    let cycle = cycle_of("perpetual-offer-is-no-mate-threat", RuleSet::Chinese);
    let offer = &cycle.moves[0].class;
    assert_eq!(offer.kind, MoveKind::Idle);
    assert!(!offer.mate_threat);
    assert_eq!(offer.offers.len(), 1);
}

#[test]
fn a_perpetual_mate_threat_is_labelled_on_every_move() {
    let cycle = cycle_of("perpetual-mate-threat", RuleSet::Chinese);
    for m in cycle.moves.iter().filter(|m| m.color == chuhan::Color::Red) {
        assert_eq!(m.class.kind, MoveKind::MateThreat, "{}", m.class.mv);
    }
    assert_eq!(cycle.reason, "perpetual mate threat by Red");
}

/// Black's chariot on f8 stands on the leg of the red horse on g8, which
/// would otherwise check the king on e9; the horse is unprotected, and the
/// chariot is protected by the horse on d7.
const HORSE_PIN: &str = "4k4/5rN2/3n5/9/9/9/9/9/5R3/3K5";

#[test]
fn a_piece_held_on_a_horses_leg_threatens_that_horse_and_only_it() {
    // AXF rule 19 forbids chasing the held piece, not its taking the horse
    // that holds it: that is the chariot chasing the horse of rule 23.
    let mut pos = Position::from_fen(&format!("{HORSE_PIN} b")).unwrap();
    assert!(pinned_by_horse(&pos, Square::F8));
    assert!(!pinned_by_horse(&pos, Square::D7));
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        let found = threats(&mut pos, rules.articles(), Weighing::AllCosts);
        let by_the_chariot: Vec<Square> = found
            .iter()
            .filter(|t| t.attacker == Square::F8)
            .map(|t| t.square)
            .collect();
        assert_eq!(by_the_chariot, vec![Square::G8], "{rules}: {found:?}");
    }
}

#[test]
fn a_piece_pinned_by_a_horse_may_not_be_chased_even_when_protected() {
    // Red's chariot on f1 attacks the pinned, protected chariot on f8. The
    // CXA rules weigh the exchange (here it saves the horse on g8, the
    // chariot's own target); AXF rule 19 counts the chariot as immobilised,
    // protected or not.
    let mut pos = Position::from_fen(&format!("{HORSE_PIN} w")).unwrap();
    let on_f8 = |found: &chuhan::rules::chase::Threats| {
        found.iter().find(|t| t.square == Square::F8).map(|t| t.way)
    };
    let chinese = threats(&mut pos, RuleSet::Chinese.articles(), Weighing::AllCosts);
    assert_ne!(on_f8(&chinese), Some(ThreatWay::Immobilised), "{chinese:?}");
    let asian = threats(&mut pos, RuleSet::Asian.articles(), Weighing::AllCosts);
    assert_eq!(on_f8(&asian), Some(ThreatWay::Immobilised), "{asian:?}");
}

#[test]
fn the_judge_of_a_cycle_names_the_article_cases_reason() {
    // The chase case's reason names its target, read from the full judgement.
    let (start, moves) = parse(ARTICLE_CASES[2].fen, ARTICLE_CASES[2].moves);
    let mut pos = start.clone();
    for &mv in &moves {
        pos.make(mv);
    }
    let judged = judge_cycle(&pos, 4, RuleSet::Chinese).unwrap();
    assert_eq!(judged.reason, "perpetual chase of the cannon on a7 by Red");
}

/// The squares of the pieces a move of `cycle` chases, in order.
fn chased(cycle: &chuhan::rules::Judgement, ply: usize) -> Vec<Square> {
    cycle.moves[ply]
        .class
        .chases
        .iter()
        .map(|t| t.square)
        .collect()
}

#[test]
fn a_joint_chase_of_a_protected_piece_counts_only_in_the_cxa_rules() {
    // 2011 §24.17: two attackers against one root win the cannon.
    let chinese = cycle_of("joint-chase-of-a-protected-cannon", RuleSet::Chinese);
    let joint = &chinese.moves[1].class;
    assert_eq!(joint.kind, MoveKind::Chase);
    assert_eq!(joint.chases[0].way, ThreatWay::Exchange);
    // AXF rule 35: the same move chases nothing.
    let asian = cycle_of("joint-chase-of-a-protected-cannon", RuleSet::Asian);
    assert!(asian.moves.iter().all(|m| m.class.kind == MoveKind::Idle));
}

#[test]
fn an_immobilised_chariot_is_chased_by_every_move_under_asian_rule_19() {
    let asian = cycle_of("horse-pinned-chariot-chased", RuleSet::Asian);
    for (ply, m) in asian.moves.iter().enumerate() {
        if m.color == chuhan::Color::Red {
            assert_eq!(m.class.kind, MoveKind::Chase, "{}", m.class.mv);
            assert_eq!(m.class.chases[0].way, ThreatWay::Immobilised);
            assert_eq!(chased(&asian, ply), vec![Square::F8]);
        } else {
            // The pinned chariot's attack on the horse is no chase.
            assert_eq!(m.class.kind, MoveKind::Idle, "{}", m.class.mv);
        }
    }
    assert_eq!(asian.reason, "perpetual chase of the chariot on f8 by Red");
}

#[test]
fn an_even_trade_that_only_removes_a_threat_wins_nothing() {
    // In the CXA rules the step back to f2 leaves the horse on g8 hanging
    // to the chariot it attacks; taking that chariot trades evenly (a
    // horse takes back) and only saves the horse: no 得子 (2011 §24.3).
    let chinese = cycle_of("horse-pinned-chariot-chased", RuleSet::Chinese);
    for m in &chinese.moves {
        assert_eq!(m.class.kind, MoveKind::Idle, "{}", m.class.mv);
    }
}

#[test]
fn a_returning_piece_renews_its_attack() {
    // The chariot back on a2 attacks the cannon on a7 again.
    let cycle = cycle_of("one-chariot-chases-two-pieces-in-turn", RuleSet::Chinese);
    assert_eq!(chased(&cycle, 0), vec![Square::B5]);
    assert_eq!(cycle.moves[2].class.kind, MoveKind::Chase);
    assert_eq!(chased(&cycle, 2), vec![Square::A7]);
    // The horse back on a2 attacks the cannon on b4 again; its leaving
    // uncovered the chariot's attack on the horse on a7.
    let cycle = cycle_of("returning-horse-renews-its-attack", RuleSet::Chinese);
    assert_eq!(chased(&cycle, 0), vec![Square::A7]);
    assert_eq!(cycle.moves[2].class.kind, MoveKind::Chase);
    assert_eq!(chased(&cycle, 2), vec![Square::B4]);
}

#[test]
fn an_escape_that_lets_a_capture_win_chases_only_with_a_new_attacker() {
    // 参考图37, 参考图23: saving the hanging cannon makes the chariot's capture
    // of c7 a real win; it is a chase only when the escape also frees the
    // horse to attack c7. Stepping back into danger is idle either way.
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        let cycle = cycle_of("an-escape-that-brings-a-new-attacker-chases", rules);
        assert_eq!(cycle.moves[0].class.kind, MoveKind::Chase, "{rules:?}");
        assert_eq!(chased(&cycle, 0), vec![Square::C7], "{rules:?}");
        assert_eq!(cycle.moves[2].class.kind, MoveKind::Idle, "{rules:?}");
        let cycle = cycle_of("an-escape-that-only-saves-the-piece-is-idle", rules);
        for m in &cycle.moves {
            assert_eq!(m.class.kind, MoveKind::Idle, "{rules:?} {}", m.class.mv);
        }
    }
}

#[test]
fn a_guarded_piece_that_steps_out_of_danger_frees_its_guard_to_chase() {
    // 参考图16, 2011 §26.1.1: the cannon's step away turns the chariot's even
    // trade into a win of the horse; its step back is idle. The escape in
    // the case before is not guarded by the attacker, and is idle.
    let name = "a-guarded-piece-stepping-away-frees-its-guard-to-chase";
    let cycle = cycle_of(name, RuleSet::Chinese);
    assert_eq!(cycle.moves[0].class.kind, MoveKind::Chase);
    assert_eq!(chased(&cycle, 0), vec![Square::G3]);
    assert_eq!(cycle.moves[2].class.kind, MoveKind::Idle);
    // The horse falls only after Re3+ (taking at once lets Rh0+, Rg0,
    // Rxg0 mate): under AXF a threat to check and then capture is no chase
    // (rule 38), so the step away is idle there.
    let cycle = cycle_of(name, RuleSet::Asian);
    assert_eq!(cycle.moves[0].class.kind, MoveKind::Idle);
}

#[test]
fn a_piece_that_guards_a_cannons_screen_chases_jointly_and_not_alone() {
    // 参考图15, 参考图39, 2011 §24.17: the chariot's steps keep guarding the
    // screen of the cannon's standing attack, a joint chase under the
    // Chinese rules only.
    let cycle = cycle_of(
        "guarding-a-cannons-screen-is-a-joint-chase",
        RuleSet::Chinese,
    );
    for ply in [0, 2] {
        assert_eq!(chased(&cycle, ply), vec![Square::B8]);
        assert!(cycle.moves[ply].class.chases[0].joint);
        assert!(!cycle.moves[ply].class.single_piece_attack());
    }
    let cycle = cycle_of("guarding-a-cannons-screen-is-a-joint-chase", RuleSet::Asian);
    assert_eq!(cycle.moves[0].class.kind, MoveKind::Idle);
    // 参考图39 (不能离线): what the guard could take only by leaving the
    // screen to be taken is no chase of its own; without the joint chase
    // (AXF) it is one.
    let case = "a-piece-tied-to-a-joint-chase-does-not-chase-alone";
    let cycle = cycle_of(case, RuleSet::Chinese);
    for ply in [0, 2] {
        assert_eq!(chased(&cycle, ply), vec![Square::B5], "ply {ply}");
        assert!(!cycle.moves[ply].class.single_piece_attack());
    }
    let cycle = cycle_of(case, RuleSet::Asian);
    assert_eq!(chased(&cycle, 0), vec![Square::D8]);
    assert_eq!(chased(&cycle, 2), vec![Square::C7]);
}

#[test]
fn a_piece_protected_over_a_cannon_screen_is_only_followed() {
    let cycle = cycle_of("cannon-protected-over-a-screen", RuleSet::Chinese);
    for m in &cycle.moves {
        assert_eq!(m.class.kind, MoveKind::Idle, "{}", m.class.mv);
    }
}

#[test]
fn a_pinned_piece_that_would_capture_at_a_loss_is_idle() {
    // 2011 §26.5, 图23: what leaving the pin uncovers is counted, even a
    // piece the chariot also defends.
    let cycle = cycle_of("pinned-piece-captures-at-a-loss", RuleSet::Chinese);
    for m in &cycle.moves {
        assert_eq!(m.class.kind, MoveKind::Idle, "{}", m.class.mv);
    }
    // A root that is not pinned is judged by what it wins (图22).
    let cycle = cycle_of("root-leaves-its-duty-to-chase", RuleSet::Chinese);
    assert_eq!(cycle.moves[0].class.kind, MoveKind::Chase);
}

#[test]
fn a_perpetual_check_is_counted_from_after_its_capturing_first_move() {
    // 2011 §24.9: the cycle is the one after the capture, judged at the
    // third occurrence of its position.
    let case = ARTICLE_CASES
        .iter()
        .find(|c| c.name == "perpetual-check-after-a-capture")
        .expect("a known case");
    let (start, moves) = parse(case.fen, case.moves);
    let game = judge(&start, &moves, RuleSet::Chinese);
    assert_eq!(game.plies, 9);
    let cycle = game.cycle.expect("a repetition");
    let played: Vec<String> = cycle.moves.iter().map(|m| m.class.mv.to_string()).collect();
    assert_eq!(played, ["d9d8", "i9i8", "d8d9", "i8i9"]);
}

#[test]
fn a_mate_threat_the_check_left_behind_is_not_the_blockers() {
    // 2011 §24.18, §26.3 (自毙): the chariot leaving g0 opened rank 0.
    let cycle = cycle_of("self-inflicted-check", RuleSet::Chinese);
    let block = &cycle.moves[1].class;
    assert!(!block.mate_threat, "{block:?}");
    assert_eq!(block.kind, MoveKind::Idle);
    assert_eq!(chased(&cycle, 3), vec![Square::F7]);
}

#[test]
fn a_king_answer_is_idle_and_its_step_back_that_uncovers_a_chase_is_not() {
    // 2011 §26.1.2 first clause, then §26.1.1.
    let cycle = cycle_of("king-answer-to-check-is-idle", RuleSet::Chinese);
    assert_eq!(cycle.moves[1].class.kind, MoveKind::Idle);
    assert!(cycle.moves[1].class.excuse.is_some());
    assert_eq!(cycle.moves[3].class.kind, MoveKind::Chase);
    assert!(chased(&cycle, 3).contains(&Square::B8));
}

#[test]
fn a_block_that_opens_a_line_against_a_piece_chases() {
    // 2011 §26.1.2 second clause: the chariot's attack on h2 is new even
    // though it stood two plies before, when the horse had not yet come
    // back to h7.
    let cycle = cycle_of("block-that-answers-check-chases", RuleSet::Chinese);
    assert_eq!(cycle.moves[1].class.kind, MoveKind::Chase);
    assert_eq!(chased(&cycle, 1), vec![Square::H2]);
    assert_eq!(cycle.moves[1].class.chases[0].attacker, Square::H9);
}

#[test]
fn a_pawn_capture_with_a_discovered_check_is_a_chase() {
    // 2011 §26.7: the pawn's own attack on c6 is free until the chariot
    // lines up behind it on the king's file.
    let cycle = cycle_of("pawn-capture-uncovering-check-chases", RuleSet::Chinese);
    let step = &cycle.moves[0].class;
    assert_eq!(step.kind, MoveKind::Chase);
    assert_eq!(chased(&cycle, 0), vec![Square::C6]);
    assert_eq!(step.chases[0].attacker, Square::D6);
    // Under the AXF rules a pawn's attacks are its own and free (rule 29).
    let asian = cycle_of("pawn-capture-uncovering-check-chases", RuleSet::Asian);
    assert!(!chased(&asian, 0).contains(&Square::C6));
}

#[test]
fn attacks_on_elephants_from_key_points_are_idle_only_for_a_lone_attacker() {
    // 2011 §26.2.
    let lone = cycle_of("lone-defender-takes-key-points", RuleSet::Chinese);
    let with_horse = cycle_of(
        "two-attacking-pieces-may-not-chase-elephants",
        RuleSet::Chinese,
    );
    for ply in [1, 3] {
        assert_eq!(lone.moves[ply].class.kind, MoveKind::Idle);
        assert_eq!(with_horse.moves[ply].class.kind, MoveKind::Chase);
    }
    assert_eq!(chased(&with_horse, 1), vec![Square::I2]);
}

#[test]
fn chariot_and_horse_against_a_protected_horse_only_offer_the_exchange() {
    // 2011 §26.10.2: two attackers against one root, and yet only 兑.
    let cycle = cycle_of("chariot-and-horse-on-a-protected-horse", RuleSet::Chinese);
    for ply in [0, 2] {
        let m = &cycle.moves[ply].class;
        assert_eq!(m.kind, MoveKind::Idle, "{}", m.mv);
        assert!(
            m.offers
                .iter()
                .any(|o| o.offering == Square::B6 && o.offered == Square::D7),
            "{:?}",
            m.offers
        );
    }
    // §26.10.1: without the root, the chariots chase.
    let cycle = cycle_of(
        "chariot-and-horse-on-an-unprotected-horse",
        RuleSet::Chinese,
    );
    assert_eq!(chased(&cycle, 0), vec![Square::D7]);
}

#[test]
fn every_move_of_a_mutual_perpetual_check_checks() {
    // AXF rule 7.
    let cycle = cycle_of("mutual-perpetual-check", RuleSet::Asian);
    assert!(cycle.moves.iter().all(|m| m.class.check));
    assert_eq!(cycle.reason, "mutual perpetual check");
}

#[test]
fn an_exchange_offer_that_loses_if_accepted_is_a_chase() {
    // 2011 §26.9: the mutual attack of the chariots is no 兑 when taking
    // the offering chariot gets the acceptor mated.
    let cycle = cycle_of("losing-exchange-offer-chases", RuleSet::Chinese);
    for (ply, target) in [(0, Square::A4), (2, Square::A5)] {
        let m = &cycle.moves[ply].class;
        assert_eq!(m.kind, MoveKind::Chase, "{}", m.mv);
        assert_eq!(chased(&cycle, ply), vec![target]);
        assert_eq!(m.chases[0].way, ThreatWay::LosingOffer);
        assert!(m.offers.is_empty(), "{:?}", m.offers);
    }
    // AXF rules 24 and 40: chariots that can take each other only offer,
    // whatever taking costs.
    let cycle = cycle_of("losing-exchange-offer-chases", RuleSet::Asian);
    for (ply, target) in [(0, Square::A4), (2, Square::A5)] {
        let m = &cycle.moves[ply].class;
        assert_eq!(m.kind, MoveKind::Idle, "{}", m.mv);
        let offered: Vec<Square> = m.offers.iter().map(|o| o.offered).collect();
        assert_eq!(offered, vec![target], "{}", m.mv);
    }
    // With the cannon gone nothing mates after the exchange: a plain offer.
    let mut pos = Position::from_fen("3k5/4a1N2/3a5/9/3R5/r8/9/3A5/9/4K4 w - - 0 1").unwrap();
    pos.try_play("d5d4".parse().unwrap()).unwrap();
    pos.make_null();
    let found = threats(&mut pos, RuleSet::Chinese.articles(), Weighing::AllCosts);
    assert!(found.iter().all(|t| t.square != Square::A4), "{found:?}");
}

#[test]
fn a_pawn_winning_through_a_check_is_idle() {
    // 2011 §26.7: the check wins the horse, but only for the pawn.
    let cycle = cycle_of("pawn-winning-through-a-check-is-idle", RuleSet::Chinese);
    for ply in [0, 2] {
        let m = &cycle.moves[ply].class;
        assert_eq!(m.kind, MoveKind::Idle, "{}", m.mv);
        assert!(m.chases.is_empty(), "{:?}", m.chases);
    }
    // A horse on d8 instead of the pawn wins the same horse the same way.
    let mut pos = Position::from_fen("3nk4/3N5/9/9/3P5/1p7/9/8R/R2N5/3K5 w - - 0 1").unwrap();
    pos.try_play("d1f2".parse().unwrap()).unwrap();
    pos.make_null();
    let found = threats(&mut pos, RuleSet::Chinese.articles(), Weighing::AllCosts);
    assert!(found.iter().any(|t| t.square == Square::D9), "{found:?}");
}

#[test]
fn a_check_that_wins_some_piece_whatever_the_answer_chases() {
    // 2011 §24.3: the return to b1 threatens Rb9+, which wins the chariot
    // if it blocks and the horse if the king steps aside. Under AXF a chase
    // is of one piece, and no one piece is lost whatever the answer.
    let chinese = cycle_of("check-that-wins-whichever-piece", RuleSet::Chinese);
    let back = &chinese.moves[2].class;
    assert_eq!(back.kind, MoveKind::Chase);
    assert_eq!(back.chases.len(), 1);
    assert!(back.chases[0].whichever, "{:?}", back.chases);
    // The least the best answer gives up: the horse, not the chariot.
    assert_eq!(back.chases[0].square, Square::H9);
    let asian = cycle_of("check-that-wins-whichever-piece", RuleSet::Asian);
    assert_eq!(asian.moves[2].class.kind, MoveKind::Idle);
    // The check on d1 itself wins nothing: the king's step to e9 saves all.
    assert!(chinese.moves[0].class.chases.is_empty());
}

// What a read of the code found (issue 26 part 3), each shown on a
// position built here.

/// The cycle that `moves` (long algebraic) close from `fen`, judged in full
/// under `rules` at the position's second occurrence.
fn closed_cycle(fen: &str, moves: &str, rules: RuleSet) -> chuhan::rules::Judgement {
    let (start, moves) = parse(fen, moves);
    let mut pos = start;
    for &mv in &moves {
        pos.try_play(mv).expect("a legal move");
    }
    let (count, cycle) = chuhan::rules::occurrences(&pos);
    assert_eq!(count, 2, "the moves close a cycle");
    judge_cycle(&pos, cycle.expect("a cycle"), rules).expect("a judgeable cycle")
}

/// The red chariot on a3 attacks the unprotected black cannon on a8 along
/// the a-file; the black chariot on h5 can check along the e-file, and the
/// red advisor on d0 can block on e1. The red horse on i2 can step out and
/// back.
const STANDING_ATTACK: &str = "4k4/c3a4/9/9/7r1/9/R8/8N/9/3AK4 w";

/// The kinds of a cycle's moves, in order.
fn kinds(cycle: &chuhan::rules::Judgement) -> Vec<MoveKind> {
    cycle.moves.iter().map(|m| m.class.kind).collect()
}

#[test]
fn a_block_after_another_pieces_move_leaves_a_standing_attack_standing() {
    // The control for the test below: Red's horse steps out and back, the
    // chariot stays on a3 all along. The block on e1 (2011 §26.1.2: a
    // non-king answer to check chases only if it makes a new threat)
    // changes nothing on the a-file: idle.
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        let cycle = closed_cycle(
            STANDING_ATTACK,
            "i2g1 h5e5 d0e1 e5h5 e1d0 e9d9 g1i2 d9e9",
            rules,
        );
        use MoveKind::{Check, Idle};
        assert_eq!(
            kinds(&cycle),
            [Idle, Check, Idle, Idle, Idle, Idle, Idle, Idle],
            "{rules}"
        );
        assert_eq!(cycle.loser, None, "{rules}: {}", cycle.reason);
    }
}

#[test]
fn a_block_after_the_attackers_own_move_leaves_a_standing_attack_standing() {
    // As above, but Red's first move is the chariot's own step a3a4, which
    // keeps its attack on a8 (idle: the same attacker on the same target,
    // 从捉到捉). After the check, the standing threats are read at Red's
    // turn before a3a4 (the chariot on a3); a3a4 keeps the line, so the
    // threat stands, from a4: the block finds the chariot on a4 attacking
    // a8 as before, nothing new (it was labelled a chase while the standing
    // threat kept the attacker's old point).
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        let cycle = closed_cycle(
            STANDING_ATTACK,
            "a3a4 h5e5 d0e1 e5h5 e1d0 e9d9 a4a3 d9e9",
            rules,
        );
        use MoveKind::{Check, Idle};
        assert_eq!(
            kinds(&cycle),
            [Idle, Check, Idle, Idle, Idle, Idle, Idle, Idle],
            "{rules}: the block d0e1 chases {:?}",
            cycle.moves[2].class.chases
        );
    }
}

/// Two red chariots attack the unprotected black cannon on c6, one along
/// the c-file from c2, one along rank 6 from h6; each can step off its line
/// to a point where it attacks nothing (c2a2, h6h3). Then the same with
/// the colours flipped: the file's chariot steps c7a7, the rank's h3h6.
const TWO_ATTACKERS: [(&str, [&str; 2]); 2] = [
    ("2bakab2/9/9/2c4R1/9/9/9/2R6/9/3K5 w", ["c2a2", "h6h3"]),
    ("3k5/9/2r6/9/9/9/2C4r1/9/9/2BAKAB2 b", ["c7a7", "h3h6"]),
];

#[test]
fn a_chariot_leaving_a_doubly_attacked_piece_chases_nothing() {
    use chuhan::rules::classify::{classify, Detail};
    // Either chariot stepping off leaves the other's attack on the cannon,
    // which stood before the move: nothing new, so each step is idle (1999
    // §29.2). The threat lists one entry per target, the strongest attacker
    // first; the other stays known as a second attacker, or the step of the
    // chariot the move generator lists first (c2 for Red, h3 for Black)
    // would be a chase by the other.
    let mut labels = Vec::new();
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        for (fen, steps) in TWO_ATTACKERS {
            for mv in steps {
                let mut pos = Position::from_fen(fen).unwrap();
                let class = classify(
                    &mut pos,
                    mv.parse().unwrap(),
                    Detail::Full,
                    rules.articles(),
                );
                labels.push(format!("{rules} {mv}: {} {:?}", class.kind, class.chases));
            }
        }
    }
    assert!(
        labels.iter().all(|l| l.contains(": idle")),
        "{}",
        labels.join("\n")
    );
}

/// The red chariot on a6 attacks the unprotected black horse on e6 along
/// rank 6; the other red chariot steps between i5 and i6, joining the
/// attack from the other side and leaving it; the black king steps about.
/// And the same game mirrored left to right.
const JOINING_ATTACKER: [(&str, &str); 2] = [
    ("5k3/9/9/R3n4/8R/9/9/9/9/3K5 w", "i5i6 f9f8 i6i5 f8f9"),
    ("3k5/9/9/4n3R/R8/9/9/9/9/5K3 w", "a5a6 d9d8 a6a5 d8d9"),
];

#[test]
fn a_chariot_joining_an_attack_on_an_unprotected_piece_chases_nothing() {
    // The horse could be taken before the second chariot came (1999 §29.2:
    // no new chase), and either chariot wins it as well as the other. Which
    // of the two the move generator names first differs between the game
    // and its mirror; once the joining step chased in the mirror only.
    for rules in [RuleSet::Chinese, RuleSet::Asian] {
        for (fen, moves) in JOINING_ATTACKER {
            let cycle = closed_cycle(fen, moves, rules);
            assert!(
                kinds(&cycle).iter().all(|&k| k == MoveKind::Idle),
                "{rules} {fen}: {:?}",
                kinds(&cycle)
            );
        }
    }
}
