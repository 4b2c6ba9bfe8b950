//! FNV-1a, the checksum of the files the project writes and names: enough
//! to tell a damaged network file from a sound one, and to name the exact
//! book or network a data file was made with.

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

#[cfg(test)]
mod tests {
    #[test]
    fn known_values() {
        // The published test vectors of FNV-1a 64.
        assert_eq!(super::fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(super::fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
