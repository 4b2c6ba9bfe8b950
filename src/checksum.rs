//! FNV-1a, the checksum of the files the project writes and names: enough
//! to tell a damaged network file from a sound one, and to name the exact
//! book or network a data file was made with.

use std::fmt;
use std::io::{self, Read};
use std::path::Path;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a (64 bits) over `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_on(FNV_OFFSET, bytes)
}

fn fnv1a_on(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &b| {
        (hash ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A file's length and FNV-1a, read a piece at a time (a data file may be
/// larger than memory).
pub fn fnv1a_file(path: &Path) -> io::Result<(u64, u64)> {
    let mut file = std::fs::File::open(path)?;
    let mut buffer = vec![0u8; 1 << 20];
    let (mut length, mut hash) = (0u64, FNV_OFFSET);
    loop {
        let read = file.read(&mut buffer)?;
        if read == 0 {
            return Ok((length, hash));
        }
        length += read as u64;
        hash = fnv1a_on(hash, &buffer[..read]);
    }
}

/// A file as a network's recipe names its data: by its name alone (not
/// where it was read), its length and its FNV-1a. `chuhan train` writes
/// these words into the recipe and `chuhan data checksum` prints them, so
/// a rebuild can check its inputs before hours of training.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileSum {
    pub name: String,
    pub bytes: u64,
    pub hash: u64,
}

impl FileSum {
    /// Reads the whole file.
    pub fn of(path: &Path) -> io::Result<FileSum> {
        let (bytes, hash) = fnv1a_file(path)?;
        let name = path
            .file_name()
            .map_or(path.as_os_str(), |name| name)
            .to_string_lossy()
            .into_owned();
        Ok(FileSum { name, bytes, hash })
    }

    /// `NAME (BYTES bytes, fnv1a HASH, MORE)`: the line with more said
    /// inside its brackets (a network file's own hash, say).
    pub fn line_with(&self, more: &str) -> String {
        self.line(&format!(", {more}"))
    }

    fn line(&self, tail: &str) -> String {
        format!(
            "{} ({} bytes, fnv1a {:016x}{tail})",
            self.name, self.bytes, self.hash
        )
    }
}

/// `NAME (BYTES bytes, fnv1a HASH)`.
impl fmt::Display for FileSum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line(""))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn known_values() {
        // The published test vectors of FNV-1a 64.
        assert_eq!(super::fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(super::fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn a_file_is_named_by_its_name_length_and_checksum() {
        let path = std::env::temp_dir().join(format!("chuhan-filesum-{}.bin", std::process::id()));
        std::fs::write(&path, b"a").unwrap();
        let sum = super::FileSum::of(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let name = path.file_name().unwrap().to_str().unwrap();
        assert_eq!(
            sum.to_string(),
            format!("{name} (1 bytes, fnv1a af63dc4c8601ec8c)")
        );
        assert_eq!(
            sum.line_with("network 00000000000000ff"),
            format!("{name} (1 bytes, fnv1a af63dc4c8601ec8c, network 00000000000000ff)")
        );
    }
}
