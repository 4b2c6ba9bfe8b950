//! What can be wrong with a `chuhan match` command line, said in the
//! user's terms (the messages are the runner's interface: scripts and tests
//! read them).

use std::fmt;

/// A mistake on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    UnknownOption(String),
    MissingValue(String),
    BadValue {
        option: String,
        value: String,
        why: String,
    },
    UnknownSetting {
        group: String,
        setting: String,
    },
    EngineWithoutCmd(usize),
    TooFewEngines,
    NoLimits(String),
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::UnknownOption(o) => write!(f, "unknown option '{o}'"),
            ArgError::MissingValue(o) => write!(f, "{o} needs a value"),
            ArgError::BadValue { option, value, why } => {
                write!(f, "bad value '{value}' for {option}: {why}")
            }
            ArgError::UnknownSetting { group, setting } => {
                write!(f, "{group}: unknown setting '{setting}'")
            }
            ArgError::EngineWithoutCmd(n) => write!(f, "engine {n} has no cmd=PATH"),
            ArgError::TooFewEngines => write!(f, "a match needs at least two -engine groups"),
            ArgError::NoLimits(name) => write!(
                f,
                "engine {name} has no time control: give tc=, st=, depth= or nodes= (or with -each)"
            ),
        }
    }
}

impl std::error::Error for ArgError {}

impl ArgError {
    /// `value` given to `option` cannot be read, for the reason `why`.
    pub fn bad_value(option: &str, value: &str, why: impl fmt::Display) -> ArgError {
        ArgError::BadValue {
            option: option.to_string(),
            value: value.to_string(),
            why: why.to_string(),
        }
    }

    /// `setting` is not one that `group` reads.
    pub fn unknown_setting(group: &str, setting: &str) -> ArgError {
        ArgError::UnknownSetting {
            group: group.to_string(),
            setting: setting.to_string(),
        }
    }
}
