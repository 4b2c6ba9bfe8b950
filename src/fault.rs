//! Test-only fault injection, so that tests through the binary can prove a
//! failure never wedges a session. It exists only in a build with the
//! feature `fault-injection`, which the tests turn on (Cargo.toml's
//! dev-dependency on the crate itself); in any other build every question
//! answers "not injected" and costs nothing. `CHUHAN_FAULT` holds
//! comma-separated faults, each `name[:argument]`, and is read once, at the
//! first question; questions are asked only off the hot path.
//!
//! The faults: `search-panic[:N]` makes a search thread panic once the
//! search has counted N nodes (0 when no N is given); the protocol's
//! `job-panic` makes a `go perft` or `bench` job panic, and
//! `command-panic:WORD` the handling of any command line starting with WORD.

#[cfg(feature = "fault-injection")]
use std::sync::OnceLock;

/// The variable that names the faults.
pub const VARIABLE: &str = "CHUHAN_FAULT";

#[cfg(feature = "fault-injection")]
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
#[cfg(feature = "fault-injection")]
pub fn injected(name: &str) -> Option<&'static str> {
    faults()
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, argument)| argument.as_str())
}

/// Never, in a build without the feature `fault-injection`.
#[cfg(not(feature = "fault-injection"))]
#[inline(always)]
pub fn injected(_name: &str) -> Option<&'static str> {
    None
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
