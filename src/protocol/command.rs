//! One input line to one [`Command`]: the words of UCCI 3.0 and of UCI,
//! parsed without looking at the position (moves stay text until the session
//! checks them against the board, so errors can name the move's number).

use std::fmt;

/// The protocol the GUI chose with its first command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dialect {
    Ucci,
    Uci,
}

/// Where a `position` or `probe` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    StartPos,
    Fen(String),
}

/// `{startpos | fen FEN} [moves m1 m2 ...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSpec {
    pub start: Start,
    pub moves: Vec<String>,
}

/// Everything `go` may carry, in the GUI's own units (UCCI clock values are
/// seconds or milliseconds depending on `usemillisec`; UCI's are milliseconds).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    pub ponder: bool,
    /// UCCI `go draw`: the opponent offers a draw.
    pub draw: bool,
    pub infinite: bool,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub perft: Option<u32>,
    pub mate: Option<u32>,
    /// UCCI: the mover's clock, then the opponent's.
    pub time: Option<f64>,
    pub moves_to_go: Option<u32>,
    pub increment: Option<f64>,
    pub opp_time: Option<f64>,
    pub opp_moves_to_go: Option<u32>,
    pub opp_increment: Option<f64>,
    /// UCI: clocks by colour, and a fixed thinking time.
    pub wtime: Option<f64>,
    pub btime: Option<f64>,
    pub winc: Option<f64>,
    pub binc: Option<f64>,
    pub move_time: Option<f64>,
    pub search_moves: Vec<String>,
    /// Numbers that were out of range and have been clamped (one note each).
    pub clamped: Vec<String>,
}

/// A GUI's request, in either dialect.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Ucci,
    Uci,
    IsReady,
    /// `setoption` with the option's name and the value text, if any.
    SetOption {
        name: String,
        value: Option<String>,
    },
    /// UCI `ucinewgame` (UCCI says `setoption newgame`).
    NewGame,
    Position(PositionSpec),
    BanMoves(Vec<String>),
    Go(Box<Go>),
    PonderHit {
        draw: bool,
    },
    Stop,
    Probe(PositionSpec),
    Quit,
    /// `d`: draw the board.
    Display,
    /// `eval`: the static evaluation.
    Eval,
    /// `bench [depth]`.
    Bench(Option<u32>),
    /// UCI `debug on|off` (accepted in UCCI too).
    Debug(bool),
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// Nothing but white space: ignored, never reported.
    Empty,
    Unknown(String),
    /// A keyword that needs a value came last.
    MissingValue(&'static str),
    BadNumber {
        keyword: &'static str,
        text: String,
    },
    /// A word `go` does not know.
    UnknownGoWord(String),
    /// `position`/`probe` without `startpos` or `fen`.
    NoStart,
    /// `fen` with nothing after it.
    EmptyFen,
    /// Words between the start and `moves`, or after `startpos`.
    Unexpected(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Empty => f.write_str("empty line"),
            CommandError::Unknown(word) => write!(f, "unknown command '{word}'"),
            CommandError::MissingValue(keyword) => write!(f, "'{keyword}' needs a value"),
            CommandError::BadNumber { keyword, text } => {
                write!(f, "'{keyword}' needs a number, got '{text}'")
            }
            CommandError::UnknownGoWord(word) => write!(f, "go: unknown word '{word}'"),
            CommandError::NoStart => f.write_str("expected 'startpos' or 'fen <FEN>'"),
            CommandError::EmptyFen => f.write_str("'fen' needs a FEN"),
            CommandError::Unexpected(word) => write!(f, "unexpected '{word}'"),
        }
    }
}

impl std::error::Error for CommandError {}

/// Largest count a `go` limit may carry; bigger values are clamped.
const MAX_COUNT: f64 = u32::MAX as f64;
/// Largest clock value in milliseconds (a year); bigger values are clamped.
const MAX_TIME: f64 = 365.0 * 24.0 * 3600.0 * 1000.0;

/// Parses one line. White space of any kind (tabs, CR, repeated spaces) separates words.
pub fn parse(line: &str, dialect: Dialect) -> Result<Command, CommandError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Err(CommandError::Empty);
    };
    let command = match first.to_ascii_lowercase().as_str() {
        "ucci" => Command::Ucci,
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(rest, dialect),
        "ucinewgame" => Command::NewGame,
        "position" => Command::Position(parse_position(rest)?),
        "banmoves" => Command::BanMoves(rest.iter().map(|w| w.to_string()).collect()),
        "go" => Command::Go(Box::new(parse_go(rest)?)),
        "ponderhit" => match rest {
            [] => Command::PonderHit { draw: false },
            [w] if w.eq_ignore_ascii_case("draw") => Command::PonderHit { draw: true },
            [w, ..] => return Err(CommandError::Unexpected(w.to_string())),
        },
        "stop" => Command::Stop,
        "probe" => Command::Probe(parse_position(rest)?),
        "quit" | "bye" => Command::Quit,
        "d" => Command::Display,
        "eval" => Command::Eval,
        "bench" => match rest {
            [] => Command::Bench(None),
            [d, ..] => Command::Bench(Some(count(d, "bench")?)),
        },
        "debug" => match rest {
            [w] if w.eq_ignore_ascii_case("on") => Command::Debug(true),
            [w] if w.eq_ignore_ascii_case("off") => Command::Debug(false),
            [] => return Err(CommandError::MissingValue("debug")),
            [_, extra, ..] | [extra] => return Err(CommandError::Unexpected(extra.to_string())),
        },
        _ => return Err(CommandError::Unknown(first.to_string())),
    };
    Ok(command)
}

/// The command word of a line, lower-cased, whether or not the rest parses.
pub fn keyword(line: &str) -> Option<String> {
    line.split_whitespace()
        .next()
        .map(|word| word.to_ascii_lowercase())
}

/// UCCI: `setoption <name> [<value...>]`; UCI: `setoption name <id...> [value <x...>]`.
/// A UCCI GUI that writes the UCI form is understood too.
fn parse_setoption(rest: &[&str], dialect: Dialect) -> Command {
    let uci_form = dialect == Dialect::Uci
        || rest
            .first()
            .is_some_and(|w| w.eq_ignore_ascii_case("name") && rest.len() > 1);
    if uci_form {
        let rest = match rest.first() {
            Some(w) if w.eq_ignore_ascii_case("name") => &rest[1..],
            _ => rest,
        };
        let split = rest.iter().position(|w| w.eq_ignore_ascii_case("value"));
        let (name, value) = match split {
            Some(at) => (&rest[..at], Some(rest[at + 1..].join(" "))),
            None => (rest, None),
        };
        return Command::SetOption {
            name: name.join(" "),
            value,
        };
    }
    match rest.split_first() {
        Some((name, [])) => Command::SetOption {
            name: name.to_string(),
            value: None,
        },
        Some((name, value)) => Command::SetOption {
            name: name.to_string(),
            value: Some(value.join(" ")),
        },
        None => Command::SetOption {
            name: String::new(),
            value: None,
        },
    }
}

fn parse_position(rest: &[&str]) -> Result<PositionSpec, CommandError> {
    let moves_at = rest
        .iter()
        .position(|w| w.eq_ignore_ascii_case("moves"))
        .unwrap_or(rest.len());
    let (head, tail) = rest.split_at(moves_at);
    let start = match head.split_first() {
        Some((w, [])) if w.eq_ignore_ascii_case("startpos") => Start::StartPos,
        Some((w, extra)) if w.eq_ignore_ascii_case("startpos") => {
            return Err(CommandError::Unexpected(extra[0].to_string()))
        }
        Some((w, [])) if w.eq_ignore_ascii_case("fen") => return Err(CommandError::EmptyFen),
        Some((w, fen)) if w.eq_ignore_ascii_case("fen") => Start::Fen(fen.join(" ")),
        _ => return Err(CommandError::NoStart),
    };
    let moves = tail.iter().skip(1).map(|w| w.to_string()).collect();
    Ok(PositionSpec { start, moves })
}

/// How a `go` keyword is read and where its value goes.
enum GoWord {
    /// A word alone.
    Flag(fn(&mut Go)),
    /// A whole number (moves, plies), clamped to `u32`.
    Count(fn(&mut Go, u32)),
    /// A node count, clamped to `u64`.
    Nodes(fn(&mut Go, u64)),
    /// A clock value in the GUI's unit, clamped to a year.
    Time(fn(&mut Go, f64)),
    /// `depth N` or `depth infinite`.
    Depth,
    /// Every following word that is not a keyword is a move.
    SearchMoves,
}

/// Every word `go` knows, in both dialects.
const GO_WORDS: &[(&str, GoWord)] = &[
    ("ponder", GoWord::Flag(|go| go.ponder = true)),
    ("draw", GoWord::Flag(|go| go.draw = true)),
    ("infinite", GoWord::Flag(|go| go.infinite = true)),
    ("depth", GoWord::Depth),
    ("nodes", GoWord::Nodes(|go, n| go.nodes = Some(n))),
    ("perft", GoWord::Count(|go, n| go.perft = Some(n))),
    ("mate", GoWord::Count(|go, n| go.mate = Some(n))),
    ("movestogo", GoWord::Count(|go, n| go.moves_to_go = Some(n))),
    (
        "oppmovestogo",
        GoWord::Count(|go, n| go.opp_moves_to_go = Some(n)),
    ),
    ("time", GoWord::Time(|go, t| go.time = Some(t))),
    ("increment", GoWord::Time(|go, t| go.increment = Some(t))),
    ("opptime", GoWord::Time(|go, t| go.opp_time = Some(t))),
    (
        "oppincrement",
        GoWord::Time(|go, t| go.opp_increment = Some(t)),
    ),
    ("wtime", GoWord::Time(|go, t| go.wtime = Some(t))),
    ("btime", GoWord::Time(|go, t| go.btime = Some(t))),
    ("winc", GoWord::Time(|go, t| go.winc = Some(t))),
    ("binc", GoWord::Time(|go, t| go.binc = Some(t))),
    ("movetime", GoWord::Time(|go, t| go.move_time = Some(t))),
    ("searchmoves", GoWord::SearchMoves),
];

fn go_word(word: &str) -> Option<&'static (&'static str, GoWord)> {
    GO_WORDS.iter().find(|(keyword, _)| *keyword == word)
}

fn parse_go(rest: &[&str]) -> Result<Go, CommandError> {
    let mut go = Go::default();
    let mut words = rest.iter().map(|w| w.to_ascii_lowercase()).peekable();
    while let Some(word) = words.next() {
        let Some((keyword, how)) = go_word(&word) else {
            return Err(CommandError::UnknownGoWord(word));
        };
        match how {
            GoWord::Flag(set) => set(&mut go),
            GoWord::Depth if words.peek().is_some_and(|w| w == "infinite") => {
                words.next();
                go.infinite = true;
            }
            GoWord::Depth => {
                let n = next_number(&mut words, keyword)?;
                go.depth = Some(as_count(n, keyword, &mut go.clamped));
            }
            GoWord::Count(set) => {
                let n = next_number(&mut words, keyword)?;
                let n = as_count(n, keyword, &mut go.clamped);
                set(&mut go, n);
            }
            GoWord::Nodes(set) => {
                let n = as_nodes(next_number(&mut words, keyword)?, &mut go.clamped);
                set(&mut go, n);
            }
            GoWord::Time(set) => {
                let t = next_number(&mut words, keyword)?;
                let t = as_time(t, keyword, &mut go.clamped);
                set(&mut go, t);
            }
            GoWord::SearchMoves => {
                while let Some(w) = words.next_if(|w| go_word(w).is_none()) {
                    go.search_moves.push(w);
                }
            }
        }
    }
    Ok(go)
}

fn next_number(
    words: &mut impl Iterator<Item = String>,
    keyword: &'static str,
) -> Result<f64, CommandError> {
    let text = words.next().ok_or(CommandError::MissingValue(keyword))?;
    number(&text, keyword)
}

/// A finite number; `1e9`, `2.5` and `-3` all read.
fn number(text: &str, keyword: &'static str) -> Result<f64, CommandError> {
    text.parse::<f64>()
        .ok()
        .filter(|n| n.is_finite())
        .ok_or_else(|| CommandError::BadNumber {
            keyword,
            text: text.to_string(),
        })
}

fn count(text: &str, keyword: &'static str) -> Result<u32, CommandError> {
    let mut clamped = Vec::new();
    Ok(as_count(number(text, keyword)?, keyword, &mut clamped))
}

fn as_count(n: f64, keyword: &str, clamped: &mut Vec<String>) -> u32 {
    let c = n.clamp(0.0, MAX_COUNT);
    if c != n {
        clamped.push(format!("{keyword} {n} taken as {c}"));
    }
    c as u32
}

fn as_nodes(n: f64, clamped: &mut Vec<String>) -> u64 {
    let c = n.clamp(0.0, u64::MAX as f64);
    if c != n {
        clamped.push(format!("nodes {n} taken as {c}"));
    }
    c as u64
}

/// Clock values: negative means the flag has fallen (play at once), and
/// anything beyond a year is a year.
fn as_time(n: f64, keyword: &str, clamped: &mut Vec<String>) -> f64 {
    let c = n.clamp(0.0, MAX_TIME);
    if c != n {
        clamped.push(format!("{keyword} {n} taken as {c}"));
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ucci(line: &str) -> Result<Command, CommandError> {
        parse(line, Dialect::Ucci)
    }

    #[test]
    fn white_space_of_any_kind_separates_words() {
        assert_eq!(ucci("  isready \r"), Ok(Command::IsReady));
        assert_eq!(ucci("\tstop\t\t"), Ok(Command::Stop));
        assert_eq!(ucci(""), Err(CommandError::Empty));
        assert_eq!(ucci(" \r\n"), Err(CommandError::Empty));
        assert_eq!(
            ucci("fly away"),
            Err(CommandError::Unknown("fly".to_string()))
        );
    }

    #[test]
    fn position_with_fen_and_moves() {
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let Ok(Command::Position(spec)) = ucci(&format!("position fen {fen} moves h2e2 h9g7"))
        else {
            panic!("a position command");
        };
        assert_eq!(spec.start, Start::Fen(fen.to_string()));
        assert_eq!(spec.moves, ["h2e2", "h9g7"]);
        let Ok(Command::Position(spec)) = ucci("position startpos") else {
            panic!("a position command");
        };
        assert_eq!(spec.start, Start::StartPos);
        assert!(spec.moves.is_empty());
        assert_eq!(ucci("position"), Err(CommandError::NoStart));
        assert_eq!(ucci("position fen"), Err(CommandError::EmptyFen));
        assert_eq!(ucci("position fen moves a0a1"), Err(CommandError::EmptyFen));
        assert_eq!(
            ucci("position startpos h2e2"),
            Err(CommandError::Unexpected("h2e2".to_string()))
        );
    }

    #[test]
    fn go_in_ucci_forms() {
        let Ok(Command::Go(go)) =
            ucci("go ponder time 300 increment 2 opptime 250.5 oppincrement 3")
        else {
            panic!("a go command");
        };
        assert!(go.ponder && !go.draw);
        assert_eq!(go.time, Some(300.0));
        assert_eq!(go.increment, Some(2.0));
        assert_eq!(go.opp_time, Some(250.5));
        assert_eq!(go.opp_increment, Some(3.0));
        let Ok(Command::Go(go)) = ucci("go draw time 6000 movestogo 20 opptime 1 oppmovestogo 5")
        else {
            panic!("a go command");
        };
        assert!(go.draw);
        assert_eq!((go.moves_to_go, go.opp_moves_to_go), (Some(20), Some(5)));
        let Ok(Command::Go(go)) = ucci("go depth infinite") else {
            panic!("a go command");
        };
        assert!(go.infinite && go.depth.is_none());
        let Ok(Command::Go(go)) = ucci("go perft 3") else {
            panic!("a go command");
        };
        assert_eq!(go.perft, Some(3));
        let Ok(Command::Go(go)) = ucci("go nodes 5000") else {
            panic!("a go command");
        };
        assert_eq!(go.nodes, Some(5000));
    }

    #[test]
    fn go_in_uci_forms() {
        let Ok(Command::Go(go)) = parse(
            "go wtime 1000 btime 2000 winc 10 binc 20 movestogo 7 searchmoves h2e2 b2e2 depth 9",
            Dialect::Uci,
        ) else {
            panic!("a go command");
        };
        assert_eq!((go.wtime, go.btime), (Some(1000.0), Some(2000.0)));
        assert_eq!((go.winc, go.binc), (Some(10.0), Some(20.0)));
        assert_eq!(go.moves_to_go, Some(7));
        assert_eq!(go.search_moves, ["h2e2", "b2e2"]);
        assert_eq!(go.depth, Some(9));
        let Ok(Command::Go(go)) = parse("go movetime 500 mate 3", Dialect::Uci) else {
            panic!("a go command");
        };
        assert_eq!((go.move_time, go.mate), (Some(500.0), Some(3)));
    }

    #[test]
    fn go_with_bad_or_absurd_numbers() {
        assert_eq!(ucci("go depth"), Err(CommandError::MissingValue("depth")));
        assert_eq!(
            ucci("go time abc"),
            Err(CommandError::BadNumber {
                keyword: "time",
                text: "abc".to_string()
            })
        );
        assert_eq!(
            ucci("go time nan"),
            Err(CommandError::BadNumber {
                keyword: "time",
                text: "nan".to_string()
            })
        );
        assert_eq!(
            ucci("go sideways"),
            Err(CommandError::UnknownGoWord("sideways".to_string()))
        );
        let Ok(Command::Go(go)) = ucci("go time -5 depth 99999999999999") else {
            panic!("a go command");
        };
        assert_eq!(go.time, Some(0.0));
        assert_eq!(go.depth, Some(u32::MAX));
        assert_eq!(go.clamped.len(), 2);
    }

    #[test]
    fn setoption_in_both_forms() {
        assert_eq!(
            ucci("setoption usemillisec true"),
            Ok(Command::SetOption {
                name: "usemillisec".into(),
                value: Some("true".into())
            })
        );
        assert_eq!(
            ucci("setoption newgame"),
            Ok(Command::SetOption {
                name: "newgame".into(),
                value: None
            })
        );
        assert_eq!(
            ucci("setoption bookfiles a.obk;b c.obk"),
            Ok(Command::SetOption {
                name: "bookfiles".into(),
                value: Some("a.obk;b c.obk".into())
            })
        );
        assert_eq!(
            parse("setoption name Move Overhead value 50", Dialect::Uci),
            Ok(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("50".into())
            })
        );
        assert_eq!(
            parse("setoption name Clear Hash", Dialect::Uci),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(
            ucci("setoption name hashsize value 32"),
            Ok(Command::SetOption {
                name: "hashsize".into(),
                value: Some("32".into())
            })
        );
    }

    #[test]
    fn parser_never_panics_on_garbage() {
        // A deterministic mutation fuzz over valid lines of both dialects.
        let corpus = [
            "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2",
            "go ponder time 300 increment 2 opptime 250 oppincrement 3",
            "go wtime 1000 btime 2000 searchmoves h2e2 b2e2 depth 9",
            "setoption name Move Overhead value 50",
            "setoption bookfiles a.obk;b.obk",
            "banmoves h2e2 b2e2",
            "probe startpos moves h2e2",
            "ponderhit draw",
        ];
        let alphabet: Vec<char> = "abcdefghimnoprstvw0123456789 -.e\t\r\u{4e2d}"
            .chars()
            .collect();
        let mut rng = crate::random::Rng::new(0x2545_F491_4F6C_DD1D);
        let mut next = || rng.next_u64();
        for _ in 0..20_000 {
            let base = corpus[(next() % corpus.len() as u64) as usize];
            let mut text: Vec<char> = base.chars().collect();
            for _ in 0..(next() % 6 + 1) {
                if text.is_empty() {
                    break;
                }
                let at = (next() % text.len() as u64) as usize;
                let c = alphabet[(next() % alphabet.len() as u64) as usize];
                match next() % 3 {
                    0 => text[at] = c,
                    1 => {
                        text.remove(at);
                    }
                    _ => text.insert(at, c),
                }
            }
            let line: String = text.into_iter().collect();
            for dialect in [Dialect::Ucci, Dialect::Uci] {
                if let Ok(Command::Go(go)) = parse(&line, dialect) {
                    // Whatever parses converts to limits without panicking.
                    let _ = crate::protocol::clock::limits(&go, dialect, true, crate::Color::Red);
                }
            }
        }
    }

    #[test]
    fn ponderhit_and_friends() {
        assert_eq!(ucci("ponderhit"), Ok(Command::PonderHit { draw: false }));
        assert_eq!(
            ucci("ponderhit draw"),
            Ok(Command::PonderHit { draw: true })
        );
        assert_eq!(ucci("quit"), Ok(Command::Quit));
        assert_eq!(ucci("bench 3"), Ok(Command::Bench(Some(3))));
        let uci = |line| parse(line, Dialect::Uci);
        assert_eq!(uci("debug on"), Ok(Command::Debug(true)));
        assert_eq!(uci("debug OFF"), Ok(Command::Debug(false)));
        assert_eq!(uci("debug"), Err(CommandError::MissingValue("debug")));
        assert_eq!(
            uci("debug maybe"),
            Err(CommandError::Unexpected("maybe".into()))
        );
        assert_eq!(
            ucci("banmoves h2e2 b2e2"),
            Ok(Command::BanMoves(vec!["h2e2".into(), "b2e2".into()]))
        );
    }
}
