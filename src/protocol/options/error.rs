//! Why a `setoption` was not applied, in the words of the `info string`
//! error line the session sends.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    Unknown(String),
    MissingValue(&'static str),
    NotABool {
        name: &'static str,
        text: String,
    },
    OutOfRange {
        name: &'static str,
        text: String,
        min: i64,
        max: i64,
    },
    NotAChoice {
        name: &'static str,
        text: String,
        choices: &'static [&'static str],
    },
    /// The engine does not play that (a variant, promotion).
    Unsupported(&'static str),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option '{name}' ignored"),
            OptionError::MissingValue(name) => write!(f, "option {name} needs a value"),
            OptionError::NotABool { name, text } => {
                write!(f, "option {name} is true or false, not '{text}'")
            }
            OptionError::OutOfRange {
                name,
                text,
                min,
                max,
            } => write!(
                f,
                "option {name} takes a whole number from {min} to {max}, not '{text}'"
            ),
            OptionError::NotAChoice {
                name,
                text,
                choices,
            } => write!(
                f,
                "option {name} is one of {}, not '{text}'",
                choices.join("/")
            ),
            OptionError::Unsupported(what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for OptionError {}
