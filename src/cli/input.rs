//! Reading game files for the tools: text from a path or stdin (`-`), in
//! the encoding its bytes show or the one `--encoding` names (see
//! [`crate::notation::decode_text`]), or an XQF file, read as the PGN of
//! its game (see [`crate::notation::read_xqf`]).

use crate::notation::{decode_text, is_xqf, read_xqf, write_pgn, Notation, TextEncoding};
use std::io::Read;

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
