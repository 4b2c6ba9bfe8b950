//! Test-only fault injection, so that tests through the binary can prove a
//! failure never wedges a session. `CHUHAN_FAULT` holds comma-separated
//! faults, each `name[:argument]`, and is read once, at the first question.
//! Unset (as it always is outside tests), a question costs one load of an
//! initialised cell, and questions are asked only off the hot path.
//!
//! The faults: `search-panic[:N]` makes a search thread panic once the
//! search has counted N nodes (0 when no N is given); the protocol's
//! `job-panic` makes a `go perft` or `bench` job panic, and
//! `command-panic:WORD` the handling of any command line starting with WORD.

use std::sync::OnceLock;

/// The variable that names the faults.
pub const VARIABLE: &str = "CHUHAN_FAULT";

fn faults() -> &'static [(String, String)] {
    static FAULTS: OnceLock<Vec<(String, String)>> = OnceLock::new();
    FAULTS.get_or_init(|| {
        let text = std::env::var(VARIABLE).unwrap_or_default();
        text.split(',')
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .map(|f| {
                let (name, argument) = f.split_once(':').unwrap_or((f, ""));
                (name.to_string(), argument.to_string())
            })
            .collect()
    })
}

/// The argument of the fault `name` (empty if it has none), when injected.
pub fn injected(name: &str) -> Option<&'static str> {
    faults()
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, argument)| argument.as_str())
}

/// Panics if `search-panic` is injected and the search has counted `nodes`
/// of the nodes it asks for.
pub fn search_checkpoint(nodes: u64) {
    if let Some(after) = injected("search-panic") {
        if nodes >= after.parse().unwrap_or(0) {
            panic!("injected fault search-panic after {nodes} nodes");
        }
    }
}
