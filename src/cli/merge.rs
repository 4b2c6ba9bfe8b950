//! `chuhan merge FILE... [--out OUT]`: training-data files made one, with
//! repeated positions left out, and a summary of what the data holds (see
//! [`crate::learn::data::merge`]).

use super::values::number;
use super::{ToolError, VERSION};
use crate::learn::data::games::Recipe;
use crate::learn::data::merge::{merge, MergeOutput};
use crate::learn::data::sink::Version;
use std::io::Write;
use std::path::PathBuf;

/// Merge training-data files into one and say what the data holds.
///
/// Reads the files in order (shards of a datagen run played on many
/// machines, or the data of several generations), leaves out every record
/// whose position (pieces and side to move) stood earlier, and with --out
/// writes the rest to OUT, a new file. Then prints what is kept: positions
/// and repeated positions left out, games and their results by colour,
/// positions in check or with a capture to come, and the positions by score
/// and by ply. Without --out it only reads and prints.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  chuhan merge shard-*.bin --out all.bin
  chuhan merge gen5.bin")]
pub struct MergeArgs {
    /// Training-data files written by `chuhan datagen`.
    #[arg(value_name = "FILE", required = true)]
    inputs: Vec<PathBuf>,
    /// The merged file to write (it must not exist).
    #[arg(long, value_name = "OUT")]
    out: Option<PathBuf>,
    /// The format version of OUT: 2 (games, about 3 bytes a position) or 1
    /// (40-byte records).
    #[arg(long, value_name = "V", default_value_t = 2, value_parser = number::<u16>)]
    format: u16,
}

/// Runs the tool.
pub fn run(args: MergeArgs) -> Result<(), ToolError> {
    if let Some(out) = &args.out {
        if args.inputs.contains(out) {
            return Err(ToolError::Usage(format!(
                "--out {} is one of the inputs",
                out.display()
            )));
        }
    }
    let version = Version::from_number(args.format).ok_or_else(|| {
        ToolError::Usage(format!(
            "--format {}: the versions are 1 and 2",
            args.format
        ))
    })?;
    let mut recipe = Recipe::default().with("tool", format!("chuhan {VERSION} merge"));
    for input in &args.inputs {
        let name = input.file_name().map_or(input.as_os_str(), |n| n);
        recipe = recipe.with("input", name.to_string_lossy());
    }
    let out = args.out.as_deref().map(|path| MergeOutput {
        path,
        version,
        recipe: &recipe,
    });
    let summary = merge(&args.inputs, out).map_err(|e| e.to_string())?;
    let mut text = summary.to_string();
    if let Some(out) = &args.out {
        text += &format!(
            "wrote {} positions to {}\n",
            summary.positions,
            out.display()
        );
    }
    // A reader that stops early (`| head`) is no failure: the file is
    // written. (On Unix SIGPIPE ends the tool first, see signals/closed_pipe.rs.)
    match std::io::stdout().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.to_string().into()),
        _ => Ok(()),
    }
}
