//! What a referee needs to see why a move was labelled as it was: every
//! piece the move leaves attacked, the protection found (or missing), what
//! the rules make of the attack and by which article, and whether it became
//! the move's chase, and if not, by which article. The facts come from the
//! labeller ([`classify`](super::classify)) itself, so what is shown is what
//! decided.

use super::citations::{counted_article, excuse_article, finding_article, label_article};
use super::classify::Counted;
use super::cycle::{color_name, Judgement};
use super::rule_set::{Articles, VerdictTable};
use super::threat::{Finding, Threat};
use super::verdict_tables::CycleMove;
use crate::core::{Move, Square};

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

/// One line for one attacked piece: where from, the protection, what the
/// rules make of it and by which article, and whether it is the move's
/// chase.
pub fn attack_line(a: &Attack) -> String {
    let t = &a.threat;
    let protection = if let Some(check) = t.check {
        if t.whichever {
            format!("won through the check {check}, or another piece if the answer saves it")
        } else {
            format!("won through the check {check}")
        }
    } else if t.protectors.is_empty() {
        "no protection".to_string()
    } else {
        let by: Vec<String> = t.protectors.into_iter().map(|sq| sq.to_string()).collect();
        format!("protected from {}", by.join(", "))
    };
    let outcome = match a.counted {
        Some(_) if a.chases() => "chase".to_string(),
        Some(_) => format!("no chase [{}]", a.counted_article),
        None => "no chase".to_string(),
    };
    format!(
        "{} {} attacked from {}: {protection}; {} (gain {}) [{}]: {outcome}",
        t.victim.kind.name(),
        t.target,
        t.attacker,
        finding_name(t.finding),
        t.gain,
        a.finding_article
    )
}

/// The lines of effects under one move.
pub fn effect_lines(m: &CycleMove, effects: &MoveEffects) -> Vec<String> {
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    let mut head = format!(
        "check: {}; mate threat: {}",
        yes_no(m.class.check),
        yes_no(m.class.mate_threat)
    );
    let offers: Vec<String> = offers(effects)
        .map(|t| format!("{} for {}", t.attacker, t.target))
        .collect();
    if !offers.is_empty() {
        head += &format!("; exchange offered: {}", offers.join(", "));
    }
    let mut lines = vec![head];
    lines.extend(effects.notes.iter().cloned());
    lines.extend(effects.attacks.iter().map(attack_line));
    if effects.attacks.is_empty() && !m.class.check {
        lines.push("attacks nothing".to_string());
    }
    lines
}

/// The exchanges a move offers (兑): its attacks on pieces of their own
/// kind that can take back at no cost (one that loses if accepted is a
/// chase, shown as such).
pub fn offers(effects: &MoveEffects) -> impl Iterator<Item = &Threat> {
    effects
        .attacks
        .iter()
        .map(|a| &a.threat)
        .filter(|t| t.finding == Finding::Offer)
}

/// The pieces a cycle move chases: kind name and point.
pub fn targets(m: &CycleMove) -> impl Iterator<Item = (&'static str, Square)> + '_ {
    m.class
        .chases
        .iter()
        .map(|t| (t.victim.kind.name(), t.target))
}

/// A cycle move's line in the referee's report: the move, its side, its
/// label and the pieces it chases, and with its effects the article behind
/// the label (`h2e2 Red chase (rook e7) [2011 §...]`).
pub fn move_heading(m: &CycleMove, effects: Option<&MoveEffects>) -> String {
    let mut heading = format!("{} {} {}", m.class.mv, color_name(m.color), m.class.kind);
    let chased: Vec<String> = targets(m)
        .map(|(kind, square)| format!("{kind} {square}"))
        .collect();
    if !chased.is_empty() {
        heading += &format!(" ({})", chased.join(", "));
    }
    if let Some(article) = effects.map(|e| e.article).filter(|a| !a.is_empty()) {
        heading += &format!(" [{article}]");
    }
    heading
}

/// The referee's whole account of a cycle, as `chuhan judge --explain`
/// prints it under the verdict: each move's heading, then its effects
/// indented.
pub fn explanation_lines(judgement: &Judgement, articles: Articles) -> Vec<String> {
    let effects = explain_cycle(judgement, articles);
    let mut lines = Vec::new();
    for (m, e) in judgement.moves.iter().zip(&effects) {
        lines.push(move_heading(m, Some(e)));
        lines.extend(
            effect_lines(m, e)
                .into_iter()
                .map(|line| format!("    {line}")),
        );
    }
    lines
}
