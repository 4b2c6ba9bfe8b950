//! A search running for the session. The engine's handle is waited for on a
//! thread of its own, which always reports, and wakes the session with
//! [`Event::SearchDone`]: the outcome, or, if the search failed, why and the
//! best move it had reported by then. So a failure inside the search can
//! never leave the session busy for ever.

use super::event::Event;
use super::failure;
use super::io::Output;
use crate::core::{Move, Position};
use crate::search::{Engine, Info, Limits, SearchControl, SearchOutcome};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// How a search ended.
pub enum Finished {
    Done(SearchOutcome),
    /// The search panicked; `best` is the best line it had reported (its
    /// first move and the expected reply), if any.
    Failed {
        reason: String,
        best: Option<(Move, Option<Move>)>,
    },
}

pub struct Thinking {
    pub control: SearchControl,
    waiter: JoinHandle<()>,
    result: Receiver<Finished>,
}

impl Thinking {
    /// Starts searching `pos`; each progress report goes to `out` in the
    /// lines `words` writes for it (the session's `reply::info`).
    pub fn start(
        engine: &Engine,
        pos: &Position,
        limits: Limits,
        words: impl Fn(&Info) -> Vec<String> + Send + Sync + 'static,
        out: Output,
        events: Sender<Event>,
    ) -> Thinking {
        let best_known = Arc::new(Mutex::new(None));
        let reported = Arc::clone(&best_known);
        let handle = engine.go(
            pos,
            limits,
            Box::new(move |info| {
                if let Info::Iteration(it) = info {
                    if let (1, Some(&first)) = (it.multipv, it.pv.first()) {
                        if let Ok(mut best) = reported.lock() {
                            *best = Some((first, it.pv.get(1).copied()));
                        }
                    }
                }
                out.lines(words(info));
            }),
        );
        let control = handle.control();
        let (deliver, result) = mpsc::channel();
        let waiter = std::thread::Builder::new()
            .name("protocol-waiter".into())
            .spawn(move || {
                let finished = match failure::catch(|| handle.wait()) {
                    Ok(outcome) => Finished::Done(outcome),
                    Err(failure::Panic(reason)) => Finished::Failed {
                        reason,
                        best: *best_known.lock().unwrap_or_else(|p| p.into_inner()),
                    },
                };
                let _ = deliver.send(finished);
                let _ = events.send(Event::SearchDone);
            })
            .expect("the waiter thread starts");
        Thinking {
            control,
            waiter,
            result,
        }
    }

    /// How the search ended, if it has.
    pub fn finished(&self) -> Option<Finished> {
        self.result.try_recv().ok()
    }

    /// Stops the search and waits for how it ended.
    pub fn stop(&self) -> Finished {
        self.control.stop();
        self.result.recv().unwrap_or_else(|_| Finished::Failed {
            reason: "the search ended without a word".to_string(),
            best: None,
        })
    }

    /// Waits for the waiter thread, once its report is read.
    pub fn join(self) {
        let _ = self.waiter.join();
    }
}
