//! `chuhan judge` through the binary: verdicts, reasons and cycle moves in
//! text and JSON, rule-set selection, and bad input that never stops the run.

use crate::rules_cases;
use crate::tool_run;

/// Runs `chuhan judge ARGS` with `input` on stdin: (success, stdout, stderr).
fn judge(args: &[&str], input: &str) -> (bool, String, String) {
    let mut words = vec!["judge"];
    words.extend_from_slice(args);
    tool_run::chuhan_with_input(&words, input)
}

/// Red's chariot chases the unprotected black cannon around a7/b7.
const CHASE: &str = "fen 4k3r/9/c8/9/9/9/9/1R7/9/3K5 w - - 0 1 moves \
    b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7";

/// Red's chariot checks on ranks 9 and 8 while the black king steps; the
/// position after the first ply stands for the third time after the ninth,
/// which ends the game (the tenth move is still checked for legality).
const CHECKS: &str = "fen 3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1 moves \
    i0i9 d9d8 i9i8 d8d9 i8i9 d9d8 i9i8 d8d9 i8i9 d9d8";

#[test]
fn a_perpetual_chase_names_its_target_and_each_move() {
    let (ok, out, _) = judge(&[], &format!("{CHASE}\n"));
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0], "red_loses: perpetual chase of the cannon on a7 by Red",
        "{out}"
    );
    assert_eq!(lines[1], "  b2a2 Red chase (cannon a7)");
    assert_eq!(lines[2], "  a7b7 Black idle");
    assert_eq!(lines.len(), 5);
}

#[test]
fn the_rule_switch_changes_the_verdict() {
    let (_, simple, _) = judge(&["--rule", "simple"], &format!("{CHASE}\n"));
    assert!(simple.starts_with("draw: "), "{simple}");
    let (_, asian, _) = judge(&["--rule=asian"], &format!("{CHASE}\n"));
    // AXF wants the same piece chased on every move: the cannon is one piece.
    assert!(asian.starts_with("red_loses: perpetual chase"), "{asian}");
}

#[test]
fn json_gives_one_object_per_game() {
    let input = format!("{CHECKS}\nstartpos moves h2e2 h9g7\n");
    let (ok, out, _) = judge(&["--json"], &input);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with(
            "{\"verdict\":\"red_loses\",\"reason\":\"perpetual check by Red\",\"plies\":9,\
             \"moves\":[{\"move\":\"d9d8\",\"side\":\"black\",\"kind\":\"idle\",\"targets\":[]},\
             {\"move\":\"i9i8\",\"side\":\"red\",\"kind\":\"check\",\"targets\":[]}"
        ),
        "{out}"
    );
    assert_eq!(
        lines[1],
        "{\"verdict\":\"ongoing\",\"reason\":\"\",\"plies\":2,\"moves\":[]}"
    );
    let (_, chase, _) = judge(&["--json"], &format!("{CHASE}\n"));
    assert!(
        chase.contains(
            "{\"move\":\"b2a2\",\"side\":\"red\",\"kind\":\"chase\",\
             \"targets\":[{\"piece\":\"cannon\",\"square\":\"a7\"}]}"
        ),
        "{chase}"
    );
}

#[test]
fn checkmate_and_no_legal_move_lose() {
    // Red mates with the chariot on the back rank (b8 holds rank 8, the red
    // king holds the e-file).
    let mate = "fen 3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1 moves a0a9";
    let (_, out, _) = judge(&[], &format!("{mate}\n"));
    assert_eq!(out.trim(), "black_loses: checkmate");
}

#[test]
fn sixty_moves_without_a_capture_draw() {
    let game = "fen 3k1a3/9/9/3P5/9/9/9/9/9/3K1A3 w - - 118 60 moves f0e1 f9e8";
    let (_, out, _) = judge(&["--json"], &format!("{game}\n"));
    assert!(
        out.starts_with("{\"verdict\":\"draw\",\"reason\":\"60-move rule\""),
        "{out}"
    );
    let (_, early, _) = judge(
        &[],
        "fen 3k1a3/9/9/3P5/9/9/9/9/9/3K1A3 w - - 117 60 moves f0e1 f9e8\n",
    );
    assert_eq!(early.trim(), "ongoing");
}

#[test]
fn bad_lines_are_reported_and_the_next_game_is_judged() {
    let input = "startpos moves h2e2 h9g7 h0h9\n\
                 fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1\n\
                 startpos moves h2e2 zz99\n\
                 banana\n\
                 startpos jumps h2e2\n\
                 startpos moves h2e2\n";
    let (ok, out, _) = judge(&[], input);
    assert!(ok, "the judge exits 0 even after bad lines");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "error: game 1: move 3 (h0h9) is not legal",
            "error: game 2: bad FEN: rank 0 has 8 points, not 9",
            "error: game 3: move 2: 'zz99' is not a move in ICCS notation (like h2e2)",
            "error: game 4: expected 'startpos' or 'fen <FEN>', found 'banana'",
            "error: game 5: expected 'moves', found 'jumps'",
            "ongoing",
        ]
    );
    let (_, json, _) = judge(&["--json"], "startpos moves h2e2 h2e2\n");
    assert_eq!(
        json.trim(),
        "{\"error\":\"move 2 (h2e2) is not legal\",\"game\":1}"
    );
}

#[test]
fn a_bad_rule_name_is_one_error_line() {
    let (ok, _, err) = judge(&["--rule", "fide"], "");
    assert!(!ok);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: invalid value 'fide' for '--rule <RULE>': unknown rule set 'fide' (chinese, asian, simple)"),
        "{err}"
    );
}

/// Red's chariot follows the black cannon on a7, which the chariot on c7
/// protects: an attack, but no chase (跟, 2011 §24.7).
const FOLLOW: &str = "fen 4k4/9/c1r6/9/9/9/9/1R7/9/3K5 w - - 0 1 moves \
    b2a2 e9f9 a2b2 f9e9 b2a2 e9f9 a2b2 f9e9";

#[test]
fn explain_shows_every_attack_with_its_protection_finding_and_article() {
    let (ok, out, _) = judge(&["--explain"], &format!("{CHASE}\n{FOLLOW}\n"));
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "red_loses: perpetual chase of the cannon on a7 by Red \
         [2011 §25.3 (one side forbidden)]"
    );
    let unprotected = "2011 §24.3, §24.16 (无根子; a false root is none)";
    assert_eq!(
        lines[1],
        format!("  b2a2 Red chase (cannon a7) [{unprotected}]")
    );
    assert_eq!(lines[2], "      check: no; mate threat: no");
    assert_eq!(
        lines[3],
        format!(
            "      cannon a7 attacked from a2: no protection; unprotected (gain 5) \
             [{unprotected}]: chase"
        )
    );
    let follow = lines
        .iter()
        .position(|l| l.starts_with("draw"))
        .expect("the second game is a draw");
    assert_eq!(
        lines[follow + 1],
        "  b2a2 Red idle [2011 §24.8 (闲, every other move)]"
    );
    assert_eq!(
        lines[follow + 3],
        "      cannon a7 attacked from a2: protected from c7; protected (gain -5) \
         [2011 §24.7 (跟: a protected piece, nothing won)]: no chase"
    );
}

/// The `--explain` lines of the article case `name` judged with `flags`.
fn explained_case(name: &str, flags: &[&str]) -> Vec<String> {
    let case = rules_cases::ARTICLE_CASES
        .iter()
        .find(|c| c.name == name)
        .expect("the article case");
    let game = format!("fen {} moves {}\n", case.fen, case.moves);
    let (ok, out, _) = judge(&[&["--explain"], flags].concat(), &game);
    assert!(ok);
    out.lines().map(str::to_string).collect()
}

/// The line `below` lines under the first that starts with `head`.
fn line_under<'a>(lines: &'a [String], head: &str, below: usize) -> &'a str {
    let block = lines
        .iter()
        .position(|l| l.starts_with(head))
        .unwrap_or_else(|| panic!("no line starting {head:?}"));
    &lines[block + below]
}

/// The article case where a cannon blocks a chariot's attack on a horse but
/// can reopen it with a check: the horse stays won by the same chariot, so
/// no move chases (1999 §29.2), and --explain says why, by article.
#[test]
fn explain_shows_a_win_through_a_check_that_is_no_chase() {
    let lines = explained_case("a-standing-attack-through-a-check-is-no-new-chase", &[]);
    assert!(lines[0].starts_with("draw: repetition without a forbidden perpetual [2011 §25.2"));
    // The cannon's step back is idle: the win through its check stood.
    assert_eq!(
        line_under(&lines, "  b4a4 Red idle [", 2),
        "      horse a7 attacked from a4: won through the check a4e4; won through a check \
         (gain 5) [2011 §24.3 (won through a check, whatever the answer)]: no chase \
         [1999 §29.2 (it stood before the move: no new chase)]"
    );
}

#[test]
fn explain_says_a_check_is_only_a_check() {
    // The cannon's step to e2 checks, and uncovers the a0 cannon on the
    // horse: a check, whose other effects are not weighed, by article.
    let lines = explained_case("cannon-check-and-chase-of-one-piece", &["--rule", "asian"]);
    assert_eq!(
        line_under(&lines, "  a2e2 Red check [", 2),
        "      a check is only a check: what else it attacks is not counted (AXF rules 6, 12)"
    );
    let lines = explained_case("cannon-check-and-chase-of-one-piece", &[]);
    assert_eq!(
        line_under(&lines, "  a2e2 Red check [", 2),
        "      a check: the heavier effect, what else it attacks is not weighed (2011 §26.4)"
    );
}

#[test]
fn explain_in_json_adds_the_effects_of_each_move() {
    let (ok, out, _) = judge(&["--explain", "--json"], &format!("{CHASE}\n"));
    assert!(ok);
    let unprotected = "2011 §24.3, §24.16 (无根子; a false root is none)";
    assert!(
        out.contains(&format!(
            "{{\"move\":\"b2a2\",\"side\":\"red\",\"kind\":\"chase\",\
             \"targets\":[{{\"piece\":\"cannon\",\"square\":\"a7\"}}],\
             \"effects\":{{\"article\":\"{unprotected}\",\"check\":false,\"mate_threat\":false,\
             \"notes\":[],\"offers\":[],\
             \"attacks\":[{{\"piece\":\"cannon\",\"square\":\"a7\",\"attacker\":\"a2\",\
             \"gain\":5,\"protectors\":[],\"through_check\":null,\"whichever\":false,\
             \"finding\":\"unprotected\",\"article\":\"{unprotected}\",\"chase\":true,\"why_not\":\"\"}}]}}}}"
        )),
        "{out}"
    );
    // Without --explain the JSON stays as it was.
    let (_, plain, _) = judge(&["--json"], &format!("{CHASE}\n"));
    assert!(!plain.contains("effects"), "{plain}");
}

/// Every article case under every rule set: `--explain` names the article
/// of that rule set's book behind the verdict and behind every move's label,
/// and no cycle makes the explanation fail (a check's effects once asked
/// what the checker would take after a pass: the king).
#[test]
fn explain_cites_the_book_of_the_rule_set_for_every_verdict_and_label() {
    let games: String = rules_cases::ARTICLE_CASES
        .iter()
        .map(|c| format!("fen {} moves {}\n", c.fen, c.moves))
        .collect();
    for (rules, book) in [("chinese", "§"), ("asian", "AXF"), ("simple", "simple")] {
        let (ok, out, err) = judge(&["--explain", "--rule", rules], &games);
        assert!(ok && err.is_empty(), "{rules}: {err}");
        let verdicts: Vec<&str> = out.lines().filter(|l| !l.starts_with(' ')).collect();
        assert_eq!(verdicts.len(), rules_cases::ARTICLE_CASES.len(), "{rules}");
        let labels = out
            .lines()
            .filter(|l| l.starts_with("  ") && !l.starts_with("   "));
        for line in verdicts.iter().copied().chain(labels) {
            let article = line
                .rsplit_once(" [")
                .map(|(_, a)| a)
                .unwrap_or_else(|| panic!("{rules}: no article: {line}"));
            assert!(article.contains(book), "{rules}: {line}");
        }
    }
}

/// The first move of each of these article cases, judged under the Asian
/// rules, is labelled with the article the case was built on.
#[test]
fn explain_cites_the_asian_article_each_case_turns_on() {
    let expected = [
        (
            "chase-of-an-unprotected-cannon",
            "b2a2 Red chase",
            "AXF rule 18",
        ),
        (
            "horse-chases-a-protected-chariot",
            "b5d6 Red chase",
            "AXF rules 15, 26",
        ),
        (
            "losing-exchange-offer-chases",
            "d5d4 Red idle",
            "AXF rule 5",
        ),
        (
            "two-checks-against-one-check-back",
            "e4a4 Red check",
            "AXF rule 6",
        ),
    ];
    for (name, label, article) in expected {
        let case = rules_cases::ARTICLE_CASES
            .iter()
            .find(|c| c.name == name)
            .expect("the article case");
        let game = format!("fen {} moves {}\n", case.fen, case.moves);
        let (ok, out, _) = judge(&["--explain", "--rule", "asian"], &game);
        assert!(ok);
        let line = out.lines().nth(1).expect("the cycle's first move");
        assert!(
            line.starts_with(&format!("  {label} ")) && line.contains(&format!("[{article} ")),
            "{name}: {line}"
        );
    }
}

/// Every threat that is no chase says by which article: not new (1999
/// §29.2), not answered (the AXF appendix), or excused (2011 §26).
#[test]
fn explain_gives_the_article_behind_every_no_chase() {
    let games: String = rules_cases::ARTICLE_CASES
        .iter()
        .map(|c| format!("fen {} moves {}\n", c.fen, c.moves))
        .collect();
    for rules in ["chinese", "asian"] {
        let (ok, out, _) = judge(&["--explain", "--rule", rules], &games);
        assert!(ok);
        let mut seen = 0;
        for line in out
            .lines()
            .filter(|l| l.starts_with("      ") && l.contains(" attacked from "))
        {
            let (_, finding) = line.split_once("; ").expect("protection; finding");
            assert!(
                finding.contains(" [") && finding.contains(")]: "),
                "{rules}: {line}"
            );
            if let Some((_, why)) = line.rsplit_once(": no chase") {
                if !why.is_empty() {
                    assert!(
                        why.starts_with(" [") && why.ends_with(')') || why.ends_with(")]"),
                        "{rules}: {line}"
                    );
                    seen += 1;
                }
            }
        }
        assert!(
            seen > 20,
            "{rules}: only {seen} threats with a reason not to chase"
        );
    }
}

/// Red's chariot offers itself to the black chariot with every step, but
/// taking it lets the cannon on d0 take back with mate (2011 §26.9).
const LOSING_OFFER: &str = "fen 3k5/4a1N2/3a5/9/3R5/r8/9/3A5/9/3CK4 w - - 0 1 moves \
    d5d4 a4a5 d4d5 a5a4 d5d4 a4a5 d4d5 a5a4";

#[test]
fn explain_names_an_exchange_offer_that_loses_if_accepted() {
    let (ok, out, _) = judge(&["--explain"], &format!("{LOSING_OFFER}\n"));
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "red_loses: perpetual chase of the chariot on a4 by Red \
         [2011 §25.3 (one side forbidden)]"
    );
    let losing = "2011 §26.9 (an offer that loses if accepted)";
    assert_eq!(
        lines[1],
        format!("  d5d4 Red chase (chariot a4) [{losing}]")
    );
    // No offer is listed: the mutual attack is the chase.
    assert_eq!(lines[2], "      check: no; mate threat: no");
    assert_eq!(
        lines[3],
        format!(
            "      chariot a4 attacked from d4: no protection; an exchange offer that loses \
             if accepted (gain 10) [{losing}]: chase"
        )
    );
    let (_, json, _) = judge(&["--explain", "--json"], &format!("{LOSING_OFFER}\n"));
    assert!(
        json.contains("\"finding\":\"an exchange offer that loses if accepted\""),
        "{json}"
    );
    assert!(json.contains("\"offers\":[]"), "{json}");
}

/// The chase above as a PGN game, in Chinese notation; the same game in
/// WXF follows it, then a game whose third move is illegal, then one
/// still going.
const CHASE_PGN: &str = "\
[Event \"chase in Chinese\"]
[FEN \"4k3r/9/c8/9/9/9/9/1R7/9/3K5 w - - 0 1\"]
[Format \"Chinese\"]

1. 车八平九 炮１平２ 2. 车九平八 炮２平１ 3. 车八平九 炮１平２ 4. 车九平八 炮２平１ *

[Event \"chase in WXF\"]
[FEN \"4k3r/9/c8/9/9/9/9/1R7/9/3K5 w - - 0 1\"]

1. R8.9 C1.2 2. R9.8 C2.1 3. R8.9 C1.2 4. R9.8 C2.1 *

[Red \"Careless\"]
[Black \"Someone\"]
1. h2e2 h9g7 2. h2e2 *

1. 炮二平五 马８进７ *
";

/// Games that end off the board, as PGN files from tournaments keep them:
/// a resignation, a draw agreed, a loss on time (the Termination tag), and a
/// mate whose result the file gets wrong.
const ENDINGS_PGN: &str = "\
[Red \"A\"]
[Black \"B\"]
[Result \"0-1\"]

1. h2e2 h9g7 0-1

[Red \"C\"]
[Black \"D\"]
[Result \"1/2-1/2\"]

1. h2e2 h9g7 1/2-1/2

[Red \"E\"]
[Black \"F\"]
[Result \"1-0\"]
[Termination \"time forfeit\"]

1. h2e2 h9g7 1-0

[Red \"G\"]
[Black \"H\"]
[FEN \"3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1\"]
[Result \"0-1\"]

1. a0a9 0-1
";

#[test]
fn each_game_is_named_and_an_ending_off_the_board_is_read_from_its_file() {
    let (ok, out, err) = judge(&[], ENDINGS_PGN);
    assert!(ok, "{err}");
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "game 1 (A vs B, 0-1): red_loses: Red resigned (the file's result; the board shows no end after 2 plies)",
            "game 2 (C vs D, 1/2-1/2): draw: agreed (the file's result; the board shows no end after 2 plies)",
            "game 3 (E vs F, 1-0): black_loses: time forfeit (the file's result; the board shows no end after 2 plies)",
            "game 4 (G vs H, 0-1): black_loses: checkmate (the file says 0-1)",
        ],
        "{out}"
    );
    let (_, json, _) = judge(&["--json"], ENDINGS_PGN);
    assert!(
        json.lines().next().unwrap().starts_with(
            "{\"verdict\":\"red_loses\",\"reason\":\"Red resigned\",\"plies\":2,\"moves\":[],\"game\":1,\"players\":\"A vs B\",\"result\":\"0-1\",\"from_file\":true}"
        ),
        "{json}"
    );
}

/// Games are kept as PGN: judge reads a PGN file (any notation), from a
/// path or stdin, and numbers its games as games.
#[test]
fn pgn_games_in_any_notation_are_judged() {
    let chase = "red_loses: perpetual chase of the cannon on a7 by Red";
    let expected = [
        &format!("game 1 (chase in Chinese, *): {chase}"),
        "  b2a2 Red chase (cannon a7)",
        "  a7b7 Black idle",
        "  a2b2 Red chase (cannon b7)",
        "  b7a7 Black idle",
        &format!("game 2 (chase in WXF, *): {chase}"),
        "  b2a2 Red chase (cannon a7)",
        "  a7b7 Black idle",
        "  a2b2 Red chase (cannon b7)",
        "  b7a7 Black idle",
        "error: game 3 (Careless vs Someone): move 2 (Red): 'h2e2' is not a legal move here",
        "game 4 (*): ongoing",
    ];
    let (ok, out, err) = judge(&[], CHASE_PGN);
    assert!(ok, "{err}");
    assert_eq!(out.lines().collect::<Vec<_>>(), expected, "{out}");
    let file = std::env::temp_dir().join(format!("chuhan-judge-{}.pgn", std::process::id()));
    std::fs::write(&file, CHASE_PGN).unwrap();
    let (ok, from_file, err) = judge(&[file.to_str().unwrap()], "");
    let _ = std::fs::remove_file(&file);
    assert!(ok, "{err}");
    assert_eq!(from_file, out);
    let (_, json, _) = judge(&["--json"], CHASE_PGN);
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 4, "{json}");
    assert!(lines[1].starts_with("{\"verdict\":\"red_loses\""), "{json}");
    assert_eq!(
        lines[2],
        "{\"error\":\"move 2 (Red): 'h2e2' is not a legal move here\",\"game\":3}"
    );
    assert!(
        lines[3].ends_with(",\"game\":4,\"players\":null,\"result\":\"*\"}"),
        "{json}"
    );
    let (ok, _, err) = judge(&["/nonexistent/games.pgn"], "");
    assert!(!ok);
    assert!(
        err.starts_with("error: cannot read /nonexistent/games.pgn"),
        "{err}"
    );
}

/// In the line form, `#` lines are comments and blank lines are skipped;
/// `game N` counts the games, not the lines.
#[test]
fn comment_lines_are_skipped_and_games_are_counted_as_games() {
    let input = "# games from the club night\n\
                 \n\
                 startpos moves h2e2 h9g7\n\
                 # the second game: a mistake\n\
                   # indented too\n\
                 startpos moves h2e2 h2e2\n";
    let (ok, out, _) = judge(&[], input);
    assert!(ok);
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        ["ongoing", "error: game 2: move 2 (h2e2) is not legal"]
    );
}
