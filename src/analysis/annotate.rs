//! A reviewed game written back as PGN: each move with its mark (the
//! glyphs `$6`, `$2`, `$4` for `?!`, `?`, `??`) and a comment (the value after it, from Red's side, and the depth;
//! for a move that lost something, the engine's better move and its value),
//! the game's own glyphs and comments kept before them and apart, and the
//! summary per side as the last comment.

use super::mark::Mark;
use super::review::{GameReview, MoveReview, Value, POINT};
use super::summary::Summary;
use crate::core::Position;
use crate::notation::{format_move, write_marked_pgn, Annotation, Game, Notation};

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
/// `Annotator` tag saying who looked and how hard; `stopped` says why the
/// file's game goes no further, when it was cut at a move that did not read.
pub fn annotated_pgn(
    game: &Game,
    review: &GameReview,
    notation: Notation,
    annotator: &str,
    stopped: Option<&str>,
) -> String {
    let mut annotated = game.clone();
    annotated
        .tags
        .retain(|(name, _)| !name.eq_ignore_ascii_case("Annotator"));
    annotated
        .tags
        .push(("Annotator".to_string(), annotator.to_string()));
    // The engine's words and marks go apart from the file's own.
    let mut pos = game.start.clone();
    let mut added = Vec::with_capacity(review.moves.len());
    for m in &review.moves {
        added.push(Annotation {
            nag: m.mark.map(Mark::nag_number),
            comment: Some(move_comment(m, &pos, notation)),
        });
        pos.make(m.mv);
    }
    let mut closing = summary_comment(game, &Summary::of(review));
    if let Some(why) = stopped {
        closing += &format!("; {why}");
    }
    if review.moves.len() < game.moves.len() {
        closing += &format!(
            "; analysis stopped after {} of {} moves",
            review.moves.len(),
            game.moves.len()
        );
    }
    write_marked_pgn(&annotated, notation, &added, Some(&closing))
}
