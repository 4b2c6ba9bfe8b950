//! The hash table a tool searches with: its size is the user's to name, and
//! a size the machine cannot hold is one error line, not an aborted
//! process (a failed allocation aborts).

use super::ToolError;
use crate::search::Engine;

/// An engine with a table of `megabytes` and `threads` search threads, or
/// why the machine cannot give it one.
pub fn engine_with_table(megabytes: usize, threads: usize) -> Result<Engine, ToolError> {
    if !crate::protocol::memory::can_allocate(megabytes) {
        return Err(ToolError::Failed(format!(
            "--hash {megabytes}: not enough memory for a table of {megabytes} MB"
        )));
    }
    Ok(Engine::new(megabytes, threads))
}
