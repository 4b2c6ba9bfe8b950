//! Cases built from the rule articles (not taken from the corpus), and the
//! board transformations the property tests apply to every case: shared by
//! `rules_articles.rs` and `rules_properties.rs`.

#![allow(dead_code)] // each test binary uses its own part

use chuhan::rules::{judge_game, GameJudgement, RuleSet};
use chuhan::{Move, Position};

/// One constructed position with a repeating line, the verdict each rule set
/// must give, and the article that says so.
pub struct ArticleCase {
    pub name: &'static str,
    /// The article(s) applied, and why the verdict follows.
    pub article: &'static str,
    pub fen: &'static str,
    pub moves: &'static str,
    /// Rule set and verdict (`red_loses`, `black_loses`, `draw`).
    pub verdicts: &'static [(RuleSet, &'static str)],
}

use RuleSet::{Asian, Chinese, Simple};

pub const ARTICLE_CASES: &[ArticleCase] = &[
    ArticleCase {
        name: "perpetual-check",
        article: "2011 §25.1 (1999 §26.1, AXF rule 6): unilateral perpetual check is never \
                  allowed; the red chariot checks on ranks 9 and 8 while the king steps",
        fen: "3k4R/9/9/9/9/9/9/9/9/4K4 b - - 0 1",
        moves: "d9d8 i9i8 d8d9 i8i9 d9d8 i9i8 d8d9 i8i9",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "red_loses"),
            (Simple, "red_loses"),
        ],
    },
    ArticleCase {
        name: "both-idle",
        article: "2011 §25.2: both sides allowed (the horses only go out and back), a draw",
        fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        moves: "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "chase-of-an-unprotected-cannon",
        article: "2011 §24.3, §24.11, §25.3 (AXF rule 18): the chariot attacks the \
                  unprotected cannon with every move, a forbidden perpetual chase; the \
                  simple rules only forbid checks",
        fen: "4k3r/9/c8/9/9/9/9/1R7/9/3K5 w - - 0 1",
        moves: "b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "red_loses"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "follow-a-protected-cannon",
        article: "2011 §24.7, §24.8 (跟 is idle): the cannon on a7 is protected by the \
                  chariot on c7, so attacking it wins nothing; allowed, a draw",
        fen: "4k4/9/c1r6/9/9/9/9/1R7/9/3K5 w - - 0 1",
        moves: "b2a2 e9f9 a2b2 f9e9 b2a2 e9f9 a2b2 f9e9",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "perpetual-mate-threat",
        article: "2011 §24.2, §24.10, §25.3: each chariot move threatens mate on the \
                  e-file along a rank the black chariot has just left; 长杀 is forbidden \
                  in the CXA rules but allowed by AXF rules 9-10",
        fen: "3ckc3/9/9/R1r6/4P4/9/9/9/9/4K4 w - - 0 1",
        moves: "a6a7 c6c7 a7a6 c7c6 a6a7 c6c7 a7a6 c7c6",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "one-check-one-chase",
        article: "2011 §24.13 (一将一捉 is forbidden), §26.4 (the check that also attacks \
                  the horse on e1 is labelled with both effects), §26.1.2 (the king's \
                  answers are idle); AXF rule 12 and diagrams 37-38 allow one check and one chase of \
                  different pieces. \
                  The AXF appendix: the horse on c7 neither flees nor seeks protection when \
                  attacked, so it is not chased under the Asian rules.",
        fen: "4k4/9/2n6/9/2P1P4/9/2C6/4B4/4n4/4K4 w - - 0 1",
        moves: "c3e3 e9f9 e3c3 f9e9 c3e3 e9f9 e3c3 f9e9",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "check-and-chase-of-one-piece",
        article: "2011 §26.4 (a check that also attacks is labelled with both effects): the \
                  chariot's step to e3 checks and uncovers the chariot on c0 against the \
                  unprotected cannon, its step back attacks the cannon itself; every move \
                  attacks the same piece, a perpetual chase under AXF rule 32 as well, \
                  whatever the checks. AXF rules 6 and 12: a check is a check and nothing else, so one check and one chase is no perpetual chase (a draw), whatever the check attacks. \
                  The AXF appendix: the cannon on c7 neither flees nor seeks protection when \
                  attacked, so it is not chased under the Asian rules.",
        fen: "4k4/9/2c6/9/9/9/2R6/9/9/2RK5 w - - 0 1",
        moves: "c3e3 e9f9 e3c3 f9e9 c3e3 e9f9 e3c3 f9e9",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "draw"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "cannon-check-and-chase-of-one-piece",
        article: "2011 §24.3 (winning a piece through a check from the next move on is a \
                  chase), §26.4 (a check that also attacks is labelled with both effects): \
                  the cannon's step to e2 checks over the pawn on e5 and uncovers the a0 \
                  cannon's attack, over the pawn on a4, on the unprotected horse on a7, \
                  which no answer to the check saves; its step back attacks the horse \
                  itself over a4. Every move wins the same piece: a perpetual chase, under \
                  AXF rules 32-33 as well, whatever the checks (the cannons' form of the \
                  chariots' case above). AXF rules 6 and 12: a check is a check and nothing else, so one check and one chase is no perpetual chase (a draw). \
                  The AXF appendix: the horse on a7 neither flees nor seeks protection when \
                  attacked, so it is not chased under the Asian rules.",
        fen: "4k4/9/n8/9/4P4/P8/9/C8/9/C2K5 w - - 0 1",
        moves: "a2e2 e9f9 e2a2 f9e9 a2e2 e9f9 e2a2 f9e9",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "draw"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "cannon-check-that-a-block-answers-wins-nothing",
        article: "The same cannons on the c-file: the horse on c7 can answer the check by \
                  stepping to e8 or e6, a second piece between the cannon and the king, so \
                  the check wins nothing (2011 §24.3: only a piece won whatever the answer \
                  is chased through a check). One check and one chase: forbidden in the \
                  2011 rules (§24.13, 一将一捉), a draw under AXF rule 12. \
                  The AXF appendix: the horse on c7 neither flees nor seeks protection when \
                  attacked, so it is not chased under the Asian rules.",
        fen: "4k4/9/2n6/9/4P4/2P6/9/2C6/9/2CK5 w - - 0 1",
        moves: "c2e2 e9f9 e2c2 f9e9 c2e2 e9f9 e2c2 f9e9",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "one-check-one-discovered-win",
        article: "一将一抽 (2011 §24.3: 抽吃 from the next move on is a chase; §24.13: \
                  一将一捉 is forbidden): the check on the d-file, then the return to b1 \
                  that threatens Rb9+ and, when the king steps to e8, Rxh9: the horse falls \
                  whatever the answer. AXF rule 13: one check and one threat to check and \
                  then capture is a draw (and rule 38 makes the threat no chase at all)",
        fen: "3k3n1/9/9/9/9/9/9/9/1R2A4/5K3 w - - 0 1",
        moves: "b1d1 d9e9 d1b1 e9d9 b1d1 d9e9 d1b1 e9d9",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "check-that-wins-whichever-piece",
        article: "2011 §24.3 (a chase includes winning material by checks from the next \
                  move on, 从下一着开始运用连续将军得子), §24.13 (一将一捉 is forbidden): back \
                  on b1 the chariot threatens Rb9+, after which the chariot's block on c9 \
                  or the king's step to e8 (leaving the horse on h9) each loses a piece, \
                  not the same one; AXF (rule 32) chases one piece only, and allows one \
                  check and one idle move",
        fen: "3k3n1/9/9/9/2r6/9/9/9/1R2A4/5K3 w - - 0 1",
        moves: "b1d1 d9e9 d1b1 e9d9 b1d1 d9e9 d1b1 e9d9",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "offer-that-chases",
        article: "2011 §26.4 (兑兼捉 is a chase; AXF rule 36): every chariot move offers the \
                  chariot exchange on rank 2 and attacks the unprotected cannon",
        fen: "4k4/9/c8/9/9/9/4P4/1R6r/4A4/3AK4 w - - 0 1",
        moves: "b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "red_loses"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "perpetual-offer-is-no-mate-threat",
        article: "2011 §24.12, §26.9 (图29): the red chariot follows the black one, offering \
                  the exchange each move; the mate it would give starts by taking the \
                  offered chariot, which Black answers by accepting, so it is 长兑 \
                  (allowed), not 长杀",
        fen: "3k2r2/3c5/9/9/9/9/7R1/9/4A4/4K4 w - - 0 1",
        moves: "h3g3 g9h9 g3h3 h9g9 h3g3 g9h9 g3h3 h9g9",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "pawn-chases-freely",
        article: "2011 §26.1 (a pawn itself may chase perpetually; AXF rule 29): the crossed \
                  pawn attacks the unprotected cannon with every sideways step",
        fen: "4k4/9/3c5/4P4/9/9/9/9/9/5K3 w - - 0 1",
        moves: "e6d6 d7e7 d6e6 e7d7 e6d6 d7e7 d6e6 e7d7",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "joint-chase-of-a-protected-cannon",
        article: "2011 §24.3 (与其他子联合吃子), §24.15 (少根子), §24.17 (联合捉子): the \
                  cannon is protected once by the chariot on c9 and attacked twice, by the \
                  chariot on c0 and the chariot that follows it along the a-file, so each \
                  red move makes a joint chase, 长捉 in the CXA rules; AXF rule 35: two \
                  or more pieces trying to capture a protected piece is no chase",
        fen: "2r1k4/9/R1c6/9/9/9/9/9/9/2R2K3 b - - 0 1",
        moves: "c7c6 a7a6 c6c7 a6a7 c7c6 a7a6 c6c7 a6a7",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "pinner-keeps-a-joint-chase",
        article: "2011 §24.16 (假根: a defender that cannot take back is no root), §24.17 \
                  (联合捉子), 图11 (车炮联合捉子: the cannon that holds the protector \
                  chases with the chariot): the elephant on e7 alone protects the horse \
                  the chariot on g0 attacks, and the cannon on the e-file pins it to its \
                  king (two screens, e7 and e8); each cannon step along the file keeps the \
                  pin, a joint chase, 长捉 in the CXA rules while Black only shuffles. AXF \
                  rule 35 knows no joint chase and the attack stood before every move: a \
                  draw",
        fen: "r3k4/4a4/4b4/9/6n2/9/9/4C4/9/3K2R2 w - - 0 1",
        moves: "e2e3 a9b9 e3e2 b9a9 e2e3 a9b9 e3e2 b9a9",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "horse-pinned-chariot-chased",
        article: "AXF rule 19 (diagrams 39-41): the black chariot on f8 stands on the leg \
                  of the red horse on g8 towards the king and cannot leave its point; the \
                  red chariot on f2 attacks it, stepping aside to g2 uncovers the chariot \
                  on f1 against it, so every red move attacks the immobilised chariot, \
                  which may not be chased perpetually, protected (twice) or not; the \
                  pinned chariot's own attack on the horse stands throughout, so Black \
                  only shuffles its elephant. In the CXA rules \
                  (2011 §24.3, §24.7) a chariot taking a chariot that two horses protect \
                  wins nothing: 跟, idle, a draw. AXF rules 17 and 34 decide: the held chariot has a legal recapture, so the red chariot only follows it (rule 19's chariot, held and attacked, is chased where nothing can legally take back or a cheaper piece attacks it)",
        fen: "2b1k4/5rN2/3n3n1/9/9/9/9/5R3/5R3/3K5 w - - 0 1",
        moves: "f2g2 c9a7 g2f2 a7c9 f2g2 c9a7 g2f2 a7c9",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "one-chariot-chases-two-pieces-in-turn",
        article: "2011 §24.11 (长捉 is chasing 一子或数子, one piece or several): the \
                  chariot attacks the unprotected cannon on b5 from b2 and, coming back to \
                  a2, renews its attack on the unprotected cannon on a7, a forbidden \
                  perpetual chase; AXF rule 32 (diagrams 76-78): one piece perpetually \
                  chasing two or more pieces is a draw. \
                  The AXF appendix: the cannon on b5 and the cannon on a7 neither flee nor are \
                  protected when attacked, so none is chased under the Asian rules.",
        fen: "3ak4/9/c8/9/1c7/9/9/R8/9/3K5 w - - 0 1",
        moves: "a2b2 d9e8 b2a2 e8d9 a2b2 d9e8 b2a2 e8d9",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "roots-cut-in-turn",
        article: "2011 §24.3 (a move that lets another piece win chases: the chariot's \
                  capture is made by the move), §24.15 (a piece no longer protected is \
                  无根子), §24.11 (长捉 of several pieces): the cannon's step to d6 blocks \
                  the leg of the horse that protects c5, its step back to d8 the line of \
                  the chariot that protects a8, and each leaves a piece to the chariot on \
                  a5 (断根); AXF rule 32: one piece chasing two pieces in turn is a draw. \
                  The AXF appendix: the horse on c5 and the cannon on a8 neither flee nor are \
                  protected when attacked, so none is chased under the Asian rules.",
        fen: "4k4/c2C4r/9/4n4/R1n6/9/9/9/9/3K5 w - - 0 1",
        moves: "d8d6 e9f9 d6d8 f9e9 d8d6 e9f9 d6d8 f9e9",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "returning-horse-renews-its-attack",
        article: "2011 §24.3, §24.11: the horse leaving a2 uncovers the chariot on a0 \
                  against the unprotected horse on a7, and its move back to a2 renews its \
                  own attack on the unprotected cannon on b4: every red move chases, \
                  长捉 of several pieces; AXF rule 32: two pieces taking turns to chase \
                  two pieces is a draw. \
                  The AXF appendix: the horse on a7 and the cannon on b4 neither flee nor are \
                  protected when attacked, so none is chased under the Asian rules.",
        fen: "3ak4/9/n8/9/9/1c7/9/N8/9/R2K5 w - - 0 1",
        moves: "a2c3 d9e8 c3a2 e8d9 a2c3 d9e8 c3a2 e8d9",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "cannon-protected-over-a-screen",
        article: "2011 §24.15 (有根子, hidden roots 暗根 included), §24.7 (跟 is idle): the \
                  cannon the chariot follows along rank 8 is protected by the cannon on f8 \
                  over the advisor on e8; taking it loses the chariot, so the chariot only \
                  follows a protected piece, a draw under every rule set (AXF rule 17)",
        fen: "4k4/c3ac3/9/9/9/9/9/1R7/9/3K5 w - - 0 1",
        moves: "b2a2 a8b8 a2b2 b8a8 b2a2 a8b8 a2b2 b8a8",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "uncrossed-pawns-are-no-material",
        article: "1999 §25.3, 2011 §26.6 (捉吃未过河的兵不算得子): the chariot attacks the \
                  pawns on a6 and c6 in turn, but a pawn that has not crossed the river is \
                  no material, so the attacks are idle; AXF: an uncrossed pawn may be \
                  chased perpetually",
        fen: "3ak4/9/9/p1p6/9/9/9/R8/9/3K5 w - - 0 1",
        moves: "a2c2 d9e8 c2a2 e8d9 a2c2 d9e8 c2a2 e8d9",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "crossed-pawns-are-material",
        article: "1999 §25.3, 2011 §24.11: the same chariot walk against pawns that have \
                  crossed the river (material) chases one of them with every move, 长捉 \
                  of several pieces; AXF rule 32 draws it. \
                  The AXF appendix: the pawn on c4 and the pawn on a4 neither flee nor are \
                  protected when attacked, so none is chased under the Asian rules.",
        fen: "3ak4/9/9/9/9/p1p6/9/R8/9/3K5 w - - 0 1",
        moves: "a2c2 d9e8 c2a2 e8d9 a2c2 d9e8 c2a2 e8d9",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "horse-chases-a-protected-chariot",
        article: "2011 §24.3 (通过完整互吃交换后吃掉对方子且得子): a horse taking a chariot \
                  wins material even when the chariot on e7 takes back, so the horse that \
                  follows the chariot between b7 and a7 chases it with every move; AXF \
                  rule 15: a horse or cannon may not perpetually chase a chariot, \
                  protected or not. Black's chariot attacking the horse on b5 is one chase \
                  and one idle move, allowed",
        fen: "5k3/9/1r2r4/9/1N7/9/9/9/4A4/4K4 w - - 0 1",
        moves: "b5d6 b7a7 d6b5 a7b7 b5d6 b7a7 d6b5 a7b7",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "red_loses"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "king-chases-freely",
        article: "2011 §26.1 (帅本身允许长捉; 1999 §27.1 the king's attack is idle; AXF rule \
                  28: the king may chase): the red king follows the crossed black pawn between d1 and e1, \
                  attacking it with every move, and no other piece takes part: a draw",
        fen: "5k3/9/9/9/9/9/9/3K5/4p4/9 w - - 0 1",
        moves: "d2e2 e1d1 e2d2 d1e1 d2e2 e1d1 e2d2 d1e1",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "root-captures-at-equal-value",
        article: "2011 §26.5 (做根子捉子，交换后价值相当者为捉): the chariot following the \
                  unprotected cannon is the root of the horse on e2, which the protected \
                  black horse on d4 attacks; taking the cannon gives up the horse, an even \
                  trade, so every chariot move still chases: a forbidden perpetual chase \
                  (AXF rule 18: a chariot may not chase an unprotected cannon)",
        fen: "3rk4/9/c8/9/9/3n5/9/1R2N4/9/5K3 w - - 0 1",
        moves: "b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "red_loses"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "root-leaves-its-duty-to-chase",
        article: "2011 §26.5 with its diagram 图22 (the chariot that is the horse's only root \
                  still chases the pawn: a root is judged by what it wins on the point): \
                  the chariot following the unprotected cannon is the only root of the \
                  chariot on e2, which the protected black chariot on e5 attacks; it still \
                  chases with every move (AXF rule 18)",
        fen: "4k4/9/c2n5/9/4r4/9/9/1R2R4/9/3K5 w - - 0 1",
        moves: "b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "red_loses"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "pinned-piece-captures-at-a-loss",
        article: "2011 §26.5 (被牵子捉子，得不偿失者为闲; 图23): the chariot on the c-file \
                  stands between the black chariot on c9 and the red chariot on c0; taking \
                  the cannon on rank 3 or 4 leaves that chariot to be taken, a cannon for a \
                  chariot, so its attacks are idle, although it also defends the chariot \
                  behind it. The AXF text has no article on pinned chasers",
        fen: "2r1k4/9/4b4/9/9/c8/2R6/9/9/2RK5 w - - 0 1",
        moves: "c3c4 a4a3 c4c3 a3a4 c3c4 a4a3 c4c3 a3a4",
        verdicts: &[(Chinese, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "fake-root-cannot-leave-its-line",
        article: "2011 §24.16 (假根: a root that cannot leave its line to take back is no \
                  root; 1999 §28.16): the black chariot on e7 covers rank 7 but is pinned \
                  on the e-file by the red chariot on e1 against its king, so the cannon \
                  the red chariot follows between a7 and b7 is unprotected: a forbidden \
                  perpetual chase (AXF rule 18; rule 34: a protector that could not \
                  really take back is none). The same walk against a real root is 跟 \
                  (follow-a-protected-cannon)",
        fen: "4k1b2/9/c3r4/9/9/9/9/1R7/4R4/4KA3 w - - 0 1",
        moves: "b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "red_loses"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "offer-of-an-unprotected-piece",
        article: "2011 §24.5 (献: an unprotected piece given to be taken, which the other \
                  side could take without being mated or losing material), §24.8 (献 is \
                  idle): the red cannon steps along the a-file in front of the black \
                  chariot, unprotected, and attacks nothing; Black's king steps aside. \
                  Both sides idle, a draw (AXF rule 40: perpetual sacrifices draw)",
        fen: "4k4/9/r8/9/C8/9/9/9/9/3K5 w - - 0 1",
        moves: "a5a3 e9e8 a3a5 e8e9 a5a3 e9e8 a3a5 e8e9",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "perpetual-block-against-a-mate-threat",
        article: "2011 §24.6 (拦: a move that blocks an enemy piece without attacking is \
                  idle), §24.10, §25.3: each chariot step opens a file for a mate on rank \
                  9 (the black chariot holds d8, the red king the e-file), and the black \
                  cannon blocks that file each time, attacking nothing. 长杀 against 长拦: \
                  Red must vary in the CXA rules; AXF rules 9-10 allow the mate threats",
        fen: "3k5/3r5/9/9/2c6/9/9/2R6/9/4K4 w - - 0 1",
        moves: "c2b2 c5b5 b2c2 b5c5 c2b2 c5b5 b2c2 b5c5",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "perpetual-check-after-a-capture",
        article: "2011 §24.9 (长将: checks that repeat a cycle three times; a capture as the \
                  first move is not counted), §25.1 (AXF rule 6): the chariot takes the \
                  cannon on i9 with check and then checks on ranks 8 and 9 while the king \
                  steps; the cycle is judged from the position after the capture",
        fen: "3k4c/9/9/9/9/9/9/9/9/4K3R w - - 0 1",
        moves: "i0i9 d9d8 i9i8 d8d9 i8i9 d9d8 i9i8 d8d9 i8i9",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "red_loses"),
            (Simple, "red_loses"),
        ],
    },
    ArticleCase {
        name: "self-inflicted-check",
        article: "2011 §24.18 (自毙), §26.3: the red chariot leaves g0 to check on g9, and so \
                  opens rank 0 to the black chariot's mate (the red king is held by the \
                  pawn on c1 and the flying general); the horse that blocks on f9 is not \
                  charged with that mate, since any answer would leave it and with the \
                  chariot back on g0 there is none: the block is idle, and Black's one \
                  chase of the pawn on f7 on the way back is allowed. Red checks and \
                  idles: a draw",
        fen: "4k4/7n1/5P3/9/8r/9/9/3A5/2p6/3K2R2 w - - 0 1",
        moves: "g0g9 h8f9 g9g0 f9h8 g0g9 h8f9 g9g0 f9h8",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "pawn-move-uncovers-chases",
        article: "2011 §26.1.1 (moving a pawn so that another piece makes a new chase is a \
                  chase): each sideways step of the crossed pawn opens the b- or c-file \
                  to a red chariot against an unprotected black horse, 长捉 of two pieces \
                  (§24.11); AXF rule 32: two pieces chasing two pieces in turn is a draw. \
                  The AXF appendix: the horse on b9 and the horse on c9 neither flee nor are \
                  protected when attacked, so none is chased under the Asian rules.",
        fen: "1nnaka3/9/9/1P7/9/9/9/9/1RR6/3K5 w - - 0 1",
        moves: "b6c6 f9e8 c6b6 e8f9 b6c6 f9e8 c6b6 e8f9",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "king-answer-to-check-is-idle",
        article: "2011 §26.1.2 (a chase made by a king move that answers check is idle), \
                  §26.1.1: the horse checks from d7; the king's step to e8 opens rank 9 to \
                  the chariot on i9 against the unprotected pawn on a9, which is not held \
                  against it; its step back, no answer to check, opens rank 8 to the \
                  chariot on i8 against the pawn on b8, a chase. One idle move: Black is \
                  allowed, and Red checks and idles: a draw. \
                  The AXF appendix: the pawn on a9 neither flees nor seeks protection when \
                  attacked, so it is not chased under the Asian rules.",
        fen: "P3k3r/1P6r/9/9/2N6/9/9/9/9/3K5 w - - 0 1",
        moves: "c5d7 e9e8 d7c5 e8e9 c5d7 e9e8 d7c5 e8e9",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "block-that-answers-check-chases",
        article: "2011 §26.1.2 (a new chase made by answering check with a piece other than \
                  the king is a chase): the horse that blocks the check's leg on f8 \
                  opens the h-file to the chariot on h9 against the unprotected cannon on \
                  h2; going back to h7 it attacks the unprotected cannon on g5. Every \
                  black move chases, 长捉 of two pieces (§24.11), against one check and \
                  one idle move; AXF rule 32: one piece chasing two is a draw. \
                  The AXF appendix: the cannon on h2 neither flees nor seeks protection when \
                  attacked, so it is not chased under the Asian rules.",
        fen: "4k2r1/9/7n1/3N5/6C2/9/9/7C1/9/3K5 w - - 0 1",
        moves: "d6f7 h7f8 f7d6 f8h7 d6f7 h7f8 f7d6 f8h7",
        verdicts: &[(Chinese, "black_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "lone-defender-takes-key-points",
        article: "2011 §26.2 (守和方只有一个进攻子时，占据守和要点，附带产生的捉士象按闲处理): \
                  Black's only attacking piece, the chariot, moves between a7 and i7 and \
                  each time attacks an unprotected red elephant; with a single attacking \
                  piece that is idle, a draw. AXF rule 32: one piece chasing two pieces \
                  in turn is a draw too. 2011 §26.2 excuses a lone attacker only on a key point of its defence: the chariot on a7 or i7 keeps no mate off (Red has none), so its attacks on the elephants chase, several pieces in turn (§24.11): Black must vary. \
                  The AXF appendix: the elephant on i2 and the elephant on a2 neither flee nor \
                  are protected when attacked, so none is chased under the Asian rules.",
        fen: "3ak4/9/r8/9/9/9/9/B7B/9/1R1K5 w - - 0 1",
        moves: "b0b1 a7i7 b1b0 i7a7 b0b1 a7i7 b1b0 i7a7",
        verdicts: &[(Chinese, "black_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "two-attacking-pieces-may-not-chase-elephants",
        article: "2011 §26.2 does not cover a side with two attacking pieces: the same \
                  chariot walk with a black horse on a9 is 长捉 of the elephants (§24.11), \
                  and Black must vary; AXF rule 32 draws it. \
                  The AXF appendix: the elephant on i2 and the elephant on a2 neither flee nor \
                  are protected when attacked, so none is chased under the Asian rules.",
        fen: "n2ak4/9/r8/9/9/9/9/B7B/9/1R1K5 w - - 0 1",
        moves: "b0b1 a7i7 b1b0 i7a7 b0b1 a7i7 b1b0 i7a7",
        verdicts: &[(Chinese, "black_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "threat-standing-through-a-check",
        article: "1999 §29.2 (捉产生于刚走的这著棋，上一著尚不存在), 2011 §24.3 (抽吃 is a way \
                  to win): when the elephant goes back to c0 the black chariot on e5 \
                  already wins it by Re0+ Kd1 Rxc0, so its step to c5, attacking the \
                  elephant directly, adds no new chase (从捉到捉). §26.2 plays no part: \
                  Black has two attacking pieces and is not the defending side. One chase \
                  and one idle move: a draw",
        fen: "n3k4/9/9/9/2r6/9/7N1/9/9/2BK5 w - - 0 1",
        moves: "c0e2 c5e5 e2c0 e5c5 c0e2 c5e5 e2c0 e5c5",
        verdicts: &[(Chinese, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "pawn-capture-uncovering-check-chases",
        article: "2011 §26.7 (兵吃子时产生其他子将军，按捉处理): with the chariot behind it on \
                  the d-file, the crossed pawn could take the cannon on c6 with a \
                  discovered check, so the chariot's step to d2 chases; its step back to \
                  e2 attacks the unprotected horse on e5. Every red move chases, 长捉 \
                  (§24.11); AXF rule 29 lets a pawn chase, rule 32 draws chasing two \
                  pieces in turn. \
                  The AXF appendix: the horse on e5 neither flees nor seeks protection when \
                  attacked, so it is not chased under the Asian rules.",
        fen: "2rk2b2/9/9/2cP5/4n4/9/9/4R4/9/5K3 w - - 0 1",
        moves: "e2d2 g9i7 d2e2 i7g9 e2d2 g9i7 d2e2 i7g9",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "both-forbidden-single-piece-side-varies",
        article: "2011 §26.8.1: the red chariot chases the unprotected cannons on h4 and i6 \
                  in turn (长捉无根子) while the black elephant attacks the horse on a7 and \
                  the cannon on c5 in turn, both protected by pawns (a cheaper piece on \
                  dearer ones, not in §26.8.1's list); both sides are forbidden, and the \
                  side whose chases are the listed single-piece ones must vary: Red. AXF \
                  rule 32 (and 1999 §26.3 for both forbidden): a draw. \
                  The AXF appendix: the cannon on h4 and the cannon on i6 neither flee nor are \
                  protected when attacked, so none is chased under the Asian rules.",
        fen: "4k4/4a4/N3b4/P7c/2C6/2P4c1/9/8R/9/3K5 w - - 0 1",
        moves: "i2h2 e7c9 h2i2 c9e7 i2h2 e7c9 h2i2 c9e7",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "both-forbidden-both-single-piece",
        article: "2011 §26.8.4 (除上述情况外，双方不变作和): the same walks with the pawns gone, \
                  so the elephant's targets are unprotected: both sides 长捉无根子, both in \
                  §26.8.1's list, a draw. But the elephant that takes the cannon on c5 is mated by checks (Nc8+ Kf9, Rf2+ Cf4, Rxf4+ Cf6, Rxf6+ Af7, Rxf7 mate): no win (2011 §24.3 不致立即被将死), so Black's step back to e7 is idle and Red alone is forbidden. \
                  The AXF appendix: the cannon on h4, the horse on a7, the cannon on i6 and \
                  the cannon on c5 neither flee nor seek protection when attacked, so none is \
                  chased under the Asian rules.",
        fen: "4k4/4a4/N3b4/8c/2C6/7c1/9/8R/9/3K5 w - - 0 1",
        moves: "i2h2 e7c9 h2i2 c9e7 i2h2 e7c9 h2i2 c9e7",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "chariot-and-horse-on-an-unprotected-horse",
        article: "2011 §26.10.1 (车马同时与马接触，被接触的马无根，车方为捉): the red horse on b6 \
                  and the black horse on d7 attack each other, and the red chariots take \
                  turns on the d-file against the unprotected black horse: 长捉, Red must \
                  vary (AXF: a perpetual chase of one unprotected piece). AXF appendix: the black horse neither flees nor seeks protection, so it is not chased: a draw",
        fen: "2b1k4/9/3n5/1N7/1P7/9/3R5/3R5/9/3K5 w - - 0 1",
        moves: "d3f3 c9a7 f3d3 a7c9 d3f3 c9a7 f3d3 a7c9",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "draw"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "chariot-and-horse-on-a-protected-horse",
        article: "2011 §26.10.2 (被接触的马有根，且主动接受邀兑后其根无损失，为兑): the same \
                  walk with the advisor on e8 protecting the black horse: taking the red \
                  horse, which the pawn on b5 protects, costs the root nothing, so the \
                  chariots' attacks only offer the exchange (兑, idle), although two \
                  attackers stand against one root (AXF rule 35 draws it as well)",
        fen: "2b1k4/4a4/3n5/1N7/1P7/9/3R5/3R5/9/3K5 w - - 0 1",
        moves: "d3f3 c9a7 f3d3 a7c9 d3f3 c9a7 f3d3 a7c9",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "mutual-perpetual-check",
        article: "AXF rule 7 (mutual perpetual check, answering a check with a check, is a \
                  draw); 2011 §25.1 forbids only a unilateral perpetual check: each horse \
                  step closes the opponent's cannon line to its own king with a second \
                  screen and becomes the only screen of its own cannon's line, so every \
                  move of both sides answers a check with a check",
        fen: "3k5/9/9/9/9/9/9/1N7/c1n2K3/3C5 w - - 0 1",
        moves: "b2d1 c1d3 d1b2 d3c1 b2d1 c1d3 d1b2 d3c1",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "losing-exchange-offer-chases",
        article: "2011 §26.9 (同兵种邀兑，被邀兑方兑子后立即被杀，邀兑方按捉处理): the red \
                  chariot steps between d5 and d4, offering itself to the black chariot on \
                  a5 or a4 each time; taking it lets the cannon on d0 take back over the \
                  advisor on d2 with check through the advisor on d7, and the king, boxed \
                  in by its advisors and the horse on g8, is mated. The offers are chases \
                  of the unprotected chariot, every red move chases it, 长捉 (§24.11, \
                  §25.3). AXF rule 24: chariots that can take each other only offer, \
                  whatever taking costs, and rule 40 draws a perpetual offer",
        fen: "3k5/4a1N2/3a5/9/3R5/r8/9/3A5/9/3CK4 w - - 0 1",
        moves: "d5d4 a4a5 d4d5 a5a4 d5d4 a4a5 d4d5 a5a4",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "pawn-winning-through-a-check-is-idle",
        article: "2011 §26.7 (兵借其他子抽吃对方的子，按闲处理): each horse step opens a \
                  chariot's way to the e-file and closes the other's; the check Re1+ (or \
                  Re2+) drives the king to f9, and the pawn on d8 then takes the horse on \
                  d9 that the king protected. Only the pawn wins, through another piece's \
                  check, so the steps are idle, and so are Black's pawn steps: a draw \
                  (with a horse in the pawn's place it would be 长捉)",
        fen: "3nk4/3P5/9/9/3P5/1p7/9/8R/R2N5/3K5 w - - 0 1",
        moves: "d1f2 b4c4 f2d1 c4b4 d1f2 b4c4 f2d1 c4b4",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "a-standing-attack-through-a-check-is-no-new-chase",
        article: "1999 §29.2 (捉产生于刚走的这著棋，上一著尚不存在), as seed 003 reads it \
                  under the 1999 rules (从捉到捉无新的捉子行为: a 抽吃 that already stood \
                  is no new chase): the chariot on a2 attacks the unprotected horse on a7. \
                  The cannon stepping onto a4 blocks the file, but its check on e4 (over \
                  the pawn on e6) opens it again, so the same chariot still wins the \
                  horse; stepping off reopens the direct attack. Before each Red move the \
                  chariot could already win the horse, so both are idle: a draw. \
                  The AXF appendix: the horse on a7 neither flees nor seeks protection when \
                  attacked, so it is not chased under the Asian rules.",
        fen: "4k1b2/9/n8/4p4/9/C8/9/R8/9/3K5 w - - 0 1",
        moves: "a4b4 g9i7 b4a4 i7g9 a4b4 g9i7 b4a4 i7g9",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "an-escape-that-brings-a-new-attacker-chases",
        article: "参考图23 and 参考图37 (避吃促成得子，但没有加强进攻子力，判闲): the chariot \
                  on c2 attacks the unprotected cannon on c7, but while the red cannon on \
                  d6 hangs to the chariot on h6 taking would only trade. The cannon's \
                  escape to d7 makes the capture a real win and frees the horse's leg, so \
                  the horse on d5 attacks c7 too: a new attacker, a chase. Stepping back \
                  leaves the chariot's attack standing: idle, so no perpetual, a draw. \
                  The AXF appendix: the cannon on c7 neither flees nor seeks protection when \
                  attacked, so it is not chased under the Asian rules.",
        fen: "4k4/9/2c6/3C3r1/3N5/9/4P4/2R6/9/4K4 w - - 0 1",
        moves: "d6d7 e9f9 d7d6 f9e9 d6d7 e9f9 d7d6 f9e9",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "an-escape-that-only-saves-the-piece-is-idle",
        article: "参考图37 (避吃促成得子，但没有加强进攻子力，判闲): as the case before \
                  without the horse. The cannon's escape to d7 makes the chariot's \
                  capture of c7 a real win but brings nothing new to bear on it: idle, \
                  a draw",
        fen: "4k4/9/2c6/3C3r1/9/9/4P4/2R6/9/4K4 w - - 0 1",
        moves: "d6d7 e9f9 d7d6 f9e9 d6d7 e9f9 d7d6 f9e9",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "a-guarded-piece-stepping-away-frees-its-guard-to-chase",
        article: "2011 §26.1.1 (走动后其他子产生新的捉，按捉处理, 参考图16), §26.5: the \
                  chariot on d3 attacks the unprotected horse on g3, but it also guards \
                  the cannon on d6 against the chariot on h6, so taking only trades a \
                  horse for the cannon (a root's even trade). The cannon stepping to \
                  d7, out of the attack, frees its guard: the capture becomes a win, a \
                  new chase by the cannon's move. Stepping back ties the chariot again: \
                  idle, so no perpetual, a draw",
        fen: "4k4/9/9/3C3r1/9/9/3R2n2/9/4A4/4K4 w - - 0 1",
        moves: "d6d7 e9e8 d7d6 e8e9 d6d7 e9e8 d7d6 e8e9",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "guarding-a-cannons-screen",
        article: "2011 §24.17 (联合捉子), 参考图15, 参考图39: the cannon on b1 attacks the \
                  unprotected horse on b8 over the horse on b4, which the black chariot \
                  on a4 would take, ending the attack, were it not for the chariot on e4 \
                  guarding it. Each step along rank 4 keeps the guard: cannon, screen and \
                  guard chase the horse jointly with every move, a perpetual chase (CXA). \
                  AXF knows no joint chase (rule 35) and the simple rules only forbid \
                  checks: a draw. Read by the model: the chariot guards the screen of a cannon attack that stood before its move and captures nothing itself, so it takes no part in the capture (2011 §24.17) and its steps are idle; the book's 不能离线 (参考图15, 参考图39) is a known disagreement of tests/rules/corpus.rs",
        fen: "3k5/1n7/9/9/9/rN2R4/9/9/1C7/4K4 w - - 0 1",
        moves: "e4f4 d9d8 f4e4 d8d9 e4f4 d9d8 f4e4 d8d9",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "a-guard-of-a-screen-that-attacks-alone",
        article: "参考图39 (不能离线), 2011 §26.8.1-2: the black horse attacks the red \
                  chariot with every move, a single piece's perpetual chase of a chariot. \
                  Each escape of the chariot keeps guarding the horse on b4, the screen \
                  over which the cannon attacks the black chariot on b5: a joint chase \
                  (联合捉车). The chariot also attacks an unprotected cannon (d8, then \
                  c7), but taking it would leave the screen to the black chariot, an even \
                  trade: tied to its line, it chases no piece alone. So only Black chases \
                  with a single piece and must vary (CXA); under AXF the horse chases \
                  the one chariot, while Red attacks two cannons in turn (rule 32): Black \
                  loses; the simple rules only forbid checks: a draw. Read by the model: the guard of the screen takes no part in the cannon's capture, so its own attacks are what its moves chase, single pieces as Black's are: both sides in §26.8.1's list, a draw (§26.8.4); the book's 不能离线 (参考图39) is a known disagreement of tests/rules/corpus.rs. \
                  The AXF appendix: the cannon on d8 and the cannon on c7 neither flee nor are \
                  protected when attacked, so none is chased under the Asian rules.",
        fen: "4k4/3c5/2c6/9/1r2n4/1NR6/9/9/1C7/5K3 w - - 0 1",
        moves: "c4d4 e5f3 d4c4 f3e5 c4d4 e5f3 d4c4 f3e5",
        verdicts: &[
            (Chinese, "draw"),
            (Asian, "black_loses"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "perpetual-threat-to-check-and-capture",
        article: "AXF rule 38 (a perpetual threat to check and then capture is a draw); \
                  2011 §24.3 (抽吃 from the next move on is a chase): the red pawn steps \
                  between a5 and b5, each time opening one chariot's file and closing the \
                  other's. The open chariot threatens to check on rank 9, where the king \
                  can only step to d8 (e9 faces the red king; the advisor on d7 closes \
                  the d-file to a check), and then to take the unprotected horse on h9. \
                  A new taker every move: 长捉 in the CXA rules, \
                  a draw in AXF, where only a capture that stands on the board chases",
        fen: "3k3n1/9/3a5/9/P8/8c/9/9/RR7/4K4 w - - 0 1",
        moves: "a5b5 i4i3 b5a5 i3i4 a5b5 i4i3 b5a5 i3i4",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "a-cannons-screen-walking-chases-an-unprotected-horse",
        article: "AXF rule 25 (a cannon attacking an unprotected horse, advisor, elephant \
                  or crossed pawn chases even when only its screen moves); 2011 §24.17 \
                  (the screen takes part in a joint chase, 图25): the cannon on a1 attacks \
                  the unprotected horse on a9 over the cannon that steps between a2 and \
                  a3, keeping the attack up with every move. Red must vary; the simple \
                  rules only forbid checks. AXF appendix: the horse neither flees nor seeks protection, so it is not chased: a draw under the Asian rules",
        fen: "n2k5/9/9/9/9/9/9/C8/C8/4K4 w - - 0 1",
        moves: "a2a3 d9d8 a3a2 d8d9 a2a3 d9d8 a3a2 d8d9",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "draw"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "a-cannons-screen-walking-with-nothing-to-attack-is-idle",
        article: "AXF rule 25, the case before without the horse: the screen's steps keep \
                  up no attack, so they are idle, a draw under every rule set",
        fen: "3k5/9/9/9/9/9/9/C8/C8/4K4 w - - 0 1",
        moves: "a2a3 d9d8 a3a2 d8d9 a2a3 d9d8 a3a2 d8d9",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "a-cannons-screen-walking-chases-a-protected-chariot",
        article: "AXF rule 26 (a cannon attacking a chariot chases, protected or not, even \
                  when only the screen moves); 2011 §24.17 (图25): the cannon on a7 \
                  attacks the chariot on i7, which the elephant on g9 protects, over the \
                  cannon that steps between c7 and d7 (each point guarded by a pawn, so \
                  the chariot cannot take the screen). Red must vary. AXF appendix: the chariot neither flees nor seeks protection, so it is not chased: a draw under the Asian rules",
        fen: "3k1ab2/9/C1C5r/2PP5/9/9/9/9/9/4K4 w - - 0 1",
        moves: "c7d7 f9e8 d7c7 e8f9 c7d7 f9e8 d7c7 e8f9",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "draw"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "one-cannon-chases-two-chariots-in-turn",
        article: "AXF rule 16 (one cannon chasing two chariots in turn is a draw); 2011 \
                  §24.11 (长捉 of one piece or several): the cannon steps between c1 and \
                  d1, attacking the chariot on c9 over the pawn on c6, then the chariot on \
                  d9 over the advisor on d7, each protected by the other. A cannon on a \
                  chariot chases it, protected or not (rule 15), but never the same one \
                  twice: a draw in AXF, 长捉 in the CXA rules. \
                  The AXF appendix: the chariot on c9 and the chariot on d9 neither flee nor \
                  are protected when attacked, so none is chased under the Asian rules.",
        fen: "2rr1k3/9/3a5/2p6/9/9/9/9/3C5/4K4 w - - 0 1",
        moves: "d1c1 f9f8 c1d1 f8f9 d1c1 f9f8 c1d1 f8f9",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "two-pieces-take-turns-on-one-chariot",
        article: "AXF rule 33 (two or more pieces taking turns to chase one piece are \
                  forbidden); 2011 §24.11: the horse steps from a3 to b5, where it attacks \
                  the chariot on a7 itself, and back to a3, where it is the screen over \
                  which the cannon on a0 attacks it: a new attacker with every move, one \
                  target. Red must vary. AXF appendix: the chariot neither flees nor seeks protection, so it is not chased: a draw under the Asian rules",
        fen: "3k5/9/r8/9/9/9/N8/9/9/C3K4 w - - 0 1",
        moves: "a3b5 d9d8 b5a3 d8d9 a3b5 d9d8 b5a3 d8d9",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "draw"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "perpetual-block",
        article: "AXF rule 39 (a perpetual block is a draw), rule 32 (one piece chasing two \
                  in turn is a draw); 2011 §24.11: the black chariot steps between b8 and \
                  c8, attacking the unprotected horse on b1, then the one on c1, and the \
                  red cannon blocks each file in turn. The blocks are idle; the chariot \
                  chases two pieces in turn: a draw in AXF, 长捉 in the CXA rules",
        fen: "5k3/1r7/9/9/1C7/9/9/9/1NN6/4K4 b - - 0 1",
        moves: "b8c8 b5c5 c8b8 c5b5 b8c8 b5c5 c8b8 c5b5",
        verdicts: &[(Chinese, "black_loses"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "a-chariot-pinned-by-a-cannon-does-not-chase",
        article: "AXF rule 27 (a chariot pinned on a line by a cannon does not chase by \
                  moving along it): the red chariot on the e-file stands between the black \
                  cannon on e8, screened by the horse on e6, and its own king, and follows \
                  the unprotected cannon between a4 and a3 along the file. Taking it would \
                  leave the king in check, so the chariot attacks nothing it could take: \
                  a draw under every rule set. Without the cannon on e8 the same walk is a \
                  chase of an unprotected cannon (rule 18: a-chariot-free-of-the-pin-chases)",
        fen: "5k3/4c4/9/4n4/9/c3R4/9/9/9/4K4 b - - 0 1",
        moves: "a4a3 e4e3 a3a4 e3e4 a4a3 e4e3 a3a4 e3e4",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "a-chariot-free-of-the-pin-chases",
        article: "AXF rule 18 (a chariot may not chase an unprotected cannon), beside rule \
                  27: the case before without the black cannon on e8, so nothing pins the \
                  chariot, and following the cannon chases it. Red must vary",
        fen: "5k3/9/9/4n4/9/c3R4/9/9/9/4K4 b - - 0 1",
        moves: "a4a3 e4e3 a3a4 e3e4 a4a3 e4e3 a3a4 e3e4",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "red_loses"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "a-horse-checks-once-while-a-chariot-chases-it",
        article: "AXF rule 23 (a chariot chasing a horse that answers by checking once must \
                  vary) and rule 13 (one check and one idle move is a draw); 2011 §24.11, \
                  §26.1.2 (a non-king answer to check that makes a new chase chases): the \
                  red chariot follows the unprotected horse, from f3 onto h3 and, when \
                  the horse checks from g1, onto f1, the horse's leg, blocking the check \
                  and attacking it again. Every red move chases the horse; Black checks \
                  once and flees once. Red must vary",
        fen: "3k5/9/9/9/9/9/5R1n1/9/9/4K4 b - - 0 1",
        moves: "h3g1 f3f1 g1h3 f1f3 h3g1 f3f1 g1h3 f1f3",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "red_loses"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "two-checks-against-one-check-back",
        article: "AXF rule 8 (two checks against one check back: the perpetual checker \
                  loses); 2011 §25.1 (unilateral perpetual check): the red cannon steps \
                  off the e-file, uncovering the chariot's check; the black cannon blocks \
                  on e8 and checks back over the chariot; the red cannon's return to e4 \
                  parries that check and checks over the black cannon, which steps away \
                  without checking. Red checks with every move, Black once in two: Red \
                  must vary",
        fen: "4k4/5c3/9/9/9/4C4/9/4R4/9/4K4 w - - 0 1",
        moves: "e4a4 f8e8 a4e4 e8f8 e4a4 f8e8 a4e4 e8f8",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "red_loses"),
            (Simple, "red_loses"),
        ],
    },
    ArticleCase {
        name: "check-and-idle-against-chase-and-idle",
        article: "2011 §25.2 (both sides allowed: a draw): the red cannon checks over the \
                  black pawn on e6 and steps back; the black chariot blocks on e8 (an \
                  answer that attacks nothing: idle) and steps back to d8, attacking the \
                  unprotected horse on d2. Red checks once in two moves (一将一闲), Black \
                  chases once in two (一捉一闲): neither is a perpetual, a draw. AXF rule \
                  13 (one check and one idle move) and rule 5: a draw too",
        fen: "4k4/3r5/9/4p4/9/9/2C6/3N5/9/5K3 w - - 0 1",
        moves: "c3e3 d8e8 e3c3 e8d8 c3e3 d8e8 e3c3 e8d8",
        verdicts: &[(Chinese, "draw"), (Asian, "draw"), (Simple, "draw")],
    },
    ArticleCase {
        name: "mate-threat-and-chase-against-a-joint-chase",
        article: "2011 §26.8.1 (一将（杀）一捉车（无根子）: a single piece's pattern that must \
                  vary): the red chariot steps between f2, chasing the unprotected advisor \
                  on f7, and g2, threatening Rg8+ Ke9 Rh9 mate while the black cannon \
                  stands on e6; the black cannon steps between c6 and e6, each step \
                  renewing the attack of the b6 cannon over it on the chariot h6 (a \
                  walking screen: a joint chase, 联合捉车, not in §26.8.1's list). Both \
                  sides are forbidden, and the side with the listed single-piece pattern \
                  must vary: Red (the cycle is built for its labels; Red has better than \
                  repeating). AXF: the mate threats are allowed (rules 9-10) and break \
                  Red's chase, while the walking screen chases the chariot with every \
                  move (rule 26): Black must vary. AXF appendix: the chariot on h6 neither flees nor seeks protection, so the screen's steps do not chase it: a draw under the Asian rules",
        fen: "3a5/4k4/5a3/1cc4R1/9/9/9/6R2/9/3K5 w - - 0 1",
        moves: "g2f2 c6e6 f2g2 e6c6 g2f2 c6e6 f2g2 e6c6",
        verdicts: &[
            (Chinese, "red_loses"),
            (Asian, "draw"),
            (Simple, "draw"),
        ],
    },
    ArticleCase {
        name: "perpetual-mate-threat-against-perpetual-exchange-offers",
        article: "2011 §24.2 (杀), §24.4 (兑: an exchange offer is allowed), §25.3 (one side \
                  forbidden must vary): the red chariot steps between c2 and b2, each step \
                  threatening mate on rank 9 (the black king is held on d9 by its cannon \
                  on d8 and the open e-file); the black chariot answers on the same file, \
                  c5 or b5, blocking the mate and offering itself for the red chariot, \
                  protected by its partner on h5. 长杀 against 长兑: Red must vary (its \
                  advisors and elephants keep the e-file open and the king out of a \
                  quick mate when it does). AXF: \
                  mate threats are allowed (rules 9-10), winning the blocker through a \
                  check first is no chase (rule 38), and offers draw (rule 40)",
        fen: "3k5/3c5/9/9/2r4r1/9/9/2R6/9/2BAKAB2 w - - 0 1",
        moves: "c2b2 c5b5 b2c2 b5c5 c2b2 c5b5 b2c2 b5c5",
        verdicts: &[(Chinese, "red_loses"), (Asian, "draw"), (Simple, "draw")],
    },
];

/// A game as positions and moves.
pub fn parse(fen: &str, moves: &str) -> (Position, Vec<Move>) {
    let start = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let moves = moves
        .split_whitespace()
        .map(|m| m.parse().unwrap_or_else(|e| panic!("{m}: {e}")))
        .collect();
    (start, moves)
}

pub fn judge(start: &Position, moves: &[Move], rules: RuleSet) -> GameJudgement {
    judge_game(start, moves, rules).unwrap_or_else(|e| panic!("{}: {e}", start.to_fen()))
}

/// The board part of a FEN, each rank as nine characters ('.' for empty).
fn expand(board: &str) -> Vec<Vec<char>> {
    board
        .split('/')
        .map(|rank| {
            let mut row = Vec::new();
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(n) => row.extend(std::iter::repeat_n('.', n as usize)),
                    None => row.push(c),
                }
            }
            row
        })
        .collect()
}

fn compress(rows: &[Vec<char>]) -> String {
    rows.iter()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out += &empty.to_string();
                        empty = 0;
                    }
                    out.push(c);
                }
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            out
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The position with `piece` (a FEN letter) added on `square` (file
/// letter and rank digit, ranks 0-9 from Red's side), if that point is
/// empty; the FEN's other fields stay.
pub fn with_piece(fen: &str, piece: char, square: &str) -> Option<String> {
    let (board, rest) = fen.split_once(' ').unwrap_or((fen, "w"));
    let mut rows = expand(board);
    let mut chars = square.chars();
    let file = (chars.next()? as u8).checked_sub(b'a')? as usize;
    let rank = chars.next()?.to_digit(10)? as usize;
    let cell = rows.get_mut(9 - rank)?.get_mut(file)?;
    if *cell != '.' {
        return None;
    }
    *cell = piece;
    Some(format!("{} {rest}", compress(&rows)))
}

/// The position seen in a mirror: files a-i become i-a.
pub fn mirror_fen(fen: &str) -> String {
    let (board, rest) = fen.split_once(' ').unwrap_or((fen, "w"));
    let rows: Vec<Vec<char>> = expand(board)
        .into_iter()
        .map(|row| row.into_iter().rev().collect())
        .collect();
    format!("{} {rest}", compress(&rows))
}

/// The position with the colours swapped: Red's pieces become Black's on
/// the same files, ranks counted from the other side, the other side to
/// move.
pub fn flip_fen(fen: &str) -> String {
    let mut fields = fen.split_whitespace();
    let board = fields.next().unwrap_or_default();
    let side = match fields.next() {
        Some("b") => "w",
        _ => "b",
    };
    let rows: Vec<Vec<char>> = expand(board)
        .into_iter()
        .rev()
        .map(|row| {
            row.into_iter()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    // The move counters stay: the natural limit reads the halfmove clock.
    let rest: Vec<&str> = fields.collect();
    format!("{} {side} {}", compress(&rows), rest.join(" "))
}

fn map_move(mv: Move, square: impl Fn(char, char) -> (char, char)) -> Move {
    let text = mv.to_string();
    let c: Vec<char> = text.chars().collect();
    let (f1, r1) = square(c[0], c[1]);
    let (f2, r2) = square(c[2], c[3]);
    format!("{f1}{r1}{f2}{r2}").parse().expect("a mapped move")
}

pub fn mirror_move(mv: Move) -> Move {
    map_move(mv, |file, rank| ((b'a' + b'i' - file as u8) as char, rank))
}

pub fn flip_move(mv: Move) -> Move {
    map_move(mv, |file, rank| (file, (b'0' + b'9' - rank as u8) as char))
}

/// The verdict for the other colour.
pub fn flip_verdict(verdict: &str) -> &str {
    match verdict {
        "red_loses" => "black_loses",
        "black_loses" => "red_loses",
        other => other,
    }
}
