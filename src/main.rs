//! The `chuhan` binary: with no arguments the UCCI/UCI protocol loop on
//! stdin/stdout; tools by subcommand (see `chuhan --help`).

use std::process::ExitCode;

fn main() -> ExitCode {
    chuhan::cli::run(std::env::args_os())
}
