//! Parsers for argument values that more than one tool takes, each with an
//! error message that names the value.

use std::str::FromStr;

/// A whole number (no sign): `'many' is not a number`.
pub fn number<T: FromStr>(text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("'{text}' is not a number"))
}

/// The FEN given to `--fen`: quoted as one argument or as its six words.
pub fn fen_words(words: &[String]) -> Option<String> {
    (!words.is_empty()).then(|| words.join(" "))
}
