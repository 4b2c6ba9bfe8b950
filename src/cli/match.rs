//! `chuhan match -engine cmd=... -engine cmd=... -each tc=10+0.1 ...`: plays
//! engines against each other; see [`crate::matchrunner`] and README.md.

use crate::matchrunner;

/// Runs the tool; the error is one line for the user.
pub fn run(args: &[String]) -> Result<(), String> {
    if args.is_empty() {
        return Err(USAGE.into());
    }
    let config = matchrunner::parse_args(args).map_err(|e| e.to_string())?;
    matchrunner::run(config).map_err(|e| e.to_string())?;
    Ok(())
}

const USAGE: &str = "usage: chuhan match -engine cmd=PATH [name=NAME proto=ucci|uci|auto \
arg=ARG dir=DIR option.NAME=VALUE] -engine ... -each tc=BASE+INC|st=S|depth=N|nodes=N \
[-games N -rounds N -concurrency N -openings file=PATH format=epd|pgn order=random|sequential \
-pgnout PATH -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 -draw movenumber=N movecount=N score=N \
-resign movecount=N score=N -maxmoves N -seed N -rules chinese|asian|simple -hangtime S]";
