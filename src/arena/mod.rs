//! What every game between engines shares, whoever plays it (a match, the
//! self-play that makes training data, the SPSA run): where it starts
//! ([`openings`]: the built-in systems, EPD and PGN files, their order) and
//! when it is called before its end ([`adjudication`]: draw and resign
//! rules on the engines' scores).

pub mod adjudication;
pub mod openings;
