//! The rule sets, and the one table of the points where their rule books
//! differ. All three judge with one model of attack, protection and chase
//! ([`attack`](super::attack), [`threat`](super::threat)); the Asian rules
//! (AXF) are that model as it stands, the Chinese rules (CXA 2011, with the
//! 1999 text where 2011 is silent) are the same model with the rows below
//! switched on, and the simple rules count checks only. The labeller and
//! the verdict tables read only this table, never a rule set's name.
//!
//! Every row cites the texts it rests on; `docs/rules.md` reads each one.

use std::fmt;
use std::str::FromStr;

/// Which rule book judges repetitions.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum RuleSet {
    /// The Chinese Xiangqi Association rules (the default).
    #[default]
    Chinese,
    /// The Asian Xiangqi Federation rules.
    Asian,
    /// Only perpetual check loses; every other repetition is a draw.
    Simple,
}

impl RuleSet {
    pub const ALL: [RuleSet; 3] = [RuleSet::Chinese, RuleSet::Asian, RuleSet::Simple];

    /// The rule sets' names, in the order of [`RuleSet::ALL`]: the only place
    /// they are written (the protocol's `Rule` option offers these, and
    /// `--rule` reads them).
    pub const NAMES: [&'static str; 3] = ["chinese", "asian", "simple"];

    pub const fn name(self) -> &'static str {
        RuleSet::NAMES[self as usize]
    }

    /// The rule set's column of the table of differences.
    pub const fn articles(self) -> Articles {
        match self {
            RuleSet::Chinese => Articles {
                table: VerdictTable::Cxa2011,
                answer_needed: false,
                renewed_by: Participant::AnyPart,
                mate_threats: true,
                exchange_wins: true,
                wins_through_checks: true,
                mate_refutes: true,
                losing_offer_chases: true,
                joined_offer_offers: true,
                pawn_capture_with_check_chases: true,
                root_at_a_loss_idle: true,
                king_answer_excused: true,
                key_point_excused: true,
                self_inflicted_excused: true,
            },
            RuleSet::Asian => Articles {
                table: VerdictTable::Axf,
                answer_needed: true,
                renewed_by: Participant::Screen,
                mate_threats: false,
                exchange_wins: false,
                wins_through_checks: false,
                mate_refutes: false,
                losing_offer_chases: false,
                joined_offer_offers: false,
                pawn_capture_with_check_chases: false,
                root_at_a_loss_idle: false,
                king_answer_excused: false,
                key_point_excused: false,
                self_inflicted_excused: false,
            },
            RuleSet::Simple => Articles {
                table: VerdictTable::ChecksOnly,
                ..RuleSet::Asian.articles()
            },
        }
    }
}

// `name` indexes `NAMES` by the variant's number, which `ALL` lists in order.
const _: () = {
    let mut i = 0;
    while i < RuleSet::ALL.len() {
        assert!(RuleSet::ALL[i] as usize == i);
        i += 1;
    }
};

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule-set name that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRuleSet(pub String);

impl fmt::Display for UnknownRuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rule set '{}' ({})",
            self.0,
            RuleSet::NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownRuleSet {}

impl FromStr for RuleSet {
    type Err = UnknownRuleSet;

    fn from_str(text: &str) -> Result<RuleSet, UnknownRuleSet> {
        RuleSet::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownRuleSet(text.to_string()))
    }
}

/// The table of differences: one row per point where the books differ,
/// one column per rule set ([`RuleSet::articles`]). Everything not here is
/// the one model both books share.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Articles {
    /// Who must vary, given how each side played the cycle.
    pub table: VerdictTable,
    /// A threat the move makes chases only where the reply answers it:
    /// after the reply the capture is no longer legal or no longer wins
    /// (the piece fled, was protected or screened, or the reply checked).
    /// Yes in AXF (the appendix: a piece that is attacked and neither flees
    /// nor seeks protection is not chased); the CXA texts ask only that the
    /// threat be new (1999 §29.2), which both books ask.
    pub answer_needed: bool,
    /// Which piece, by moving, renews a threat that stood before its move
    /// and so chases with it: in AXF a cannon's screen (rules 25-26: a
    /// cannon "chases even when only its screen moves"); in CXA any piece
    /// that takes part in the capture, as screen, as second attacker, as
    /// the piece that pins or cuts off a defender (2011 §24.3 "所走动子能...
    /// 与其他子联合吃子", §24.17 联合捉子; 图11, 图25).
    pub renewed_by: Participant,
    /// A move that threatens mate by consecutive checks (杀) is an attack:
    /// yes in CXA (2011 §24.2, §24.10, §24.13: 长杀 and 一将一杀 are
    /// forbidden), no in AXF (rules 9-10: a perpetual mate threat is
    /// allowed, and mutual ones draw).
    pub mate_threats: bool,
    /// A protected piece is threatened when the full exchange on its point
    /// nets material: yes in CXA (2011 §24.3 "通过完整互吃交换后吃掉对方子且
    /// 得子", §24.15 少根子, §24.17 联合捉子; 1999 §27.1: with the king's
    /// help too), no in AXF (rule 35: several pieces attacking a protected
    /// piece is no chase).
    pub exchange_wins: bool,
    /// A piece won through a check, whatever the answer (抽吃, or by
    /// consecutive checks from the next move on), is threatened: yes in CXA
    /// (2011 §24.3 "从下一着开始运用连续将军得子、抽吃子"), no in AXF (rule 38:
    /// a perpetual threat to check and then capture is a draw; rule 13).
    pub wins_through_checks: bool,
    /// A capture after which the other side mates by consecutive checks
    /// wins nothing, and a recapture after which it is mated so protects
    /// nothing (CXA 2011 §24.3 "得子后不致立即（下一着不予考虑）被对方将死",
    /// §24.16 假根: a root that "cannot leave its line" to take back; 1999
    /// §29.4). AXF counts only a recapture that is not legal as false (rule
    /// 34).
    pub mate_refutes: bool,
    /// An exchange offer that the other side cannot accept without being
    /// mated at once or losing material is a chase (CXA 2011 §26.9). AXF:
    /// pieces of one kind that can take each other only offer (rules 24,
    /// 40).
    pub losing_offer_chases: bool,
    /// A chariot that joins an exchange offer on a protected horse (or
    /// cannon), whose acceptance costs its root nothing, only offers the
    /// exchange with it, though the exchange on the point would win (CXA
    /// 2011 §26.10.2). AXF counts no exchange on a protected piece at all
    /// (rule 35), so it has no need of the article.
    pub joined_offer_offers: bool,
    /// A pawn's capture that uncovers another piece's check chases (CXA
    /// 2011 §26.7 "兵（卒）吃子时产生其他子将军，按捉处理"); in AXF a pawn never
    /// chases (rule 29).
    pub pawn_capture_with_check_chases: bool,
    /// A capture by a piece that is a root (it protects another) or is
    /// pinned chases only when the trade it starts is even or better: at a
    /// loss it is idle (CXA 2011 §26.5). AXF has no such article.
    pub root_at_a_loss_idle: bool,
    /// What the king's answer to a check attacks is idle (CXA 2011
    /// §26.1.2). AXF has no such article.
    pub king_answer_excused: bool,
    /// A side holding the draw with a single attacking piece may occupy a
    /// key point of its defence even where that piece attacks an advisor or
    /// elephant (CXA 2011 §26.2, 1999 §27.3). AXF has no such article.
    pub key_point_excused: bool,
    /// A threat that an answer to check leaves standing, whatever the
    /// answer, was made by the check: the checker's own doing (自毙), not
    /// charged to the answer (CXA 2011 §24.18, §26.3). AXF has no such
    /// article.
    pub self_inflicted_excused: bool,
}

impl Articles {
    /// Whether only checks count at all (the `simple` rule set).
    pub const fn checks_only(self) -> bool {
        matches!(self.table, VerdictTable::ChecksOnly)
    }
}

/// The pieces whose move renews a standing threat they take part in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Participant {
    /// Only the screen of the attacking cannon.
    Screen,
    /// Any piece without which the attacker would not win the piece.
    AnyPart,
}

/// The verdict tables: who must vary, given how each side played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VerdictTable {
    /// CXA 2011 §25-26: a side whose every move attacks (check, mate
    /// threat or chase, of one piece or several in turn: 长捉 "一子或数子",
    /// §24.11, §24.13) is forbidden; unilateral perpetual check always
    /// loses (§25.1); when both sides are forbidden, the side whose attacks
    /// are all single-piece ones (长杀, 长捉车, 长捉无根子 and their mixtures
    /// with checks, §26.8.1) against one whose are not must vary
    /// (§26.8.2-3), otherwise a draw (§26.8.4).
    Cxa2011,
    /// The AXF principles: each side's cycle is perpetual check (every move
    /// a check, rule 6), perpetual chase (every move a chase, one same
    /// piece chased by all of them, by one piece or several in turn: rules
    /// 32-33) or neither; the heavier offence must vary (check over chase,
    /// chase over none), equal ones draw (rules 5, 7; the principles).
    Axf,
    /// Only perpetual check loses (the `simple` rule set).
    ChecksOnly,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_as_their_rule_sets() {
        for rules in RuleSet::ALL {
            assert_eq!(rules.name().parse(), Ok(rules));
            assert_eq!(rules.to_string().to_uppercase().parse(), Ok(rules));
        }
        assert_eq!(
            "fide".parse::<RuleSet>().unwrap_err().to_string(),
            "unknown rule set 'fide' (chinese, asian, simple)"
        );
    }
}
