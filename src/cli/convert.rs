//! `chuhan convert [--to iccs|wxf|chinese|traditional] [--game N] [FILE]`:
//! rewrites one game's moves in another notation and prints it as PGN.
//! The input may be in any notation; FILE `-` or none reads stdin.

use super::input::read_text;
use super::ToolError;
use crate::notation::{parse_pgn, write_pgn, Notation};

/// Rewrite one game as PGN in the notation asked for.
///
/// The game may be written in any notation: ICCS (h2e2, H2-E2), WXF (C2.5,
/// H8+7) or Chinese (炮二平五, traditional characters too). Game files are
/// UTF-8.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan convert --to chinese game.pgn
  chuhan convert --to wxf --game 2 games.pgn
  echo '1. h2e2 h9g7 *' | chuhan convert --to traditional")]
pub struct ConvertArgs {
    /// The notation to write the moves in: iccs, wxf, chinese or traditional.
    #[arg(long, value_name = "NOTATION", default_value = "iccs")]
    to: Notation,
    /// Which game of the file to convert (1 is the first).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = game_number)]
    game: usize,
    /// The game file; `-` or none reads stdin.
    #[arg(value_name = "FILE", default_value = "-")]
    file: String,
}

fn game_number(text: &str) -> Result<usize, String> {
    text.parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| format!("--game '{text}' is not a game number (1, 2, ..)"))
}

/// Runs the tool; the error is one line for the user.
pub fn run(args: ConvertArgs) -> Result<(), ToolError> {
    let (path, game_number) = (&args.file, args.game);
    let text = read_text(path)?;
    let mut games = parse_pgn(&text);
    let count = games.len();
    if game_number > count {
        return Err(format!(
            "{path} holds {count} game{}, there is no game {game_number}",
            if count == 1 { "" } else { "s" }
        )
        .into());
    }
    let game = games
        .swap_remove(game_number - 1)
        .map_err(|e| e.to_string())?;
    if count > 1 {
        eprintln!(
            "note: {path} holds {count} games; converted game {game_number} (choose with --game)"
        );
    }
    print!("{}", write_pgn(&game, args.to));
    Ok(())
}
