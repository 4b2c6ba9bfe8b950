//! Every option an engine announces is a promise: GUIs and adapters (XBoard's
//! `uci2wb`, for one) trust the announced default and never send it. So each
//! `option` line of both dialects is read from the binary and its default is
//! checked against what the engine does before any `setoption`: by an effect
//! where the option has one, and otherwise by setting the default explicitly
//! and seeing nothing change. An announced option this test does not know
//! fails it, so a new option needs a check here.

use crate::engine_process;

use chuhan::{Move, Ranks};
use engine_process::{Engine, SLOW};
use std::time::{Duration, Instant};

/// One announced option: its name and its default (`None` for buttons).
struct Announced {
    name: String,
    default: Option<String>,
}

fn handshake(e: &mut Engine, dialect: &str) -> Vec<Announced> {
    e.send(dialect);
    let lines = e.until(&format!("{dialect}ok"), SLOW);
    lines
        .iter()
        .filter_map(|line| line.strip_prefix("option "))
        .map(|rest| {
            let rest = rest.strip_prefix("name ").unwrap_or(rest);
            let (name, kind) = rest.split_once(" type ").expect("a type");
            let default = kind.split_once(" default ").map(|(_, d)| {
                let d = d.split(" min ").next().unwrap();
                d.split(" var ").next().unwrap().to_string()
            });
            Announced {
                name: name.to_string(),
                default,
            }
        })
        .collect()
}

fn fresh(dialect: &str) -> (Engine, Vec<Announced>) {
    let mut e = Engine::start();
    let options = handshake(&mut e, dialect);
    (e, options)
}

fn default_of<'a>(options: &'a [Announced], name: &str) -> &'a str {
    options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| o.default.as_deref())
        .unwrap_or_else(|| panic!("{name} is announced with a default"))
}

/// A deterministic search's answer and node count, from a cleared table.
fn signature(e: &mut Engine, new_game: &str) -> (String, String) {
    e.send(new_game);
    e.send("position fen r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1");
    e.send("go depth 5");
    let lines = e.until_any(&["bestmove", "nobestmove"], SLOW);
    let nodes = lines
        .iter()
        .rev()
        .find_map(|l| l.split(" nodes ").nth(1))
        .map(|n| n.split(' ').next().unwrap().to_string())
        .expect("a node count");
    (lines.last().unwrap().clone(), nodes)
}

/// Sets `name` to its announced default and checks that nothing is refused
/// and that the search answers exactly as before.
fn explicit_default_changes_nothing(
    e: &mut Engine,
    options: &[Announced],
    names: &[&str],
    set: impl Fn(&str, &str) -> String,
    new_game: &str,
) {
    let before = signature(e, new_game);
    for &name in names {
        let line = set(name, default_of(options, name));
        e.send(&line);
        let said = e.sync();
        assert!(
            !said.iter().any(|l| l.contains("error")),
            "{line}: {said:?}"
        );
        assert_eq!(signature(e, new_game), before, "after {line}");
    }
}

/// Whether a timed search from the start position plays from the book.
fn book_answers(e: &mut Engine, go: &str) -> bool {
    e.send("position startpos");
    e.send(go);
    let said = e.until("bestmove", SLOW);
    said.iter().any(|l| l.starts_with("info string book "))
}

/// The book: `bookfiles` names the book the engine loaded, and `usebook` is on.
fn check_book(
    e: &mut Engine,
    options: &[Announced],
    files: &str,
    set: impl Fn(&str, &str) -> String,
    go: &str,
) {
    let default = default_of(options, files).to_string();
    // The shipped book is built into the binary, so an installed engine
    // has it wherever it runs.
    assert_eq!(default, "<built-in>", "{files}");
    assert!(
        book_answers(e, go),
        "{files} {default} is announced but silent"
    );
    e.send(&set(files, "<empty>"));
    assert!(!book_answers(e, go), "{files} <empty> still answers");
    e.send(&set(files, &default));
    assert!(book_answers(e, go), "{files} {default} set again is silent");
}

/// Which evaluation `eval` says speaks: `classical` or `network <hash>`.
fn evaluation(e: &mut Engine) -> String {
    e.send("position startpos");
    e.send("eval");
    let said = e.until("eval total", SLOW);
    said.iter()
        .find_map(|l| {
            l.split_once(" evaluation ")
                .map(|(_, name)| name.to_string())
        })
        .unwrap_or_else(|| panic!("no evaluation named: {said:?}"))
}

/// The evaluation: the one that speaks at the start is the one the switch's
/// default promises, and the file's default is the network that speaks
/// once the switch is on.
fn check_network(
    e: &mut Engine,
    options: &[Announced],
    switch: &str,
    file: &str,
    set: impl Fn(&str, &str) -> String,
) {
    let at_start = evaluation(e);
    let default_on = default_of(options, switch) == "true";
    assert_eq!(
        at_start.starts_with("network "),
        default_on,
        "{switch}: {at_start}"
    );
    e.send(&set(switch, "true"));
    let network = evaluation(e);
    assert!(network.starts_with("network "), "{network}");
    e.send(&set(file, default_of(options, file)));
    let said = e.sync();
    assert!(!said.iter().any(|l| l.contains("error")), "{said:?}");
    assert_eq!(evaluation(e), network, "{file} set to its default");
    e.send(&set(switch, "false"));
    assert_eq!(evaluation(e), "classical");
    e.send(&set(switch, default_of(options, switch)));
    assert_eq!(evaluation(e), at_start);
}

/// An announced option that no check above covers fails the test.
fn every_option_is_checked(options: &[Announced], checked: &[&str]) {
    for option in options {
        assert!(
            checked.contains(&option.name.as_str()),
            "option {} has no check of its default",
            option.name
        );
    }
}

#[test]
fn every_ucci_default_is_the_starting_state() {
    let ucci_set = |name: &str, value: &str| format!("setoption {name} {value}");
    let (mut e, options) = fresh("ucci");
    let mut checked: Vec<&str> = vec!["newgame"];

    // usemillisec true: `time 3000` is three seconds, planned to a small part of it.
    assert_eq!(default_of(&options, "usemillisec"), "true");
    e.send("setoption usebook false");
    e.send("position startpos");
    let sent = Instant::now();
    e.go("go time 3000 increment 0");
    assert!(
        sent.elapsed() < Duration::from_secs(2),
        "{:?}",
        sent.elapsed()
    );
    e.send("setoption usebook true");
    checked.push("usemillisec");

    // batch false: `isready` is answered while the engine thinks.
    assert_eq!(default_of(&options, "batch"), "false");
    e.send("go infinite");
    e.until("info depth 1", SLOW);
    e.send("isready");
    e.until("readyok", Duration::from_secs(5));
    e.send("stop");
    e.until_best(SLOW);
    checked.push("batch");

    // debug false: no debug lines.
    assert_eq!(default_of(&options, "debug"), "false");
    e.send("go depth 1");
    let said = e.until("bestmove", SLOW);
    assert!(!said.iter().any(|l| l.contains("debug")), "{said:?}");
    checked.push("debug");

    // usebook true, bookfiles the book found.
    assert_eq!(default_of(&options, "usebook"), "true");
    check_book(
        &mut e,
        &options,
        "bookfiles",
        ucci_set,
        "go time 3000 opptime 3000",
    );
    checked.extend(["usebook", "bookfiles"]);

    // hashsize: setting the default keeps the table (a resize would clear it).
    e.send("position startpos");
    e.go("go depth 4");
    e.send("probe startpos");
    let full = e.until("pophash", SLOW).pop().unwrap();
    assert!(full.contains("depth"), "{full}");
    e.send(&ucci_set("hashsize", default_of(&options, "hashsize")));
    e.send("probe startpos");
    assert_eq!(e.until("pophash", SLOW).pop().unwrap(), full);
    // The check can fail: another size is a new, empty table.
    e.send("setoption hashsize 8");
    e.send("probe startpos");
    assert_eq!(e.until("pophash", SLOW).pop().unwrap(), "pophash");
    checked.push("hashsize");

    let (mut e, _) = fresh("ucci");
    check_network(&mut e, &options, "usennue", "evalfile", ucci_set);
    checked.extend(["usennue", "evalfile"]);

    let (mut e, _) = fresh("ucci");
    let quiet = [
        "threads",
        "ponder",
        "idle",
        "randomness",
        "pruning",
        "knowledge",
        "style",
        "promotion",
        "rule",
        "moveoverhead",
        "drawoffer",
        "drawaccept",
        "resignscore",
        "skill",
    ];
    explicit_default_changes_nothing(&mut e, &options, &quiet, ucci_set, "setoption newgame");
    checked.extend(quiet);

    every_option_is_checked(&options, &checked);
}

#[test]
fn every_uci_default_is_the_starting_state() {
    let uci_set = |name: &str, value: &str| format!("setoption name {name} value {value}");
    let (mut e, options) = fresh("uci");
    let mut checked: Vec<&str> = vec!["Clear Hash"];

    // OwnBook true, BookFile the book found.
    assert_eq!(default_of(&options, "OwnBook"), "true");
    check_book(
        &mut e,
        &options,
        "BookFile",
        uci_set,
        "go wtime 3000 btime 3000",
    );
    checked.extend(["OwnBook", "BookFile"]);

    // MultiPV 1: one line per depth.
    assert_eq!(default_of(&options, "MultiPV"), "1");
    e.send("position startpos");
    e.send("go depth 3");
    let said = e.until("bestmove", SLOW);
    assert!(said.iter().any(|l| l.contains(" multipv 1 ")), "{said:?}");
    assert!(!said.iter().any(|l| l.contains(" multipv 2 ")), "{said:?}");
    checked.push("MultiPV");

    // UCI_ShowWDL false: no `wdl` in the info lines (the same search's lines).
    assert_eq!(default_of(&options, "UCI_ShowWDL"), "false");
    assert!(!said.iter().any(|l| l.contains(" wdl ")), "{said:?}");
    checked.push("UCI_ShowWDL");

    let (mut e, _) = fresh("uci");
    check_network(&mut e, &options, "Use NNUE", "EvalFile", uci_set);
    checked.extend(["Use NNUE", "EvalFile"]);

    let (mut e, _) = fresh("uci");
    let quiet = [
        "Hash",
        "Threads",
        "Ponder",
        "Rule",
        "Move Overhead",
        "Ranks",
        "Skill Level",
        "UCI_LimitStrength",
        "UCI_Elo",
    ];
    explicit_default_changes_nothing(&mut e, &options, &quiet, uci_set, "ucinewgame");
    checked.extend(quiet);

    // UCI_Variant xiangqi, its default, changes how moves are written (ranks
    // 1-10, the variant's convention) and nothing else: the same search
    // gives the same move and nodes.
    let (bestmove, nodes) = signature(&mut e, "ucinewgame");
    e.send(&uci_set("UCI_Variant", default_of(&options, "UCI_Variant")));
    e.sync();
    let one = |text: &str| Ranks::FromOne.write(text.parse::<Move>().unwrap());
    let words: Vec<&str> = bestmove.split(' ').collect();
    assert_eq!(
        signature(&mut e, "ucinewgame"),
        (
            format!("bestmove {} ponder {}", one(words[1]), one(words[3])),
            nodes
        )
    );
    checked.push("UCI_Variant");

    every_option_is_checked(&options, &checked);
}
