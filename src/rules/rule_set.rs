//! The rule sets, and the one table of the points where their rule books
//! disagree (CXA 1999, CXA 2011, AXF): each rule set picks its answer here,
//! and the labeller and the verdict tables read only this table, never the
//! rule set's name.
//!
//! * `chinese` (CXA 1999 §24-26, 2011 §25-26): every move an attack (check,
//!   mate threat or chase, of one piece or several in turn) is forbidden;
//!   unilateral perpetual check always loses; when both sides are forbidden
//!   the side whose attacks are all single-piece ones (长杀, 长捉车, 长捉无根子,
//!   and their mixtures with checks) against one whose are not must vary
//!   (2011 §26.8), otherwise it is a draw.
//! * `asian` (AXF, rules 6-40 as `../shared/rules/axf-articles.md` words
//!   them): perpetual check loses; perpetual mate threats and one check
//!   with one chase are allowed; a perpetual chase must hit the same piece
//!   with every move, checks that also attack it included; a threat to
//!   check and then capture is no chase (rule 38); pieces of one kind that
//!   can take each other only offer (rules 24, 40); a cannon's screen that
//!   moves chases with it (rules 25-26); a piece held on a horse's leg may
//!   not be chased, though its taking of that horse chases (rules 19, 23);
//!   both sides forbidden is a draw.
//! * `simple`: only perpetual check loses.

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

    /// The rule set's answers to the disputed questions.
    pub const fn articles(self) -> Articles {
        match self {
            RuleSet::Chinese => Articles {
                table: VerdictTable::Cxa2011,
                chasers: Chasers::PawnsWithHelp,
                mate_threat_forbidden: true,
                horse_pin_rule: false,
                joint_capture_chases: true,
                chase_through_check: true,
                losing_offer_chases: true,
                screen_move_chases: true,
                forced_checks: 1,
            },
            RuleSet::Asian => Articles {
                table: VerdictTable::Axf,
                chasers: Chasers::NoKingOrPawn,
                mate_threat_forbidden: false,
                horse_pin_rule: true,
                joint_capture_chases: false,
                chase_through_check: false,
                losing_offer_chases: false,
                screen_move_chases: true,
                forced_checks: 0,
            },
            RuleSet::Simple => Articles {
                table: VerdictTable::ChecksOnly,
                chasers: Chasers::NoKingOrPawn,
                mate_threat_forbidden: false,
                horse_pin_rule: false,
                joint_capture_chases: false,
                chase_through_check: false,
                losing_offer_chases: false,
                screen_move_chases: false,
                forced_checks: 0,
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

/// How one rule set answers each disputed question.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Articles {
    /// Who must vary, given how each side played the cycle.
    pub table: VerdictTable,
    /// Which pieces may chase: pawns only with another piece's help (2011
    /// §26.1, §26.1.1), or kings and pawns freely (AXF rule 29).
    pub chasers: Chasers,
    /// Whether a perpetual mate threat (长杀) is forbidden: yes in CXA
    /// (1999 §28.12, 2011 §24.10, §24.13), no in AXF (rules 9-10).
    pub mate_threat_forbidden: bool,
    /// Whether a piece that cannot leave its point because an enemy horse
    /// pins it (it stands on the horse's leg towards its king) may not be
    /// chased, even when protected (AXF rule 19, diagrams 39-41). Its own
    /// taking of that horse still chases (rule 23). The CXA texts have no
    /// such article.
    pub horse_pin_rule: bool,
    /// Whether a protected piece that is won only because more pieces
    /// attack it than defend it is chased: yes in CXA (2011 §24.3 "与其他子
    /// 联合吃子", §24.15 少根子, §24.17 联合捉子), no in AXF (rule 35: two or
    /// more pieces trying to capture a protected piece is no chase).
    pub joint_capture_chases: bool,
    /// Whether a move that threatens to win a piece through a check (抽吃:
    /// check, then capture whatever the answer) chases that piece: yes in
    /// CXA (2011 §24.3 "从下一着开始运用连续将军得子、抽吃子"), no in AXF
    /// (rule 38: a perpetual threat to check and then capture is a draw;
    /// rule 13: one check and one such threat is a draw).
    pub chase_through_check: bool,
    /// Whether attacking a same-kind piece that can take first is a chase
    /// when taking first would cost its side material or get it mated: yes
    /// in CXA (2011 §26.9), no in AXF, where pieces of one kind that can
    /// take each other only offer (rule 24) and perpetual offers draw
    /// (rule 40).
    pub losing_offer_chases: bool,
    /// Whether a move of a cannon's screen that keeps the cannon's attack
    /// up chases as the cannon's own move would: yes in AXF (rule 25, on a
    /// horse, advisor, elephant or crossed pawn with no protection, and
    /// rule 26, on a chariot, protected or not) and in CXA, whose joint
    /// chases count the screen too (2011 §24.17, 图25).
    pub screen_move_chases: bool,
    /// How many checks that leave a single answer may lead up to the check
    /// that wins a piece: one in CXA (2011 §24.3 "从下一着开始运用连续将军
    /// 得子", 图24: a capture with check, the forced block, then a pawn's
    /// check that wins the blocking chariot); none in AXF, where a chase is
    /// one check and a capture (as Fairy-Stockfish judges: axf-fsf-1181, a
    /// chariot's direct attack on a cannon it could already win by two
    /// checks is a new chase). Only forced answers are followed, so the
    /// look stays narrow.
    pub forced_checks: u32,
}

impl Articles {
    /// Whether a perpetual chase must hit one same piece with every move
    /// (AXF rules 32-33), rather than any piece in turn (CXA: 长捉 "一子或
    /// 数子", 2011 §24.11).
    pub const fn chase_needs_one_target(self) -> bool {
        !matches!(self.table, VerdictTable::Cxa2011)
    }

    /// Whether only checks count at all (the `simple` rule set).
    pub const fn checks_only(self) -> bool {
        matches!(self.table, VerdictTable::ChecksOnly)
    }
}

/// The verdict tables: who must vary, given how each side played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VerdictTable {
    /// CXA 2011 §25-26: a side whose every move attacks (check, mate threat
    /// or chase, of one piece or several in turn) is forbidden; unilateral
    /// perpetual check always loses; when both sides are forbidden the
    /// side whose attacks are all single-piece ones (长杀, 长捉车, 长捉无根
    /// 子, and their mixtures with checks) against one whose are not must
    /// vary (§26.8), otherwise a draw.
    Cxa2011,
    /// The AXF principles and rules 6-8, 12-13 and 32-33: perpetual check
    /// loses; a side is otherwise forbidden only when every one of its
    /// moves chases one same piece, a check counting when it attacks that
    /// piece too; no violation, or both violating, is a draw; a checker
    /// against a chaser must vary.
    Axf,
    /// Only perpetual check loses (the `simple` rule set).
    ChecksOnly,
}

/// Which pieces may chase at all.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Chasers {
    /// Every piece but the king; a pawn's threat is its own (and free,
    /// 2011 §26.1) unless another piece's move gave it (2011 §26.1.1: the
    /// cannon behind the pawn in 参考图11), which the move's classification
    /// judges.
    PawnsWithHelp,
    /// Neither king nor pawn: both may attack freely (1999 §27.1-2, 2011
    /// §26.1, AXF rule 29).
    NoKingOrPawn,
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
