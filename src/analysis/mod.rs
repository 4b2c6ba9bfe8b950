//! Game analysis, as `chuhan analyse` does it: every position of a game
//! searched under one budget ([`review`]), each move judged by the score
//! it lost ([`mark`]), a summary per side ([`summary`]), the game written
//! back as annotated PGN ([`annotate`]) and its evaluation drawn as an SVG
//! plot ([`plot`]).
//!
//! Scores are the engine's centipawns (a pawn before the river is about
//! 50, a horse about 450, a chariot about 1,100), seen from Red's side.

pub mod annotate;
pub mod mark;
pub mod plot;
pub mod review;
pub mod summary;

pub use annotate::annotated_pgn;
pub use mark::Mark;
pub use plot::svg_plot;
pub use review::{review_game, GameReview, MoveReview, Value};
pub use summary::{SideSummary, Summary};
