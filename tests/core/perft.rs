//! Perft against the reference table in `tests/data/perft.tsv` (34
//! positions, counts verified by two independent engines). The default run
//! checks every row up to a node limit; `cargo test --release -- --ignored`
//! runs the whole table.

use chuhan::core::{perft, Position};
use std::path::PathBuf;

/// Rows above this many nodes only run with `--ignored` (a few seconds each).
const DEFAULT_NODE_LIMIT: u64 = 20_000_000;

struct Row {
    fen: String,
    depth: u32,
    nodes: u64,
}

fn table_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft.tsv")
}

fn read_table() -> Vec<Row> {
    let text =
        std::fs::read_to_string(table_path()).expect("the reference perft table is readable");
    text.lines()
        .skip(1)
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            assert_eq!(cols.len(), 3, "bad row: {line}");
            Row {
                fen: cols[0].to_string(),
                depth: cols[1].parse().unwrap(),
                nodes: cols[2].parse().unwrap(),
            }
        })
        .collect()
}

fn check(rows: impl Iterator<Item = Row>) -> usize {
    let mut checked = 0;
    for row in rows {
        let mut pos = Position::from_fen(&row.fen).unwrap_or_else(|e| panic!("{}: {e}", row.fen));
        assert_eq!(
            perft(&mut pos, row.depth),
            row.nodes,
            "perft {} of {}",
            row.depth,
            row.fen
        );
        assert_eq!(
            pos.to_fen(),
            Position::from_fen(&row.fen).unwrap().to_fen(),
            "perft left the position changed"
        );
        checked += 1;
    }
    checked
}

#[test]
fn reference_counts_up_to_the_node_limit() {
    let rows = read_table();
    let positions: std::collections::HashSet<_> = rows.iter().map(|r| r.fen.clone()).collect();
    assert!(positions.len() >= 34, "the table lists 34 positions");
    let checked = check(rows.into_iter().filter(|r| r.nodes <= DEFAULT_NODE_LIMIT));
    assert!(checked >= 100, "only {checked} rows checked");
}

#[test]
#[ignore = "the full table takes minutes: cargo test --release -- --ignored"]
fn reference_counts_full_table() {
    check(
        read_table()
            .into_iter()
            .filter(|r| r.nodes > DEFAULT_NODE_LIMIT),
    );
}
