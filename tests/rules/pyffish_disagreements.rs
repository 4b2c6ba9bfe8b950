//! The cycles where `judge --rule asian` and Fairy-Stockfish disagree, as
//! read so far (`make pyffish-oracle` finds them; issue 26 part 4). Each row
//! of `tests/data/pyffish_disagreements.tsv` records our verdict, Fairy-
//! Stockfish's, and the article that says who is right; a row whose verdict
//! is now Fairy-Stockfish's was mended here and stays, so that it stays
//! mended. This test holds our verdicts to the file, so a disagreement
//! cannot come or go unnoticed: a change of verdict means reading the case
//! again and editing its row.

use crate::pyffish_rows;
use crate::tool_run;

use pyffish_rows::rows as cases;

/// Rows in the file: a row added or dropped is a decision, made here too.
const CASES: usize = 38;

#[test]
fn the_list_has_the_recorded_number_of_cases() {
    assert_eq!(cases().len(), CASES);
}

#[test]
fn each_listed_cycle_still_gets_the_recorded_verdict() {
    let cases = cases();
    let input: String = cases
        .iter()
        .map(|case| format!("{}\n", case.game))
        .collect();
    let (ok, out, err) = tool_run::chuhan_with_input(&["judge", "--rule", "asian"], &input);
    assert!(ok, "{err}");
    // Each game's ruling is its one unindented line; its moves follow indented.
    let rulings: Vec<&str> = out.lines().filter(|line| !line.starts_with(' ')).collect();
    assert_eq!(rulings.len(), cases.len(), "{out}");
    let changed: Vec<String> = cases
        .iter()
        .zip(&rulings)
        .filter(|(case, ruling)| case.ours != **ruling)
        .map(|(case, ruling)| format!("{}: recorded '{}', now '{}'", case.name, case.ours, ruling))
        .collect();
    assert!(
        changed.is_empty(),
        "verdicts changed:\n{}",
        changed.join("\n")
    );
}
