//! What kind of value an option takes, and so how it is announced, how a
//! `setoption` value is read and where it is kept. Each kind that keeps a
//! value carries the function that stores it, typed, in [`Options`] (plain
//! function pointers, so the table stays a constant).

use super::error::OptionError;
use super::values::Options;

#[derive(Copy, Clone, Debug)]
pub enum Kind {
    /// `true` or `false` (also `on`/`off`, `1`/`0`).
    Check {
        default: bool,
        set: fn(&mut Options, bool),
    },
    /// A whole number from `min` to `max`.
    Spin {
        min: i64,
        max: i64,
        default: i64,
        set: fn(&mut Options, i64),
    },
    /// One of `choices`, the first being the default. `set` parses the text
    /// into the option's type (through its `FromStr`) and stores it, or
    /// answers false for text the type does not read; `current` writes the
    /// stored value back as its choice, for the announcement.
    Combo {
        choices: &'static [&'static str],
        current: fn(&Options) -> String,
        set: fn(&mut Options, &str) -> bool,
    },
    /// Free text; `<empty>` stands for the empty string.
    Text {
        default: &'static str,
        current: fn(&Options) -> &str,
        set: fn(&mut Options, String),
    },
    /// No value: pressing it is all there is.
    Button,
    /// One of `choices`, accepted (ElephantEye's UCCI options, UCI's
    /// variant) and kept nowhere: the engine plays the same whatever is
    /// chosen, so the first choice is always the one announced.
    Inert { choices: &'static [&'static str] },
    /// A switch for something this engine does not do, announced as off:
    /// off is accepted, on is refused saying `why`.
    Unsupported { why: &'static str },
}

impl Kind {
    /// The announcement after the option's name: `check default true`, ...
    pub fn announce(&self, options: &Options) -> String {
        match *self {
            Kind::Check { default, .. } => format!("check default {default}"),
            Kind::Spin {
                min, max, default, ..
            } => format!("spin default {default} min {min} max {max}"),
            Kind::Combo {
                choices, current, ..
            } => combo(&current(options), choices),
            Kind::Text { current, .. } => match current(options) {
                "" => "string default <empty>".to_string(),
                text => format!("string default {text}"),
            },
            Kind::Button => "button".to_string(),
            Kind::Inert { choices } => combo(choices[0], choices),
            Kind::Unsupported { .. } => "check default false".to_string(),
        }
    }

    /// Stores the option's default.
    pub fn store_default(&self, options: &mut Options) {
        match *self {
            Kind::Check { default, set } => set(options, default),
            Kind::Spin { default, set, .. } => set(options, default),
            Kind::Combo { choices, set, .. } => {
                let parsed = set(options, choices[0]);
                debug_assert!(parsed, "{} is read by its option's type", choices[0]);
            }
            Kind::Text { default, set, .. } => set(options, default.to_string()),
            Kind::Button | Kind::Inert { .. } | Kind::Unsupported { .. } => {}
        }
    }

    /// Reads the value a `setoption` gave the option called `name` and
    /// stores it; a value the option does not take changes nothing.
    pub fn store(
        &self,
        name: &'static str,
        value: Option<&str>,
        options: &mut Options,
    ) -> Result<(), OptionError> {
        let text = value.map(str::trim).unwrap_or("");
        match *self {
            Kind::Button => Ok(()),
            Kind::Text { set, .. } => {
                set(
                    options,
                    if text == "<empty>" { "" } else { text }.to_string(),
                );
                Ok(())
            }
            _ if text.is_empty() => Err(OptionError::MissingValue(name)),
            Kind::Check { set, .. } => {
                set(options, read_bool(name, text)?);
                Ok(())
            }
            Kind::Spin { min, max, set, .. } => {
                let number = text
                    .parse::<i64>()
                    .ok()
                    .filter(|n| (min..=max).contains(n))
                    .ok_or_else(|| OptionError::OutOfRange {
                        name,
                        text: text.to_string(),
                        min,
                        max,
                    })?;
                set(options, number);
                Ok(())
            }
            Kind::Combo { choices, set, .. } => {
                if set(options, text) {
                    Ok(())
                } else {
                    Err(not_a_choice(name, text, choices))
                }
            }
            Kind::Inert { choices } => {
                if choices.iter().any(|c| c.eq_ignore_ascii_case(text)) {
                    Ok(())
                } else {
                    Err(not_a_choice(name, text, choices))
                }
            }
            Kind::Unsupported { why } => match read_bool(name, text)? {
                true => Err(OptionError::Unsupported(why)),
                false => Ok(()),
            },
        }
    }
}

fn combo(current: &str, choices: &[&str]) -> String {
    let vars: Vec<String> = choices.iter().map(|c| format!("var {c}")).collect();
    format!("combo default {current} {}", vars.join(" "))
}

fn read_bool(name: &'static str, text: &str) -> Result<bool, OptionError> {
    match text.to_ascii_lowercase().as_str() {
        "true" | "on" | "1" => Ok(true),
        "false" | "off" | "0" => Ok(false),
        _ => Err(OptionError::NotABool {
            name,
            text: text.to_string(),
        }),
    }
}

fn not_a_choice(name: &'static str, text: &str, choices: &'static [&'static str]) -> OptionError {
    OptionError::NotAChoice {
        name,
        text: text.to_string(),
        choices,
    }
}
