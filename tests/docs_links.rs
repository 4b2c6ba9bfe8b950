//! The documents hold together: every relative link and image in README.md
//! and in the markdown files under docs/ points at a file that exists, and
//! every `#anchor` at a heading of its target, named as GitHub names it. The
//! README stays a short front door (at most 200 lines); the rest lives in
//! docs/.
//!
//! Links inside code (fenced blocks, blocks indented by four spaces, and
//! inline code spans) are not links and are not checked. Only the standard
//! library is used, so the check costs no dependency.

use std::collections::HashMap;
use std::fs;
use std::path::{Component, Path, PathBuf};

/// The README's limit in lines: a newcomer reads it in minutes.
const README_MAX_LINES: usize = 200;

/// Where the checker finds files: the repository on disk, or a map in a test.
/// Paths are relative to the repository root.
trait Files {
    fn exists(&self, path: &Path) -> bool;
    fn read(&self, path: &Path) -> Option<String>;
}

/// The repository on disk.
struct Disk {
    root: PathBuf,
}

impl Files for Disk {
    fn exists(&self, path: &Path) -> bool {
        self.root.join(path).exists()
    }

    fn read(&self, path: &Path) -> Option<String> {
        fs::read_to_string(self.root.join(path)).ok()
    }
}

/// Files held in memory, for testing the checker itself.
struct Memory(HashMap<PathBuf, String>);

impl Files for Memory {
    fn exists(&self, path: &Path) -> bool {
        self.0.contains_key(path) || self.0.keys().any(|file| file.starts_with(path))
    }

    fn read(&self, path: &Path) -> Option<String> {
        self.0.get(path).cloned()
    }
}

/// A link or image found in a markdown file: its 1-based line and target.
#[derive(Debug)]
struct Link {
    line: usize,
    target: String,
}

/// The lines of a markdown text that are not code blocks, with their 1-based
/// numbers. A fenced block runs from a line of three or more backticks or
/// tildes to a line of at least as many of the same; a line that starts
/// with four spaces or a tab is an indented code line.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut prose = Vec::new();
    let mut fence: Option<(char, usize)> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start_matches(' ');
        let indent = line.len() - trimmed.len();
        let run = |c: char| trimmed.chars().take_while(|&x| x == c).count();
        if let Some((c, len)) = fence {
            if indent < 4 && run(c) >= len && trimmed.trim_start_matches(c).trim().is_empty() {
                fence = None;
            }
            continue;
        }
        if indent < 4 {
            if let Some(c) = ['`', '~'].into_iter().find(|&c| run(c) >= 3) {
                fence = Some((c, run(c)));
                continue;
            }
        }
        if indent >= 4 || line.starts_with('\t') {
            continue;
        }
        prose.push((index + 1, line));
    }
    prose
}

/// The prose lines with the contents of inline code spans (and their
/// backticks) blanked out. A span may run over a line break; it ends at the
/// next run of as many backticks, or at the paragraph's end (a blank line or
/// a code block).
fn without_inline_code(lines: &[(usize, &str)]) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut open: Option<usize> = None;
    let mut previous = 0;
    for &(number, line) in lines {
        if line.trim().is_empty() || number != previous + 1 {
            open = None;
        }
        previous = number;
        let chars: Vec<char> = line.chars().collect();
        let mut kept = String::with_capacity(line.len());
        let mut i = 0;
        while i < chars.len() {
            if chars[i] == '`' {
                let run = chars[i..].iter().take_while(|&&c| c == '`').count();
                open = match open {
                    None => Some(run),
                    Some(len) if len == run => None,
                    other => other,
                };
                kept.extend(std::iter::repeat_n(' ', run));
                i += run;
                continue;
            }
            kept.push(if open.is_some() { ' ' } else { chars[i] });
            i += 1;
        }
        out.push((number, kept));
    }
    out
}

/// Every inline link and image target, `[text](target)` or
/// `![alt](target)`, outside code. The text may start on an earlier line;
/// the target is read from `](` to its closing parenthesis (parentheses
/// inside it balanced), without a title and without angle brackets.
fn links(text: &str) -> Vec<Link> {
    let mut found = Vec::new();
    for (line, prose) in without_inline_code(&prose_lines(text)) {
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let mut depth = 0usize;
            let mut end = rest.len();
            for (i, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' if depth == 0 => {
                        end = i;
                        break;
                    }
                    ')' => depth -= 1,
                    _ => {}
                }
            }
            let inside = rest[..end].trim();
            let target = match inside.strip_prefix('<') {
                Some(bracketed) => bracketed.split('>').next().unwrap_or(""),
                None => inside.split_whitespace().next().unwrap_or(""),
            };
            found.push(Link {
                line,
                target: target.to_string(),
            });
            rest = &rest[end..];
        }
    }
    found
}

/// Whether a target leaves the repository (a web address, a mail address, or
/// any other scheme such as `ftp:`).
fn is_external(target: &str) -> bool {
    let lower = target.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("mailto:")
    {
        return true;
    }
    match lower.find(':') {
        Some(colon) => {
            let scheme = &lower[..colon];
            colon > 1
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        }
        None => false,
    }
}

/// `%XX` escapes decoded (a link to a heading in Chinese, or a file name with
/// a space, may be written so); text that does not decode is kept.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(high), Some(low)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((high * 16 + low) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_string())
}

/// The anchor GitHub gives a heading's text: lower case; every character
/// that is not a letter or digit of any script, a hyphen, an underscore or a
/// space removed; each space a hyphen.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|&c| c.is_alphanumeric() || c == '-' || c == '_' || c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// A heading's text as GitHub renders it for its anchor: a link keeps its
/// text, an image its alt text; the punctuation left is dropped by `slug`.
fn heading_words(raw: &str) -> String {
    let mut text = String::new();
    let mut rest = raw;
    while let Some(at) = rest.find("](") {
        text.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        rest = after.find(')').map_or("", |close| &after[close + 1..]);
    }
    text.push_str(rest);
    text
}

/// The text of an ATX heading line (`## Title`, closing `#`s dropped).
fn atx_heading(line: &str) -> Option<&str> {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return None;
    }
    let level = trimmed.chars().take_while(|&c| c == '#').count();
    if level == 0 || level > 6 {
        return None;
    }
    let rest = &trimmed[level..];
    if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
        return None;
    }
    let rest = rest.trim();
    let without_closing = rest.trim_end_matches('#');
    if without_closing.is_empty() || without_closing.ends_with([' ', '\t']) {
        Some(without_closing.trim_end())
    } else {
        Some(rest)
    }
}

/// Every heading anchor of a markdown text, as GitHub makes them: a second
/// heading with the same anchor gets `-1`, a third `-2`, and so on (skipping
/// any anchor already taken).
fn anchors(text: &str) -> Vec<String> {
    let mut taken: HashMap<String, usize> = HashMap::new();
    let mut out = Vec::new();
    let prose = prose_lines(text);
    let mut previous: Option<(usize, &str)> = None;
    for &(number, line) in &prose {
        let heading = if let Some(title) = atx_heading(line) {
            Some(title.to_string())
        } else {
            // A setext heading: a paragraph line underlined by = or -.
            let underline = line.trim();
            let is_underline = !underline.is_empty()
                && (underline.chars().all(|c| c == '=') || underline.chars().all(|c| c == '-'));
            match previous {
                Some((before, text_line))
                    if is_underline
                        && before + 1 == number
                        && !text_line.trim().is_empty()
                        && atx_heading(text_line).is_none()
                        && !text_line
                            .trim_start()
                            .starts_with(['-', '*', '+', '|', '>']) =>
                {
                    Some(text_line.trim().to_string())
                }
                _ => None,
            }
        };
        if let Some(heading) = heading {
            let base = slug(&heading_words(&heading));
            let mut anchor = base.clone();
            while taken.contains_key(&anchor) {
                let count = taken.get_mut(&base).map(|n| {
                    *n += 1;
                    *n
                });
                anchor = format!("{base}-{}", count.unwrap_or(1));
            }
            taken.insert(anchor.clone(), 0);
            out.push(anchor);
        }
        previous = Some((number, line));
    }
    out
}

/// `path` with `.` and `..` worked out without asking the file system (a
/// `..` above the start is kept).
fn normalise(path: &Path) -> PathBuf {
    let mut parts: Vec<Component> = Vec::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => match parts.last() {
                Some(Component::Normal(_)) => {
                    parts.pop();
                }
                _ => parts.push(part),
            },
            other => parts.push(other),
        }
    }
    parts.iter().collect()
}

fn is_markdown(path: &Path) -> bool {
    path.extension()
        .and_then(|ext| ext.to_str())
        .is_some_and(|ext| ext.eq_ignore_ascii_case("md") || ext.eq_ignore_ascii_case("markdown"))
}

/// Checks every relative link of the given markdown files (paths relative to
/// the repository root). Returns how many links were checked and one line per
/// broken link: `file:line: target: what is wrong`.
fn check(files: &dyn Files, documents: &[PathBuf]) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut broken = Vec::new();
    let mut anchor_cache: HashMap<PathBuf, Option<Vec<String>>> = HashMap::new();
    for document in documents {
        let Some(text) = files.read(document) else {
            broken.push(format!("{}: cannot be read", document.display()));
            continue;
        };
        for link in links(&text) {
            let target = link.target.as_str();
            if target.is_empty() || is_external(target) {
                continue;
            }
            checked += 1;
            let (file_part, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (target, None),
            };
            let file_part = percent_decode(file_part.split('?').next().unwrap_or(""));
            let resolved = if file_part.is_empty() {
                document.clone()
            } else if let Some(from_root) = file_part.strip_prefix('/') {
                normalise(Path::new(from_root))
            } else {
                let dir = document.parent().unwrap_or(Path::new(""));
                normalise(&dir.join(&file_part))
            };
            let at = format!("{}:{}: {}", document.display(), link.line, target);
            if !files.exists(&resolved) {
                broken.push(format!("{at}: no file {}", resolved.display()));
                continue;
            }
            let Some(anchor) = anchor else { continue };
            if anchor.is_empty() || !is_markdown(&resolved) {
                continue;
            }
            let known = anchor_cache
                .entry(resolved.clone())
                .or_insert_with(|| files.read(&resolved).map(|t| anchors(&t)));
            let wanted = percent_decode(anchor);
            match known {
                None => broken.push(format!("{at}: {} cannot be read", resolved.display())),
                Some(list) if !list.contains(&wanted) => broken.push(format!(
                    "{at}: no heading with the anchor #{wanted} in {}",
                    resolved.display()
                )),
                Some(_) => {}
            }
        }
    }
    (checked, broken)
}

/// README.md and every markdown file under docs/, relative to `root`,
/// sorted.
fn documents(root: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(root.join(dir)) else {
            return;
        };
        for entry in entries.flatten() {
            let path = dir.join(entry.file_name());
            let is_dir = entry.file_type().map(|t| t.is_dir()).unwrap_or(false);
            if is_dir {
                walk(root, &path, out);
            } else if is_markdown(&path) {
                out.push(path);
            }
        }
    }
    let mut out = vec![PathBuf::from("README.md")];
    let mut docs = Vec::new();
    walk(root, Path::new("docs"), &mut docs);
    docs.sort();
    out.extend(docs);
    out
}

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_relative_link_in_the_docs_resolves() {
    let root = repository();
    let documents = documents(&root);
    assert!(
        documents.len() > 1,
        "no markdown files found under docs/ (looked in {})",
        root.join("docs").display()
    );
    let (checked, broken) = check(&Disk { root }, &documents);
    assert!(
        broken.is_empty(),
        "{} broken link(s) in README.md and docs/:\n  {}",
        broken.len(),
        broken.join("\n  ")
    );
    // The README alone links to a dozen documents: finding almost none
    // would mean the reader, not the documents, is broken.
    assert!(
        checked >= 20,
        "only {checked} relative links found: is the link reader broken?"
    );
}

#[test]
fn the_readme_is_a_short_front_door() {
    let text = fs::read_to_string(repository().join("README.md")).expect("README.md reads");
    let lines = text.lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines, more than {README_MAX_LINES}: reference goes to docs/, \
         measurements to docs/results/"
    );
}

#[test]
fn the_checker_finds_a_missing_file_and_a_missing_anchor() {
    let readme = "\
# Front door

See [the part](docs/a.md#part-one), [gone](docs/missing.md) and
[a wrong
anchor](docs/a.md#nowhere); ![a picture](docs/pic.png) [mail](mailto:x@y.z)
[web](https://example.com/missing.md) [the folder](docs/)

```
[in a fence](fenced.md)
```

    [indented](indented.md)

Inline `[code](code.md)` and ``a `[longer](longer.md)` span``.
";
    let doc = "\
# Part one

## Part one

## 参考图12: the 联合捉子 (joint chase)

[back](../README.md#front-door) [second](#part-one-1) [cjk](#参考图12-the-联合捉子-joint-chase)
[self](#missing) [up](../README.md)
";
    let files = Memory(HashMap::from([
        (PathBuf::from("README.md"), readme.to_string()),
        (PathBuf::from("docs/a.md"), doc.to_string()),
        (PathBuf::from("docs/pic.png"), String::new()),
    ]));
    let documents = [PathBuf::from("README.md"), PathBuf::from("docs/a.md")];
    let (checked, broken) = check(&files, &documents);
    assert_eq!(checked, 10, "links checked; broken: {broken:#?}");
    assert_eq!(
        broken,
        [
            "README.md:3: docs/missing.md: no file docs/missing.md",
            "README.md:5: docs/a.md#nowhere: no heading with the anchor #nowhere in docs/a.md",
            "docs/a.md:8: #missing: no heading with the anchor #missing in docs/a.md",
        ]
    );
}

#[test]
fn anchors_are_named_as_github_names_them() {
    assert_eq!(
        slug("The classical evaluation's weights: tune"),
        "the-classical-evaluations-weights-tune"
    );
    assert_eq!(
        slug("Before 2026-12-05 (moved from the README): x_y"),
        "before-2026-12-05-moved-from-the-readme-x_y"
    );
    assert_eq!(slug("参考图39 车马炮联合捉车"), "参考图39-车马炮联合捉车");
    assert_eq!(slug("A  b"), "a--b");
    let text = "# Tools\n\n## Perft\n\n```\n# not a heading\n```\n\n## Perft\n\n## Perft ##\n\nSetext\n------\n\n## `chuhan texel` and [a link](x.md)\n";
    assert_eq!(
        anchors(text),
        [
            "tools",
            "perft",
            "perft-1",
            "perft-2",
            "setext",
            "chuhan-texel-and-a-link"
        ]
    );
}
