//! Chinese notation: `炮二平五`, `马８进７`, `前炮平五`, `中兵进一`, `一兵平四`
//! (four or five pawns in a column), `前三平四` (pawn columns on two files).
//!
//! Red's numbers are written 一..九 and Black's １..９ (full-width); either
//! side may use any of 一..九, １..９ or 1..9 when reading. Simplified and
//! traditional characters are both read (帅帥将將 仕士 相象 马馬傌 车車俥
//! 炮砲包 兵卒, 进進 退 平, 前 后後 中), and either script can be written.

use super::descriptive::{place, resolve, Action, Descriptive, Selector, Which};
use super::NotationError;
use crate::core::{Color, Move, PieceKind, Position};

/// Which characters to write.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Script {
    #[default]
    Simplified,
    Traditional,
}

fn kind_of(c: char) -> Option<PieceKind> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => PieceKind::King,
        '仕' | '士' => PieceKind::Advisor,
        '相' | '象' => PieceKind::Elephant,
        '马' | '馬' | '傌' => PieceKind::Horse,
        '车' | '車' | '俥' => PieceKind::Chariot,
        '炮' | '砲' | '包' => PieceKind::Cannon,
        '兵' | '卒' => PieceKind::Pawn,
        _ => return None,
    })
}

fn piece_char(color: Color, kind: PieceKind, script: Script) -> char {
    let red = color == Color::Red;
    match (kind, script) {
        (PieceKind::King, Script::Simplified) => {
            if red {
                '帅'
            } else {
                '将'
            }
        }
        (PieceKind::King, Script::Traditional) => {
            if red {
                '帥'
            } else {
                '將'
            }
        }
        (PieceKind::Advisor, _) => {
            if red {
                '仕'
            } else {
                '士'
            }
        }
        (PieceKind::Elephant, _) => {
            if red {
                '相'
            } else {
                '象'
            }
        }
        (PieceKind::Horse, Script::Simplified) => '马',
        (PieceKind::Horse, Script::Traditional) => {
            if red {
                '傌'
            } else {
                '馬'
            }
        }
        (PieceKind::Chariot, Script::Simplified) => '车',
        (PieceKind::Chariot, Script::Traditional) => {
            if red {
                '俥'
            } else {
                '車'
            }
        }
        (PieceKind::Cannon, Script::Simplified) => '炮',
        (PieceKind::Cannon, Script::Traditional) => {
            if red {
                '炮'
            } else {
                '砲'
            }
        }
        (PieceKind::Pawn, _) => {
            if red {
                '兵'
            } else {
                '卒'
            }
        }
    }
}

const CHINESE_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const WIDE_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// 1..9 from 一..九, １..９ or 1..9.
fn number_of(c: char) -> Option<u8> {
    if let Some(i) = CHINESE_DIGITS.iter().position(|&d| d == c) {
        return Some(i as u8 + 1);
    }
    if let Some(i) = WIDE_DIGITS.iter().position(|&d| d == c) {
        return Some(i as u8 + 1);
    }
    c.to_digit(10)
        .filter(|d| (1..=9).contains(d))
        .map(|d| d as u8)
}

fn numeral(color: Color, n: u8) -> char {
    let i = (n as usize).clamp(1, 9) - 1;
    match color {
        Color::Red => CHINESE_DIGITS[i],
        Color::Black => WIDE_DIGITS[i],
    }
}

fn which_of(c: char) -> Option<Which> {
    match c {
        '前' => Some(Which::Front),
        '后' | '後' => Some(Which::Rear),
        '中' => Some(Which::Middle),
        _ => number_of(c).filter(|&n| n <= 5).map(|n| Which::Nth(n - 1)),
    }
}

fn action_of(c: char) -> Option<Action> {
    match c {
        '进' | '進' => Some(Action::Forward),
        '退' => Some(Action::Backward),
        '平' => Some(Action::Traverse),
        _ => None,
    }
}

/// Reads the text into its parts without looking at the board.
pub fn parse_descriptive(text: &str) -> Option<Descriptive> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let [a, b, c, d] = chars.as_slice() else {
        return None;
    };
    let action = action_of(*c)?;
    let number = number_of(*d)?;
    let (kind, selector) = if let Some(kind) = kind_of(*a) {
        (Some(kind), Selector::File(number_of(*b)?))
    } else {
        let which = which_of(*a)?;
        match kind_of(*b) {
            Some(kind) => (Some(kind), Selector::Column { file: None, which }),
            // No piece named: a pawn picked by column and file, 前三平四.
            None => (
                None,
                Selector::Column {
                    file: Some(number_of(*b)?),
                    which,
                },
            ),
        }
    };
    Some(Descriptive {
        kind,
        selector,
        action,
        number,
    })
}

/// The legal move `text` (Chinese notation) names in `pos`.
pub fn parse_chinese(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let d = parse_descriptive(text).ok_or_else(|| NotationError::BadText(text.to_string()))?;
    resolve(pos, &d, text)
}

/// `mv` in Chinese notation; `None` if no piece stands on its from-square.
pub fn to_chinese(pos: &Position, mv: Move, script: Script) -> Option<String> {
    let p = place(pos, mv)?;
    let piece = piece_char(p.color, p.kind, script);
    let (front, rear) = match script {
        Script::Simplified => ('前', '后'),
        Script::Traditional => ('前', '後'),
    };
    let mark = match (p.count, p.index) {
        (_, 0) if p.count <= 3 => front,
        (2 | 3, i) if i + 1 == p.count => rear,
        (3, _) => '中',
        (_, i) => CHINESE_DIGITS[i],
    };
    let mut text = String::new();
    if p.count == 1 {
        text.push(piece);
        text.push(numeral(p.color, p.file));
    } else if p.kind == PieceKind::Pawn && p.tandem_files >= 2 {
        text.push(mark);
        text.push(numeral(p.color, p.file));
    } else {
        text.push(mark);
        text.push(piece);
    }
    text.push(match (p.action, script) {
        (Action::Forward, Script::Simplified) => '进',
        (Action::Forward, Script::Traditional) => '進',
        (Action::Backward, _) => '退',
        (Action::Traverse, _) => '平',
    });
    text.push(numeral(p.color, p.number));
    Some(text)
}
