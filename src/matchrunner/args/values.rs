//! The kinds of value the command line gives, each read through `FromStr`
//! so that the option groups only say which kind they expect; what is
//! wrong with a value is a [`ValueError`], and [`read`] puts it in an
//! [`ArgError`] with the option and the word.

use super::error::ArgError;
use crate::matchrunner::clock::seconds_to_ms;
use std::fmt;
use std::str::FromStr;

/// Why a word is not a value of the kind expected (the `why` of
/// [`ArgError::BadValue`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ValueError {
    NotANumber,
    NotAtLeastOne,
    NotSeconds,
    NotTrueOrFalse,
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ValueError::NotANumber => "not a number",
            ValueError::NotAtLeastOne => "must be at least 1",
            ValueError::NotSeconds => "not seconds",
            ValueError::NotTrueOrFalse => "true or false",
        })
    }
}

impl std::error::Error for ValueError {}

/// A number as the command line writes it, of any width, signed or not;
/// Rust's own errors (`invalid digit found in string`) would not tell the
/// user what was wanted.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Number<T>(pub T);

impl<T: FromStr> FromStr for Number<T> {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<Number<T>, ValueError> {
        text.parse().map(Number).map_err(|_| ValueError::NotANumber)
    }
}

/// A count that must be at least 1 (`-games`, `movecount=`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Count(pub u32);

impl FromStr for Count {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<Count, ValueError> {
        match text.parse::<Number<u32>>()? {
            Number(0) => Err(ValueError::NotAtLeastOne),
            Number(n) => Ok(Count(n)),
        }
    }
}

/// A time in seconds, fractions allowed (`st=0.5`, `-hangtime 60`), kept in
/// whole milliseconds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Seconds {
    pub ms: u64,
}

impl FromStr for Seconds {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<Seconds, ValueError> {
        seconds_to_ms(text)
            .map(|ms| Seconds { ms })
            .ok_or(ValueError::NotSeconds)
    }
}

/// `true` or `false`, nothing else (cutechess's `twosided=`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Switch(pub bool);

impl FromStr for Switch {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<Switch, ValueError> {
        text.parse()
            .map(Switch)
            .map_err(|_| ValueError::NotTrueOrFalse)
    }
}

/// `text`, given to `option`, read as a `T`; the error names both.
pub fn read<T>(option: &str, text: &str) -> Result<T, ArgError>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    text.parse()
        .map_err(|why| ArgError::bad_value(option, text, why))
}

/// `key=value` words, each key one of `keys`; anything else is an unknown
/// setting of `group`.
pub fn key_values<'a>(
    group: &str,
    words: &[&'a str],
    keys: &[&str],
) -> Result<Vec<(&'a str, &'a str)>, ArgError> {
    words
        .iter()
        .map(|word| {
            word.split_once('=')
                .filter(|(key, _)| keys.contains(key))
                .ok_or_else(|| ArgError::unknown_setting(group, word))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_reads_its_words_and_refuses_others_with_a_reason() {
        assert_eq!("-7".parse(), Ok(Number(-7i32)));
        assert_eq!("0.05".parse(), Ok(Number(0.05f64)));
        assert_eq!("x".parse::<Number<u64>>(), Err(ValueError::NotANumber));
        assert_eq!("-1".parse::<Number<u32>>(), Err(ValueError::NotANumber));
        assert_eq!("3".parse(), Ok(Count(3)));
        assert_eq!("0".parse::<Count>(), Err(ValueError::NotAtLeastOne));
        assert_eq!("three".parse::<Count>(), Err(ValueError::NotANumber));
        assert_eq!("1.5".parse(), Ok(Seconds { ms: 1500 }));
        assert_eq!("-1".parse::<Seconds>(), Err(ValueError::NotSeconds));
        assert_eq!("soon".parse::<Seconds>(), Err(ValueError::NotSeconds));
        assert_eq!("true".parse(), Ok(Switch(true)));
        assert_eq!("false".parse(), Ok(Switch(false)));
        assert_eq!("yes".parse::<Switch>(), Err(ValueError::NotTrueOrFalse));
    }

    #[test]
    fn a_bad_value_names_the_option_the_word_and_the_reason() {
        let e = read::<Count>("-games", "0").unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad value '0' for -games: must be at least 1"
        );
        let e = read::<Switch>("twosided", "1").unwrap_err();
        assert_eq!(e.to_string(), "bad value '1' for twosided: true or false");
        assert_eq!(read::<Seconds>("st", "2"), Ok(Seconds { ms: 2000 }));
    }

    #[test]
    fn key_values_takes_only_the_keys_named() {
        let pairs = key_values(
            "-draw",
            &["score=5", "movecount=3"],
            &["score", "movecount"],
        );
        assert_eq!(pairs, Ok(vec![("score", "5"), ("movecount", "3")]));
        let e = key_values("-draw", &["score"], &["score"]).unwrap_err();
        assert_eq!(e.to_string(), "-draw: unknown setting 'score'");
        let e = key_values("-draw", &["plies=3"], &["score"]).unwrap_err();
        assert_eq!(e.to_string(), "-draw: unknown setting 'plies=3'");
    }
}
