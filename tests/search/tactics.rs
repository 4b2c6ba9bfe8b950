//! The mate-problem suite `tests/data/mates.epd`, the suite of positions
//! from lost games `tests/data/losses.epd`, and the `chuhan tactics`
//! runner: every mate problem's length and complete list of fastest first
//! moves are proven by the brute-force oracle (`tests/support/mate_oracle.rs`), which
//! shares nothing with the search; the runner is driven through the binary
//! at a node limit (never against the clock).
//!
//! The seeded search that found the suite's generated problems is the
//! example `mate_problems` (`cargo run --release --example mate_problems`).

use crate::mate_oracle;

use chuhan::cli::tactics::{parse_problem, parse_suite, Problem};
use chuhan::core::Move;
use mate_oracle::{forced_win_within, is_quiet, mating_moves, MIN_CHOICES};
use std::process::Command;

const SUITE: &str = include_str!("../data/mates.epd");

fn suite() -> Vec<Problem> {
    parse_suite(SUITE).expect("the suite parses")
}

/// The oracle's word on one problem: no shorter mate, and its `bm` moves are
/// exactly the first moves that mate in `dm`.
fn check_against_oracle(problem: &Problem) {
    let mut pos = problem.position.clone();
    let n = problem.mate_in.expect("a mate problem has its length");
    assert!(
        n == 1 || !forced_win_within(&mut pos, n - 1),
        "{}: a mate shorter than {n}",
        problem.id
    );
    let mut found = mating_moves(&mut pos, n);
    let mut listed = problem.best.clone();
    found.sort_by_key(|mv| mv.to_string());
    listed.sort_by_key(|mv| mv.to_string());
    assert_eq!(listed, found, "{}: the fastest mating moves", problem.id);
}

#[test]
fn every_problem_matches_the_oracle() {
    // The whole suite, mates in 4 included, takes the brute force a few
    // seconds.
    for problem in &suite() {
        check_against_oracle(problem);
    }
}

#[test]
fn the_suite_is_mostly_longer_mates_with_quiet_first_moves() {
    let problems = suite();
    assert!(problems.len() >= 40, "{} problems", problems.len());
    let longer = problems.iter().filter(|p| p.mate_in > Some(1)).count();
    assert!(
        2 * longer > problems.len(),
        "{longer} longer than mate in 1"
    );
    // Quiet: neither a capture nor a check.
    let quiet = problems
        .iter()
        .filter(|p| p.best.iter().any(|&mv| is_quiet(&p.position, mv)))
        .count();
    assert!(quiet >= 10, "{quiet} with a quiet first move");
    // No only-move problems: the search plays a lone legal move at once.
    for p in &problems {
        let moves = p.position.count_legal_moves();
        assert!(moves >= MIN_CHOICES, "{}: {moves} legal moves", p.id);
    }
    let mut ids: Vec<&str> = problems.iter().map(|p| p.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), problems.len(), "problem names are unique");
}

fn tactics(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .arg("tactics")
        .args(args)
        .output()
        .expect("chuhan runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_runner_counts_solved_problems_at_a_node_limit() {
    // Two problems of the suite, and one whose listed move and length are
    // wrong (a4a5 does not mate; the mate is in one, not two): the runner
    // counts it neither solved nor seen.
    let problems = suite();
    let pick = |id: &str| {
        let p = problems.iter().find(|p| p.id == id).unwrap();
        let moves: Vec<String> = p.best.iter().map(Move::to_string).collect();
        format!(
            "{} - - bm {}; dm {}; id \"{}\";",
            p.fen,
            moves.join(" "),
            p.mate_in.unwrap(),
            p.id
        )
    };
    let wrong = "3aka3/9/9/9/4C4/C8/9/9/9/3K5 w - - bm a4a5; dm 2; id \"wrong answer\";";
    let file = std::env::temp_dir().join(format!("chuhan-tactics-{}.epd", std::process::id()));
    let text = format!(
        "# a small suite\n{}\n{}\n{wrong}\n",
        pick("重炮 1"),
        pick("双车错 2")
    );
    std::fs::write(&file, text).unwrap();
    let (ok, stdout, stderr) = tactics(&[file.to_str().unwrap(), "--nodes", "200000"]);
    std::fs::remove_file(&file).ok();
    assert!(ok, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "nodes 200000:", "{stdout}");
    assert!(
        lines[1].contains(" ok ") && lines[1].contains("a4e4"),
        "{stdout}"
    );
    assert!(lines[1].contains("mate 1"), "{stdout}");
    assert!(lines[2].contains(" ok "), "{stdout}");
    assert!(
        lines[3].contains(" miss ") && lines[3].contains("a4e4"),
        "{stdout}"
    );
    assert_eq!(
        lines[lines.len() - 2],
        "nodes 200000: solved 2 of 3 (mate seen at its distance: 2)",
        "{stdout}"
    );
}

#[test]
fn the_runner_counts_a_problem_solved_when_it_avoids_the_listed_move() {
    // a4e4 mates at once: a problem that lists it to avoid is missed, one
    // that lists another move to avoid is solved; neither has a mate
    // length, so the totals say nothing of mates.
    let fen = "3aka3/9/9/9/4C4/C8/9/9/9/3K5 w - -";
    let file = std::env::temp_dir().join(format!("chuhan-tactics-am-{}.epd", std::process::id()));
    let text = format!(
        "{fen} am a4e4; id \"avoid the mate\"; c0 \"a comment\";\n\
         {fen} am a4a5; id \"avoid a quiet move\";\n"
    );
    std::fs::write(&file, text).unwrap();
    let (ok, stdout, stderr) = tactics(&[file.to_str().unwrap(), "--nodes", "50000"]);
    std::fs::remove_file(&file).ok();
    assert!(ok, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[1].contains(" miss ") && lines[1].ends_with("avoid the mate (avoids a4e4)"),
        "{stdout}"
    );
    assert!(
        lines[2].contains(" ok ") && lines[2].ends_with("(avoids a4a5)"),
        "{stdout}"
    );
    assert_eq!(lines[3], "nodes 50000: solved 1 of 2", "{stdout}");
    // A move to avoid is held to the rules like a move to play.
    let illegal = parse_problem(&format!("{fen} am a4e9;")).unwrap_err();
    assert_eq!(illegal.to_string(), "am: a4e9 is not legal here");
    let neither = parse_problem(&format!("{fen} id \"nothing asked\";")).unwrap_err();
    assert_eq!(neither.to_string(), "no 'bm' or 'am' moves");
}

/// The suite cut from lost games (`make tactics`): each problem the
/// position before a move that lost, that move to avoid, no mate length.
#[test]
fn the_suite_of_lost_games_lists_a_legal_move_to_avoid_in_each_problem() {
    let problems = parse_suite(include_str!("../data/losses.epd")).expect("the suite parses");
    assert!(problems.len() >= 8, "{} problems", problems.len());
    for p in &problems {
        assert_eq!(p.avoid.len(), 1, "{}", p.id);
        assert!(p.best.is_empty() && p.mate_in.is_none(), "{}", p.id);
        assert!(p.position.count_legal_moves() >= 2, "{}", p.id);
    }
    let mut ids: Vec<&str> = problems.iter().map(|p| p.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), problems.len(), "problem names are unique");
}

/// The figure from a line `time X s searching, Y s in all`.
fn seconds(line: &str, after: &str) -> f64 {
    line.split(after)
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no '{after}' figure in {line:?}"))
}

/// The run's time goes to its searches: one engine serves every problem,
/// its table cleared between them, instead of a fresh table mapped and
/// zeroed by the operating system for each (which took some 60 ms a
/// problem, ten times a 5,000-node search). Asserted on the figures the
/// tool reports, as a share, so a loaded machine slows both sides alike:
/// at 20,000 nodes a problem, the rest of the run takes less than twice
/// the searches' time (it was six times; idle, about a third).
#[test]
fn the_runner_spends_its_time_searching() {
    let file = std::env::temp_dir().join(format!("chuhan-tactics-time-{}.epd", std::process::id()));
    std::fs::write(&file, SUITE).unwrap();
    let (ok, stdout, stderr) = tactics(&[file.to_str().unwrap(), "--nodes", "20000"]);
    std::fs::remove_file(&file).ok();
    assert!(ok, "{stderr}");
    let last = stdout.lines().last().unwrap();
    assert!(last.starts_with("time "), "{stdout}");
    let searching = seconds(last, "time ");
    let in_all = seconds(last, "searching, ");
    assert!(searching <= in_all, "{last}");
    assert!(
        in_all - searching < 2.0 * searching + 0.5,
        "{:.2} s beyond {searching:.2} s of searches: {last}",
        in_all - searching
    );
}

#[test]
fn the_runner_refuses_a_bad_suite_with_the_line_number() {
    let file = std::env::temp_dir().join(format!("chuhan-tactics-bad-{}.epd", std::process::id()));
    std::fs::write(
        &file,
        "3aka3/9/9/9/4C4/C8/9/9/9/3K5 w - - bm a4e4; dm 1; id \"fine\";\n\n\
         3aka3/9/9/9/4C4/C8/9/9/9/3K5 w - - bm a4e9; dm 1; id \"illegal\";\n",
    )
    .unwrap();
    let (ok, stdout, stderr) = tactics(&[file.to_str().unwrap(), "--nodes", "1000"]);
    std::fs::remove_file(&file).ok();
    assert!(!ok);
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("line 3: bm: a4e9 is not legal here"),
        "{stderr}"
    );
    let (ok, _, stderr) = tactics(&["/nonexistent/suite.epd"]);
    assert!(!ok && stderr.contains("/nonexistent/suite.epd"), "{stderr}");
}
