//! The article of each rule book behind every finding, label and verdict,
//! so that a referee can check our reading (`judge --explain`): why an
//! attack is or is not a threat, why a threat is or is not the move's
//! chase, every excuse, and the verdict. The CXA articles are those of the
//! 2011 text (1999 where 2011 is silent); the AXF ones are numbered as in
//! [`asian_articles`](super::asian_articles).

use super::classify::{Counted, MoveClass, MoveKind};
use super::cycle::Judgement;
use super::excuse::Excuse;
use super::rule_set::{Articles, VerdictTable};
use super::threat::{Finding, Threat};
use super::verdict_tables::{both_attack, DrawReason, Offence};
use crate::core::PieceKind;

/// The article behind what the rules make of one attack.
pub fn finding_article(threat: &Threat, table: VerdictTable) -> &'static str {
    let axf = table != VerdictTable::Cxa2011;
    let on_chariot = threat.victim.kind == PieceKind::Chariot;
    match (threat.finding, axf) {
        (Finding::Unprotected, true) if threat.victim.kind == PieceKind::Cannon => {
            "AXF rule 18 (an unprotected piece; a false root is none, rule 34)"
        }
        (Finding::Unprotected, true) => {
            "AXF rules 25, 34 (an unprotected piece; a false root is none)"
        }
        (Finding::Unprotected, false) => "2011 §24.3, §24.16 (无根子; a false root is none)",
        (Finding::OnChariot, true) => {
            "AXF rules 15, 26 (a horse or cannon on a chariot, protected or not)"
        }
        (Finding::OnChariot, false) => "2011 §24.3 (a horse or cannon on a chariot wins material)",
        (Finding::WonByExchange, _) if on_chariot => {
            "2011 §24.3 (the full exchange on the point wins the chariot)"
        }
        (Finding::WonByExchange, _) => {
            "2011 §24.3, §24.15 (the full exchange on the point nets material: 少根子)"
        }
        (Finding::LosingOffer, _) => "2011 §26.9 (an offer that loses if accepted)",
        (Finding::PawnCaptureWithCheck, _) => "2011 §26.7 (a pawn's capture uncovers a check)",
        (Finding::ThroughCheck, _) => "2011 §24.3 (won through a check, whatever the answer)",
        (Finding::ByKingOrPawn, true) => "AXF rules 28-29 (the king and pawns may attack)",
        (Finding::ByKingOrPawn, false) => "2011 §26.1 (the king and pawns may attack)",
        (Finding::Offer, true) => "AXF rules 24, 40 (an exchange offer)",
        (Finding::Offer, false) => "2011 §24.4, §26.9 (兑, an exchange offer)",
        (Finding::Protected, true) => "AXF rules 17, 35 (a protected piece: one legal recapture)",
        (Finding::Protected, false) => "2011 §24.7 (跟: a protected piece, nothing won)",
        (Finding::MatedAfter, _) => "2011 §24.3 (the capture is mated at once: no win)",
        (Finding::AtALoss, _) => "2011 §26.5 (a root's or pinned piece's capture at a loss)",
    }
}

/// The article behind what became of a threat the move left.
pub fn counted_article(counted: Counted) -> &'static str {
    match counted {
        Counted::Chase => "",
        Counted::TakingPart => "",
        Counted::Standing => "1999 §29.2 (it stood before the move: no new chase)",
        Counted::Unanswered => {
            "AXF appendix (the piece neither fled nor was protected, though it could: not chased)"
        }
        Counted::Excused(excuse) => excuse_article(excuse),
    }
}

/// The article behind an excuse.
pub fn excuse_article(excuse: Excuse) -> &'static str {
    match excuse {
        Excuse::KingAnswersCheck => {
            "2011 §26.1.2 (what the king's answer to check attacks is idle)"
        }
        Excuse::KeyDefensivePoint => {
            "2011 §26.2 (a lone attacker holding a key point of the defence)"
        }
        Excuse::SelfInflicted => "2011 §24.18, §26.3 (自毙: the check's own doing)",
    }
}

/// The article behind one move's label.
pub fn label_article(class: &MoveClass, articles: Articles) -> &'static str {
    let table = articles.table;
    match (class.kind, table) {
        (_, VerdictTable::ChecksOnly) if class.check => "simple: a check",
        (_, VerdictTable::ChecksOnly) => "simple: only checks count",
        (MoveKind::Check, VerdictTable::Cxa2011) => "2011 §24.1 (将)",
        (MoveKind::Check, VerdictTable::Axf) => "AXF rule 6 (a check, and only a check)",
        (MoveKind::MateThreat, _) => "2011 §24.2 (杀)",
        (MoveKind::Chase, _) => class
            .chases
            .first()
            .map_or("", |threat| finding_article(threat, table)),
        (MoveKind::Idle, VerdictTable::Axf) if class.mate_threat => {
            "AXF rules 9-10 (a mate threat, allowed)"
        }
        (MoveKind::Idle, _) if class.mate_excuse.is_some() => {
            class.mate_excuse.map_or("", excuse_article)
        }
        (MoveKind::Idle, VerdictTable::Axf) => "AXF rule 5 (no violation)",
        (MoveKind::Idle, VerdictTable::Cxa2011) => "2011 §24.8 (闲, every other move)",
    }
}

/// The article behind a cycle's verdict.
pub fn verdict_article(judgement: &Judgement, articles: Articles) -> &'static str {
    let table = articles.table;
    match (table, &judgement.offence, judgement.draw) {
        (VerdictTable::ChecksOnly, Some(_), _) => "simple: perpetual check loses",
        (VerdictTable::ChecksOnly, None, _) => "simple: only perpetual check loses",
        (VerdictTable::Cxa2011, Some(Offence::PerpetualCheck), _) => {
            "2011 §25.1 (unilateral perpetual check)"
        }
        (VerdictTable::Cxa2011, Some(_), _) if both_attack(&judgement.moves) => {
            "2011 §26.8 (both forbidden: the single-piece attacker varies)"
        }
        (VerdictTable::Cxa2011, Some(_), _) => "2011 §25.3 (one side forbidden)",
        (VerdictTable::Cxa2011, None, Some(DrawReason::MutualPerpetualCheck)) => {
            "2011 §26.8.4 (both check: only a unilateral perpetual check loses)"
        }
        (VerdictTable::Cxa2011, None, Some(DrawReason::BothAttack)) => {
            "2011 §26.8.4 (both forbidden alike)"
        }
        (VerdictTable::Cxa2011, None, _) => "2011 §25.2 (both allowed)",
        (VerdictTable::Axf, Some(Offence::PerpetualCheck), _) => "AXF rules 6, 8 (perpetual check)",
        (VerdictTable::Axf, Some(_), _) => {
            "AXF rules 32-33 and principles (one piece chased by every move; the violator varies)"
        }
        (VerdictTable::Axf, None, Some(DrawReason::MutualPerpetualCheck)) => {
            "AXF rule 7 (both check)"
        }
        (VerdictTable::Axf, None, Some(DrawReason::BothAttack)) => {
            "AXF principles (both violate alike: a draw)"
        }
        (VerdictTable::Axf, None, _) => {
            "AXF rules 5, 12-13, 32 and principles (no violation: a draw)"
        }
    }
}
