//! The `chuhan` binary: with no arguments the UCCI/UCI protocol loop on
//! stdin/stdout; tools by subcommand.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft") => chuhan::cli::perft::run(&args[1..]),
        Some("bench") => chuhan::cli::bench::run(&args[1..]),
        Some("convert") => chuhan::cli::convert::run(&args[1..]),
        Some("book") => chuhan::cli::book::run(&args[1..]),
        Some("judge") => chuhan::cli::judge::run(&args[1..]),
        Some("match") => chuhan::cli::r#match::run(&args[1..]),
        Some(other) => Err(format!(
            "unknown command '{other}' (try: perft, bench, convert, book, judge, match; no arguments starts the UCCI/UCI engine)"
        )),
        None => {
            chuhan::protocol::run_stdio();
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
