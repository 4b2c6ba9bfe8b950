//! Failures caught so that a session never wedges: a panic in a search, a
//! job or a command handler becomes text for one `info string error` line,
//! and the session goes on serving.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A panic caught, with what it said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panic(pub String);

impl std::fmt::Display for Panic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Panic {}

/// Runs `work`; a panic becomes its message. The caller's state is its own
/// to put right afterwards (hence no `UnwindSafe` bound).
pub fn catch<T>(work: impl FnOnce() -> T) -> Result<T, Panic> {
    catch_unwind(AssertUnwindSafe(work)).map_err(|panic| Panic(message(&*panic)))
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
        assert_eq!(
            catch(|| -> u8 { panic!("boom") }),
            Err(Panic("boom".into()))
        );
        let n = 3;
        assert_eq!(
            catch(|| -> u8 { panic!("boom {n}") }),
            Err(Panic("boom 3".into()))
        );
    }
}
