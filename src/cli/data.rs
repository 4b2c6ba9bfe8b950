//! `chuhan data stats FILE...`, `chuhan data checksum FILE...` and
//! `chuhan data reformat IN OUT` (once
//! `data convert`, still an alias; `chuhan convert` rewrites game files):
//! what a
//! training-data file holds and how it was made, and a file in the other
//! format version (see [`crate::learn::data`]).

use super::values::number;
use super::{ToolError, VERSION};
use crate::checksum::FileSum;
use crate::learn::data::games::Recipe;
use crate::learn::data::merge::merge;
use crate::learn::data::sink::{RecordSink, Version};
use crate::learn::data::source::{RecordStream, TrainingFile};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What training-data files hold, and files in the other format.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan data stats shard-5001.bin
  chuhan data checksum all9.games
  chuhan data reformat old.bin new.bin --to 2
  chuhan data reformat new.bin old.bin --to 1")]
pub struct DataArgs {
    #[command(subcommand)]
    action: DataAction,
}

#[derive(Debug, clap::Subcommand)]
enum DataAction {
    /// Say what files hold: each file's format, size and recipe (how it was
    /// made: the program, the network, nodes, seed), then over all of them
    /// the positions, bytes per position, games and their results by colour,
    /// positions in check or with a capture to come, and the positions by
    /// score and by ply (a position standing earlier counted once).
    Stats {
        /// Training-data files of either version.
        #[arg(value_name = "FILE", required = true)]
        files: Vec<PathBuf>,
    },
    /// Print each file as a network's recipe names its data, `NAME (BYTES
    /// bytes, fnv1a HASH)`: a file is checked against a recipe before
    /// training on it.
    Checksum {
        /// Files of any kind.
        #[arg(value_name = "FILE", required = true)]
        files: Vec<PathBuf>,
    },
    /// Write the records of IN to OUT, a new file, in format version 1 (40
    /// bytes a record) or 2 (games, about 3 bytes a position): nothing is
    /// lost either way, and version 1 made from version 2 reads back the
    /// same records.
    // `convert` until 0.1, kept as an alias so that scripts go on working.
    #[command(alias = "convert")]
    Reformat {
        #[arg(value_name = "IN")]
        input: PathBuf,
        #[arg(value_name = "OUT")]
        output: PathBuf,
        /// The format version to write: 1 or 2.
        #[arg(long, value_name = "V", default_value_t = 2, value_parser = number::<u16>)]
        to: u16,
    },
}

/// Runs the tool.
pub fn run(args: DataArgs) -> Result<(), ToolError> {
    let text = match args.action {
        DataAction::Stats { files } => stats(&files)?,
        DataAction::Checksum { files } => checksums(&files)?,
        DataAction::Reformat { input, output, to } => reformat(&input, &output, to)?,
    };
    match std::io::stdout().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.to_string().into()),
        _ => Ok(()),
    }
}

fn checksums(files: &[PathBuf]) -> Result<String, ToolError> {
    let mut text = String::new();
    for path in files {
        let sum = FileSum::of(path).map_err(|e| format!("{}: {e}", path.display()))?;
        text += &format!("{sum}\n");
    }
    Ok(text)
}

fn stats(files: &[PathBuf]) -> Result<String, ToolError> {
    let mut text = String::new();
    let mut bytes = 0;
    for path in files {
        let file = TrainingFile::open(path).map_err(|e| e.to_string())?;
        let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
        bytes += size;
        text += &format!(
            "{}: version {}, {size} bytes\n",
            path.display(),
            file.version()
        );
        match file.recipe() {
            Some(recipe) => {
                for (key, value) in &recipe.entries {
                    text += &format!("  {key} = {value}\n");
                }
            }
            None => text += "  (version 1 files carry no recipe)\n",
        }
    }
    let summary = merge(files, None).map_err(|e| e.to_string())?;
    let records = summary.positions + summary.repeated;
    text += &format!(
        "{:.2} bytes a position ({bytes} bytes, {records} records)\n",
        bytes as f64 / records.max(1) as f64
    );
    text += &summary.to_string();
    Ok(text)
}

fn reformat(input: &Path, output: &Path, to: u16) -> Result<String, ToolError> {
    let version = Version::from_number(to)
        .ok_or_else(|| ToolError::Usage(format!("--to {to}: the versions are 1 and 2")))?;
    if output.exists() {
        return Err(format!("{} exists; reformat writes a new file", output.display()).into());
    }
    let mut stream = RecordStream::open(input).map_err(|e| e.to_string())?;
    let recipe = reformatted_recipe(input)?;
    let mut sink = RecordSink::create(output, version, &recipe).map_err(|e| e.to_string())?;
    let mut records = 0u64;
    loop {
        let chunk = stream.next_chunk(1 << 16).map_err(|e| e.to_string())?;
        if chunk.is_empty() {
            break;
        }
        records += chunk.len() as u64;
        sink.write(&chunk).map_err(|e| e.to_string())?;
    }
    sink.finish().map_err(|e| e.to_string())?;
    Ok(format!(
        "wrote {records} records to {} (version {to})\n",
        output.display()
    ))
}

/// A reformatted file's recipe: the input's own (a game file's), else a
/// line naming the input and the program that reformatted it.
fn reformatted_recipe(input: &Path) -> Result<Recipe, ToolError> {
    let file = TrainingFile::open(input).map_err(|e| e.to_string())?;
    Ok(match file.recipe() {
        Some(recipe) => recipe.clone(),
        None => {
            let name = input.file_name().map_or(input.as_os_str(), |n| n);
            Recipe::default()
                .with("tool", format!("chuhan {VERSION} data reformat"))
                .with("from", name.to_string_lossy())
        }
    })
}
