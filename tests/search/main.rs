//! The search: its library API, checks, history, positions where no side can attack, the null move, the rules inside it, stopping, strength levels, the mate and loss suites, time management.
//!
//! One test binary for the room (linking one binary per file cost the
//! CI most of its time); each file below is one subject.

#[path = "../support/engine_process.rs"]
mod engine_process;
#[path = "../support/mate_oracle.rs"]
mod mate_oracle;

mod api;
mod checks;
mod history;
mod no_attackers;
mod null_move;
mod rules;
mod skill;
mod stop;
mod tactics;
mod time_management;
