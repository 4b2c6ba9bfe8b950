//! A reviewed game written back as PGN: each move with its mark (`?!`, `?`,
//! `??`) and a comment (the value after it, from Red's side, and the depth;
//! for a move that lost something, the engine's better move and its value),
//! the game's own comments kept before them, and the summary per side as
//! the last comment.

use super::review::{GameReview, MoveReview, Value, POINT};
use super::summary::Summary;
use crate::core::Position;
use crate::notation::{format_move, write_marked_pgn, Game, Notation};

/// `+0.35/12`, then `; lost 5.10, expected result 0.93 -> 0.58; better h0g2
/// (+0.30)` for a marked move: the centipawns it lost, the mover's expected
/// result before and after it (which earned the mark), and the engine's
/// choice (`before` is the position the move was played in).
fn move_comment(review: &MoveReview, before: &Position, notation: Notation) -> String {
    let mut text = match review.after.value {
        Value::NoMove(_) => review.after.value.to_string(),
        value => format!("{value}/{}", review.after.depth),
    };
    if review.mark.is_some() {
        let point = |thousandths: i32| f64::from(thousandths) / f64::from(POINT);
        text += &format!(
            "; lost {:.2}, expected result {:.2} -> {:.2}",
            f64::from(review.loss) / 100.0,
            point(review.before.expected_for(review.mover)),
            point(review.after.expected_for(review.mover))
        );
    }
    if let Some(better) = review.better() {
        text += &format!(
            "; better {} ({})",
            format_move(before, better, notation),
            review.before.value
        );
    }
    text
}

/// The summary comment: `Red (name): average loss ...; Black (name): ...`.
pub fn summary_comment(game: &Game, summary: &Summary) -> String {
    let who = |side: &str| match game.tag(side).filter(|n| !n.is_empty() && *n != "?") {
        Some(name) => format!("{side} ({name})"),
        None => side.to_string(),
    };
    format!(
        "{}: {}; {}: {}",
        who("Red"),
        summary.red,
        who("Black"),
        summary.black
    )
}

/// `game` as PGN in `notation`, annotated from `review`, with an
/// `Annotator` tag saying who looked and how hard.
pub fn annotated_pgn(
    game: &Game,
    review: &GameReview,
    notation: Notation,
    annotator: &str,
) -> String {
    let mut annotated = game.clone();
    annotated
        .tags
        .retain(|(name, _)| !name.eq_ignore_ascii_case("Annotator"));
    annotated
        .tags
        .push(("Annotator".to_string(), annotator.to_string()));
    let mut pos = game.start.clone();
    let mut marks = Vec::with_capacity(review.moves.len());
    for (ply, m) in review.moves.iter().enumerate() {
        let ours = move_comment(m, &pos, notation);
        let comment = &mut annotated.comments[ply];
        *comment = Some(match comment.take() {
            Some(theirs) => format!("{theirs}; {ours}"),
            None => ours,
        });
        marks.push(m.mark.map_or("", |mark| mark.suffix()));
        pos.make(m.mv);
    }
    let mut closing = summary_comment(game, &Summary::of(review));
    if review.moves.len() < game.moves.len() {
        closing += &format!(
            "; analysis stopped after {} of {} moves",
            review.moves.len(),
            game.moves.len()
        );
    }
    write_marked_pgn(&annotated, notation, &marks, Some(&closing))
}
