//! The `chuhan` command line, parsed by clap: which tool runs, and how an
//! argument error is told (one line: what is wrong, the usage, where help
//! is; exit status 2). No arguments at all start the UCCI/UCI engine.

use super::analyse::{self, AnalyseArgs};
use super::bench::{self, BenchArgs};
use super::book::{self, BookArgs};
use super::convert::{self, ConvertArgs};
use super::data::{self, DataArgs};
use super::datagen::{self, DatagenArgs};
use super::gui::{self, GuiArgs};
use super::judge::{self, JudgeArgs};
use super::merge::{self, MergeArgs};
use super::perft::{self, PerftArgs};
use super::r#match;
use super::spsa::{self, SpsaArgs};
use super::tactics::{self, TacticsArgs};
use super::texel::{self, TexelArgs};
use super::train::{self, TrainArgs};
use super::{ToolError, VERSION};
use crate::signals::closed_pipe;
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};
use std::ffi::OsString;
use std::process::ExitCode;

/// The exit status of an argument error, as clap gives it.
const USAGE_ERROR: u8 = 2;

/// chuhan (楚河): a UCCI/UCI Xiangqi engine, and the tools around it.
///
/// With no arguments chuhan is the engine: it reads UCCI or UCI commands on
/// stdin (the first command, `ucci` or `uci`, picks the dialect) and answers
/// on stdout. The subcommands are tools.
#[derive(Debug, Parser)]
#[command(name = "chuhan", version = VERSION)]
#[command(after_help = "Examples:
  chuhan                       start the engine (then type: ucci)
  chuhan perft 5 --divide
  chuhan bench
  chuhan book probe book/chuhan.book --moves h2e2
  chuhan analyse game.pgn --svg game.svg
  chuhan gui                   a board in the browser
  chuhan match --help")]
struct Cli {
    #[command(subcommand)]
    tool: Option<Tool>,
}

#[derive(Debug, Subcommand)]
enum Tool {
    Perft(PerftArgs),
    Bench(BenchArgs),
    Judge(JudgeArgs),
    /// Play engines against each other, cutechess-cli style (see `chuhan
    /// match --help`).
    // The match runner reads cutechess's `-engine k=v ...` groups itself,
    // `--help` included (and `chuhan help match`, caught before clap).
    #[command(disable_help_flag = true, override_usage = r#match::USAGE)]
    Match {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<String>,
    },
    Book(BookArgs),
    Convert(ConvertArgs),
    Analyse(AnalyseArgs),
    Datagen(DatagenArgs),
    Data(DataArgs),
    Merge(MergeArgs),
    // `tune` until 0.1, kept as an alias so that scripts go on working.
    #[command(alias = "tune")]
    Texel(TexelArgs),
    Spsa(SpsaArgs),
    Train(TrainArgs),
    Tactics(TacticsArgs),
    Gui(GuiArgs),
}

/// Runs `chuhan ARGS` (the program name first, as `std::env::args_os`
/// gives them) and says how it ended.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    // `chuhan help match`: clap knows only that the runner takes arguments,
    // so the runner's own help is printed, as `chuhan match --help` does.
    if args.get(1).is_some_and(|a| a == "help") && args.get(2).is_some_and(|a| a == "match") {
        r#match::print_help();
        return ExitCode::SUCCESS;
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err)
            if matches!(
                err.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) =>
        {
            // Help and version go to stdout and succeed.
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
        Err(err) if err.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // `chuhan book` alone: its help, on stderr, as a usage error.
            let _ = err.print();
            return ExitCode::from(USAGE_ERROR);
        }
        Err(err) => return usage_error(&first_paragraph(&err), &args),
    };
    if !matches!(cli.tool, None | Some(Tool::Match { .. })) {
        closed_pipe::end_when_the_reader_goes();
    }
    let result = match cli.tool {
        None => {
            crate::protocol::run_stdio();
            Ok(())
        }
        Some(Tool::Perft(a)) => perft::run(a),
        Some(Tool::Bench(a)) => bench::run(a),
        Some(Tool::Judge(a)) => judge::run(a),
        Some(Tool::Match { args }) => r#match::run(&args),
        Some(Tool::Book(a)) => book::run(a),
        Some(Tool::Convert(a)) => convert::run(a),
        Some(Tool::Analyse(a)) => analyse::run(a),
        Some(Tool::Datagen(a)) => datagen::run(a),
        Some(Tool::Data(a)) => data::run(a),
        Some(Tool::Merge(a)) => merge::run(a),
        Some(Tool::Texel(a)) => texel::run(a),
        Some(Tool::Spsa(a)) => spsa::run(a),
        Some(Tool::Train(a)) => train::run(a),
        Some(Tool::Tactics(a)) => tactics::run(a),
        Some(Tool::Gui(a)) => gui::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(ToolError::Usage(message)) => usage_error(&message, &args),
        Err(ToolError::Failed(message)) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
        // 128 + SIGINT, as shells report a process Ctrl-C ended.
        Err(ToolError::Interrupted(message)) => {
            eprintln!("interrupted: {message}");
            ExitCode::from(130)
        }
    }
}

/// clap's message without its `error: ` and the usage and help paragraphs
/// that follow, on one line. Of its tips only the spelling ones are kept
/// (`a similar argument exists: '--divide'`); the tools take no values that
/// look like flags, so `use '-- --x'` would mislead.
fn first_paragraph(err: &clap::Error) -> String {
    let text = err.render().to_string();
    let mut lines = text.lines().map(str::trim);
    let message: Vec<&str> = lines.by_ref().take_while(|line| !line.is_empty()).collect();
    let message = message.join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    let tips = lines.filter(|line| line.starts_with("tip: a similar"));
    std::iter::once(message)
        .chain(tips)
        .collect::<Vec<_>>()
        .join("; ")
}

/// Prints one line: the message, the usage of the (sub)command the
/// arguments name, and where its help is; exit status 2. (clap's own
/// layout takes five lines; the tools promise one line per error.)
fn usage_error(message: &str, args: &[OsString]) -> ExitCode {
    let mut command = Cli::command();
    command.build();
    let mut command = &mut command;
    let mut path = vec!["chuhan".to_string()];
    for arg in args.iter().skip(1) {
        let Some(name) = arg.to_str() else { break };
        if command.find_subcommand(name).is_none() {
            break;
        }
        path.push(name.to_string());
        command = command
            .find_subcommand_mut(name)
            .expect("the subcommand was just found");
    }
    let usage = command.render_usage().to_string();
    let usage = usage.trim().trim_start_matches("Usage:").trim();
    eprintln!(
        "error: {message} (usage: {usage}; see {} --help)",
        path.join(" ")
    );
    ExitCode::from(USAGE_ERROR)
}
