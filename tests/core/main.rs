//! The board and its notations: perft counts, move notations, PGN.
//!
//! One test binary for the room (linking one binary per file cost the
//! CI most of its time); each file below is one subject.

mod notation;
mod perft;
mod pgn;
