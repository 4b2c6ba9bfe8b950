//! Failures caught so that a session never wedges: a panic in a search, a
//! job or a command handler becomes text for one `info string error` line,
//! and the session goes on serving.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs `work`; a panic becomes its message. The caller's state is its own
/// to put right afterwards (hence no `UnwindSafe` bound).
pub fn catch<T>(work: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|panic| message(&*panic))
}

/// What a panic said, when it said it in text.
fn message(panic: &(dyn Any + Send)) -> String {
    if let Some(text) = panic.downcast_ref::<&str>() {
        text.to_string()
    } else if let Some(text) = panic.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_its_message() {
        assert_eq!(catch(|| 7), Ok(7));
        assert_eq!(catch(|| -> u8 { panic!("boom") }), Err("boom".to_string()));
        let n = 3;
        assert_eq!(
            catch(|| -> u8 { panic!("boom {n}") }),
            Err("boom 3".to_string())
        );
    }
}
