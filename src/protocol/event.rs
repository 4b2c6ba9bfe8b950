//! What the session reacts to, in the order it happened: lines read, the end
//! of input, and work finished on other threads. A file of its own so that
//! the reader thread ([`super::io`]) and the state machine
//! ([`super::session`]) both depend on it rather than on each other.

pub enum Event {
    Line(String),
    EndOfInput,
    /// A search has ended; its outcome waits in the session's own channel.
    SearchDone,
    /// A perft or bench job finished; its lines wait in the session's own channel.
    JobDone,
}
