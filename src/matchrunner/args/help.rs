//! `chuhan match --help`, written from the tables the parser reads
//! ([`SETTINGS`] and [`OPTIONS`]), so an option cannot be read without being
//! told or told without being read.

use super::options::OPTIONS;
use super::settings::{SETTINGS, SETTINGS_NOTE};

/// The words that ask for the help, wherever they stand on the line.
pub const HELP_WORDS: &[&str] = &["-help", "--help", "-h"];

/// Where each row's help starts: the syntax of a row that fits before it
/// shares the first line with its help.
const HELP_COLUMN: usize = 25;
/// The syntax of a long option is wrapped to this width.
const SYNTAX_WIDTH: usize = 76;

const HEADER: &str = "\
chuhan match: plays Xiangqi engines (UCCI or UCI) against each other, in
the conventions of cutechess-cli.

usage: chuhan match -engine SETTINGS -engine SETTINGS [-engine ...] [OPTIONS]

EngineProcess settings (key=value words after -engine, or after -each for all):
";

const EXAMPLE: &str = "
Example: 1 thread against 2, 10 s + 0.1 s a side, 200 games:
  chuhan match -engine cmd=target/release/chuhan name=t1 option.threads=1 \\
               -engine cmd=target/release/chuhan name=t2 option.threads=2 \\
               -each tc=10+0.1 -games 200 -openings order=random -pgnout t1-t2.pgn
";

/// The whole help: every engine setting, every option, an example.
pub fn help_text() -> String {
    let mut text = HEADER.to_string();
    for setting in SETTINGS {
        let syntax = format!("{}={}", setting.key, setting.value);
        write_row(&mut text, &[syntax], &[setting.help]);
    }
    text += &format!("  {SETTINGS_NOTE}\n\nOptions:\n");
    for option in OPTIONS {
        write_row(
            &mut text,
            &option_syntax(option.name, option.value),
            option.help,
        );
    }
    write_row(&mut text, &[HELP_WORDS.join(", ")], &["this text"]);
    text + EXAMPLE
}

/// `-name value...` in lines of at most [`SYNTAX_WIDTH`] (with the
/// indent), the later ones lined up after the name.
fn option_syntax(name: &str, value: &str) -> Vec<String> {
    let mut lines = vec![name.to_string()];
    for word in value.split_whitespace() {
        let line = lines.last_mut().expect("starts with the name");
        if 2 + line.len() + 1 + word.len() > SYNTAX_WIDTH && line.trim_start() != name {
            lines.push(format!("{:indent$}{word}", "", indent = name.len() + 1));
        } else {
            line.push(' ');
            line.push_str(word);
        }
    }
    lines
}

/// One row: its syntax at the left and its help from [`HELP_COLUMN`] on,
/// on the same line when one syntax line leaves room.
fn write_row(text: &mut String, syntax: &[String], help: &[&str]) {
    let mut help = help.iter();
    match syntax {
        [one] if 2 + one.len() < HELP_COLUMN => {
            let first = help.next().copied().unwrap_or("");
            text.push_str(&format!(
                "  {one:<width$}{first}\n",
                width = HELP_COLUMN - 2
            ));
        }
        _ => {
            for line in syntax {
                text.push_str(&format!("  {line}\n"));
            }
        }
    }
    for line in help {
        text.push_str(&format!("{:HELP_COLUMN$}{line}\n", ""));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_of_both_tables_is_in_the_help() {
        let help = help_text();
        for setting in SETTINGS {
            let row = format!("  {}={} ", setting.key, setting.value);
            assert!(help.contains(&row), "{row}\n{help}");
            assert!(help.contains(setting.help), "{}", setting.key);
        }
        for option in OPTIONS {
            let row = format!("\n  {} ", option.name);
            assert!(help.contains(&row), "{row}\n{help}");
            for word in option.value.split_whitespace() {
                assert!(help.contains(word), "{}: {word}", option.name);
            }
            for line in option.help {
                assert!(
                    help.contains(&format!("{line}\n")),
                    "{}: {line}",
                    option.name
                );
            }
        }
        assert!(help.contains("\n  -help, --help, -h      this text\n"));
    }

    #[test]
    fn the_help_keeps_its_shape() {
        let help = help_text();
        assert!(help.starts_with("chuhan match: plays Xiangqi engines"));
        assert!(help.contains("\nusage: chuhan match -engine SETTINGS -engine SETTINGS"));
        assert!(help.contains("\n  cmd=PATH               the engine's program (required)\n"));
        assert!(help.contains(
            "\n  tc=[MOVES/]BASE[+INC]  a clock: seconds or minutes:seconds, increment in s\n"
        ));
        assert!(
            help.contains("\n  Each engine needs one of tc=, st=, depth= or nodes=.\n\nOptions:\n")
        );
        assert!(help.contains("\n  -games N               games per pair of engines"));
        // A syntax too long for the column gets its own line, and a long
        // one is wrapped and lined up after the option's name.
        assert!(help.contains(
            "\n  -pgnout PATH [min] [fi]\n                         append finished games"
        ));
        assert!(help.contains(
            "\n  -openings file=PATH format=epd|pgn order=sequential|random\n            policy=default|encounter|round\n                         openings from a file"
        ));
        assert!(help.ends_with("-openings order=random -pgnout t1-t2.pgn\n"));
        // The rows fit 80 columns (the example is a command to copy, kept
        // whole).
        let rows = &help[..help.find("\nExample").unwrap()];
        for line in rows.lines() {
            assert!(line.len() <= 80, "too wide: {line}");
        }
    }
}
