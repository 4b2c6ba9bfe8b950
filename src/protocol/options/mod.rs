//! The engine's options. [`TABLE`] declares each one once: its name
//! in each dialect, its kind (type, range, choices, default, and where its
//! value is kept) and its effect. Everything else is read from the table:
//! the `option ...` lines announced before `ucciok`/`uciok`, the checking
//! and storing of a `setoption`, and the starting values. What an effect
//! does is the session's job.

mod effect;
mod error;
mod kind;
mod table;
mod values;

pub use effect::Effect;
pub use error::OptionError;
pub use kind::Kind;
pub use table::{spec_named, Spec, DEFAULT_HASH, MAX_HASH, MAX_THREADS, TABLE};
pub use values::Options;

use super::command::Dialect;
use crate::search::params;

/// Every option at the default the table declares, so that what is
/// announced as the default is what the engine does until told otherwise.
impl Default for Options {
    fn default() -> Options {
        let mut options = Options::blank();
        for spec in TABLE {
            spec.kind.store_default(&mut options);
        }
        options
    }
}

impl Options {
    /// The starting state with the book files the engine loaded by itself,
    /// so that the announced default of `bookfiles`/`BookFile` names them.
    pub fn with_book_files(book_files: String) -> Options {
        Options {
            book_files,
            ..Options::default()
        }
    }

    /// The `option ...` lines announced before `ucciok` / `uciok`.
    pub fn announce(&self, dialect: Dialect) -> Vec<String> {
        TABLE
            .iter()
            .filter_map(|spec| {
                let name = spec.name(dialect)?;
                let kind = spec.kind.announce(self);
                Some(match dialect {
                    Dialect::Ucci => format!("option {name} type {kind}"),
                    Dialect::Uci => format!("option name {name} type {kind}"),
                })
            })
            .collect()
    }

    /// The search's parameters as spin options, in a tuning build (see
    /// [`crate::search::params`]); none in a normal one.
    pub fn announce_search_params(dialect: Dialect) -> Vec<String> {
        if !params::TUNABLE {
            return Vec::new();
        }
        params::PARAMS
            .iter()
            .map(|p| {
                let kind = format!("spin default {} min {} max {}", p.value, p.min, p.max);
                match dialect {
                    Dialect::Ucci => format!("option {} type {kind}", p.name),
                    Dialect::Uci => format!("option name {} type {kind}", p.name),
                }
            })
            .collect()
    }

    /// Checks and stores one `setoption`; returns what the session should
    /// do about it (resize the hash, clear it, ...).
    pub fn set(
        &mut self,
        dialect: Dialect,
        name: &str,
        value: Option<&str>,
    ) -> Result<Effect, OptionError> {
        let spec =
            spec_named(dialect, name).ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        let label = spec.name(dialect).unwrap_or_default();
        spec.kind.store(label, value, self)?;
        Ok(spec.effect)
    }
}

#[cfg(test)]
mod tests;
