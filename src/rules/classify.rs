//! One move of a repeating cycle, classified: a check (将) is a check and
//! nothing else; otherwise the move chases (捉) each piece it leaves
//! threatened ([`threat`](super::threat)) where the threat passes the rule
//! set's test (answered by the reply, or new), and under rules that count
//! them it may threaten mate (杀); anything else is idle (闲).
//!
//! Which threats count is [`novelty`](super::novelty)'s to say, which are
//! excused [`excuse`](super::excuse)'s, and which chases are a single
//! piece's [`joint`](super::joint)'s.

use super::excuse::{every_answer, excuse, Excuse};
use super::joint::single_piece_chase;
use super::mate::{threatens_mate, threatens_mate_besides};
use super::novelty::{answered, could_answer, mate_stood_before, stood_before, takes_part};
use super::pass::after_pass;
use super::replay::Replay;
use super::rule_set::{Articles, VerdictTable};
use super::threat::{examine, Finding, Threat, Turn};
use crate::core::{Move, PieceKind, Square};
use std::fmt;

/// The kind of a move. Of several effects the heaviest names it (2011
/// §26.4 "凡走子兼具多种作用时，应从重裁处"): a check is only a check (AXF rule
/// 6 too), a mate threat is one whatever else the move does (the 2011
/// book labels 杀兼捉 杀: 图7, 图20; 1999 §27.4 had it 捉), and an exchange
/// offer that also chases is a chase (§26.4, AXF rule 36).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MoveKind {
    Idle,
    Chase,
    MateThreat,
    Check,
}

impl MoveKind {
    pub fn name(self) -> &'static str {
        match self {
            MoveKind::Check => "check",
            MoveKind::MateThreat => "mate-threat",
            MoveKind::Chase => "chase",
            MoveKind::Idle => "idle",
        }
    }
}

impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What became of a threat the move left standing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    /// A chase of this move.
    Chase,
    /// A chase of this move, jointly: the threat stood before it, and the
    /// piece that moved takes part in it (see [`Articles::renewed_by`]).
    TakingPart,
    /// It stood before the move: no chase of this move (1999 §29.2).
    Standing,
    /// The reply left it standing, though a reply could have saved it: the
    /// piece neither fled nor was protected (the AXF rules' appendix).
    Unanswered,
    Excused(Excuse),
}

impl Counted {
    /// Whether the move chases the piece.
    pub fn chases(self) -> bool {
        matches!(self, Counted::Chase | Counted::TakingPart)
    }
}

/// One attack the move left, and what became of it: `None` where the
/// attack threatens nothing (its finding says why).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Examined {
    pub threat: Threat,
    pub counted: Option<Counted>,
}

/// Everything the rules see in one move.
#[derive(Clone, Debug)]
pub struct MoveClass {
    pub mv: Move,
    pub kind: MoveKind,
    pub check: bool,
    pub mate_threat: bool,
    /// Why a mate threat the move makes is not held against it.
    pub mate_excuse: Option<Excuse>,
    /// The pieces this move chases, one threat each.
    pub chases: Vec<Threat>,
    /// Of those, the pieces it chases jointly, by taking part in a threat
    /// that stood before it.
    pub joint: Vec<Square>,
    /// Whether the move's attack is a single piece's (2011 §26.8.1: a
    /// check, a mate threat, or a chase of a chariot or of an unprotected
    /// piece that needs no second piece); worked out with `Detail::Full`
    /// under the Chinese table only.
    pub single_piece: bool,
    /// Every attack the move left, with what became of it (with
    /// `Detail::Full` only).
    pub examined: Vec<Examined>,
}

/// How much of a move to look at.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Whether it attacks, and what it chases (the search's question).
    Attacks,
    /// Every effect, and what each attack came to (the judge tool, and the
    /// Chinese table when both sides attack).
    Full,
}

/// Classifies move `i` of `replay`.
pub fn classify(replay: &Replay, i: usize, detail: Detail, articles: Articles) -> MoveClass {
    let mv = replay.mv(i);
    let mut class = MoveClass {
        mv,
        kind: MoveKind::Idle,
        check: replay.after(i).in_check(),
        mate_threat: false,
        mate_excuse: None,
        chases: Vec::new(),
        joint: Vec::new(),
        single_piece: false,
        examined: Vec::new(),
    };
    if class.check {
        class.kind = MoveKind::Check;
        class.single_piece = true;
        return class;
    }
    if articles.checks_only() {
        return class;
    }
    let full = detail == Detail::Full;
    let answers_check = replay.before(i).in_check();
    let by_king = replay
        .before(i)
        .piece_at(mv.from())
        .is_some_and(|p| p.kind == PieceKind::King);
    let king_excused = articles.king_answer_excused && answers_check && by_king;
    if king_excused && !full {
        return class;
    }

    let mut after = replay.after(i).clone();
    let moved = Turn::Passed {
        moved: Some(mv.to()),
    };
    let found = after_pass(&mut after, |pos| examine(pos, articles, moved));
    // What became of each threatened piece: every threat on it is weighed
    // together (several attackers, or a capture and a win through a check).
    let mut verdicts: Vec<(Square, Counted)> = Vec::new();
    for threat in found.iter().filter(|t| t.is_threat()) {
        if verdicts.iter().any(|(sq, _)| *sq == threat.target) {
            continue;
        }
        let on_it: Vec<&Threat> = found
            .iter()
            .filter(|t| t.is_threat() && t.target == threat.target)
            .collect();
        let counted = if king_excused {
            Counted::Excused(Excuse::KingAnswersCheck)
        } else {
            let stood = stood_before(replay, i, &on_it, articles);
            let counted = if stood && !takes_part(replay.after(i), mv, &on_it, articles) {
                Counted::Standing
            } else if articles.answer_needed
                && !on_it.iter().any(|t| answered(replay, i, t, articles))
                && could_answer(replay, i, threat.target, articles)
            {
                Counted::Unanswered
            } else if stood {
                Counted::TakingPart
            } else {
                Counted::Chase
            };
            match counted {
                Counted::Chase | Counted::TakingPart => match excuse(replay, i, &on_it, articles) {
                    Some(why) => Counted::Excused(why),
                    None => counted,
                },
                other => other,
            }
        };
        verdicts.push((threat.target, counted));
        if counted.chases() {
            class.chases.push(*threat);
            if counted == Counted::TakingPart {
                class.joint.push(threat.target);
            }
        }
    }
    if full {
        class.examined = found
            .iter()
            .map(|&threat| Examined {
                threat,
                counted: threat
                    .is_threat()
                    .then(|| verdicts.iter().find(|(sq, _)| *sq == threat.target))
                    .flatten()
                    .map(|&(_, counted)| counted),
            })
            .collect();
    }

    // A mate that begins by taking a piece offered in exchange is no mate
    // threat: the other side accepts the exchange first (2011 §24.4, 图29).
    // A piece that cannot legally take back offers nothing, so a mate
    // through it stands (图29's note: the chariot that cannot leave its
    // line, 不能离线).
    let through_offers: Vec<Move> = found
        .iter()
        .filter(|t| t.finding == Finding::Offer)
        .filter_map(|t| Move::new(t.attacker, t.target))
        .collect();
    if articles.mate_threats
        && (full || class.chases.is_empty())
        && threatens_mate_besides(&mut after, &through_offers)
        && !mate_stood_before(replay, i)
    {
        class.mate_threat = true;
        if king_excused {
            class.mate_excuse = Some(Excuse::KingAnswersCheck);
        } else if articles.self_inflicted_excused
            && answers_check
            && every_answer(replay, i, |pos, _| threatens_mate(pos))
        {
            class.mate_excuse = Some(Excuse::SelfInflicted);
        }
    }

    let counts_mate = class.mate_threat && class.mate_excuse.is_none();
    class.kind = if counts_mate {
        MoveKind::MateThreat
    } else if !class.chases.is_empty() {
        MoveKind::Chase
    } else {
        MoveKind::Idle
    };
    if full && articles.table == VerdictTable::Cxa2011 {
        // Of the pieces chased, one that some attacker wins alone.
        class.single_piece = counts_mate
            || class
                .chases
                .iter()
                .filter(|c| !class.joint.contains(&c.target))
                .any(|c| {
                    found
                        .iter()
                        .filter(|t| t.is_threat() && t.target == c.target)
                        .any(|t| single_piece_chase(replay.after(i), t))
                });
    }
    class
}
