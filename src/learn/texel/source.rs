//! Weights back as Rust source: `weights.rs` as the engine was built with it
//! (its text is compiled in), with the value of every tuned constant
//! rewritten and everything else (the docs, the `S` type, the fixed phase
//! weights) kept as it is. With the engine's own weights the text comes out
//! unchanged, which a test checks.

use super::layout::{blocks, Block, Form, COUNT};

/// The source the engine was built with.
pub const WEIGHTS_SOURCE: &str = include_str!("../../eval/classical/weights.rs");

const KIND_NAMES: [&str; 7] = [
    "King", "Advisor", "Elephant", "Horse", "Chariot", "Cannon", "Pawn",
];

/// `weights.rs` with these weights.
pub fn weights_source(weights: &[i32]) -> String {
    assert_eq!(weights.len(), COUNT, "a full weight vector");
    let mut text = WEIGHTS_SOURCE.to_string();
    for block in blocks() {
        let marker = format!("pub const {}:", block.name);
        let start = text
            .find(&marker)
            .unwrap_or_else(|| panic!("weights.rs defines {}", block.name));
        let value_start = start + text[start..].find(" = ").expect("a constant has a value") + 3;
        let value_end = value_start + text[value_start..].find(";\n").expect("a value ends");
        text.replace_range(value_start..value_end, &render(&block, weights));
    }
    text
}

fn render(block: &Block, weights: &[i32]) -> String {
    let values = &weights[block.start..block.start + block.form.weights()];
    match block.form {
        Form::Scalar => values[0].to_string(),
        Form::Pair => pair(values),
        Form::Pairs(_) => {
            let lines: String = values
                .chunks(2)
                .map(|p| format!("    {},\n", pair(p)))
                .collect();
            format!("[\n{lines}]")
        }
        Form::List(_) => {
            let items: Vec<String> = values.iter().map(i32::to_string).collect();
            format!("[{}]", items.join(", "))
        }
        Form::Table => format!("[\n{}]", table(values, "    ")),
        Form::Tables => {
            let tables: String = values
                .chunks(90)
                .zip(KIND_NAMES)
                .map(|(t, name)| format!("    // {name}\n    [\n{}    ],\n", table(t, "        ")))
                .collect();
            format!("[\n{tables}]")
        }
    }
}

fn pair(values: &[i32]) -> String {
    format!("S({}, {})", values[0], values[1])
}

/// Ten rows of nine, right-aligned to the widest number.
fn table(values: &[i32], indent: &str) -> String {
    let width = values
        .iter()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    values
        .chunks(9)
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
            format!("{indent}{},\n", cells.join(", "))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::texel::layout::{current_weights, PST_MG_AT, TEMPO_AT};

    #[test]
    fn the_engines_own_weights_give_back_its_source() {
        assert_eq!(weights_source(&current_weights()), WEIGHTS_SOURCE);
    }

    #[test]
    fn changed_weights_change_their_constants_only() {
        let mut weights = current_weights();
        weights[TEMPO_AT] = 17;
        weights[PST_MG_AT + 90 * 3 + 13] = -123;
        let text = weights_source(&weights);
        assert!(text.contains("pub const TEMPO: i32 = 17;\n"));
        assert!(text.contains("-123"));
        let changed = text
            .lines()
            .zip(WEIGHTS_SOURCE.lines())
            .filter(|(a, b)| a != b)
            .count();
        // The tempo line and one row of the horse table (wider numbers
        // realign the rest of that table's rows).
        assert!((2..=11).contains(&changed), "{changed} lines changed");
    }
}
