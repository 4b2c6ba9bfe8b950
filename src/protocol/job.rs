//! A job: work that is not a search (`go perft`, `bench`) running on a
//! thread of its own while commands keep being read. It prints nothing
//! itself; its lines are delivered to the session when it is done, and the
//! session is woken by [`Event::JobDone`]. A job that fails delivers one
//! error line instead, so the session is never left waiting.

use super::event::Event;
use super::{failure, reply};
use crate::fault;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;

pub struct Job {
    stop: Arc<AtomicBool>,
    /// The job's lines, delivered by its thread.
    result: Receiver<Vec<String>>,
    /// Whether the job gives up soon after `stop` (perft does, bench does not).
    pub stoppable: bool,
}

impl Job {
    /// Runs `work` (called `name` in messages) on its own thread; `work`
    /// should look at the flag it is given if it is `stoppable`.
    pub fn spawn(
        name: &'static str,
        stoppable: bool,
        events: Sender<Event>,
        work: impl FnOnce(&AtomicBool) -> Vec<String> + Send + 'static,
    ) -> Job {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let (deliver, result) = mpsc::channel();
        std::thread::Builder::new()
            .name("protocol-job".into())
            .spawn(move || {
                let lines = failure::catch(|| {
                    // Test-only: prove that a failing job does not wedge the session.
                    if fault::injected("job-panic").is_some() {
                        panic!("injected fault job-panic");
                    }
                    work(&flag)
                });
                let lines =
                    lines.unwrap_or_else(|e| vec![reply::error(format!("{name} failed: {e}"))]);
                let _ = deliver.send(lines);
                let _ = events.send(Event::JobDone);
            })
            .expect("the job thread starts");
        Job {
            stop,
            result,
            stoppable,
        }
    }

    /// Raises the stop flag (a job that is not stoppable ignores it).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The lines, if the job is done.
    pub fn finished(&self) -> Option<Vec<String>> {
        self.result.try_recv().ok()
    }

    /// Waits for the lines.
    pub fn wait(&self) -> Vec<String> {
        self.result
            .recv()
            .unwrap_or_else(|_| vec![reply::error("the job ended without a word")])
    }
}
