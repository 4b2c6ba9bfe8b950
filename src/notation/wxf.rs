//! WXF notation (World Xiangqi Federation): `C2.5`, `H8+7`, `R+.3`, `C--1`,
//! and for tandem pawns `++.4`, `P3.4` (the middle pawn), `3+.4` (pawn
//! columns on two files).
//!
//! Letters: K king (G accepted), A advisor, E elephant (B accepted), H horse
//! (N accepted), R chariot, C cannon, P pawn, either case. Operators: `+`
//! forward, `-` backward, `.` along the rank (`=` accepted, or nothing:
//! `C25`).

use super::descriptive::{place, resolve, Action, Descriptive, Selector, Which};
use super::NotationError;
use crate::core::{Move, PieceKind, Position};

fn kind_of(c: char) -> Option<PieceKind> {
    Some(match c.to_ascii_uppercase() {
        'K' | 'G' => PieceKind::King,
        'A' => PieceKind::Advisor,
        'E' | 'B' => PieceKind::Elephant,
        'H' | 'N' => PieceKind::Horse,
        'R' => PieceKind::Chariot,
        'C' => PieceKind::Cannon,
        'P' => PieceKind::Pawn,
        _ => return None,
    })
}

fn letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::King => 'K',
        PieceKind::Advisor => 'A',
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        PieceKind::Chariot => 'R',
        PieceKind::Cannon => 'C',
        PieceKind::Pawn => 'P',
    }
}

fn digit(c: char) -> Option<u8> {
    c.to_digit(10)
        .filter(|d| (1..=9).contains(d))
        .map(|d| d as u8)
}

/// Reads the text into its parts without looking at the board.
pub fn parse_descriptive(text: &str) -> Option<Descriptive> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    // The operator may be left out for a move along the rank: "C25".
    let (head, op, number) = match chars.as_slice() {
        [a, b, op, n] => ([*a, *b], *op, *n),
        [a, b, n] => ([*a, *b], '.', *n),
        _ => return None,
    };
    let action = match op {
        '+' => Action::Forward,
        '-' => Action::Backward,
        '.' | '=' => Action::Traverse,
        _ => return None,
    };
    let number = digit(number)?;
    let sign = |c: char| match c {
        '+' => Some(Which::Plus),
        '-' => Some(Which::Minus),
        _ => None,
    };
    let (kind, selector) = match head {
        ['+', '+'] => (
            None,
            Selector::Column {
                file: None,
                which: Which::PlusPlus,
            },
        ),
        ['-', '-'] => (
            None,
            Selector::Column {
                file: None,
                which: Which::MinusMinus,
            },
        ),
        [a, b] if kind_of(a).is_some() => {
            let kind = kind_of(a);
            match (digit(b), sign(b)) {
                (Some(f), _) => (kind, Selector::File(f)),
                (None, Some(which)) => (kind, Selector::Column { file: None, which }),
                _ => return None,
            }
        }
        // "+C.5": the mark before the letter, as some editors write it.
        [a, b] if sign(a).is_some() && kind_of(b).is_some() => (
            kind_of(b),
            Selector::Column {
                file: None,
                which: sign(a)?,
            },
        ),
        // Pawn columns on two files: "3+.4", "3-.4", and "33.4" for the middle.
        [a, b] => {
            let file = digit(a)?;
            match (digit(b), sign(b)) {
                (Some(f), _) if f == file => (None, Selector::File(file)),
                (None, Some(which)) => (
                    None,
                    Selector::Column {
                        file: Some(file),
                        which,
                    },
                ),
                _ => return None,
            }
        }
    };
    Some(Descriptive {
        kind,
        selector,
        action,
        number,
    })
}

/// The legal move `text` (WXF) names in `pos`.
pub fn parse_wxf(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let d = parse_descriptive(text).ok_or_else(|| NotationError::BadText(text.to_string()))?;
    resolve(pos, &d, text)
}

/// `mv` in WXF notation; `None` if no piece stands on its from-square.
pub fn to_wxf(pos: &Position, mv: Move) -> Option<String> {
    let p = place(pos, mv)?;
    let file = char::from(b'0' + p.file);
    let head: String = if p.count == 1 {
        format!("{}{file}", letter(p.kind))
    } else if p.kind != PieceKind::Pawn {
        format!("{}{}", letter(p.kind), if p.index == 0 { '+' } else { '-' })
    } else if p.tandem_files >= 2 {
        let mark = match p.index {
            0 => '+',
            i if i + 1 == p.count => '-',
            _ => file,
        };
        format!("{file}{mark}")
    } else {
        match (p.count, p.index) {
            (4 | 5, 0) => "++".into(),
            (4 | 5, i) if i + 1 == p.count => "--".into(),
            (4 | 5, 1) | (2 | 3, 0) => "P+".into(),
            (_, i) if i + 2 == p.count && p.count >= 4 => "P-".into(),
            (2 | 3, i) if i + 1 == p.count => "P-".into(),
            _ => format!("P{file}"),
        }
    };
    let op = match p.action {
        Action::Forward => '+',
        Action::Backward => '-',
        Action::Traverse => '.',
    };
    Some(format!("{head}{op}{}", p.number))
}
