//! The main search thread's voice: it forwards [`Info`] reports to the
//! caller's sink and, during long searches, adds a [`Progress`] report once
//! a second so a GUI sees the counts move between iterations.

use super::info::{Info, InfoSink, Progress};
use super::shared::Shared;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// How often a progress report comes (the first after this long).
pub const PROGRESS_EVERY: Duration = Duration::from_secs(1);

pub struct Reporter {
    sink: InfoSink,
    /// When, since `go`, the next progress report is due.
    next_progress: Duration,
}

impl Reporter {
    pub fn new(sink: InfoSink) -> Reporter {
        Reporter {
            sink,
            next_progress: PROGRESS_EVERY,
        }
    }

    pub fn send(&mut self, info: &Info) {
        (self.sink)(info);
    }

    /// Sends a progress report if one is due (called as the search polls).
    pub fn tick(&mut self, shared: &Shared) {
        let time = shared.since_go();
        if time < self.next_progress {
            return;
        }
        self.next_progress = time + PROGRESS_EVERY;
        let nodes = shared.nodes.load(Ordering::Relaxed);
        (self.sink)(&Info::Progress(Progress {
            nodes,
            nps: (nodes as f64 / time.as_secs_f64().max(1e-3)) as u64,
            time,
            hashfull: shared.tt.hashfull(),
        }));
    }
}
