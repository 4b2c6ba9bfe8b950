//! How a tool fails: a usage error (the command line asks for something the
//! tool cannot do; exit status 2, as clap's own argument errors) or a failure
//! while running (a bad FEN, a file that does not open; exit status 1).

use std::fmt;

/// One line for the user, and which kind of failure it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolError {
    /// The arguments do not fit together; the usage is shown with it.
    Usage(String),
    /// The arguments were fine, the work failed.
    Failed(String),
    /// Ctrl-C stopped the work; what was done is kept and was reported.
    /// The message says what stands.
    Interrupted(String),
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToolError::Usage(message)
            | ToolError::Failed(message)
            | ToolError::Interrupted(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for ToolError {}

impl From<String> for ToolError {
    fn from(message: String) -> ToolError {
        ToolError::Failed(message)
    }
}

impl From<&str> for ToolError {
    fn from(message: &str) -> ToolError {
        ToolError::Failed(message.to_string())
    }
}
