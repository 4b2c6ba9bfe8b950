//! The descriptive model shared by WXF and Chinese notation: which piece (by
//! kind and file, or by its place in a column of equal pieces), which way it
//! goes (forward, backward, along the rank) and a number (steps, or the file
//! it lands on).
//!
//! Files are numbered 1..9 from the mover's right: for Red file 1 is our
//! i-file, for Black it is the a-file. "Forward" is towards the enemy.
//!
//! Parsing is done by describing every legal move and keeping the ones that
//! match, which makes the resolver forgiving of older styles (a file number
//! where a front/rear mark would be usual) yet exact about ambiguity.

use super::NotationError;
use crate::core::{Color, Move, PieceKind, Position, Square};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Forward,
    Backward,
    Traverse,
}

/// A place in a column of two or more equal pieces, front (nearest the enemy)
/// first. The WXF marks mean different places in columns of 4 or 5 pawns.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Which {
    /// 前: the first.
    Front,
    /// 后/後: the last.
    Rear,
    /// 中: the middle one of three (or five).
    Middle,
    /// 一二三四五 for columns of four or five pawns: 0-based from the front.
    Nth(u8),
    /// WXF `+`: the front one, or the second in a column of four or five.
    Plus,
    /// WXF `-`: the last, or the second last in a column of four or five.
    Minus,
    /// WXF `++`: the first of four or five.
    PlusPlus,
    /// WXF `--`: the last of four or five.
    MinusMinus,
}

impl Which {
    /// The index in a column of `n` equal pieces, if this mark names one.
    pub fn index(self, n: usize) -> Option<usize> {
        let i = match self {
            Which::Front => 0,
            Which::Rear => n.checked_sub(1)?,
            Which::Middle if n % 2 == 1 => n / 2,
            Which::Middle => return None,
            Which::Nth(k) => k as usize,
            Which::Plus if n <= 3 => 0,
            Which::Plus => 1,
            Which::Minus if n <= 3 => n.checked_sub(1)?,
            Which::Minus => n - 2,
            Which::PlusPlus if n >= 4 => 0,
            Which::MinusMinus if n >= 4 => n - 1,
            Which::PlusPlus | Which::MinusMinus => return None,
        };
        (n >= 2 && i < n).then_some(i)
    }
}

/// How the moving piece is picked out.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Selector {
    /// By the file it stands on (1..9 from the mover's right).
    File(u8),
    /// By its place in a column; the file is given only when the mover has
    /// pawn columns on two files.
    Column { file: Option<u8>, which: Which },
}

/// A move as descriptive notation states it. `kind` is `None` where the
/// notation leaves out the piece (only pawns: WXF `++.4`, Chinese `前三平四`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Descriptive {
    pub kind: Option<PieceKind>,
    pub selector: Selector,
    pub action: Action,
    pub number: u8,
}

/// Where a moving piece stands among its equals, for writing notation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub kind: PieceKind,
    pub color: Color,
    /// The mover's file number of the from-square, 1..9.
    pub file: u8,
    /// 0-based from the front within the column of equal pieces on the file.
    pub index: usize,
    /// How many equal pieces stand on that file (1 when alone).
    pub count: usize,
    /// On how many files the mover has two or more of this kind.
    pub tandem_files: usize,
    pub action: Action,
    pub number: u8,
}

/// The file number, 1..9 from the mover's right.
pub fn file_number(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => 9 - sq.file().index() as u8,
        Color::Black => sq.file().index() as u8 + 1,
    }
}

/// The pieces of `kind` and `color` on the file of `sq`, front first.
fn column(pos: &Position, color: Color, kind: PieceKind, sq: Square) -> Vec<Square> {
    let mut squares: Vec<Square> = pos
        .pieces(color, kind)
        .into_iter()
        .filter(|s| s.file() == sq.file())
        .collect();
    squares.sort_by_key(|s| match color {
        Color::Red => -(s.rank().index() as i32),
        Color::Black => s.rank().index() as i32,
    });
    squares
}

fn tandem_files(pos: &Position, color: Color, kind: PieceKind) -> usize {
    let mut per_file = [0u8; 9];
    for sq in pos.pieces(color, kind) {
        per_file[sq.file().index()] += 1;
    }
    per_file.iter().filter(|&&n| n >= 2).count()
}

/// The action and number of a move by `kind`.
fn motion(color: Color, kind: PieceKind, mv: Move) -> (Action, u8) {
    let ranks = mv.to().rank().index() as i32 - mv.from().rank().index() as i32;
    let ahead = match color {
        Color::Red => ranks,
        Color::Black => -ranks,
    };
    if ahead == 0 {
        return (Action::Traverse, file_number(color, mv.to()));
    }
    let action = if ahead > 0 {
        Action::Forward
    } else {
        Action::Backward
    };
    let number = match kind {
        PieceKind::Advisor | PieceKind::Elephant | PieceKind::Horse => file_number(color, mv.to()),
        _ => ahead.unsigned_abs() as u8,
    };
    (action, number)
}

/// Describes a move of the piece on `mv.from()` (`None` if that square is empty).
pub fn place(pos: &Position, mv: Move) -> Option<Placement> {
    let piece = pos.piece_at(mv.from())?;
    let col = column(pos, piece.color, piece.kind, mv.from());
    let (action, number) = motion(piece.color, piece.kind, mv);
    Some(Placement {
        kind: piece.kind,
        color: piece.color,
        file: file_number(piece.color, mv.from()),
        index: col.iter().position(|&s| s == mv.from()).unwrap_or(0),
        count: col.len(),
        tandem_files: tandem_files(pos, piece.color, piece.kind),
        action,
        number,
    })
}

fn matches(pos: &Position, mv: Move, d: &Descriptive) -> bool {
    let Some(p) = place(pos, mv) else {
        return false;
    };
    if p.kind != d.kind.unwrap_or(PieceKind::Pawn) || (p.action, p.number) != (d.action, d.number) {
        return false;
    }
    match d.selector {
        // A lone piece; or the middle of an odd column (WXF writes the middle
        // pawn of three by its file); or either of an even column, as older
        // books write "C3=5" when only one of the pair can make the move.
        Selector::File(f) => {
            f == p.file && (p.count == 1 || p.count % 2 == 0 || p.index == p.count / 2)
        }
        Selector::Column { file, which } => {
            file.is_none_or(|f| f == p.file) && which.index(p.count) == Some(p.index)
        }
    }
}

/// The one legal move `d` describes in `pos`.
pub fn resolve(pos: &Position, d: &Descriptive, text: &str) -> Result<Move, NotationError> {
    let mut found = pos
        .legal_moves()
        .into_iter()
        .filter(|&mv| matches(pos, mv, d));
    match (found.next(), found.next()) {
        (Some(mv), None) => Ok(mv),
        (None, _) => Err(NotationError::NoSuchMove(text.to_string())),
        (Some(_), Some(_)) => Err(NotationError::Ambiguous(text.to_string())),
    }
}
