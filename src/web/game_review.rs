//! The review of a tab's game, as `chuhan analyse` gives it: every position
//! searched, each move marked by what it gave away, the evaluation plot and
//! the summary per side. It runs on a thread with a search of its own, so
//! the tab's engine stays free to play or analyse; a newer review, or the
//! tab closing, stops it at the next position.

use crate::analysis::{review_game, svg_plot, GameReview, Summary};
use crate::notation::Game;
use crate::search::{Engine, Limits};
use serde_json::{json, Value};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::UnboundedSender;

/// How often the page hears how far a review has come.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);
/// The review's own transposition table, in megabytes.
const REVIEW_HASH_MB: usize = 16;

/// A review under way; dropping it stops it.
pub struct ReviewJob {
    stop: Arc<AtomicBool>,
}

impl ReviewJob {
    /// Reviews `game`, each position searched to `depth`, on a thread of its
    /// own: `review-progress` messages while it runs, then one `review`
    /// message, go to `to_page` (nothing more once stopped).
    pub fn start(game: Game, depth: i32, to_page: UnboundedSender<String>) -> ReviewJob {
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        std::thread::spawn(move || {
            let engine = Engine::new(REVIEW_HASH_MB, 1);
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let mut told = Instant::now();
            let mut progress = |done: usize, total: usize| {
                if stopped.load(Ordering::Relaxed) {
                    return ControlFlow::Break(());
                }
                if told.elapsed() >= PROGRESS_EVERY {
                    told = Instant::now();
                    let message = json!({"type": "review-progress", "done": done, "total": total});
                    let _ = to_page.send(message.to_string());
                }
                ControlFlow::Continue(())
            };
            let review = review_game(&engine, &game, &limits, &mut progress);
            if !stopped.load(Ordering::Relaxed) {
                let _ = to_page.send(review_message(&game, &review, depth));
            }
        });
        ReviewJob { stop }
    }
}

impl Drop for ReviewJob {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The `review` message: per move its mark, loss, value after it and the
/// engine's better move; the plot (SVG); the summary per side.
pub fn review_message(game: &Game, review: &GameReview, depth: i32) -> String {
    let moves: Vec<Value> = review
        .moves
        .iter()
        .map(|m| {
            json!({
                "move": m.mv.to_string(),
                "mark": m.mark.map(|mark| mark.suffix()),
                "name": m.mark.map(|mark| mark.name()),
                "loss": m.loss,
                "value": m.after.value.to_string(),
                "better": m.better().map(|mv| mv.to_string()),
            })
        })
        .collect();
    let summary = Summary::of(review);
    let plot = svg_plot(
        review,
        "the game on the board",
        &format!("chuhan, depth {depth} a position"),
        game.start.fullmove_number(),
        game.start.side_to_move(),
    );
    json!({
        "type": "review",
        "moves": moves,
        "plot": plot,
        "summary": {"red": summary.red.to_string(), "black": summary.black.to_string()},
    })
    .to_string()
}
