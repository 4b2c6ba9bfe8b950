//! Finds mate problems for tests/data/mates.epd, proven by brute force.
//!
//! Random sparse positions where Red mates by force in 2 to `--longest`
//! moves (3 by default), proven by the brute-force oracle of the tests
//! (`tests/support/mate_oracle.rs`), and every
//! fastest first move is of one `--kind`: `quiet` (neither capture nor
//! check, the default) or `sacrifice` (the moved piece can be taken).
//! Prints up to 40 EPD lines; `--seed N` (11 by default) picks the positions.
//!
//!     cargo run --release --example mate_problems -- --seed 11 --longest 3 --kind quiet

#[path = "../tests/support/mate_oracle.rs"]
mod mate_oracle;

use chuhan::core::{can_stand_on, Color, Move, Piece, PieceKind, Position, Square};
use chuhan::random::Rng;
use mate_oracle::{forced_win_within, is_quiet, mating_moves, MIN_CHOICES};

fn main() {
    // `| head` ends the search quietly.
    chuhan::signals::closed_pipe::end_when_the_reader_goes();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        let at = args.iter().position(|a| a == name)?;
        args.get(at + 1).cloned()
    };
    let number = |name: &str, default: u64| match value(name) {
        None => default,
        Some(text) => text.parse().unwrap_or_else(|_| {
            eprintln!("{name} {text}: not a whole number");
            std::process::exit(2)
        }),
    };
    let seed = number("--seed", 11);
    let longest = number("--longest", 3) as u32;
    let sacrifice = match value("--kind").as_deref() {
        None | Some("quiet") => false,
        Some("sacrifice") => true,
        Some(other) => {
            eprintln!("--kind {other}: quiet or sacrifice");
            std::process::exit(2)
        }
    };
    let mut rng = Rng::new(seed);
    let mut found = 0;
    for _ in 0..200_000 {
        let Some(mut pos) = random_position(&mut rng) else {
            continue;
        };
        // Red must have a choice, Black moves to defend with, and Red no
        // mate in one.
        let mut black = pos.clone();
        black.make_null();
        if pos.count_legal_moves() < MIN_CHOICES
            || black.count_legal_moves() < 3
            || forced_win_within(&mut pos, 1)
        {
            continue;
        }
        let Some(n) = (2..=longest).find(|&n| forced_win_within(&mut pos, n)) else {
            continue;
        };
        let best = mating_moves(&mut pos, n);
        let fits = |&mv: &Move| {
            if sacrifice {
                offers_the_piece(&pos, mv)
            } else {
                is_quiet(&pos, mv)
            }
        };
        if best.len() > 2 || !best.iter().all(fits) {
            continue;
        }
        let moves: Vec<String> = best.iter().map(Move::to_string).collect();
        let kind = if sacrifice { "sacrifice" } else { "quiet" };
        println!(
            "{} - - bm {}; dm {n}; id \"{kind} {seed}-{found}\";",
            pos.to_fen()
                .split(' ')
                .take(2)
                .collect::<Vec<_>>()
                .join(" "),
            moves.join(" ")
        );
        found += 1;
        if found == 40 {
            break;
        }
    }
}

/// A random sparse position with Red to move: both kings, a few black
/// defenders, two or three red attackers.
fn random_position(rng: &mut Rng) -> Option<Position> {
    let mut board: Vec<Option<Piece>> = vec![None; 90];
    let place = |rng: &mut Rng, piece: Piece, board: &mut Vec<Option<Piece>>| {
        for _ in 0..50 {
            let index = rng.below(90) as usize;
            let sq = Square::all().nth(index).unwrap();
            if board[index].is_none() && can_stand_on(piece, sq) {
                board[index] = Some(piece);
                return;
            }
        }
    };
    let piece = |color, kind| Piece { color, kind };
    use PieceKind::*;
    place(rng, piece(Color::Black, King), &mut board);
    place(rng, piece(Color::Red, King), &mut board);
    let defenders = [
        Advisor, Advisor, Elephant, Elephant, Pawn, Horse, Chariot, Cannon,
    ];
    for _ in 0..rng.below(4) {
        let kind = defenders[rng.below(defenders.len() as u64) as usize];
        place(rng, piece(Color::Black, kind), &mut board);
    }
    let attackers = [Chariot, Chariot, Horse, Horse, Cannon, Cannon, Pawn, Pawn];
    for _ in 0..2 + rng.below(2) {
        let kind = attackers[rng.below(attackers.len() as u64) as usize];
        place(rng, piece(Color::Red, kind), &mut board);
    }
    let mut fen = chuhan::core::board_fen(|sq| board[sq.index()]);
    fen.push_str(" w");
    Position::from_fen(&fen).ok()
}

/// Whether Black can take the piece that `mv` moved, on its new square.
fn offers_the_piece(pos: &Position, mv: Move) -> bool {
    let mut after = pos.clone();
    after.make(mv);
    after
        .legal_moves()
        .into_iter()
        .any(|reply| reply.to() == mv.to())
}
