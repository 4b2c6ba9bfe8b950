//! The text of a game file in whatever encoding people keep it: UTF-8 (with
//! or without a byte-order mark), UTF-16 with its mark (some Windows
//! tools), GB18030 and its subset GBK (mainland sites and software) or Big5
//! (Taiwan and Hong Kong), told apart from the bytes.
//!
//! A byte-order mark decides at once, then text that is valid UTF-8 is
//! UTF-8. Otherwise the bytes are decoded both as GB18030 and as Big5: an
//! encoding that cannot decode them is out. Big5 text nearly always
//! decodes as GB18030 too, into other characters, so where both decode the
//! one whose text holds more of the characters of Chinese move notation
//! (pieces, 进退平, numerals) wins; a file with as many of each (one whose
//! moves are ICCS, say, with names in Chinese) is left to chardetng, the
//! detector Firefox uses.

use encoding_rs::{Encoding, BIG5, GB18030, UTF_16BE, UTF_16LE};
use std::fmt;
use std::str::FromStr;

/// An encoding that game files come in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TextEncoding {
    Utf8,
    Utf16Le,
    Utf16Be,
    /// GB18030, which reads GBK (and GB2312) files as they are.
    Gb18030,
    Big5,
}

impl TextEncoding {
    /// Every encoding, by the names `--encoding` takes.
    pub const NAMES: &'static str = "utf-8, utf-16le, utf-16be, gbk, gb18030, big5";

    /// The name it is known by.
    pub fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Utf16Le => "UTF-16LE",
            TextEncoding::Utf16Be => "UTF-16BE",
            TextEncoding::Gb18030 => "GB18030 (GBK)",
            TextEncoding::Big5 => "Big5",
        }
    }

    fn codec(self) -> &'static Encoding {
        match self {
            TextEncoding::Utf8 => encoding_rs::UTF_8,
            TextEncoding::Utf16Le => UTF_16LE,
            TextEncoding::Utf16Be => UTF_16BE,
            TextEncoding::Gb18030 => GB18030,
            TextEncoding::Big5 => BIG5,
        }
    }

    /// The text of `bytes` in this encoding (a byte-order mark of this
    /// encoding skipped), or `None` where they are not.
    pub fn decode(self, bytes: &[u8]) -> Option<String> {
        let bom = match self {
            TextEncoding::Utf8 => &[0xEF, 0xBB, 0xBF][..],
            TextEncoding::Utf16Le => &[0xFF, 0xFE][..],
            TextEncoding::Utf16Be => &[0xFE, 0xFF][..],
            TextEncoding::Gb18030 | TextEncoding::Big5 => &[][..],
        };
        let body = bytes.strip_prefix(bom).unwrap_or(bytes);
        self.codec()
            .decode_without_bom_handling_and_without_replacement(body)
            .map(|text| text.into_owned())
    }
}

impl fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that `--encoding` does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEncoding(pub String);

impl fmt::Display for UnknownEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown encoding '{}' (known: {})",
            self.0,
            TextEncoding::NAMES
        )
    }
}

impl std::error::Error for UnknownEncoding {}

impl FromStr for TextEncoding {
    type Err = UnknownEncoding;

    fn from_str(name: &str) -> Result<TextEncoding, UnknownEncoding> {
        let plain: String = name
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        Ok(match plain.as_str() {
            "utf8" => TextEncoding::Utf8,
            "utf16" | "utf16le" => TextEncoding::Utf16Le,
            "utf16be" => TextEncoding::Utf16Be,
            "gbk" | "gb2312" | "gb18030" | "cp936" => TextEncoding::Gb18030,
            "big5" | "cp950" => TextEncoding::Big5,
            _ => return Err(UnknownEncoding(name.to_string())),
        })
    }
}

/// Bytes that are text in none of the encodings read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotText {
    /// The encoding asked for, when one was.
    pub forced: Option<TextEncoding>,
}

impl fmt::Display for NotText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.forced {
            Some(encoding) => write!(f, "not {encoding} text"),
            None => write!(
                f,
                "not text in UTF-8, UTF-16 (with its byte-order mark), GB18030 (GBK) \
                 or Big5; if it is text, name its encoding with --encoding ({})",
                TextEncoding::NAMES
            ),
        }
    }
}

impl std::error::Error for NotText {}

/// The text of `bytes` and the encoding it was read in: `forced`, or the
/// one the bytes show (see the module's documentation).
pub fn decode_text(
    bytes: &[u8],
    forced: Option<TextEncoding>,
) -> Result<(String, TextEncoding), NotText> {
    if let Some(encoding) = forced {
        return encoding
            .decode(bytes)
            .map(|text| (text, encoding))
            .ok_or(NotText { forced });
    }
    let marked = if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        Some(TextEncoding::Utf8)
    } else if bytes.starts_with(&[0xFF, 0xFE]) {
        Some(TextEncoding::Utf16Le)
    } else if bytes.starts_with(&[0xFE, 0xFF]) {
        Some(TextEncoding::Utf16Be)
    } else {
        None
    };
    let found = match marked {
        Some(encoding) => encoding,
        None if std::str::from_utf8(bytes).is_ok() => TextEncoding::Utf8,
        None => legacy_encoding(bytes).ok_or(NotText { forced: None })?,
    };
    found
        .decode(bytes)
        .map(|text| (text, found))
        .ok_or(NotText { forced: None })
}

/// GB18030 or Big5, for bytes that are not UTF-8.
fn legacy_encoding(bytes: &[u8]) -> Option<TextEncoding> {
    // Text with a NUL byte is neither (a binary file, or UTF-16 without its
    // mark, which nothing can tell from bytes for certain).
    if bytes.contains(&0) {
        return None;
    }
    let as_gb = TextEncoding::Gb18030.decode(bytes);
    let as_big5 = TextEncoding::Big5.decode(bytes);
    match (as_gb, as_big5) {
        (None, None) => None,
        (Some(_), None) => Some(TextEncoding::Gb18030),
        (None, Some(_)) => Some(TextEncoding::Big5),
        (Some(gb), Some(big5)) => {
            let (gb, big5) = (notation_characters(&gb), notation_characters(&big5));
            if gb != big5 {
                return Some(if gb > big5 {
                    TextEncoding::Gb18030
                } else {
                    TextEncoding::Big5
                });
            }
            let mut detector = chardetng::EncodingDetector::new();
            detector.feed(bytes, true);
            Some(if detector.guess(None, false) == BIG5 {
                TextEncoding::Big5
            } else {
                TextEncoding::Gb18030
            })
        }
    }
}

/// How many characters of `text` are those of Chinese move notation, in
/// either script: the pieces, the moves' verbs, the numerals and the words
/// that tell two pieces on a file apart.
fn notation_characters(text: &str) -> usize {
    const NOTATION: &str = "车車俥马馬傌炮砲包相象仕士帅帥将將兵卒\
                            进進退平前后後中\
                            一二三四五六七八九１２３４５６７８９";
    text.chars().filter(|c| NOTATION.contains(*c)).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "[Event \"対局\"]\n1. 炮二平五 馬8進7 2. 馬二進三 車9平8 *\n";

    fn encoded(text: &str, encoding: &'static Encoding) -> Vec<u8> {
        let (bytes, _, errors) = encoding.encode(text);
        assert!(!errors, "{text} in {}", encoding.name());
        bytes.into_owned()
    }

    #[test]
    fn the_legacy_encodings_are_told_apart_by_the_notation() {
        let simplified = "1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n";
        let traditional = "1. 炮二平五 馬8進7 2. 馬二進三 車9平8 *\n";
        for text in [simplified, traditional] {
            let gbk = encoded(text, GB18030);
            assert_eq!(
                decode_text(&gbk, None).unwrap(),
                (text.to_string(), TextEncoding::Gb18030)
            );
        }
        let big5 = encoded(traditional, BIG5);
        assert_eq!(
            decode_text(&big5, None).unwrap(),
            (traditional.to_string(), TextEncoding::Big5)
        );
    }

    #[test]
    fn marks_and_utf8_decide_first() {
        let mut marked = vec![0xEF, 0xBB, 0xBF];
        marked.extend_from_slice(GAME.as_bytes());
        assert_eq!(decode_text(&marked, None).unwrap().0, GAME);
        assert_eq!(
            decode_text(GAME.as_bytes(), None).unwrap().1,
            TextEncoding::Utf8
        );
        let mut utf16: Vec<u8> = vec![0xFF, 0xFE];
        utf16.extend(GAME.encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(
            decode_text(&utf16, None).unwrap(),
            (GAME.to_string(), TextEncoding::Utf16Le)
        );
        let mut big_endian: Vec<u8> = vec![0xFE, 0xFF];
        big_endian.extend(GAME.encode_utf16().flat_map(u16::to_be_bytes));
        assert_eq!(decode_text(&big_endian, None).unwrap().0, GAME);
    }

    #[test]
    fn bytes_that_are_no_text_are_refused_and_a_forced_encoding_is_kept() {
        let binary = [0x58, 0x51, 0x00, 0x0A, 0xFF, 0x80, 0x00];
        assert_eq!(decode_text(&binary, None), Err(NotText { forced: None }));
        let traditional = "馬8進7";
        let big5 = encoded(traditional, BIG5);
        // Forced, the same bytes read as GBK are other characters.
        let (as_gbk, _) = decode_text(&big5, Some(TextEncoding::Gb18030)).unwrap();
        assert_ne!(as_gbk, traditional);
        assert_eq!(
            decode_text(&[0xC0, 0x80], Some(TextEncoding::Utf8)),
            Err(NotText {
                forced: Some(TextEncoding::Utf8)
            })
        );
        assert_eq!("GBK".parse(), Ok(TextEncoding::Gb18030));
        assert_eq!("utf-16".parse(), Ok(TextEncoding::Utf16Le));
        assert!("latin-1".parse::<TextEncoding>().is_err());
    }
}
