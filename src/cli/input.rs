//! Reading game files for the tools: text from a path or stdin (`-`), in
//! the encoding its bytes show or the one `--encoding` names (see
//! [`crate::notation::decode_text`]), or an XQF file, read as the PGN of
//! its game (see [`crate::notation::read_xqf`]).

use crate::notation::{decode_text, is_xqf, read_xqf, write_pgn, Notation, TextEncoding};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The `--encoding` option of every tool that reads game files.
#[derive(Debug, Clone, clap::Args)]
pub struct EncodingArg {
    /// The game file's encoding: utf-8, utf-16le, utf-16be, gbk (gb18030)
    /// or big5. Found from the bytes when not given.
    #[arg(long, value_name = "NAME")]
    pub encoding: Option<TextEncoding>,
}

/// The text of a game file (PGN, or position lines for `judge`); `-` reads
/// stdin. An XQF file comes back as its game's PGN, and the variations it
/// leaves out are named on stderr.
pub fn read_text(path: &str, encoding: &EncodingArg) -> Result<String, String> {
    let bytes = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        bytes
    } else {
        std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?
    };
    if encoding.encoding.is_none() && is_xqf(&bytes) {
        let game = read_xqf(&bytes).map_err(|e| format!("{path}: {e}"))?;
        if game.variations > 0 {
            eprintln!(
                "note: {path}: {} variation{} of the XQF file left out (the main line is read)",
                game.variations,
                if game.variations == 1 { "" } else { "s" }
            );
        }
        return Ok(write_pgn(&game, Notation::Iccs));
    }
    decode_text(&bytes, encoding.encoding)
        .map(|(text, _)| text)
        .map_err(|e| format!("{path}: {e}"))
}

/// The game files that `inputs` name, in order: a file as it is, a folder
/// as every `.pgn` and `.xqf` file under it (any case, sorted by path, so a
/// build reads a collection in the same order every time).
pub fn game_files(inputs: &[String]) -> Result<Vec<String>, String> {
    let mut files = Vec::new();
    for input in inputs {
        let path = Path::new(input);
        if input != "-" && path.is_dir() {
            let mut found = Vec::new();
            collect_game_files(path, &mut found)?;
            found.sort();
            files.extend(found.into_iter().map(|p| p.to_string_lossy().into_owned()));
        } else {
            files.push(input.clone());
        }
    }
    Ok(files)
}

fn collect_game_files(dir: &Path, found: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .path();
        if path.is_dir() {
            collect_game_files(&path, found)?;
        } else if path
            .extension()
            .is_some_and(|ext| ext.eq_ignore_ascii_case("pgn") || ext.eq_ignore_ascii_case("xqf"))
        {
            found.push(path);
        }
    }
    Ok(())
}
