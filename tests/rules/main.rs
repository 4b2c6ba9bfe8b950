//! The repetition rules: the rule-book corpus, the articles, play under the rules, properties, the cycles judged against Fairy-Stockfish, and the search obeying the referee through the binary.
//!
//! One test binary for the room (linking one binary per file cost the
//! CI most of its time); each file below is one subject.

#[path = "../support/engine_process.rs"]
mod engine_process;
#[path = "../support/pyffish_rows.rs"]
mod pyffish_rows;
#[path = "../support/rules_cases.rs"]
mod rules_cases;
#[path = "../support/tool_run.rs"]
mod tool_run;

mod article_pairs;
mod articles;
mod asian_articles;
mod corpus;
mod play;
mod properties;
mod pyffish_disagreements;
mod search_obeys_the_referee;
