//! The command-line tools through the binary: analyse, bench, convert, data,
//! gui (in a real browser too), help, judge, perft, the match runner and its built-in openings, and the
//! SPSA run of the search (`chuhan spsa`).
//!
//! One test binary for the room (linking one binary per file cost the
//! CI most of its time); each file below is one subject.

#[path = "../support/engine_process.rs"]
mod engine_process;
#[path = "../support/rules_cases.rs"]
mod rules_cases;
#[path = "../support/tool_run.rs"]
mod tool_run;
#[path = "../support/webdriver.rs"]
mod webdriver;

mod analyse;
mod bench;
mod builtin_openings_balance;
mod ccpd;
mod convert;
mod data;
mod encodings;
mod gui;
mod gui_browser;
mod help;
mod judge;
mod match_runner;
mod perft;
mod spsa;
mod xqf;
