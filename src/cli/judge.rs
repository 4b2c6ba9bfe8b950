//! `chuhan judge [--rule chinese|asian|simple] [--json] [--explain] [FILE]`:
//! reads games from a file or stdin and prints what a referee would rule:
//! the verdict (or `ongoing`), the reason, and each move of a judged cycle
//! with its kind and targets; with `--explain`, every effect found for each
//! move (check, mate threat, exchange offers, each piece attacked with the
//! exchange on its point and its protection).
//!
//! Games come as PGN (any notation the crate reads, the format games are
//! kept in) or one per line, written like the arguments of the UCCI
//! `position` command (`startpos moves h2e2 h9g7` or `fen <FEN> moves
//! ...`), where blank lines and `#` comment lines are skipped. The first
//! line that is neither says which: `startpos`, `fen` or `position` starts
//! the line form, anything else is PGN. A bad game gets one error line
//! saying which game (counted as games, not lines) and what is wrong, and
//! the tool goes on with the next. A PGN game is named by its number,
//! players and result, and where the board shows no end its file's result
//! is the ruling, said as such.

use super::input::{read_text, EncodingArg};
use super::ToolError;
use crate::core::{BadMoveText, FenError, GameResult, Move, Position};
use crate::notation::{parse_pgn, Game};
use crate::rules::citations::verdict_article;
use crate::rules::explain::{
    effect_lines, explain_cycle, finding_name, move_heading, offers, targets, MoveEffects,
};
use crate::rules::{color_name, judge_game, CycleMove, GameError, GameJudgement, RuleSet};
use std::fmt;
use std::io::{self, Write};

/// Judge games by the repetition rules, as a referee would.
///
/// Reads games from FILE (or stdin) as PGN, in any notation (ICCS, WXF,
/// Chinese), or one per line written like the arguments of the UCCI
/// `position` command (`startpos moves h2e2 h9g7 ...` or `fen <FEN> moves
/// ...`; blank and `#` lines skipped), and prints the ruling at each game's
/// first end: red_loses, black_loses, draw or ongoing, with the reason and
/// each move of the judged cycle with its kind (check, mate-threat, chase,
/// idle). A PGN game's ruling starts with its number, players and result,
/// and a game the board leaves open ends as its file says (a resignation, a
/// draw agreed). A bad game gets one `error: game N: ...` line and the next
/// game is judged.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  echo 'startpos moves h2e2 h9g7' | chuhan judge
  chuhan judge --rule asian --json < games.txt
  chuhan judge games.pgn")]
pub struct JudgeArgs {
    /// The rule set: chinese (the Chinese Xiangqi Association rule book),
    /// asian (AXF) or simple (only perpetual check loses).
    #[arg(long, value_name = "RULE", default_value_t = RuleSet::default())]
    rule: RuleSet,
    /// Print one JSON object per input line (fields verdict, reason, plies,
    /// moves) instead of text.
    #[arg(long)]
    json: bool,
    /// Under each move of a judged cycle, every effect found: check, mate
    /// threat, exchange offers, and each piece attacked with the exchange
    /// computed on its point, the protection found or missing, and whether
    /// it counts as a chase.
    #[arg(long)]
    explain: bool,
    /// The games: a PGN file or position lines; `-` or none reads stdin.
    #[arg(value_name = "FILE", default_value = "-")]
    file: String,
    #[command(flatten)]
    encoding: EncodingArg,
}

/// What can be wrong with one line of input.
#[derive(Debug)]
pub enum LineError {
    /// Neither `startpos` nor `fen <FEN>` at the start.
    NoPosition(String),
    BadFen(FenError),
    /// Something other than `moves` after the position.
    ExpectedMoves(String),
    /// Move `number` (from 1) is not ICCS text.
    BadMove {
        number: usize,
        text: BadMoveText,
    },
    Game(GameError),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::NoPosition(word) => {
                write!(f, "expected 'startpos' or 'fen <FEN>', found '{word}'")
            }
            LineError::BadFen(e) => write!(f, "bad FEN: {e}"),
            LineError::ExpectedMoves(word) => write!(f, "expected 'moves', found '{word}'"),
            LineError::BadMove { number, text } => write!(f, "move {number}: {text}"),
            LineError::Game(e) => e.fmt(f),
        }
    }
}

/// A game from one line: the start position and the moves since.
fn parse_game(line: &str) -> Result<(Position, Vec<Move>), LineError> {
    let mut words = line.split_whitespace().peekable();
    if words.peek() == Some(&"position") {
        words.next();
    }
    let start = match words.next() {
        Some("startpos") => Position::startpos(),
        Some("fen") => {
            let mut fen = Vec::new();
            while let Some(&word) = words.peek() {
                if word == "moves" {
                    break;
                }
                fen.push(word);
                words.next();
            }
            Position::from_fen(&fen.join(" ")).map_err(LineError::BadFen)?
        }
        other => return Err(LineError::NoPosition(other.unwrap_or("").to_string())),
    };
    match words.next() {
        None => return Ok((start, Vec::new())),
        Some("moves") => {}
        Some(other) => return Err(LineError::ExpectedMoves(other.to_string())),
    }
    let moves = words
        .enumerate()
        .map(|(i, text)| {
            text.parse::<Move>().map_err(|e| LineError::BadMove {
                number: i + 1,
                text: e,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((start, moves))
}

/// A game's judgement, and the effects of its judged cycle's moves when asked.
struct Ruled {
    judgement: GameJudgement,
    effects: Option<Vec<MoveEffects>>,
    /// The article behind the cycle's verdict, when the effects were asked.
    article: Option<&'static str>,
}

fn judge_line(line: &str, rules: RuleSet, explain: bool) -> Result<Ruled, LineError> {
    let (start, moves) = parse_game(line)?;
    judge_moves(start, &moves, rules, explain).map_err(LineError::Game)
}

fn judge_moves(
    start: Position,
    moves: &[Move],
    rules: RuleSet,
    explain: bool,
) -> Result<Ruled, GameError> {
    let judgement = judge_game(&start, moves, rules)?;
    let (effects, article) = match (&judgement.cycle, explain) {
        (Some(cycle), true) => (
            Some(explain_cycle(cycle, rules.articles())),
            Some(verdict_article(cycle, rules.articles())),
        ),
        _ => (None, None),
    };
    Ok(Ruled {
        judgement,
        effects,
        article,
    })
}

/// The ending a PGN file gives a game whose board shows none.
fn off_the_board(
    judgement: &GameJudgement,
    file: Option<(&FileSays, usize)>,
) -> Option<(&'static str, String)> {
    file.filter(|_| judgement.outcome.is_none())
        .and_then(|(file, _)| file.ending_off_the_board())
}

/// The plain-text report: the verdict and reason (after the game's number,
/// players and result for a PGN game, with the ending the file gives when
/// the board shows none), then one line per cycle move, each followed by
/// its effects when they were asked for.
fn text_report(ruled: &Ruled, file: Option<(&FileSays, usize)>) -> String {
    let judgement = &ruled.judgement;
    let mut out = String::new();
    if let Some((file, game)) = file {
        out += &format!("{}: ", file.label(game));
    }
    match off_the_board(judgement, file) {
        Some((verdict, how)) => {
            out += &format!(
                "{verdict}: {how} (the file's result; the board shows no end after {} plies)",
                judgement.plies
            );
        }
        None => {
            out += judgement.outcome_name();
            if !judgement.reason.is_empty() {
                out += &format!(": {}", judgement.reason);
            }
            if let Some(word) = file.and_then(|(f, _)| f.disagreement(judgement.outcome)) {
                out += &format!(" ({word})");
            }
            if let Some(article) = ruled.article {
                out += &format!(" [{article}]");
            }
        }
    }
    for (i, m) in judgement.cycle.iter().flat_map(|c| &c.moves).enumerate() {
        let effects = ruled.effects.as_ref().and_then(|e| e.get(i));
        out += &format!("\n  {}", move_heading(m, effects));
        for line in effects.map(|e| effect_lines(m, e)).unwrap_or_default() {
            out += &format!("\n      {line}");
        }
    }
    out
}

/// A JSON string literal.
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            c if (c as u32) < 0x20 => out += &format!("\\u{:04x}", c as u32),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The `effects` field of one move: its check, mate threat, offers and
/// attacks, each attack with its finding, articles and whether it chases.
fn json_effects(m: &CycleMove, effects: &MoveEffects) -> String {
    let offers: Vec<String> = offers(effects)
        .map(|t| {
            format!(
                "{{\"offering\":\"{}\",\"offered\":\"{}\"}}",
                t.attacker, t.target
            )
        })
        .collect();
    let attacks: Vec<String> = effects
        .attacks
        .iter()
        .map(|a| {
            let t = &a.threat;
            let protectors: Vec<String> =
                t.protectors.into_iter().map(|sq| format!("\"{sq}\"")).collect();
            let check = t
                .check
                .map_or("null".to_string(), |mv| json_string(&mv.to_string()));
            format!(
                "{{\"piece\":\"{}\",\"square\":\"{}\",\"attacker\":\"{}\",\"gain\":{},\"protectors\":[{}],\"through_check\":{check},\"whichever\":{},\"finding\":{},\"article\":{},\"chase\":{},\"why_not\":{}}}",
                t.victim.kind.name(),
                t.target,
                t.attacker,
                t.gain,
                protectors.join(","),
                t.whichever,
                json_string(finding_name(t.finding)),
                json_string(a.finding_article),
                a.chases(),
                json_string(a.counted_article)
            )
        })
        .collect();
    let notes: Vec<String> = effects.notes.iter().map(|n| json_string(n)).collect();
    format!(
        ",\"effects\":{{\"article\":{},\"check\":{},\"mate_threat\":{},\"notes\":[{}],\"offers\":[{}],\"attacks\":[{}]}}",
        json_string(effects.article),
        m.class.check,
        m.class.mate_threat,
        notes.join(","),
        offers.join(","),
        attacks.join(",")
    )
}

/// One JSON object for one game; a PGN game's adds its number, players and
/// the file's result.
fn json_report(ruled: &Ruled, file: Option<(&FileSays, usize)>) -> String {
    let judgement = &ruled.judgement;
    let moves: Vec<String> = judgement
        .cycle
        .iter()
        .flat_map(|c| &c.moves)
        .enumerate()
        .map(|(i, m)| {
            let targets: Vec<String> = targets(m)
                .map(|(kind, square)| format!("{{\"piece\":\"{kind}\",\"square\":\"{square}\"}}"))
                .collect();
            let effects = ruled
                .effects
                .as_ref()
                .and_then(|e| e.get(i))
                .map_or_else(String::new, |e| json_effects(m, e));
            format!(
                "{{\"move\":\"{}\",\"side\":\"{}\",\"kind\":\"{}\",\"targets\":[{}]{effects}}}",
                m.class.mv,
                color_name(m.color).to_lowercase(),
                m.class.kind,
                targets.join(",")
            )
        })
        .collect();
    let about = file.map_or_else(String::new, |(file, game)| {
        let players = file
            .players
            .as_deref()
            .map_or("null".to_string(), json_string);
        format!(
            ",\"game\":{game},\"players\":{players},\"result\":\"{}\"",
            GameResult::token(file.result)
        )
    });
    // A game the board leaves open ends as its file says, marked so.
    let (verdict, reason, from_file) = match off_the_board(judgement, file) {
        Some((verdict, how)) => (verdict, how, true),
        None => (judgement.outcome_name(), judgement.reason.clone(), false),
    };
    let from_file = if from_file { ",\"from_file\":true" } else { "" };
    let article = ruled
        .article
        .map_or_else(String::new, |a| format!(",\"article\":{}", json_string(a)));
    format!(
        "{{\"verdict\":\"{verdict}\",\"reason\":{}{article},\"plies\":{},\"moves\":[{}]{about}{from_file}}}",
        json_string(&reason),
        judgement.plies,
        moves.join(",")
    )
}

/// Whether a line is a comment or blank, skipped in the line form.
fn is_skipped(line: &str) -> bool {
    let line = line.trim();
    line.is_empty() || line.starts_with('#')
}

/// Whether the text holds position lines rather than PGN: its first line
/// that is not skipped starts with `startpos`, `fen` or `position`.
fn is_position_lines(text: &str) -> bool {
    text.lines()
        .find(|line| !is_skipped(line))
        .and_then(|line| line.split_whitespace().next())
        .is_some_and(|word| matches!(word, "startpos" | "fen" | "position"))
}

/// One game's ruling, or why it could not be judged.
struct Judged {
    /// The players (or the event) a PGN game names, for its error line.
    name: Option<String>,
    /// What a PGN game's file says of it (none for position lines).
    file: Option<FileSays>,
    ruling: Result<Ruled, String>,
}

/// What a PGN file says of a game besides its moves: who played, and how it
/// ended when the board does not show it (a resignation, a draw agreed, a
/// loss on time).
struct FileSays {
    /// `Red vs Black`, or the event, when the file names them.
    players: Option<String>,
    result: Option<GameResult>,
    /// The `Termination` tag, when there is one.
    termination: Option<String>,
}

impl FileSays {
    fn of(game: &Game) -> FileSays {
        FileSays {
            players: game.players(),
            result: game.result,
            termination: game
                .tag("Termination")
                .filter(|v| !v.is_empty() && *v != "?")
                .map(str::to_string),
        }
    }

    /// `game 3 (Red vs Black, 0-1)`, or `game 3 (*)` without names.
    fn label(&self, game: usize) -> String {
        let result = GameResult::token(self.result);
        match &self.players {
            Some(players) => format!("game {game} ({players}, {result})"),
            None => format!("game {game} ({result})"),
        }
    }

    /// The verdict and reason for a game the board leaves open but the file
    /// says is over; `None` when the file says nothing either.
    fn ending_off_the_board(&self) -> Option<(&'static str, String)> {
        let result = self.result?;
        let how = |default: &str| {
            self.termination
                .clone()
                .unwrap_or_else(|| default.to_string())
        };
        Some(match result {
            GameResult::RedWins => ("black_loses", how("Black resigned")),
            GameResult::BlackWins => ("red_loses", how("Red resigned")),
            GameResult::Draw => ("draw", how("agreed")),
        })
    }

    /// A word when the file's result is not the board's ruling.
    fn disagreement(&self, outcome: Option<GameResult>) -> Option<String> {
        let result = self.result?;
        let agrees = outcome.is_none_or(|ruled| ruled == result);
        (!agrees).then(|| format!("the file says {}", result.as_str()))
    }
}

/// Each game's ruling, in input order.
fn rulings(text: &str, rules: RuleSet, explain: bool) -> Vec<Judged> {
    if is_position_lines(text) {
        return text
            .lines()
            .filter(|line| !is_skipped(line))
            .map(|line| Judged {
                name: None,
                file: None,
                ruling: judge_line(line, rules, explain).map_err(|e| e.to_string()),
            })
            .collect();
    }
    parse_pgn(text)
        .into_iter()
        .map(|game| match game {
            Ok(game) => Judged {
                name: None,
                file: Some(FileSays::of(&game)),
                ruling: judge_moves(game.start.clone(), &game.moves, rules, explain)
                    .map_err(|e| e.to_string()),
            },
            Err(e) => Judged {
                name: e.name,
                file: None,
                ruling: Err(e.problem.to_string()),
            },
        })
        .collect()
}

/// Runs the tool; the error is one line for the user.
pub fn run(args: JudgeArgs) -> Result<(), ToolError> {
    let text = read_text(&args.file, &args.encoding)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (game, judged) in (1..).zip(rulings(text, args.rule, args.explain)) {
        let label = match &judged.name {
            Some(name) => format!("game {game} ({name})"),
            None => format!("game {game}"),
        };
        let file = judged.file.as_ref().map(|f| (f, game));
        let report = match (judged.ruling, args.json) {
            (Ok(judgement), false) => text_report(&judgement, file),
            (Ok(judgement), true) => json_report(&judgement, file),
            (Err(e), false) => format!("error: {label}: {e}"),
            (Err(e), true) => format!("{{\"error\":{},\"game\":{game}}}", json_string(&e)),
        };
        // A closed pipe ends the run quietly, like other line tools.
        if writeln!(out, "{report}").is_err() {
            break;
        }
    }
    Ok(())
}
