//! `chuhan convert [--to iccs|wxf|chinese|traditional] [--game N] [FILE]`:
//! rewrites the games of a file in another notation and prints them as PGN,
//! comments kept. The input may be in any notation; FILE `-` or none reads
//! stdin. What the output cannot keep (variations, a `Result` tag that
//! contradicts the moves) is said on stderr, never dropped in silence.

use super::input::{read_text, EncodingArg};
use super::ToolError;
use crate::core::GameResult;
use crate::notation::{parse_pgn, write_marked_pgn, write_pgn, Game, Notation};

/// Rewrite the games of a file as PGN in the notation asked for.
///
/// The games may be written in any notation: ICCS (h2e2, H2-E2), WXF (C2.5,
/// H8+7, full-width Ｃ２＝５ too) or Chinese (炮二平五, traditional
/// characters too, with or without spaces between moves). The file may be
/// UTF-8, UTF-16, GBK (GB18030) or Big5, found from its bytes. Every game is converted unless --game picks one; comments are
/// kept, variations are left out (with a note on stderr).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan convert --to chinese game.pgn
  chuhan convert --to wxf --game 2 games.pgn
  echo '1. h2e2 h9g7 *' | chuhan convert --to traditional")]
pub struct ConvertArgs {
    /// The notation to write the moves in: iccs, wxf, chinese or traditional.
    #[arg(long, value_name = "NOTATION", default_value = "iccs")]
    to: Notation,
    /// Convert only this game of the file (1 is the first); all by default.
    #[arg(long, value_name = "N", value_parser = game_number)]
    game: Option<usize>,
    /// The game file; `-` or none reads stdin.
    #[arg(value_name = "FILE", default_value = "-")]
    file: String,
    #[command(flatten)]
    encoding: EncodingArg,
}

fn game_number(text: &str) -> Result<usize, String> {
    text.parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| format!("--game '{text}' is not a game number (1, 2, ..)"))
}

/// Runs the tool; the error is one line for the user.
pub fn run(args: ConvertArgs) -> Result<(), ToolError> {
    let path = &args.file;
    let text = read_text(path, &args.encoding)?;
    let games = parse_pgn(&text);
    let count = games.len();
    if count == 0 {
        return Err(format!("{path} holds no game").into());
    }
    let chosen: Vec<(usize, _)> = match args.game {
        Some(n) if n > count => {
            return Err(format!(
                "{path} holds {count} game{}, there is no game {n}",
                if count == 1 { "" } else { "s" }
            )
            .into())
        }
        Some(n) => vec![(n, games.into_iter().nth(n - 1).expect("n is in range"))],
        None => (1..).zip(games).collect(),
    };
    let wanted = chosen.len();
    let mut failed = 0;
    let mut written = Vec::new();
    for (number, game) in chosen {
        match game {
            Ok(game) => {
                for note in notes(number, &game) {
                    eprintln!("note: {note}");
                }
                written.push(write_pgn(&game, args.to));
            }
            // A bad move ends its game there: the moves before it are
            // written, with a closing word, and the error names it.
            Err(e) if e.read_so_far.is_some() => {
                failed += 1;
                let game = e.read_so_far.as_deref().expect("just checked");
                eprintln!("error: {e}; kept the {} moves before it", game.moves.len());
                let stopped = format!("the game stops here: {}", e.problem);
                written.push(write_marked_pgn(game, args.to, &[], Some(&stopped)));
            }
            // One game that cannot be read does not hold back the others;
            // each is named, and the exit status says some were left out.
            Err(e) if wanted > 1 => {
                failed += 1;
                eprintln!("error: {e}; left out");
            }
            Err(e) => return Err(e.to_string().into()),
        }
    }
    print!("{}", written.join("\n"));
    if failed > 0 {
        return Err(
            format!("{failed} of {wanted} games could not be read whole (named above)").into(),
        );
    }
    Ok(())
}

/// What the output of game `number` does not carry over from the input.
fn notes(number: usize, game: &Game) -> Vec<String> {
    let mut notes = Vec::new();
    if game.variations > 0 {
        notes.push(format!(
            "game {number}: {} variation{} left out (only the main line is converted)",
            game.variations,
            if game.variations == 1 { "" } else { "s" }
        ));
    }
    let written = GameResult::token(game.result);
    if let Some(tagged) = game.tag("Result") {
        if tagged.trim() != written {
            notes.push(format!(
                "game {number}: the Result tag said '{tagged}'; written as '{written}', the result of the move text"
            ));
        }
    }
    notes
}
