//! The engine settings: the `key=value` words after `-engine` (one engine)
//! or `-each` (every engine). [`SETTINGS`] is the one list of them: the
//! parser looks a key up in it and the help is written from it.

use super::error::ArgError;
use super::values::{read, Number, Seconds};
use crate::core::Ranks;
use crate::matchrunner::clock::{EngineLimits, TimeControl};
use crate::matchrunner::engine::{EngineConfig, Protocol};

/// One engine setting: its key, the syntax of its value, what it means, and
/// how its value is stored.
pub struct Setting {
    /// `option.NAME`: any key with the prefix before `NAME`.
    pub key: &'static str,
    pub value: &'static str,
    pub help: &'static str,
    /// Stores the value (the whole key is given, for `option.NAME`).
    pub set: fn(&mut EngineSettings, key: &str, value: &str) -> Result<(), ArgError>,
}

impl Setting {
    /// Whether `key` (the text before `=`) is this setting.
    fn reads(&self, key: &str) -> bool {
        match self.key.strip_suffix("NAME") {
            Some(prefix) => key.starts_with(prefix),
            None => key == self.key,
        }
    }
}

/// Every engine setting, in the order the help lists them.
pub static SETTINGS: &[Setting] = &[
    Setting {
        key: "cmd",
        value: "PATH",
        help: "the engine's program (required)",
        set: |s, _, value| {
            s.cmd = Some(value.to_string());
            Ok(())
        },
    },
    Setting {
        key: "name",
        value: "NAME",
        help: "its name in tables and PGN (default: the file name)",
        set: |s, _, value| {
            s.name = Some(value.to_string());
            Ok(())
        },
    },
    Setting {
        key: "proto",
        value: "ucci|uci|auto",
        help: "its protocol (default auto: ucci, then uci)",
        set: |s, key, value| {
            s.protocol = Some(read::<Protocol>(key, value)?);
            Ok(())
        },
    },
    Setting {
        key: "ranks",
        value: "0-9|1-10",
        help: "rank numbers in its moves (UCI_Variant engines: 1-10)",
        set: |s, key, value| {
            s.ranks = Some(read::<Ranks>(key, value)?);
            Ok(())
        },
    },
    Setting {
        key: "arg",
        value: "ARG",
        help: "a command-line argument for it (repeatable)",
        set: |s, _, value| {
            s.args.push(value.to_string());
            Ok(())
        },
    },
    Setting {
        key: "dir",
        value: "DIR",
        help: "its working directory",
        set: |s, _, value| {
            s.dir = Some(value.to_string());
            Ok(())
        },
    },
    Setting {
        key: "option.NAME",
        value: "VALUE",
        help: "an engine option, sent as given",
        set: |s, key, value| {
            let name = key.strip_prefix("option.").unwrap_or(key);
            s.options.push((name.to_string(), value.to_string()));
            Ok(())
        },
    },
    Setting {
        key: "tc",
        value: "[MOVES/]BASE[+INC]",
        help: "a clock: seconds or minutes:seconds, increment in s",
        set: |s, key, value| {
            s.clock = Some(read::<TimeControl>(key, value)?);
            Ok(())
        },
    },
    Setting {
        key: "st",
        value: "S",
        help: "a fixed time per move, in seconds",
        set: |s, key, value| {
            s.move_time_ms = Some(read::<Seconds>(key, value)?.ms);
            Ok(())
        },
    },
    Setting {
        key: "depth",
        value: "N",
        help: "a fixed search depth",
        set: |s, key, value| {
            s.depth = Some(read::<Number<u32>>(key, value)?.0);
            Ok(())
        },
    },
    Setting {
        key: "nodes",
        value: "N",
        help: "a fixed node count",
        set: |s, key, value| {
            s.nodes = Some(read::<Number<u64>>(key, value)?.0);
            Ok(())
        },
    },
    Setting {
        key: "timemargin",
        value: "MS",
        help: "grace past the clock before a loss on time (200)",
        set: |s, key, value| {
            s.margin_ms = Some(read::<Number<u64>>(key, value)?.0);
            Ok(())
        },
    },
];

/// What the help says after the settings: the rule [`engine_configs`]
/// enforces.
pub const SETTINGS_NOTE: &str = "Each engine needs one of tc=, st=, depth= or nodes=.";

/// The engine settings of one `-engine` or `-each` group, before merging.
#[derive(Clone, Debug, Default)]
pub struct EngineSettings {
    cmd: Option<String>,
    args: Vec<String>,
    dir: Option<String>,
    name: Option<String>,
    protocol: Option<Protocol>,
    ranks: Option<Ranks>,
    options: Vec<(String, String)>,
    clock: Option<TimeControl>,
    move_time_ms: Option<u64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    margin_ms: Option<u64>,
}

/// The `key=value` words of one group applied to `settings` (a second
/// `-each` adds to the first); `group` names it in errors (`engine 2`,
/// `-each`).
pub fn parse_engine_settings(
    group: &str,
    words: &[&str],
    mut settings: EngineSettings,
) -> Result<EngineSettings, ArgError> {
    for word in words {
        settings.set(group, word)?;
    }
    Ok(settings)
}

impl EngineSettings {
    fn set(&mut self, group: &str, word: &str) -> Result<(), ArgError> {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| ArgError::unknown_setting(group, word))?;
        let setting = SETTINGS
            .iter()
            .find(|s| s.reads(key))
            .ok_or_else(|| ArgError::unknown_setting(group, word))?;
        (setting.set)(self, key, value)
    }

    /// This engine's settings with `-each` filling the gaps.
    fn merged(mut self, each: &EngineSettings) -> EngineSettings {
        self.cmd = self.cmd.or_else(|| each.cmd.clone());
        if self.args.is_empty() {
            self.args = each.args.clone();
        }
        self.dir = self.dir.or_else(|| each.dir.clone());
        self.protocol = self.protocol.or(each.protocol);
        self.ranks = self.ranks.or(each.ranks);
        let mut options = each.options.clone();
        options.retain(|(n, _)| !self.options.iter().any(|(m, _)| m == n));
        options.append(&mut self.options);
        self.options = options;
        self.clock = self.clock.or(each.clock);
        self.move_time_ms = self.move_time_ms.or(each.move_time_ms);
        self.depth = self.depth.or(each.depth);
        self.nodes = self.nodes.or(each.nodes);
        self.margin_ms = self.margin_ms.or(each.margin_ms);
        self
    }
}

/// The engines of a match, each merged with `-each` and checked: a program,
/// a limit, and a name no other engine has.
pub fn engine_configs(
    engines: Vec<EngineSettings>,
    each: &EngineSettings,
) -> Result<Vec<EngineConfig>, ArgError> {
    if engines.len() < 2 {
        return Err(ArgError::TooFewEngines);
    }
    let mut configs: Vec<EngineConfig> = Vec::new();
    for (n, settings) in engines.into_iter().enumerate() {
        let settings = settings.merged(each);
        let cmd = settings
            .cmd
            .clone()
            .ok_or(ArgError::EngineWithoutCmd(n + 1))?;
        let mut name = settings.name.clone().unwrap_or_else(|| {
            std::path::Path::new(&cmd)
                .file_name()
                .map_or(cmd.clone(), |f| f.to_string_lossy().into_owned())
        });
        // Tables and PGN need each engine told apart.
        while configs.iter().any(|e| e.name == name) {
            name = format!("{name}-{}", n + 1);
        }
        let limits = EngineLimits {
            clock: settings.clock,
            move_time_ms: settings.move_time_ms,
            depth: settings.depth,
            nodes: settings.nodes,
        };
        if !limits.is_set() {
            return Err(ArgError::NoLimits(name));
        }
        configs.push(EngineConfig {
            name,
            cmd,
            args: settings.args,
            dir: settings.dir,
            protocol: settings.protocol.unwrap_or(Protocol::Auto),
            ranks: settings.ranks,
            options: settings.options,
            limits,
            margin_ms: settings.margin_ms.unwrap_or(200),
        });
    }
    Ok(configs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_in_the_table_is_read_by_its_key() {
        for setting in SETTINGS {
            let key = setting.key.replace("NAME", "Hash");
            let word = format!("{key}=1");
            let read =
                parse_engine_settings("engine 1", &[word.as_str()], EngineSettings::default());
            assert!(
                !matches!(read, Err(ArgError::UnknownSetting { .. })),
                "{key}: {read:?}"
            );
        }
        let e = parse_engine_settings("engine 1", &["colour=red"], EngineSettings::default())
            .unwrap_err();
        assert_eq!(e.to_string(), "engine 1: unknown setting 'colour=red'");
        let e = parse_engine_settings("-each", &["depth"], EngineSettings::default()).unwrap_err();
        assert_eq!(e.to_string(), "-each: unknown setting 'depth'");
    }

    #[test]
    fn values_are_read_as_their_kind() {
        let s = parse_engine_settings(
            "engine 1",
            &[
                "proto=UCI",
                "st=0.25",
                "depth=7",
                "nodes=5000",
                "option.Hash=64",
                "option.=x",
            ],
            EngineSettings::default(),
        )
        .unwrap();
        assert_eq!(s.protocol, Some(Protocol::Uci));
        assert_eq!(
            (s.move_time_ms, s.depth, s.nodes),
            (Some(250), Some(7), Some(5000))
        );
        assert_eq!(
            s.options,
            [("Hash".into(), "64".into()), ("".into(), "x".into())]
        );
        for (word, message) in [
            (
                "proto=xboard",
                "bad value 'xboard' for proto: unknown protocol 'xboard' (ucci, uci, auto)",
            ),
            ("st=soon", "bad value 'soon' for st: not seconds"),
            ("depth=-1", "bad value '-1' for depth: not a number"),
            ("timemargin=x", "bad value 'x' for timemargin: not a number"),
        ] {
            let e =
                parse_engine_settings("engine 1", &[word], EngineSettings::default()).unwrap_err();
            assert_eq!(e.to_string(), message);
        }
    }
}
