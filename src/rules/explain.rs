//! What a referee needs to see why a move was labelled as it was: every
//! piece the move leaves attacked, the protection found (or missing), what
//! the rules make of the attack and by which article, and whether it became
//! the move's chase, and if not, by which article. The facts come from the
//! labeller ([`classify`](super::classify)) itself, so what is shown is what
//! decided.

use super::citations::{counted_article, excuse_article, finding_article, label_article};
use super::classify::Counted;
use super::cycle::Judgement;
use super::rule_set::{Articles, VerdictTable};
use super::threat::{Finding, Threat};
use crate::core::Move;

/// One attack a move left, as a referee reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    pub threat: Threat,
    /// What became of it, where it threatens anything.
    pub counted: Option<Counted>,
    /// The article behind what the rules make of the attack.
    pub finding_article: &'static str,
    /// The article that kept a threat from being the move's chase (empty
    /// when it is one, or threatens nothing).
    pub counted_article: &'static str,
}

impl Attack {
    /// Whether the attack became a chase of the move.
    pub fn chases(&self) -> bool {
        self.counted.is_some_and(Counted::chases)
    }
}

/// Every effect of one move of a cycle, and the articles behind them.
#[derive(Clone, Debug)]
pub struct MoveEffects {
    pub mv: Move,
    /// The article behind the move's label.
    pub article: &'static str,
    /// Why a check counts nothing else, or why a mate threat is excused.
    pub notes: Vec<String>,
    pub attacks: Vec<Attack>,
}

/// The effects of each move of `judgement`'s cycle under the rule set whose
/// `articles` judged it.
pub fn explain_cycle(judgement: &Judgement, articles: Articles) -> Vec<MoveEffects> {
    judgement
        .moves
        .iter()
        .map(|m| {
            let class = &m.class;
            let mut notes = Vec::new();
            if class.check && !articles.checks_only() {
                notes.push(match articles.table {
                    VerdictTable::Cxa2011 => {
                        "a check: the heavier effect, what else it attacks is not weighed (2011 §26.4)"
                    }
                    _ => "a check is only a check: what else it attacks is not counted (AXF rules 6, 12)",
                }
                .to_string());
            }
            if let Some(excuse) = class.mate_excuse {
                notes.push(format!(
                    "its mate threat is not held against it: {}",
                    excuse_article(excuse)
                ));
            }
            let attacks = class
                .examined
                .iter()
                .map(|e| Attack {
                    threat: e.threat,
                    counted: e.counted,
                    finding_article: finding_article(&e.threat, articles.table),
                    counted_article: e.counted.map_or("", counted_article),
                })
                .collect();
            MoveEffects {
                mv: class.mv,
                article: label_article(class, articles),
                notes,
                attacks,
            }
        })
        .collect()
}

/// The finding in words, for the referee's line.
pub fn finding_name(finding: Finding) -> &'static str {
    match finding {
        Finding::Unprotected => "unprotected",
        Finding::OnChariot => "a horse or cannon on a chariot",
        Finding::WonByExchange => "won by the exchange",
        Finding::LosingOffer => "an exchange offer that loses if accepted",
        Finding::PawnCaptureWithCheck => "a pawn's capture with a discovered check",
        Finding::ThroughCheck => "won through a check",
        Finding::ByKingOrPawn => "the king's or a pawn's attack",
        Finding::Offer => "an exchange offer",
        Finding::Protected => "protected",
        Finding::MatedAfter => "the capture is mated at once",
        Finding::AtALoss => "a root's or pinned piece's capture at a loss",
    }
}
