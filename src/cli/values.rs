//! Parsers for argument values that more than one tool takes, each with an
//! error message that names the value.

use super::ToolError;
use std::str::FromStr;

/// The settings `tune` and `train` share, checked: the result's weight
/// from 0 to 1, a held-out share from 0 to below 1, a positive step size
/// and batch.
pub fn check_learning(
    lambda: f64,
    validation: f64,
    lr: f64,
    batch: usize,
) -> Result<(), ToolError> {
    if !(0.0..=1.0).contains(&lambda) {
        return Err(ToolError::Usage(format!(
            "--lambda {lambda} is not from 0 to 1"
        )));
    }
    if !(0.0..1.0).contains(&validation) {
        return Err(ToolError::Usage(format!(
            "--validation {validation} is not from 0 to below 1"
        )));
    }
    if lr.is_nan() || lr <= 0.0 || batch == 0 {
        return Err(ToolError::Usage("--lr and --batch must be positive".into()));
    }
    Ok(())
}

/// A whole number (no sign): `'many' is not a number`.
pub fn number<T: FromStr>(text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("'{text}' is not a number"))
}

/// A whole number from 1: `'0' is not a number from 1`.
pub fn positive<T: FromStr + PartialOrd + From<u8>>(text: &str) -> Result<T, String> {
    number::<T>(text)
        .ok()
        .filter(|n| *n >= T::from(1))
        .ok_or(format!("'{text}' is not a number from 1"))
}

/// A search depth, 1 to 60: `depth '0' is not a number from 1 to 60`.
pub fn search_depth(text: &str) -> Result<i32, String> {
    number::<i32>(text)
        .ok()
        .filter(|d| (1..=60).contains(d))
        .ok_or(format!("depth '{text}' is not a number from 1 to 60"))
}

/// The FEN given to `--fen`: quoted as one argument or as its six words.
pub fn fen_words(words: &[String]) -> Option<String> {
    (!words.is_empty()).then(|| words.join(" "))
}
