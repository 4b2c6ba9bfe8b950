//! The match runner's reader of engine output, fuzzed: seeded random and
//! mutated lines (handshakes, options, `info`, `bestmove`, `nobestmove`,
//! noise, bytes that are not UTF-8) never panic, and what is read from them
//! stays within what the runner can use.

use crate::fuzzing;

use chuhan::matchrunner::engine_line::{decode, parse, EngineLine};
use chuhan::random::Rng;
use chuhan::search::score::MATE;

/// Lines real engines send, the seeds of the mutations.
const SEEDS: &[&str] = &[
    "ucciok",
    "uciok",
    "readyok",
    "id name ElephantEye 3.31",
    "option usemillisec type check default false",
    "option name Hash type spin default 16 min 1 max 33554432",
    "option name UCI_Variant type combo default chess var chess var xiangqi",
    "info depth 12 seldepth 18 score cp 35 nodes 1234567 nps 900000 time 1371 pv h2e2 h9g7",
    "info depth 7 score -120 pv h2e2",
    "info score mate -3 depth 30",
    "info string NNUE evaluation using xiangqi.nnue",
    "info currmove h2e2 currmovenumber 1",
    "info depth 9 score cp 12 lowerbound",
    "bestmove h2e2",
    "bestmove h2e2 ponder h9g7",
    "bestmove h2e2 draw",
    "bestmove h0g2 resign",
    "bestmove (none)",
    "bestmove",
    "nobestmove",
    "Unknown command: 'ucci'",
    "No such option: Foo",
    "info string error: option hashsize is a number from 0 to 33554432, not 'abc'",
    "bye",
    "",
];

/// Words mutations splice in: keywords out of place, numbers out of range.
const WORDS: &[&str] = &[
    "bestmove",
    "nobestmove",
    "info",
    "score",
    "cp",
    "mate",
    "depth",
    "pv",
    "string",
    "ponder",
    "resign",
    "draw",
    "option",
    "name",
    "(none)",
    "-",
    "0",
    "-0",
    "2147483648",
    "-2147483649",
    "9223372036854775807",
    "-9223372036854775808",
    "99999999999999999999999",
    "1e9",
    "h2e2",
    "楚河",
    "\u{feff}",
];

fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> &'a T {
    &items[(rng.next_u64() % items.len() as u64) as usize]
}

/// One mutation of a byte line.
fn mutate(rng: &mut Rng, line: &mut Vec<u8>) {
    let at = |rng: &mut Rng, len: usize| (rng.next_u64() % (len as u64 + 1)) as usize;
    match rng.next_u64() % 7 {
        // A random byte anywhere, often not UTF-8 on its own.
        0 => {
            let i = at(rng, line.len());
            line.insert(i, rng.next_u64() as u8);
        }
        // A byte flipped.
        1 if !line.is_empty() => {
            let i = at(rng, line.len() - 1);
            line[i] ^= 1 << (rng.next_u64() % 8);
        }
        // Cut short, perhaps inside a UTF-8 sequence.
        2 => {
            let i = at(rng, line.len());
            line.truncate(i);
        }
        // A word spliced in.
        3 => {
            let i = at(rng, line.len());
            let word = format!(" {} ", pick(rng, WORDS));
            line.splice(i..i, word.bytes());
        }
        // Words shuffled.
        4 => {
            let text = String::from_utf8_lossy(line).into_owned();
            let mut words: Vec<&str> = text.split(' ').collect();
            for i in (1..words.len()).rev() {
                let j = (rng.next_u64() % (i as u64 + 1)) as usize;
                words.swap(i, j);
            }
            *line = words.join(" ").into_bytes();
        }
        // Blanks of other kinds.
        5 => {
            let i = at(rng, line.len());
            const BLANKS: [&[u8]; 5] = [b"\t", b"\r", b"  ", b"\x0b", b"\xc2\xa0"];
            let blank = *pick(rng, &BLANKS);
            line.splice(i..i, blank.iter().copied());
        }
        // Another line's tail.
        _ => {
            let other = pick(rng, SEEDS).as_bytes();
            let from = at(rng, other.len());
            line.extend_from_slice(&other[from..]);
        }
    }
}

/// What any line may be read as.
fn check(text: &str, read: &EngineLine) {
    let words: Vec<&str> = text.split_whitespace().collect();
    match read {
        EngineLine::BestMove { mv: Some(mv), .. } => {
            assert_eq!(words.first(), Some(&"bestmove"), "{text:?}");
            assert_eq!(words.get(1), Some(&mv.as_str()), "{text:?}");
            assert_ne!(mv, "(none)");
        }
        EngineLine::BestMove { mv: None, .. } | EngineLine::NoBestMove => {
            assert!(words.first().is_some_and(|w| w.ends_with("bestmove")))
        }
        EngineLine::Info { score, .. } => {
            assert_eq!(words.first(), Some(&"info"), "{text:?}");
            if let Some(score) = score {
                assert!(score.abs() <= MATE, "{text:?} read as {score}");
            }
        }
        EngineLine::Option { name } => {
            assert_eq!(words.first(), Some(&"option"));
            assert!(words.contains(&name.as_str()), "{text:?}");
        }
        EngineLine::HandshakeDone | EngineLine::ReadyOk => {
            assert_eq!(words.len(), 1, "{text:?}")
        }
        EngineLine::IdName(name) => {
            assert_eq!(words.get(..2), Some(&["id", "name"][..]), "{text:?}");
            assert_eq!(*name, words[2..].join(" "), "{text:?}");
        }
        EngineLine::Complaint => {
            let lower = text.to_ascii_lowercase();
            assert!(
                lower.contains("error") || lower.contains("option"),
                "{text:?}"
            );
        }
        EngineLine::Refused | EngineLine::Other => {}
    }
}

#[test]
fn mutated_engine_lines_are_read_as_data() {
    let mut rng = Rng::new(0x5EED_F022);
    let mut kinds = std::collections::HashMap::new();
    for _ in 0..fuzzing::inputs() {
        let mut line = pick(&mut rng, SEEDS).as_bytes().to_vec();
        for _ in 0..1 + rng.next_u64() % 6 {
            mutate(&mut rng, &mut line);
        }
        let text = decode(&line);
        let read = parse(&text);
        check(&text, &read);
        // The same words, however spaced, read the same.
        let respaced = format!(
            "  {}\t",
            text.split_whitespace().collect::<Vec<_>>().join("   ")
        );
        assert_eq!(parse(&respaced), read, "{text:?}");
        *kinds.entry(std::mem::discriminant(&read)).or_insert(0usize) += 1;
    }
    // The mutations kept every kind of line in play, not just noise.
    assert_eq!(kinds.len(), 10, "{kinds:?}");
}

#[test]
fn random_bytes_are_read_as_data() {
    let mut rng = Rng::new(42);
    for _ in 0..20_000 {
        let len = (rng.next_u64() % 120) as usize;
        let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        let text = decode(&bytes);
        check(&text, &parse(&text));
        // With a known first word, the rest is still noise.
        for first in ["bestmove ", "info ", "option ", "info score mate "] {
            let text = decode(&[first.as_bytes(), &bytes].concat());
            check(&text, &parse(&text));
        }
    }
}
