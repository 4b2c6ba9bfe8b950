//! Reading game files for the tools: text from a path or stdin (`-`), in
//! the encoding its bytes show or the one `--encoding` names (see
//! [`crate::notation::decode_text`]).

use crate::notation::{decode_text, TextEncoding};
use std::io::Read;

/// The `--encoding` option of every tool that reads game files.
#[derive(Debug, Clone, clap::Args)]
pub struct EncodingArg {
    /// The game file's encoding: utf-8, utf-16le, utf-16be, gbk (gb18030)
    /// or big5. Found from the bytes when not given.
    #[arg(long, value_name = "NAME")]
    pub encoding: Option<TextEncoding>,
}

/// The text of a game file; `-` reads stdin.
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
    decode_text(&bytes, encoding.encoding)
        .map(|(text, _)| text)
        .map_err(|e| format!("{path}: {e}"))
}
