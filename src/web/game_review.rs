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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Position;
    use std::time::Instant;

    fn game(moves: &[&str]) -> Game {
        let start = Position::startpos();
        let mut pos = start.clone();
        let moves = moves
            .iter()
            .map(|text| {
                let mv = crate::notation::parse_move(&pos, text).unwrap();
                pos.make(mv);
                mv
            })
            .collect();
        Game::new(Vec::new(), start, moves, None)
    }

    #[test]
    fn a_review_sends_its_marks_plot_and_summary() {
        let (to_page, mut messages) = tokio::sync::mpsc::unbounded_channel();
        let _job = ReviewJob::start(game(&["h2e2", "h9g7"]), 3, to_page);
        let review = loop {
            let message: Value = serde_json::from_str(&messages.blocking_recv().unwrap()).unwrap();
            if message["type"] == "review" {
                break message;
            }
        };
        assert_eq!(review["moves"].as_array().unwrap().len(), 2, "{review}");
        assert!(review["plot"].as_str().unwrap().starts_with("<svg"));
    }

    #[test]
    fn a_dropped_review_stops_at_the_next_position_and_sends_nothing_more() {
        // Twenty plies at depth 20 take minutes; stopped, the thread ends
        // (and drops its sender) after the position it is searching.
        let opening = [
            "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4", "c6c5", "b0c2", "b7b3", "g3g4",
            "a9b9", "a0b0", "g6g5", "b2a2", "h7i7", "h0h6", "b3b2", "c2d4", "g7f5",
        ];
        let (to_page, mut messages) = tokio::sync::mpsc::unbounded_channel();
        let job = ReviewJob::start(game(&opening), 20, to_page);
        let started = Instant::now();
        drop(job);
        while let Some(message) = messages.blocking_recv() {
            assert!(
                !message.contains("\"type\":\"review\""),
                "a stopped review sent its end"
            );
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{:?}",
            started.elapsed()
        );
    }
}
