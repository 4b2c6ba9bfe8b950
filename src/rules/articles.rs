//! The one table of the points where the rule books disagree (CXA 1999, CXA
//! 2011, AXF): each rule set picks its answer here, and the labeller and
//! the verdict tables read only this table, never the rule set's name.

use super::chase::Chasers;
use super::tables::RuleSet;

/// How one rule set answers each disputed question.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Articles {
    /// Which pieces may chase: pawns only with another piece's help (2011
    /// §26.1, §26.1.1), or kings and pawns freely (AXF rule 29).
    pub chasers: Chasers,
    /// Whether a perpetual mate threat (长杀) is forbidden: yes in CXA
    /// (1999 §28.12, 2011 §24.10, §24.13), no in AXF (rules 9-10).
    pub mate_threat_forbidden: bool,
    /// Whether a mixture of checks, mate threats and chases (一将一捉) is
    /// forbidden although no single piece is chased by every move: yes in
    /// CXA (2011 §24.13), no in AXF (diagrams 37-38).
    pub mixed_attacks_forbidden: bool,
    /// Whether a perpetual chase must hit one same piece with every move:
    /// no in CXA (长捉 "一子或数子", 2011 §24.11), yes in AXF (rule 32).
    pub chase_needs_one_target: bool,
    /// Whether, when both sides are forbidden, the single-piece side must
    /// vary (2011 §26.8) rather than the cycle being drawn (1999 §26.3, AXF).
    pub both_forbidden_by_class: bool,
    /// Whether a piece that cannot leave its point because an enemy horse
    /// pins it (it stands on the horse's leg towards its king) may not be
    /// chased, even when protected, and does not itself chase while pinned
    /// (AXF rule 19, diagrams 39-41). The CXA texts have no such article.
    pub horse_pin_rule: bool,
    /// Whether a protected piece that is won only because more pieces
    /// attack it than defend it is chased: yes in CXA (2011 §24.3 "与其他子
    /// 联合吃子", §24.15 少根子, §24.17 联合捉子), no in AXF (rule 35: two or
    /// more pieces trying to capture a protected piece is no chase).
    pub joint_capture_chases: bool,
    /// Whether only checks count at all (the `simple` rule set).
    pub checks_only: bool,
}

impl RuleSet {
    /// The rule set's answers to the disputed questions.
    pub const fn articles(self) -> Articles {
        match self {
            RuleSet::Chinese => Articles {
                chasers: Chasers::PawnsWithHelp,
                mate_threat_forbidden: true,
                mixed_attacks_forbidden: true,
                chase_needs_one_target: false,
                both_forbidden_by_class: true,
                horse_pin_rule: false,
                joint_capture_chases: true,
                checks_only: false,
            },
            RuleSet::Asian => Articles {
                chasers: Chasers::NoKingOrPawn,
                mate_threat_forbidden: false,
                mixed_attacks_forbidden: false,
                chase_needs_one_target: true,
                both_forbidden_by_class: false,
                horse_pin_rule: true,
                joint_capture_chases: false,
                checks_only: false,
            },
            RuleSet::Simple => Articles {
                chasers: Chasers::NoKingOrPawn,
                mate_threat_forbidden: false,
                mixed_attacks_forbidden: false,
                chase_needs_one_target: true,
                both_forbidden_by_class: false,
                horse_pin_rule: false,
                joint_capture_chases: false,
                checks_only: true,
            },
        }
    }
}
