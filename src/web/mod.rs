//! `chuhan gui`: a board in the browser. A local web server serves the
//! page (its files built into the binary) and gives each tab its own game
//! over a WebSocket, with the engine behind it running the very protocol
//! session a GUI gets, and the referee judging the game as it is played.
//!
//! Read from the bottom up: [`table`], one game and the referee's view of
//! it (no I/O); [`clocks`], its two clocks; [`engine_link`], the engine session in this process;
//! [`game_review`], a review of the game on a thread of its own;
//! [`game_session`], a tab's game, the engine and the page's requests;
//! [`connection`], one WebSocket; [`assets`], the page's files;
//! [`server`], the HTTP server.

pub mod assets;
pub mod clocks;
pub mod connection;
pub mod engine_link;
pub mod game_review;
pub mod game_session;
pub mod server;
pub mod table;

pub use server::{serve, ServeOptions};
