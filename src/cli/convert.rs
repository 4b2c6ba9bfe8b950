//! `chuhan convert [--to iccs|wxf|chinese|traditional] [--game N] [FILE]`:
//! rewrites one game's moves in another notation and prints it as PGN.
//! The input may be in any notation; FILE `-` or none reads stdin.

use super::input::read_text;
use crate::notation::{parse_pgn, write_pgn, Notation};

const USAGE: &str = "usage: chuhan convert [--to iccs|wxf|chinese|traditional] [--game N] [FILE]";

/// Runs the tool; the error is one line for the user.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut notation = Notation::Iccs;
    let mut game_number = 1usize;
    let mut path = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--to" => {
                let value = args.get(i + 1).ok_or("--to needs a notation")?;
                notation = value.parse().map_err(|e| format!("{e}"))?;
                i += 1;
            }
            "--game" => {
                let value = args.get(i + 1).ok_or("--game needs a number")?;
                game_number =
                    value.parse().ok().filter(|&n| n >= 1).ok_or_else(|| {
                        format!("--game '{value}' is not a game number (1, 2, ..)")
                    })?;
                i += 1;
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            other if path.is_none() && (other == "-" || !other.starts_with('-')) => {
                path = Some(other.to_string())
            }
            other => return Err(format!("unexpected argument '{other}' ({USAGE})")),
        }
        i += 1;
    }
    let path = path.unwrap_or_else(|| "-".into());
    let text = read_text(&path)?;
    let mut games = parse_pgn(&text);
    let count = games.len();
    if game_number > count {
        return Err(format!(
            "{path} holds {count} game{}, there is no game {game_number}",
            if count == 1 { "" } else { "s" }
        ));
    }
    let game = games
        .swap_remove(game_number - 1)
        .map_err(|e| e.to_string())?;
    if count > 1 {
        eprintln!(
            "note: {path} holds {count} games; converted game {game_number} (choose with --game)"
        );
    }
    print!("{}", write_pgn(&game, notation));
    Ok(())
}
