//! `chuhan match -engine cmd=... -engine cmd=... -each tc=10+0.1 ...`: plays
//! engines against each other; see [`crate::matchrunner`] and README.md.
//! The command line stays cutechess-cli's (`-engine key=value` groups), read
//! by the runner's own parser; `--help` prints every option.

use crate::matchrunner;

/// Runs the tool; the error is one line for the user.
pub fn run(args: &[String]) -> Result<(), String> {
    if matchrunner::args::wants_help(args) {
        print!("{}", matchrunner::args::HELP);
        return Ok(());
    }
    if args.is_empty() {
        return Err(USAGE.into());
    }
    let config = matchrunner::parse_args(args).map_err(|e| e.to_string())?;
    matchrunner::run(config).map_err(|e| e.to_string())?;
    Ok(())
}

const USAGE: &str = "usage: chuhan match -engine cmd=PATH [SETTINGS] -engine cmd=PATH [SETTINGS] \
[-each SETTINGS] [OPTIONS] (chuhan match --help lists them all)";
