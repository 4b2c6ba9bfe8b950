//! The tuning run's state as a TOML file: written here line by line (so that
//! the committed file keeps its order, comments and one row a line), read
//! with the `toml` crate. Theta is written with every digit it has, so that
//! writing and reading back gives the same state bit for bit; the history's
//! rows are rounded for size.
//!
//! ```toml
//! [run]
//! seed = 1
//! nodes = 10000
//! openings = "book/match-openings.pgn"
//! engine_options = ["usebook=false"]
//! batch = 8
//! history_every = 40
//! planned_pairs = 10000
//! warmup = 1000.0
//! alpha = 0.602
//! gamma = 0.101
//! r_end = 0.002
//!
//! [tally]
//! pairs = 0
//! wins = 0
//! draws = 0
//! losses = 0
//! faults = 0
//!
//! [params]
//! # name = [theta, start, min, max, c_end]
//! rfp_depth = [7.0, 7, 4, 10, 1.0]
//!
//! [history]
//! # pairs played, then theta of each parameter in the order of [params]
//! rows = [
//!   [0, 7.0],
//! ]
//! ```

use super::schedule::Schedule;
use super::state::{HistoryRow, SpsaSettings, SpsaState, SpsaTally, TunedParam};
use std::fmt::{self, Write as _};
use std::path::Path;
use toml::{Table, Value};

/// Why a state file could not be read or written.
#[derive(Debug)]
pub enum StateFileError {
    Io {
        path: String,
        error: std::io::Error,
    },
    /// Text that is not TOML.
    Syntax {
        line: usize,
        what: String,
    },
    Missing {
        section: &'static str,
        key: &'static str,
    },
    /// A value of the wrong kind or out of reason.
    Bad {
        section: &'static str,
        key: String,
        why: String,
    },
}

impl fmt::Display for StateFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateFileError::Io { path, error } => write!(f, "{path}: {error}"),
            StateFileError::Syntax { line, what } => write!(f, "line {line}: {what}"),
            StateFileError::Missing { section, key } => {
                write!(f, "[{section}] has no '{key}'")
            }
            StateFileError::Bad { section, key, why } => write!(f, "[{section}] {key}: {why}"),
        }
    }
}

impl std::error::Error for StateFileError {}

/// Writes the state, first to a file beside it and then by rename, so that
/// a run killed mid-write leaves the previous state whole.
pub fn save(state: &SpsaState, path: &Path) -> Result<(), StateFileError> {
    let io = |error| StateFileError::Io {
        path: path.display().to_string(),
        error,
    };
    let partial = path.with_extension("partial");
    std::fs::write(&partial, to_text(state)).map_err(io)?;
    std::fs::rename(&partial, path).map_err(io)
}

/// Reads a state written by [`save`].
pub fn load(path: &Path) -> Result<SpsaState, StateFileError> {
    let text = std::fs::read_to_string(path).map_err(|error| StateFileError::Io {
        path: path.display().to_string(),
        error,
    })?;
    from_text(&text)
}

/// The state as the file's text.
pub fn to_text(state: &SpsaState) -> String {
    let s = &state.settings;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# A tuning run of the search's parameters by SPSA (`chuhan spsa`). This file is\n\
         # the run's whole state: `make tune-search` or `chuhan spsa run FILE` goes on\n\
         # from it (docs/tuning.md). Written by the program; edit [run] with care."
    );
    let _ = writeln!(out, "\n[run]");
    let _ = writeln!(out, "seed = {}", s.seed);
    let _ = writeln!(out, "nodes = {}", s.nodes);
    let _ = writeln!(out, "openings = {}", quoted(&s.openings));
    let options: Vec<String> = s.engine_options.iter().map(|o| quoted(o)).collect();
    let _ = writeln!(out, "engine_options = [{}]", options.join(", "));
    let _ = writeln!(out, "batch = {}", s.batch);
    let _ = writeln!(out, "history_every = {}", s.history_every);
    let _ = writeln!(out, "planned_pairs = {}", s.schedule.planned_pairs);
    let _ = writeln!(out, "warmup = {:?}", s.schedule.warmup);
    let _ = writeln!(out, "alpha = {:?}", s.schedule.alpha);
    let _ = writeln!(out, "gamma = {:?}", s.schedule.gamma);
    let _ = writeln!(out, "r_end = {:?}", s.schedule.r_end);
    let t = &state.tally;
    let _ = writeln!(out, "\n[tally]");
    let _ = writeln!(out, "pairs = {}", t.pairs);
    let _ = writeln!(out, "wins = {}", t.wins);
    let _ = writeln!(out, "draws = {}", t.draws);
    let _ = writeln!(out, "losses = {}", t.losses);
    let _ = writeln!(out, "faults = {}", t.faults);
    let _ = writeln!(out, "\n[params]\n# name = [theta, start, min, max, c_end]");
    for p in &state.params {
        let _ = writeln!(
            out,
            "{} = [{:?}, {}, {}, {}, {:?}]",
            p.name, p.theta, p.start, p.min, p.max, p.c_end
        );
    }
    let _ = writeln!(
        out,
        "\n[history]\n# pairs played, then theta of each parameter in the order of [params]\nrows = ["
    );
    for row in &state.history {
        let values: Vec<String> = row.theta.iter().map(|v| format!("{v:.3}")).collect();
        let _ = writeln!(out, "  [{}, {}],", row.pairs, values.join(", "));
    }
    out.push_str("]\n");
    out
}

/// Reads the file's text.
pub fn from_text(text: &str) -> Result<SpsaState, StateFileError> {
    let document: Table = text.parse().map_err(|e: toml::de::Error| {
        // The line itself beside the reader's words, which can mislead
        // ("invalid boolean" for `batch = four`).
        let at = e.span().map_or(0, |span| span.start);
        let line = text[..at].matches('\n').count() + 1;
        let content = text.lines().nth(line - 1).unwrap_or_default().trim();
        StateFileError::Syntax {
            line,
            what: format!("'{content}': {}", e.message().trim()),
        }
    })?;
    let run = |key: &'static str| field(&document, "run", key);
    let tally = |key: &'static str| field(&document, "tally", key)?.unsigned();
    // A gain that is not a positive number would turn theta into NaN.
    let gain = |key: &'static str, fits: fn(f64) -> bool| -> Result<f64, StateFileError> {
        let field = run(key)?;
        let value = field.float()?;
        if !fits(value) {
            return Err(field.bad("out of reason (warmup, alpha and gamma from 0, r_end above 0)"));
        }
        Ok(value)
    };
    // No nodes would be no limit (an engine that never answers); no planned
    // pairs, a schedule with nowhere to go.
    let whole_from_one = |key: &'static str| -> Result<u64, StateFileError> {
        let field = run(key)?;
        match field.unsigned()? {
            0 => Err(field.bad("wants a whole number above 0")),
            n => Ok(n),
        }
    };
    let schedule = Schedule {
        planned_pairs: whole_from_one("planned_pairs")?,
        warmup: gain("warmup", |v| v >= 0.0)?,
        alpha: gain("alpha", |v| v >= 0.0)?,
        gamma: gain("gamma", |v| v >= 0.0)?,
        r_end: gain("r_end", |v| v > 0.0)?,
    };
    let options = run("engine_options")?;
    let settings = SpsaSettings {
        seed: run("seed")?.unsigned()?,
        nodes: whole_from_one("nodes")?,
        openings: run("openings")?.string()?,
        engine_options: options
            .array()?
            .iter()
            .map(|v| options.with(v).string())
            .collect::<Result<_, _>>()?,
        batch: run("batch")?.unsigned()?.max(1),
        history_every: run("history_every")?.unsigned()?.max(1),
        schedule,
    };
    let mut params = Vec::new();
    for (name, value) in section(&document, "params", "a parameter")? {
        let entry = Field {
            section: "params",
            key: name,
            value,
        };
        let numbers = entry.numbers()?;
        let [theta, start, min, max, c_end] = numbers[..] else {
            return Err(entry.bad("wants [theta, start, min, max, c_end]"));
        };
        let whole = |x: f64| {
            (x.fract() == 0.0 && x.abs() < 1e9)
                .then_some(x as i32)
                .ok_or_else(|| entry.bad("start, min and max are whole numbers"))
        };
        let (start, min, max) = (whole(start)?, whole(min)?, whole(max)?);
        if min > max || !(f64::from(min)..=f64::from(max)).contains(&theta) || c_end <= 0.0 {
            return Err(entry.bad("wants min <= theta <= max and c_end > 0"));
        }
        params.push(TunedParam {
            name: name.clone(),
            theta,
            start,
            min,
            max,
            c_end,
        });
    }
    if params.is_empty() {
        return Err(StateFileError::Missing {
            section: "params",
            key: "a parameter",
        });
    }
    let rows = field(&document, "history", "rows")?;
    let mut history = Vec::new();
    for row in rows.array()? {
        let numbers = rows.with(row).numbers()?;
        if numbers.len() != params.len() + 1 {
            return Err(rows.bad("each row wants the pairs and one value per parameter"));
        }
        history.push(HistoryRow {
            pairs: numbers[0] as u64,
            theta: numbers[1..].to_vec(),
        });
    }
    Ok(SpsaState {
        settings,
        params,
        tally: SpsaTally {
            pairs: tally("pairs")?,
            wins: tally("wins")?,
            draws: tally("draws")?,
            losses: tally("losses")?,
            faults: tally("faults")?,
        },
        history,
    })
}

fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The table `name` of the document; `wanted`, what is missing without it.
fn section<'a>(
    document: &'a Table,
    name: &'static str,
    wanted: &'static str,
) -> Result<&'a Table, StateFileError> {
    document
        .get(name)
        .and_then(Value::as_table)
        .ok_or(StateFileError::Missing {
            section: name,
            key: wanted,
        })
}

/// The value of `key` in the table `name`, for reading.
fn field<'a>(
    document: &'a Table,
    name: &'static str,
    key: &'static str,
) -> Result<Field<'a>, StateFileError> {
    let value = section(document, name, key)?
        .get(key)
        .ok_or(StateFileError::Missing { section: name, key })?;
    Ok(Field {
        section: name,
        key,
        value,
    })
}

/// A value being read, with where it stands for the error messages.
struct Field<'a> {
    section: &'static str,
    key: &'a str,
    value: &'a Value,
}

impl<'a> Field<'a> {
    fn with(&self, value: &'a Value) -> Field<'a> {
        Field { value, ..*self }
    }

    fn bad(&self, why: &str) -> StateFileError {
        StateFileError::Bad {
            section: self.section,
            key: self.key.to_string(),
            why: why.to_string(),
        }
    }

    /// A number, whole or not (TOML tells `7` from `7.0`; the state does not).
    fn float(&self) -> Result<f64, StateFileError> {
        match *self.value {
            Value::Float(x) if x.is_finite() => Ok(x),
            Value::Integer(n) => Ok(n as f64),
            _ => Err(self.bad("wants a number")),
        }
    }

    fn unsigned(&self) -> Result<u64, StateFileError> {
        match *self.value {
            Value::Integer(n) if n >= 0 => Ok(n as u64),
            _ => Err(self.bad("wants a whole number, 0 or more")),
        }
    }

    fn string(&self) -> Result<String, StateFileError> {
        match self.value {
            Value::String(s) => Ok(s.clone()),
            _ => Err(self.bad("wants a quoted string")),
        }
    }

    fn array(&self) -> Result<&'a [Value], StateFileError> {
        match self.value {
            Value::Array(items) => Ok(items),
            _ => Err(self.bad("wants an array [...]")),
        }
    }

    fn numbers(&self) -> Result<Vec<f64>, StateFileError> {
        self.array()?.iter().map(|v| self.with(v).float()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spsa::state::PairScore;

    fn sample() -> SpsaState {
        let settings = SpsaSettings {
            seed: 3,
            nodes: 5000,
            openings: "book/match \"openings\".pgn".into(),
            engine_options: vec!["usebook=false".into(), "hashsize=16".into()],
            batch: 2,
            history_every: 2,
            schedule: Schedule::fishtest(50),
        };
        let names = ["rfp_margin".to_string(), "nmp_depth".to_string()];
        let mut state = SpsaState::new(settings, &names).unwrap();
        let batch = state.next_batch();
        let scores: Vec<PairScore> = batch
            .iter()
            .map(|p| PairScore {
                pair: p.pair,
                wins: 2,
                ..Default::default()
            })
            .collect();
        state.apply(&batch, &scores).unwrap();
        state
    }

    #[test]
    fn a_state_written_and_read_back_is_the_same_to_the_last_bit() {
        let state = sample();
        assert!(state.params[0].theta.fract() != 0.0);
        let text = to_text(&state);
        let read = from_text(&text).unwrap();
        assert_eq!(read.settings, state.settings);
        assert_eq!(read.params, state.params);
        assert_eq!(read.tally, state.tally);
        assert_eq!(read.history.len(), 2);
        assert_eq!(to_text(&read), text);
    }

    #[test]
    fn a_damaged_file_is_refused_with_its_line() {
        let text = to_text(&sample());
        let cut = text.replace("nodes = 5000", "nodes = lots");
        let line = 1 + text.lines().position(|l| l == "nodes = 5000").unwrap();
        let error = from_text(&cut).unwrap_err().to_string();
        assert!(
            error.starts_with(&format!("line {line}: 'nodes = lots': ")),
            "{error}"
        );
        let missing = text.replace("seed = 3\n", "");
        assert_eq!(
            from_text(&missing).unwrap_err().to_string(),
            "[run] has no 'seed'"
        );
        let outside = text.replace("rfp_margin = [", "rfp_margin = [999");
        let error = from_text(&outside).unwrap_err().to_string();
        assert!(
            error.contains("rfp_margin: wants min <= theta <= max"),
            "{error}"
        );
        let open = text.replace("]\n", "\n");
        assert!(from_text(&open).is_err());
        let negative = text.replace("warmup = 5.0", "warmup = -60.0");
        let error = from_text(&negative).unwrap_err().to_string();
        assert!(error.contains("warmup: out of reason"), "{error}");
        assert!(from_text(&text.replace("r_end = 0.002", "r_end = 0.0")).is_err());
        let no_nodes = from_text(&text.replace("nodes = 5000", "nodes = 0")).unwrap_err();
        assert!(no_nodes
            .to_string()
            .contains("nodes: wants a whole number above 0"));
        let planned = text
            .lines()
            .find(|l| l.starts_with("planned_pairs = "))
            .expect("the plan is written");
        let no_plan = from_text(&text.replace(planned, "planned_pairs = 0")).unwrap_err();
        assert!(no_plan
            .to_string()
            .contains("planned_pairs: wants a whole number above 0"));
    }
}
