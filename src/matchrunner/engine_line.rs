//! What an engine says, one line at a time, read as data. Engines are other
//! people's programs: a line may be cut short, misspelt, enormous or not
//! even UTF-8, and none of that may crash the runner. Every line becomes an
//! [`EngineLine`]; what the runner cannot use becomes [`EngineLine::Other`].

use crate::search::score::{MATE, MATE_BOUND};
use std::io::{BufRead, Read};

/// The longest mate distance taken as such; longer ones are read as this,
/// so that a mate score never falls among the ordinary scores. Scores are
/// on the search's scale: mates are `±(MATE - distance)`, at least
/// `MATE_BOUND` away from zero, and ordinary scores are held within `MATE`.
const LONGEST_MATE: i32 = MATE - MATE_BOUND;

/// The most bytes of one line kept; the rest of a longer line is dropped,
/// so that an engine that never ends its line cannot fill the runner's
/// memory.
pub const LONGEST_LINE: usize = 1 << 20;

/// One line of engine output, as the runner reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineLine {
    /// `ucciok` or `uciok`: the handshake is answered.
    HandshakeDone,
    ReadyOk,
    /// `option NAME ...` (UCCI) or `option name NAME ...` (UCI): the first
    /// word of the name.
    Option {
        name: String,
    },
    /// `id name NAME`: the program and version the engine says it is.
    IdName(String),
    /// The engine says a command was unknown (as UCI engines answer `ucci`).
    Refused,
    /// The engine complains of something it was told: `info string error
    /// ...` (chuhan), `No such option: ...` (the Stockfish family),
    /// `Unknown option ...`.
    Complaint,
    /// `bestmove [MOVE] [ponder MOVE] [draw|resign]`. `mv` is the move text
    /// as sent, checked by the game, not here; `None` when the line names no
    /// move (a bare `bestmove`, UCI's `bestmove (none)`).
    BestMove {
        mv: Option<String>,
        resign: bool,
        draw: bool,
    },
    NoBestMove,
    /// `info ...`: the search depth and score, where given. Scores are in
    /// centipawns for the side to move; mates are `±(MATE - distance)`.
    Info {
        depth: Option<u32>,
        score: Option<i32>,
    },
    /// Anything else: `id`, `copyprotection`, `bye`, noise.
    Other,
}

/// Reads a line of raw output: invalid UTF-8 is replaced, not refused, and
/// the line ending and surrounding blanks are dropped.
pub fn decode(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).trim().to_string()
}

/// Reads the next line's bytes into `line` (cleared first), at most
/// [`LONGEST_LINE`] of them; `Ok(false)` at the end of the output.
pub fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<bool> {
    line.clear();
    let limit = LONGEST_LINE as u64;
    if Read::take(&mut *reader, limit).read_until(b'\n', line)? == 0 {
        return Ok(false);
    }
    // Cut short: skip to the end of the line, keeping what was read.
    let mut rest = Vec::new();
    while line.len() == LONGEST_LINE && line.last() != Some(&b'\n') {
        rest.clear();
        let read = Read::take(&mut *reader, limit).read_until(b'\n', &mut rest)?;
        if read == 0 || rest.last() == Some(&b'\n') {
            break;
        }
    }
    Ok(true)
}

/// Reads one line of engine output (either protocol).
pub fn parse(line: &str) -> EngineLine {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return EngineLine::Other;
    };
    match first {
        "ucciok" | "uciok" if rest.is_empty() => EngineLine::HandshakeDone,
        "readyok" if rest.is_empty() => EngineLine::ReadyOk,
        "id" if rest.first() == Some(&"name") && rest.len() > 1 => {
            EngineLine::IdName(rest[1..].join(" "))
        }
        "option" => {
            let name = match rest.first() {
                Some(&"name") => rest.get(1),
                other => other,
            };
            match name {
                Some(name) => EngineLine::Option {
                    name: name.to_string(),
                },
                None => EngineLine::Other,
            }
        }
        "bestmove" => best_move(rest),
        "nobestmove" => EngineLine::NoBestMove,
        "info" if is_error_string(rest) => EngineLine::Complaint,
        "info" => info(rest),
        _ if is_option_complaint(&words) => EngineLine::Complaint,
        _ if first.eq_ignore_ascii_case("unknown")
            && rest
                .first()
                .is_some_and(|w| w.to_ascii_lowercase().starts_with("command")) =>
        {
            EngineLine::Refused
        }
        _ => EngineLine::Other,
    }
}

/// `string error...` after `info`.
fn is_error_string(words: &[&str]) -> bool {
    words.first() == Some(&"string")
        && words
            .get(1)
            .is_some_and(|w| w.to_ascii_lowercase().starts_with("error"))
}

/// `No such option: X`, `Unknown option X`, in any case.
fn is_option_complaint(words: &[&str]) -> bool {
    let lower: Vec<String> = words
        .iter()
        .take(3)
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let is = |i: usize, word: &str| lower.get(i).is_some_and(|w| w.starts_with(word));
    (is(0, "no") && is(1, "such") && is(2, "option")) || (is(0, "unknown") && is(1, "option"))
}

/// The words after `bestmove`.
fn best_move(words: &[&str]) -> EngineLine {
    let is_flag = |w: &str| matches!(w, "resign" | "draw" | "ponder");
    let mv = words
        .first()
        .filter(|w| !is_flag(w) && **w != "(none)")
        .map(|w| w.to_string());
    // The flags follow the move and its ponder move, if any.
    let mut resign = false;
    let mut draw = false;
    let mut after_ponder = false;
    for &word in words.iter().skip(usize::from(mv.is_some())) {
        match word {
            _ if after_ponder => after_ponder = false,
            "ponder" => after_ponder = true,
            "resign" => resign = true,
            "draw" => draw = true,
            _ => {}
        }
    }
    EngineLine::BestMove { mv, resign, draw }
}

/// The words after `info`: `depth N`, UCCI `score N`, UCI `score cp N` or
/// `score mate N`. Everything after `pv` is moves and after `string` is
/// free text, so neither is read.
fn info(words: &[&str]) -> EngineLine {
    let mut depth = None;
    let mut score = None;
    let number = |i: usize| words.get(i).and_then(|w| w.parse::<i64>().ok());
    for (i, &word) in words.iter().enumerate() {
        match word {
            "depth" => {
                if let Some(d) = words.get(i + 1).and_then(|w| w.parse().ok()) {
                    depth = Some(d);
                }
            }
            "score" => match words.get(i + 1) {
                Some(&"cp") => score = number(i + 2).map(centipawns).or(score),
                Some(&"mate") => score = number(i + 2).map(mate).or(score),
                Some(_) => score = number(i + 1).map(centipawns).or(score),
                None => {}
            },
            "pv" | "string" => break,
            _ => {}
        }
    }
    EngineLine::Info { depth, score }
}

fn centipawns(cp: i64) -> i32 {
    cp.clamp(-MATE as i64, MATE as i64) as i32
}

/// `mate N`: mate in N for the side to move (N > 0 or 0), mated in -N
/// (N < 0).
fn mate(n: i64) -> i32 {
    let distance = n.unsigned_abs().min(LONGEST_MATE as u64) as i32;
    if n >= 0 {
        MATE - distance
    } else {
        -MATE + distance
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn best(mv: Option<&str>, resign: bool, draw: bool) -> EngineLine {
        EngineLine::BestMove {
            mv: mv.map(String::from),
            resign,
            draw,
        }
    }

    #[test]
    fn best_moves_with_and_without_a_move() {
        assert_eq!(parse("bestmove h2e2"), best(Some("h2e2"), false, false));
        assert_eq!(parse("bestmove"), best(None, false, false));
        assert_eq!(parse("  bestmove   "), best(None, false, false));
        assert_eq!(parse("bestmove (none)"), best(None, false, false));
        assert_eq!(parse("bestmove resign"), best(None, true, false));
        assert_eq!(
            parse("bestmove h2e2 ponder h9g7 draw"),
            best(Some("h2e2"), false, true)
        );
        assert_eq!(
            parse("bestmove h2e2 resign"),
            best(Some("h2e2"), true, false)
        );
        // The ponder move is a move, even when it reads like a flag.
        assert_eq!(
            parse("bestmove h2e2 ponder draw"),
            best(Some("h2e2"), false, false)
        );
        assert_eq!(parse("nobestmove"), EngineLine::NoBestMove);
    }

    #[test]
    fn scores_of_both_protocols() {
        let info = |depth, score| EngineLine::Info { depth, score };
        assert_eq!(
            parse("info depth 7 score 35 pv h2e2 h9g7"),
            info(Some(7), Some(35))
        );
        assert_eq!(
            parse("info depth 9 seldepth 12 score cp -120 nodes 5"),
            info(Some(9), Some(-120))
        );
        assert_eq!(parse("info score mate -3"), info(None, Some(-29_997)));
        assert_eq!(parse("info score mate 2"), info(None, Some(29_998)));
        assert_eq!(parse("info currmove h2e2"), info(None, None));
        // Free text and moves are not read as scores.
        assert_eq!(parse("info string score 500"), info(None, None));
        assert_eq!(parse("info pv depth 3"), info(None, None));
        // Out-of-range numbers are held within the scale.
        assert_eq!(
            parse("info score cp 99999999999999"),
            info(None, Some(MATE))
        );
        assert_eq!(
            parse("info score mate -9223372036854775808"),
            info(None, Some(-MATE_BOUND))
        );
        assert_eq!(parse("info depth -1 score cp x"), info(None, None));
    }

    #[test]
    fn handshake_lines() {
        assert_eq!(parse("ucciok"), EngineLine::HandshakeDone);
        assert_eq!(parse("uciok"), EngineLine::HandshakeDone);
        assert_eq!(parse("readyok"), EngineLine::ReadyOk);
        assert_eq!(
            parse("option usemillisec type check default false"),
            EngineLine::Option {
                name: "usemillisec".into()
            }
        );
        assert_eq!(
            parse("option name UCI_Variant type combo"),
            EngineLine::Option {
                name: "UCI_Variant".into()
            }
        );
        assert_eq!(parse("option name"), EngineLine::Other);
        assert_eq!(parse("option"), EngineLine::Other);
        assert_eq!(
            parse("id name Pikafish  dev-20240101 "),
            EngineLine::IdName("Pikafish dev-20240101".into())
        );
        assert_eq!(parse("id name"), EngineLine::Other);
        assert_eq!(parse("id author someone"), EngineLine::Other);
        assert_eq!(parse("Unknown command: 'ucci'"), EngineLine::Refused);
        for complaint in [
            "info string error: option hashsize is a number from 0 to 33554432, not 'abc'",
            "No such option: Foo",
            "Unknown option foo",
        ] {
            assert_eq!(parse(complaint), EngineLine::Complaint, "{complaint}");
        }
        assert_eq!(
            parse("info string book h2e2"),
            EngineLine::Info {
                depth: None,
                score: None
            }
        );
        assert_eq!(parse("readyok now"), EngineLine::Other);
        assert_eq!(parse(""), EngineLine::Other);
    }

    #[test]
    fn lines_are_read_whole_or_cut_at_the_limit() {
        let long = "x".repeat(3 * LONGEST_LINE + 5);
        let text = format!("bestmove h2e2\r\n{long}\ninfo depth 3\nno newline");
        let mut reader = std::io::Cursor::new(text.into_bytes());
        let mut line = Vec::new();
        let mut lines = Vec::new();
        while read_line(&mut reader, &mut line).unwrap() {
            lines.push(decode(&line));
        }
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], "bestmove h2e2");
        assert_eq!(lines[1].len(), LONGEST_LINE);
        assert_eq!(lines[2], "info depth 3");
        assert_eq!(lines[3], "no newline");
    }

    #[test]
    fn raw_bytes_are_decoded_not_refused() {
        assert_eq!(decode(b"bestmove h2e2\r\n"), "bestmove h2e2");
        let line = decode(b"info depth 3 \xff\xfe score 12");
        assert_eq!(
            parse(&line),
            EngineLine::Info {
                depth: Some(3),
                score: Some(12)
            }
        );
    }
}
