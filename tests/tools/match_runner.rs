//! `chuhan match` end to end: real matches between real processes, with the
//! scripted test engine (`examples/scripted_engine.rs`) forcing each way a
//! game can end, and bad input reported in one line.

use crate::tool_run;
use chuhan::core::GameResult;
use chuhan::notation::{parse_pgn, Game, PgnError};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The scripted engine, built by `cargo test` beside this test binary.
fn scripted() -> String {
    tool_run::scripted_engine("tools")
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chuhan-match-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `-engine` words for a scripted engine.
fn engine(name: &str, script: &str, extra: &[&str]) -> Vec<String> {
    let mut words = vec![
        "-engine".to_string(),
        format!("cmd={}", scripted()),
        format!("name={name}"),
        "arg=--script".to_string(),
        format!("arg={script}"),
    ];
    words.extend(extra.iter().map(|s| s.to_string()));
    words
}

fn run_match(args: &[String]) -> (Output, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .arg("match")
        .args(args)
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("panicked"),
        "{out:?}"
    );
    (out, stdout)
}

/// Runs a match and reads back the PGN it wrote.
fn play(name: &str, args: Vec<String>) -> (String, Vec<Game>) {
    let dir = scratch(name);
    let pgn_path = dir.join("games.pgn");
    let mut args = args;
    args.extend([
        "-pgnout".to_string(),
        pgn_path.to_string_lossy().into_owned(),
    ]);
    let (out, stdout) = run_match(&args);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&pgn_path).unwrap_or_default();
    let games = read_pgn(&text).unwrap_or_else(|e| panic!("the PGN parses back: {e}\n{text}"));
    let _ = std::fs::remove_dir_all(&dir);
    (stdout, games)
}

/// Every game of a PGN text, or the first that does not read.
fn read_pgn(text: &str) -> Result<Vec<Game>, PgnError> {
    parse_pgn(text).into_iter().collect()
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

/// An opening file with one position, for games that must start there.
fn opening_file(name: &str, line: &str) -> String {
    let dir = scratch(&format!("{name}-openings"));
    let path = dir.join("openings.epd");
    std::fs::write(&path, format!("{line}\n")).unwrap();
    path.to_string_lossy().into_owned()
}

fn start_opening(name: &str) -> String {
    opening_file(
        name,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    )
}

#[test]
fn an_illegal_move_loses_and_is_logged_with_the_position() {
    let mut args = engine("Bad", "a0a5", &[]);
    args.extend(engine("Good", "any", &[]));
    args.extend(words(&format!(
        "-each depth=2 -games 1 -openings file={}",
        start_opening("illegal")
    )));
    let (stdout, games) = play("illegal", args);
    assert_eq!(games.len(), 1);
    let game = &games[0];
    assert_eq!(
        (game.tag("Red"), game.result),
        (Some("Bad"), Some(GameResult::BlackWins))
    );
    assert_eq!(game.tag("Termination"), Some("illegal move"));
    assert_eq!(game.tag("Game"), Some("Chinese Chess"));
    assert_eq!(game.tag("Format"), Some("ICCS"));
    let log = "Red (Bad) played illegal move a0a5 in rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    assert!(stdout.contains(log), "{stdout}");
    assert!(
        stdout.contains("games 1: 0 wins, 0 draws, 1 loss for Bad"),
        "{stdout}"
    );
    // One game lost says little: the Elo the game still allows.
    assert!(
        stdout.contains("Elo difference: -inf, at most +636.4 (95%)"),
        "{stdout}"
    );
}

#[test]
fn a_move_in_the_other_rank_numbering_is_named_as_such() {
    // Told ranks 0-9, a variant engine that writes 1-10 (b1c3 for b0c2)
    // loses by an illegal move, and the log says why.
    let mut args = engine("Variant", "b0c2", &["arg=--proto", "arg=uci", "ranks=0-9"]);
    args.extend(engine("Good", "any", &[]));
    args.extend(words(&format!(
        "-each depth=2 -games 1 -openings file={}",
        start_opening("ranks")
    )));
    let (stdout, games) = play("ranks", args);
    assert_eq!(games[0].tag("Termination"), Some("illegal move"));
    assert!(
        stdout.contains("Red (Variant) played illegal move b1c3 in ")
            && stdout.contains(
                "(told ranks 0-9, it numbers them 1-10: a legal move so; give it ranks=1-10)"
            ),
        "{stdout}"
    );
    // Left to its default, the runner speaks 1-10 to it and the game goes on.
    let mut args = engine("Variant", "b0c2", &["arg=--proto", "arg=uci"]);
    args.extend(engine("Good", "any", &[]));
    args.extend(words(&format!(
        "-each depth=2 -games 1 -maxmoves 4 -openings file={}",
        start_opening("ranks-default")
    )));
    let (stdout, games) = play("ranks-default", args);
    assert_eq!(games[0].tag("Termination"), Some("max moves"), "{stdout}");
    assert_eq!(games[0].moves[0].to_string(), "b0c2");
}

#[test]
fn nobestmove_with_legal_moves_gives_the_game_up() {
    // ElephantEye answers `nobestmove` when it sees no move worth making.
    let mut args = engine("Claims", "nomove", &["arg=--proto", "arg=ucci"]);
    args.extend(engine("Good", "any", &[]));
    args.extend(words(&format!(
        "-each depth=2 -games 1 -openings file={}",
        start_opening("nobestmove")
    )));
    let (stdout, games) = play("nobestmove", args);
    assert_eq!(games[0].tag("Termination"), Some("resignation"), "{stdout}");
    assert_eq!(games[0].result, Some(GameResult::BlackWins));
    assert!(
        stdout.contains(
            "Red (Claims) answered 'nobestmove' with 44 legal moves (44 not banned): counted as resigning"
        ),
        "{stdout}"
    );
}

#[test]
fn a_bare_bestmove_loses_that_game_and_the_match_ends_with_its_table() {
    let mut args = engine("Bare", "bare", &[]);
    args.extend(engine("Good", "any", &[]));
    args.extend(words("-each depth=2 -games 2"));
    let (stdout, games) = play("bare-bestmove", args);
    assert_eq!(games.len(), 2, "{stdout}");
    for game in &games {
        assert_eq!(game.tag("Termination"), Some("illegal move"), "{stdout}");
    }
    // Bare is Red in the first game and Black in the second.
    assert_eq!(games[0].result, Some(GameResult::BlackWins));
    assert_eq!(games[1].result, Some(GameResult::RedWins));
    assert!(
        stdout.contains("Red (Bare) answered 'bestmove' without a move in "),
        "{stdout}"
    );
    assert!(
        stdout.contains("games 2: 0 wins, 0 draws, 2 losses for Bare"),
        "{stdout}"
    );
}

#[test]
fn noise_and_bytes_that_are_not_utf8_do_not_end_the_engine() {
    let mut args = engine("Noisy", "garbage garbage garbage", &["proto=ucci"]);
    args.extend(engine("Quiet", "any", &["proto=uci"]));
    args.extend(words("-each depth=1 -games 1 -maxmoves 3"));
    let (stdout, games) = play("noise", args);
    assert_eq!(games[0].tag("Termination"), Some("max moves"), "{stdout}");
    assert_eq!(games[0].result, Some(GameResult::Draw));
}

#[test]
fn running_out_of_time_loses_but_an_answer_to_stop_does_not() {
    // Red hangs: after its 0.5 s, `stop`, then 0.1 s of margin, it loses.
    let mut args = engine("Sleeper", "hang", &["proto=ucci"]);
    args.extend(engine("Quick", "any", &[]));
    args.extend(words("-each tc=0.5+0 timemargin=100 -games 1"));
    let start = Instant::now();
    let (stdout, games) = play("timeout", args);
    assert!(
        start.elapsed() < Duration::from_secs(8),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(
        games[0].tag("Termination"),
        Some("time forfeit"),
        "{stdout}"
    );
    assert_eq!(games[0].result, Some(GameResult::BlackWins));

    // Red thinks until told to stop and answers at once: the game goes on.
    let mut args = engine("Slow", "slow", &["proto=uci"]);
    args.extend(engine("Quick", "any", &[]));
    args.extend(words(
        "-each tc=0.5+0.1 timemargin=300 -games 1 -maxmoves 3",
    ));
    let (stdout, games) = play("stop", args);
    let game = &games[0];
    assert_eq!(game.tag("Termination"), Some("max moves"), "{stdout}");
    assert_eq!(game.result, Some(GameResult::Draw));
    // The slow first move took the whole half second.
    let first_engine_move = game.comments.iter().flatten().next().unwrap();
    let seconds: f64 = first_engine_move
        .split(' ')
        .nth(1)
        .unwrap()
        .trim_end_matches('s')
        .parse()
        .unwrap();
    assert!(seconds >= 0.5, "{first_engine_move}");
}

#[test]
fn a_late_answer_within_the_margin_counts_and_its_stray_reply_is_dropped() {
    // Red answers 0.4 s into its 0.3 s: inside the 0.5 s margin. The `stop`
    // sent at 0.3 s then reaches an idle UCCI engine, which answers it with
    // `nobestmove`; that must not pass for Red's next move.
    let mut args = engine("Late", "sleep:400 any any", &["proto=ucci"]);
    args.extend(engine("Quick", "any", &[]));
    args.extend(words(
        "-each tc=0.3+0.2 timemargin=500 -games 1 -maxmoves 3",
    ));
    let (stdout, games) = play("late", args);
    assert_eq!(games[0].tag("Termination"), Some("max moves"), "{stdout}");
}

#[test]
fn a_crash_loses_and_the_engine_is_restarted_for_the_next_game() {
    let mut args = engine("Fragile", "any crash", &[]);
    args.extend(engine("Steady", "any", &[]));
    args.extend(words("-each depth=1 -games 2"));
    let (stdout, games) = play("crash", args);
    assert_eq!(games.len(), 2, "{stdout}");
    for game in &games {
        assert_eq!(game.tag("Termination"), Some("crash"));
    }
    assert_eq!(games[0].result, Some(GameResult::BlackWins));
    assert_eq!(games[1].result, Some(GameResult::RedWins));
    assert!(stdout.contains("endings: crash 2"), "{stdout}");
}

#[test]
fn a_hung_engine_under_a_depth_limit_loses_as_stalled() {
    let mut args = engine("Stuck", "any hang", &[]);
    args.extend(engine("Steady", "any", &[]));
    args.extend(words("-each depth=1 -games 1 -hangtime 1"));
    let (_, games) = play("stall", args);
    assert_eq!(games[0].tag("Termination"), Some("stall"));
    assert_eq!(games[0].result, Some(GameResult::BlackWins));
}

#[test]
fn perpetual_check_loses_for_the_checker() {
    let openings = opening_file("perpetual", "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1");
    let dir = scratch("perpetual-log");
    let log = dir.join("checker.log");
    let log_arg = format!("arg={}", log.display());
    let mut args = engine(
        "Checker",
        "i0i9 i9i8 i8i9 i9i8 i8i9 i9i8",
        &["proto=ucci", "arg=--log", &log_arg],
    );
    args.extend(engine("King", "d9d8 d8d9 d9d8 d8d9 d9d8", &[]));
    args.extend(words(&format!(
        "-each depth=1 -games 1 -openings file={openings}"
    )));
    let (stdout, games) = play("perpetual", args);
    let game = &games[0];
    assert_eq!(game.tag("FEN"), Some("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"));
    assert_eq!(game.tag("Termination"), Some("perpetual check"), "{stdout}");
    assert!(
        stdout.contains("{perpetual check: perpetual check by Red}"),
        "{stdout}"
    );
    assert_eq!(game.result, Some(GameResult::BlackWins));
    // The third occurrence comes with the checker's fifth move. From the
    // first repetition on, the runner banned each checking move that repeats
    // (UCCI `banmoves`); the script played them anyway.
    assert_eq!(game.moves.len(), 9);
    let sent = std::fs::read_to_string(&log).unwrap();
    let banned: Vec<&str> = sent.lines().filter(|l| l.starts_with("banmoves")).collect();
    assert_eq!(
        banned,
        ["banmoves i8i9", "banmoves i9i8", "banmoves i8i9"],
        "{sent}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn resignation_and_resign_adjudication() {
    let mut args = engine("Quitter", "any resign", &[]);
    args.extend(engine("Steady", "any", &[]));
    args.extend(words("-each depth=1 -games 1"));
    let (_, games) = play("resign", args);
    assert_eq!(games[0].tag("Termination"), Some("resignation"));
    assert_eq!(games[0].result, Some(GameResult::BlackWins));

    // Two-sided: both engines agree Red is lost (-700 and +700) for three
    // moves each.
    let mut args = engine("Losing", "any", &["arg=--score", "arg=-700"]);
    args.extend(engine("Winning", "any", &["arg=--score", "arg=700"]));
    args.extend(words(
        "-each depth=1 -games 1 -resign movecount=3 score=600 twosided=true",
    ));
    let (_, games) = play("adjudicate-resign", args);
    let game = &games[0];
    assert_eq!(game.tag("Termination"), Some("resign adjudication"));
    assert_eq!(game.result, Some(GameResult::BlackWins));
    // The opening's six plies, then three moves each.
    assert_eq!(game.moves.len(), 6 + 6);

    // One-sided, cutechess's default: Red's own three scores are enough,
    // while Black sees nothing; two-sided, Black's view keeps the game on.
    let one_sided = |extra: &str| {
        let mut args = engine("Losing", "any", &["arg=--score", "arg=-700"]);
        args.extend(engine("Unsure", "any", &[]));
        args.extend(words(&format!(
            "-each depth=1 -games 1 -maxmoves 8 -resign movecount=3 score=600 {extra}"
        )));
        let (stdout, games) = play("adjudicate-resign-one-sided", args);
        (stdout, games[0].clone())
    };
    let (stdout, game) = one_sided("");
    assert_eq!(
        game.tag("Termination"),
        Some("resign adjudication"),
        "{stdout}"
    );
    assert_eq!(game.result, Some(GameResult::BlackWins));
    assert_eq!(game.moves.len(), 6 + 5, "after Red's third move");
    assert!(
        stdout.contains("the losing engine scored Red lost for 3 moves"),
        "{stdout}"
    );
    let (stdout, game) = one_sided("twosided=false");
    assert_eq!(game.moves.len(), 6 + 5, "{stdout}");
    let (stdout, game) = one_sided("twosided=true");
    assert_ne!(
        game.tag("Termination"),
        Some("resign adjudication"),
        "{stdout}"
    );
    assert!(game.moves.len() > 6 + 5, "{stdout}");
}

#[test]
fn openings_change_as_the_policy_says() {
    let opening_names = |policy: &str| {
        let mut args = engine("A", "any", &[]);
        args.extend(engine("B", "any", &[]));
        args.extend(words(&format!(
            "-each depth=1 -games 4 -maxmoves 1 -openings policy={policy}"
        )));
        let (stdout, games) = play(&format!("policy-{policy}"), args);
        assert_eq!(games.len(), 4, "{stdout}");
        let mut names: Vec<String> = games
            .iter()
            .map(|g| g.tag("Opening").unwrap().to_string())
            .collect();
        names.dedup();
        names.len()
    };
    // A new opening every two games, or one for the whole encounter.
    assert_eq!(opening_names("default"), 2);
    assert_eq!(opening_names("encounter"), 1);
    assert_eq!(opening_names("round"), 1);
}

#[test]
fn minimal_pgn_keeps_the_seven_tags_the_format_and_the_moves() {
    let mut args = engine("A", "any", &[]);
    args.extend(engine("B", "any", &[]));
    args.extend(words("-each depth=1 -games 1 -maxmoves 2"));
    let dir = scratch("pgn-min");
    let path = dir.join("games.pgn");
    args.extend(words(&format!("-pgnout {} min fi", path.display())));
    let (out, stdout) = run_match(&args);
    assert!(out.status.success(), "{stdout}");
    let text = std::fs::read_to_string(&path).unwrap();
    let games = read_pgn(&text).unwrap();
    let names: Vec<&str> = games[0].tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["Event", "Site", "Date", "Round", "Red", "Black", "Result", "Game", "Format"]
    );
    // A Xiangqi PGN reader takes moves without a Format tag as Chinese.
    assert!(text.contains("[Game \"Chinese Chess\"]\n"), "{text}");
    assert!(text.contains("[Format \"ICCS\"]\n"), "{text}");
    assert!(!text.contains('{'), "{text}");
    assert_eq!(games[0].moves.len(), 6 + 4);
    let _ = std::fs::remove_dir_all(&dir);
}

/// As cutechess-cli does, each game is announced when it starts, `Started
/// game k of n (Red vs Black)`, before its `Finished game` line; with
/// colours swapped in the second game of the pair.
#[test]
fn each_game_is_announced_when_it_starts() {
    let mut args = engine("A", "any", &[]);
    args.extend(engine("B", "any", &[]));
    args.extend(words(
        "-each depth=1 -games 2 -rounds 2 -maxmoves 2 -concurrency 2",
    ));
    let (out, stdout) = run_match(&args);
    assert!(out.status.success(), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    for number in 1..=4 {
        let started = lines
            .iter()
            .position(|l| l.starts_with(&format!("Started game {number} of 4 (")))
            .unwrap_or_else(|| panic!("no start of game {number}: {stdout}"));
        let finished = lines
            .iter()
            .position(|l| l.starts_with(&format!("Finished game {number} (")))
            .unwrap_or_else(|| panic!("game {number} did not finish: {stdout}"));
        assert!(started < finished, "{stdout}");
        // The same players, in the same colours, in both lines.
        let players = |line: &str| line.split(['(', ')']).nth(1).unwrap().to_string();
        assert_eq!(
            players(lines[started]),
            players(lines[finished]),
            "{stdout}"
        );
    }
    assert!(stdout.contains("Started game 1 of 4 (A vs B)"), "{stdout}");
    assert!(stdout.contains("Started game 2 of 4 (B vs A)"), "{stdout}");
    assert_eq!(stdout.matches("Started game").count(), 4, "{stdout}");
}

#[test]
fn help_lists_every_option_with_an_example() {
    let out = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(["match", "--help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.starts_with("chuhan match: "), "{help}");
    for needle in [
        "usage: chuhan match -engine",
        "cmd=PATH",
        "option.NAME=VALUE",
        "-each",
        "-games",
        "-rounds",
        "-concurrency",
        "-openings",
        "policy=default|encounter|round",
        "-pgnout",
        "-sprt",
        "-draw",
        "-resign",
        "twosided=true|false",
        "-maxmoves",
        "-seed",
        "-event",
        "-rules",
        "-hangtime",
        "-repeat",
        "-recover",
        "Example",
    ] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
    // `-help` too, wherever it stands, and nothing is played.
    let out = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .args(["match", "-engine", "cmd=/nonexistent", "-help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), help);
}

#[test]
fn draw_adjudication_and_draw_agreement() {
    let mut args = engine("A", "any", &[]);
    args.extend(engine("B", "any", &[]));
    args.extend(words(
        "-each depth=1 -games 1 -draw movenumber=2 movecount=3 score=10",
    ));
    let (_, games) = play("adjudicate-draw", args);
    assert_eq!(games[0].tag("Termination"), Some("draw adjudication"));
    assert_eq!(games[0].result, Some(GameResult::Draw));

    // A resign rule still waiting for its five scores a side does not hold
    // up the draw rule, which has its three.
    let mut args = engine("A", "any", &[]);
    args.extend(engine("B", "any", &[]));
    args.extend(words(
        "-each depth=1 -games 1 -draw movenumber=0 movecount=3 score=10 \
         -resign movecount=5 score=600",
    ));
    let (stdout, games) = play("adjudicate-draw-with-resign", args);
    assert_eq!(
        games[0].tag("Termination"),
        Some("draw adjudication"),
        "{stdout}"
    );
    // The opening's six plies, then three moves each.
    assert_eq!(games[0].moves.len(), 6 + 6, "{stdout}");

    // UCCI: Red offers with its move, Black accepts with its answer.
    let mut args = engine("Offer", "draw", &["proto=ucci"]);
    args.extend(engine("Accept", "draw", &["proto=ucci"]));
    args.extend(words("-each depth=1 -games 1"));
    let (_, games) = play("agree-draw", args);
    assert_eq!(games[0].tag("Termination"), Some("draw agreement"));
}

#[test]
fn speaks_uci_and_ucci_and_detects_which() {
    let dir = scratch("protocols");
    let uci_log = dir.join("uci.log");
    let ucci_log = dir.join("ucci.log");
    let mut args = engine(
        "UciOnly",
        "any",
        &[
            "arg=--proto",
            "arg=uci",
            "arg=--log",
            &format!("arg={}", uci_log.display()),
            "proto=auto",
        ],
    );
    args.extend(engine(
        "UcciOnly",
        "any",
        &[
            "arg=--proto",
            "arg=ucci",
            "arg=--log",
            &format!("arg={}", ucci_log.display()),
            "proto=auto",
        ],
    ));
    args.extend(words(
        "-each tc=5+0.1 option.Threads=1 -games 1 -maxmoves 2",
    ));
    let (stdout, games) = play("protocols-match", args);
    assert_eq!(games[0].tag("Termination"), Some("max moves"), "{stdout}");
    assert_eq!(games[0].tag("TimeControl"), Some("5+0.1"));
    // Each side's build as it named itself, and what it was told.
    for side in ["Red", "Black"] {
        assert_eq!(
            games[0].tag(&format!("{side}Engine")),
            Some("scripted"),
            "{side}"
        );
        assert_eq!(
            games[0].tag(&format!("{side}Options")),
            Some("Threads=1"),
            "{side}"
        );
    }
    let uci = std::fs::read_to_string(&uci_log).unwrap();
    let ucci = std::fs::read_to_string(&ucci_log).unwrap();
    // The UCI engine was first offered UCCI, then UCI; it gets per-colour clocks.
    assert!(uci.starts_with("ucci\nuci\n"), "{uci}");
    assert!(uci.contains("setoption name Threads value 1"), "{uci}");
    assert!(
        uci.contains("setoption name UCI_Variant value xiangqi"),
        "{uci}"
    );
    // Told the xiangqi variant, it gets ranks 1-10 (h3e3 is h2e2).
    assert!(uci.contains("position startpos moves h3e3 h10g8"), "{uci}");
    assert!(
        uci.lines()
            .any(|l| l.starts_with("go wtime ") && l.contains(" winc 100 binc 100")),
        "{uci}"
    );
    // The UCCI engine gets milliseconds, its clock first, then the opponent's.
    assert!(ucci.contains("setoption usemillisec true"), "{ucci}");
    assert!(ucci.contains("setoption Threads 1"), "{ucci}");
    assert!(
        ucci.lines()
            .any(|l| l.starts_with("go time ") && l.contains(" increment 100 opptime ")),
        "{ucci}"
    );
    assert!(ucci.ends_with("quit\n"), "{ucci}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn three_engines_play_a_round_robin_from_pgn_openings() {
    let openings = opening_file(
        "round-robin",
        "[Event \"a\"]\n\n1. c3c4 g6g5 *\n\n[Event \"b\"]\n\n1. h2e2 h7e7 *",
    );
    let mut args = engine("A", "any", &["dir=/"]);
    args.extend(engine("B", "any", &[]));
    args.extend(engine("C", "any", &[]));
    args.extend(words(&format!(
        "-each depth=1 -games 2 -maxmoves 4 -concurrency 2 -openings file={openings} format=pgn"
    )));
    let (stdout, games) = play("round-robin", args);
    assert_eq!(games.len(), 6, "{stdout}");
    for pair in ["A vs B", "A vs C", "B vs C"] {
        assert!(
            stdout.contains(&format!("\n{pair}\n  games 2:")),
            "{pair}: {stdout}"
        );
    }
    // Each pair plays one opening with both colours.
    for game in &games {
        assert_eq!(
            game.tag("Opening").map(|o| o.starts_with("game ")),
            Some(true)
        );
        assert!(game.moves[0].to_string() == "c3c4" || game.moves[0].to_string() == "h2e2");
    }
}

#[test]
fn sprt_stops_when_a_bound_is_crossed() {
    let mut args = engine("Strong", "any", &[]);
    args.extend(engine("Weak", "resign", &[]));
    args.extend(words(
        "-each depth=1 -games 100 -concurrency 2 -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05",
    ));
    let (stdout, games) = play("sprt", args);
    // Every pair won: about 32 pairs cross the bound (not one or two, which
    // prove nothing).
    assert!((40..100).contains(&games.len()), "{stdout}");
    assert!(stdout.contains("H1 accepted"), "{stdout}");
    assert!(
        stdout.contains(&format!("Results after {} of 100 games", games.len())),
        "{stdout}"
    );
}

#[test]
fn bad_input_is_named_in_one_line() {
    let e = scripted();
    let ours = env!("CARGO_BIN_EXE_chuhan");
    let dir = scratch("bad-input");
    let bad_fen = dir.join("bad.epd");
    std::fs::write(&bad_fen, "3k5/9/9/9/9/9/9/9/9/4K3R w\nrnbakabnr/9/9 w\n").unwrap();
    let cases = [
        (
            format!("-engine cmd=/nonexistent/engine name=Ghost -engine cmd={e} -each depth=1"),
            "error: engine Ghost: cannot start '/nonexistent/engine'",
        ),
        (
            format!("-engine cmd={e} name=Mute arg=--proto arg=none proto=ucci -engine cmd={e} -each depth=1 -hangtime 1"),
            "error: engine Mute: no answer to the ucci handshake within 1 s",
        ),
        (
            format!("-engine cmd={e} -engine cmd={e} -each depth=1 -openings file=/nonexistent.epd"),
            "error: cannot read opening file /nonexistent.epd",
        ),
        (
            format!("-engine cmd={e} -engine cmd={e} -each depth=1 -openings file={}", bad_fen.display()),
            "error: opening line 2: bad FEN",
        ),
        (
            format!("-engine cmd={e} -engine cmd={e} -each depth=1 -tournament gauntlet"),
            "error: unknown option '-tournament'",
        ),
        // Options the engine does not have, or refuses, stop the match
        // before its first game, with the engine's own words.
        (
            format!("-engine cmd={ours} name=Ours proto=ucci option.Foo=1 -engine cmd={e} -each depth=1"),
            "error: engine Ours: it has no option 'Foo' (it announces usemillisec, batch, ",
        ),
        (
            format!("-engine cmd={ours} name=Ours proto=ucci option.hashsize=abc -engine cmd={e} -each depth=1"),
            "error: engine Ours: an option was refused: info string error: option hashsize ",
        ),
        (
            format!("-engine cmd={ours} name=Ours proto=uci option.Hash=abc -engine cmd={e} -each depth=1"),
            "error: engine Ours: an option was refused: info string error: option Hash ",
        ),
    ];
    for (line, expected) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_chuhan"))
            .arg("match")
            .args(line.split_whitespace())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{line}");
        assert_eq!(stderr.lines().count(), 1, "{line}: {stderr}");
        assert!(stderr.starts_with(expected), "{line}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_the_table_and_keeps_the_pgn() {
    let dir = scratch("interrupt");
    let pgn_path = dir.join("games.pgn");
    let mut args = engine("A", "any", &[]);
    args.extend(engine("B", "any", &[]));
    args.extend(words(&format!(
        "-each depth=1 -games 400 -pgnout {}",
        pgn_path.display()
    )));
    let child = Command::new(env!("CARGO_BIN_EXE_chuhan"))
        .arg("match")
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for a few finished games, then press Ctrl-C.
    let deadline = Instant::now() + Duration::from_secs(60);
    while std::fs::read_to_string(&pgn_path).map_or(0, |t| t.matches("[Event ").count()) < 3 {
        assert!(Instant::now() < deadline, "no games were written");
        std::thread::sleep(Duration::from_millis(50));
    }
    tool_run::send_ctrl_c(&child);
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{stdout}");
    assert!(stdout.contains("Interrupted"), "{stdout}");
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .starts_with("interrupted: the results above are of the games finished before Ctrl-C"),
        "{out:?}"
    );
    let games = read_pgn(&std::fs::read_to_string(&pgn_path).unwrap()).unwrap();
    assert!(games.len() >= 3 && games.len() < 400);
    assert!(
        stdout.contains(&format!("Results after {} of 400 games", games.len())),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("games {}:", games.len())),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn our_engine_plays_itself_at_fixed_depth_and_on_the_clock() {
    let ours = env!("CARGO_BIN_EXE_chuhan");
    let args = words(&format!(
        "-engine cmd={ours} name=depth2 -engine cmd={ours} name=depth3 depth=3 \
         -each depth=2 -games 4 -maxmoves 80 -openings order=random -seed 11"
    ));
    let (stdout, games) = play("self-play", args);
    assert_eq!(games.len(), 4, "{stdout}");
    // Fair endings only: nothing went wrong between the processes.
    let fair = [
        "checkmate",
        "no legal move",
        "perpetual check",
        "perpetual chase",
        "repetition",
        "60-move rule",
        "no attacking pieces",
        "resignation",
        "draw agreement",
        "max moves",
    ];
    for game in &games {
        let termination = game.tag("Termination").unwrap();
        assert!(fair.contains(&termination), "{termination}: {stdout}");
        // Every engine move carries its search depth.
        let engine_comments: Vec<&String> = game.comments.iter().flatten().collect();
        assert!(!engine_comments.is_empty());
        assert!(
            engine_comments
                .iter()
                .all(|c| c.contains("/2 ") || c.contains("/3 ")),
            "{engine_comments:?}"
        );
    }
    assert!(stdout.contains("depth2 vs depth3\n  games 4:"), "{stdout}");

    // UCI with clocks: no time forfeits at 2 s + 0.05 s.
    let args = words(&format!(
        "-engine cmd={ours} name=uci-a proto=uci -engine cmd={ours} name=uci-b proto=uci \
         option.Hash=8 -each tc=2+0.05 -games 2 -maxmoves 12"
    ));
    let (stdout, games) = play("self-play-uci", args);
    assert_eq!(games.len(), 2, "{stdout}");
    for game in &games {
        let termination = game.tag("Termination").unwrap();
        assert!(fair.contains(&termination), "{termination}: {stdout}");
    }
}

/// `book/match-openings.pgn`, the openings for fixed-node matches: 612
/// lines of 14 plies, each a different position with moves left. Fixed-node
/// games are deterministic, so a match replays a game once it has used up
/// every opening in both colours: the 44 built-in openings give only 88
/// different games.
#[test]
fn the_match_openings_are_612_different_playable_positions() {
    use chuhan::arena::openings::{read_file, OpeningFormat};
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/book/match-openings.pgn");
    let openings = read_file(path, OpeningFormat::Pgn).unwrap();
    assert_eq!(openings.len(), 612);
    let mut positions = std::collections::HashSet::new();
    for opening in &openings {
        assert_eq!(opening.moves.len(), 14, "{}", opening.name);
        let pos = opening.position();
        assert!(!pos.legal_moves().is_empty(), "{}", opening.name);
        // The board and the side to move; the move counters may differ.
        let fen = pos.to_fen();
        let fields: Vec<&str> = fen.split(' ').take(2).collect();
        positions.insert(fields.join(" "));
    }
    assert_eq!(
        positions.len(),
        openings.len(),
        "no two lines reach one position"
    );
}
