//! `chuhan match -engine cmd=... -engine cmd=... -each tc=10+0.1 ...`: plays
//! engines against each other; see [`crate::matchrunner`] and docs/tools.md.
//! The command line stays cutechess-cli's (`-engine key=value` groups), read
//! by the runner's own parser; `--help` prints every option. A command line
//! the runner cannot read is a usage error (exit status 2, with the usage),
//! as for every other tool; a match stopped by Ctrl-C prints the results of
//! the games finished and exits with status 130.

use super::ToolError;
use crate::matchrunner;

/// The usage line of `chuhan match`, as argument errors show it (the
/// runner's own, since clap does not read these arguments).
pub const USAGE: &str =
    "chuhan match -engine cmd=PATH [SETTINGS] -engine cmd=PATH [SETTINGS] [-each SETTINGS] [OPTIONS]";

/// Prints the match runner's whole help (for `chuhan match --help` and
/// `chuhan help match`).
pub fn print_help() {
    print!("{}", matchrunner::args::help_text());
}

/// Runs the tool; the error is one line for the user.
pub fn run(args: &[String]) -> Result<(), ToolError> {
    if matchrunner::args::wants_help(args) {
        print_help();
        return Ok(());
    }
    if args.is_empty() {
        return Err(ToolError::Usage("no engines given".into()));
    }
    let config = matchrunner::parse_args(args).map_err(|e| ToolError::Usage(e.to_string()))?;
    let summary = matchrunner::run(config).map_err(|e| ToolError::Failed(e.to_string()))?;
    if summary.interrupted {
        return Err(ToolError::Interrupted(
            "the results above are of the games finished before Ctrl-C".into(),
        ));
    }
    Ok(())
}
