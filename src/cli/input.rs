//! Reading game files for the tools: UTF-8 text from a path or stdin (`-`).

use std::io::Read;

/// The text of a game file; `-` reads stdin.
pub fn read_text(path: &str) -> Result<String, String> {
    let bytes = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        bytes
    } else {
        std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?
    };
    String::from_utf8(bytes).map_err(|_| {
        format!(
            "{path} is not UTF-8 text (Chinese game files are often GBK: \
             convert with `iconv -f gbk -t utf-8`)"
        )
    })
}
