//! `chuhan analyse` through the binary: a game where one side gives a
//! chariot for a cannon, marked as a blunder with the engine's better move;
//! notation in and out; the summary per side; the SVG plot; progress on
//! stderr; and bad input.

use crate::tool_run;

use tool_run::run_with_input;

/// Red's chariot takes the cannon on h7, which Black's chariot on h9
/// guards (车二进七?? 车８进２): a chariot for a cannon. Written in
/// Chinese notation, as such a game would be.
const CHARIOT_FOR_CANNON: &str = "\
[Event \"A chariot for a cannon\"]
[Red \"Careless\"]
[Black \"Careful\"]

1. 炮二平五 马８进７ 2. 马二进三 马２进３ 3. 车一平二 车９平８
4. 车二进七 车８进２ 5. 马八进七 象７进５ *
";

fn analyse(args: &[&str], input: &str) -> tool_run::Run {
    let mut all = vec!["analyse"];
    all.extend_from_slice(args);
    run_with_input(&all, input)
}

/// The comment after `mv` (the first `{...}` that follows it).
fn comment_after<'a>(text: &'a str, mv: &str) -> &'a str {
    let at = text
        .find(mv)
        .unwrap_or_else(|| panic!("{mv} not in {text}"));
    let rest = &text[at..];
    let open = rest.find('{').unwrap();
    let close = rest.find('}').unwrap();
    &rest[open + 1..close]
}

/// The move text of a one-game PGN without its tags and comments, its
/// words joined by single spaces (the XQF tests use it too).
pub fn without_comments(pgn: &str) -> String {
    let mut text = String::new();
    let mut depth = 0;
    for c in pgn
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
    {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth == 0 => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn a_chariot_given_for_a_cannon_is_a_blunder() {
    let run = analyse(&["-", "--depth", "6"], CHARIOT_FOR_CANNON);
    assert_eq!(run.code, Some(0), "{}", run.err);
    let out = &run.out;
    // Written back in the input's notation, marked by the score lost.
    assert!(out.contains("[Format \"Chinese\"]"), "{out}");
    assert!(out.contains("[Annotator \"chuhan "), "{out}");
    assert!(out.contains("depth 6\"]"), "{out}");
    // The mark is the standard glyph for a blunder, `$4` (`??`).
    assert!(out.contains("4. 车二进七 $4 {"), "{out}");
    let comment = comment_after(out, "车二进七 $4");
    // The value after it (Red's side, hundreds of centipawns) is about a
    // chariot less a cannon down, and the engine names its move.
    let value: f64 = comment.split('/').next().unwrap().parse().unwrap();
    assert!(value < -3.0, "{comment}");
    assert!(comment.contains("; lost "), "{comment}");
    assert!(comment.contains("; better "), "{comment}");
    // Black's recapture is the engine's move: no mark, no better move; it
    // is numbered again after the comment, as PGN writes it.
    assert!(out.contains("4... 车８进２ {"), "{out}");
    assert!(!comment_after(out, "车８进２").contains("better"), "{out}");
    // Every move has its value and depth.
    assert_eq!(out.matches("/6").count(), 10, "{out}");
    // The summary per side, as the last comment.
    assert!(
        out.contains("{Red (Careless): average loss ")
            && out
                .contains("0 inaccuracies, 0 mistakes, 1 blunder; Black (Careful): average loss "),
        "{out}"
    );
    assert!(out.trim_end().ends_with('*'), "{out}");
    // Progress and the summary on stderr.
    assert!(
        run.err
            .starts_with("analysing 1 game with depth 6 a position\n"),
        "{}",
        run.err
    );
    assert!(
        run.err
            .contains("game 1 of 1 (Careless vs Careful): Red average loss"),
        "{}",
        run.err
    );
    assert!(run.err.contains("done in "), "{}", run.err);
}

/// One thread and a depth budget give the same analysis every run; the
/// output reads back as the same game, in the notation asked for.
#[test]
fn the_analysis_is_repeatable_and_reads_back() {
    let first = analyse(&["-", "--depth", "5", "--to", "wxf"], CHARIOT_FOR_CANNON);
    let second = analyse(&["-", "--depth", "5", "--to", "wxf"], CHARIOT_FOR_CANNON);
    assert_eq!(first.code, Some(0), "{}", first.err);
    assert_eq!(first.out, second.out);
    assert!(first.out.contains("[Format \"WXF\"]"), "{}", first.out);
    assert!(first.out.contains("4. R2+7 $4 {"), "{}", first.out);
    let back = run_with_input(&["convert", "--to", "iccs"], &first.out);
    assert_eq!(back.code, Some(0), "{}", back.err);
    assert_eq!(
        without_comments(&back.out),
        "1. h2e2 1... h9g7 2. h0g2 2... b9c7 3. i0h0 3... i9h9 4. h0h7 $4 4... h9h7 5. b0c2 5... g9e7 *",
        "{}",
        back.out
    );
    // Node budgets work too, and say so.
    let nodes = analyse(&["-", "--nodes", "3000"], CHARIOT_FOR_CANNON);
    assert_eq!(nodes.code, Some(0), "{}", nodes.err);
    assert!(nodes.out.contains("nodes 3000\"]"), "{}", nodes.out);
    assert!(nodes.out.contains("车二进七 $4"), "{}", nodes.out);
}

/// The last move mates: its comment says so, and the mover lost nothing.
#[test]
fn a_mating_move_is_commented_as_mate() {
    let game = "[FEN \"3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1\"]\n\n1. a0a9 1-0\n";
    let run = analyse(&["-", "--depth", "4"], game);
    assert_eq!(run.code, Some(0), "{}", run.err);
    assert!(run.out.contains("1. a0a9 {mate}"), "{}", run.out);
    assert!(
        run.out.contains("Red: average loss 0 cp over 1 move"),
        "{}",
        run.out
    );
}

/// A chariot shuffling back and forth, a forced win all along: the moves
/// that bring a position back are no blunders (the search in play scores a
/// first recurrence as a draw, which either side could simply avoid).
#[test]
fn a_position_met_again_is_worth_what_it_is_worth() {
    let game = "[FEN \"4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1\"]\n\n\
                1. a0a1 e9e8 2. a1a0 e8e9 3. a0a1 e9e8 *\n";
    let run = analyse(&["-", "--depth", "6"], game);
    assert_eq!(run.code, Some(0), "{}", run.err);
    assert!(!without_comments(&run.out).contains('$'), "{}", run.out);
    assert!(!run.out.contains("+0.00"), "{}", run.out);
    assert!(
        run.out.contains(
            "Red: average loss 0 cp over 3 moves, 0 inaccuracies, 0 mistakes, 0 blunders"
        ),
        "{}",
        run.out
    );
}

#[test]
fn the_plot_is_an_svg_with_the_curve_and_the_blunder() {
    let dir = std::env::temp_dir().join(format!("chuhan-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("eval.svg");
    let run = analyse(
        &["-", "--depth", "4", "--svg", svg.to_str().unwrap()],
        CHARIOT_FOR_CANNON,
    );
    assert_eq!(run.code, Some(0), "{}", run.err);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{text}"
    );
    assert!(text.trim_end().ends_with("</svg>"), "{text}");
    assert!(text.contains("Careless vs Careful"), "{text}");
    // Eleven positions on the curve, one blunder dot and its label.
    let curve = text
        .lines()
        .find(|l| l.starts_with("<polyline points=\""))
        .expect("a curve");
    assert_eq!(curve.matches(',').count(), 11, "{curve}");
    assert_eq!(text.matches("<circle cx=").count(), 1 + 3, "{text}");
    assert!(text.contains(">4.??</text>"), "{text}");
    assert!(
        run.err.contains(&format!("wrote {}", svg.display())),
        "{}",
        run.err
    );
    // Two games: a plot each, numbered.
    let two = format!("{CHARIOT_FOR_CANNON}\n1. h2e2 h9g7 *\n");
    let run = analyse(&["-", "--depth", "3", "--svg", svg.to_str().unwrap()], &two);
    assert_eq!(run.code, Some(0), "{}", run.err);
    assert!(dir.join("eval-1.svg").is_file() && dir.join("eval-2.svg").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_gets_one_clear_line() {
    // A file that does not open, or holds no game: status 1.
    let run = analyse(&["/nonexistent/games.pgn"], "");
    assert_eq!(run.code, Some(1));
    assert_eq!(run.err.lines().count(), 1, "{}", run.err);
    assert!(
        run.err
            .starts_with("error: cannot read /nonexistent/games.pgn"),
        "{}",
        run.err
    );
    let run = analyse(&["-"], "");
    assert_eq!(run.code, Some(1));
    assert!(run.err.contains("holds no game"), "{}", run.err);
    // A bad game alone is the error; among good ones it is named and left out.
    let run = analyse(&["-", "--depth", "2"], "1. h2e2 h2e2 *\n");
    assert_eq!(run.code, Some(1));
    assert!(
        run.err.contains("error: game 1, move 1 (Black)"),
        "{}",
        run.err
    );
    let run = analyse(&["-", "--depth", "2"], "1. h2e2 h2e2 *\n\n1. c3c4 *\n");
    assert_eq!(run.code, Some(1));
    assert!(run.out.contains("1. c3c4 {"), "{}", run.out);
    assert!(
        run.err.contains("1 of 2 games could not be read"),
        "{}",
        run.err
    );
    // Argument errors: status 2 with the usage.
    for (args, says) in [
        (
            &["-", "--depth", "0"][..],
            "depth '0' is not a number from 1 to 60",
        ),
        (
            &["-", "--depth", "3", "--nodes", "9"],
            "cannot be used with",
        ),
        (&["-", "--movetime", "-5"], "unexpected argument"),
        (&["-", "--to", "klingon"], "unknown notation 'klingon'"),
        (&["-", "--game", "0"], "--game '0' is not a game number"),
    ] {
        let run = analyse(args, "1. h2e2 *\n");
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.err);
        assert_eq!(run.err.lines().count(), 1, "{args:?}: {}", run.err);
        assert!(run.err.contains(says), "{args:?}: {}", run.err);
        assert!(
            run.err.contains("usage: chuhan analyse"),
            "{args:?}: {}",
            run.err
        );
    }
    let run = analyse(&["-", "--game", "3", "--depth", "1"], "1. h2e2 *\n");
    assert_eq!(run.code, Some(1));
    assert!(run.err.contains("there is no game 3"), "{}", run.err);
    // A table larger than the machine: one line, not an aborted process.
    for tool in [&["analyse", "-"][..], &["tactics", "tests/data/mates.epd"]] {
        let mut args = tool.to_vec();
        args.extend(["--hash", "1000000000"]);
        let run = run_with_input(&args, "1. h2e2 *\n");
        assert_eq!(run.code, Some(1), "{args:?}: {}", run.err);
        assert_eq!(
            run.err.lines().last(),
            Some("error: --hash 1000000000: not enough memory for a table of 1000000000 MB"),
            "{args:?}: {}",
            run.err
        );
    }
}

/// Ctrl-C in the middle of a game: the moves analysed so far come out, the
/// rest of the game unmarked, with a closing word and the plot; status 130.
#[cfg(unix)]
#[test]
fn ctrl_c_keeps_what_is_analysed() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    // Forty plies of a quiet game, in ICCS.
    let mut pos = chuhan::Position::startpos();
    let mut rng = chuhan::random::Rng::new(7);
    let mut text = String::new();
    for ply in 0..40 {
        let quiet: Vec<chuhan::Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| pos.piece_at(m.to()).is_none())
            .collect();
        let mv = quiet[rng.below(quiet.len() as u64) as usize];
        if ply % 2 == 0 {
            text += &format!("{}. ", ply / 2 + 1);
        }
        text += &format!("{mv} ");
        pos.try_play(mv).unwrap();
    }
    text += "*\n";
    let svg = std::env::temp_dir().join(format!("chuhan-analyse-int-{}.svg", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args([
            "analyse",
            "-",
            "--movetime",
            "250",
            "--svg",
            svg.to_str().unwrap(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    // Once it reports progress (a second in), press Ctrl-C.
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    while stderr.read_line(&mut line).unwrap() > 0 && !line.contains("position ") {
        line.clear();
    }
    tool_run::send_ctrl_c(&child);
    let mut rest = String::new();
    let _ = std::io::Read::read_to_string(&mut stderr, &mut rest);
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{stdout}\n{rest}");
    assert!(stdout.contains("analysis stopped after "), "{stdout}");
    assert!(
        stdout.contains("20. "),
        "the whole game is written: {stdout}"
    );
    assert!(
        rest.contains("interrupted: stopped in game 1 of 1 after "),
        "{rest}"
    );
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<polyline"));
    let _ = std::fs::remove_file(&svg);
}
