//! The rows of `tests/data/pyffish_disagreements.tsv` (AXF cycles where
//! Fairy-Stockfish's verdict and ours differed, each read with its
//! article): one reader for the tests that use them.

const LIST: &str = include_str!("../data/pyffish_disagreements.tsv");

/// One row: its name, our verdict as `judge` prints it (`verdict:
/// reason`), and the game (`startpos moves ...`).
pub struct Row {
    pub name: &'static str,
    #[allow(dead_code)] // read by the test that holds our verdicts to the rows
    pub ours: &'static str,
    pub game: &'static str,
}

impl Row {
    /// The game's moves, from the start position.
    #[allow(dead_code)] // not every test that reads the rows replays them
    pub fn moves(&self) -> Vec<chuhan::Move> {
        self.game
            .trim_start_matches("startpos moves ")
            .split_whitespace()
            .map(|m| m.parse().expect("a move"))
            .collect()
    }
}

/// The rows after the header: name, class, Fairy-Stockfish's verdict, ours,
/// who is right by the reading, the reading with its article, the game.
pub fn rows() -> Vec<Row> {
    LIST.lines()
        .skip(1)
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 7, "a row needs 7 fields: {line}");
            Row {
                name: fields[0],
                ours: fields[3],
                game: fields[6],
            }
        })
        .collect()
}
