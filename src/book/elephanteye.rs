//! ElephantEye's `BOOK.DAT`: its position lock and its move encoding.
//!
//! The file is a flat array of 8-byte little-endian records `(lock: u32,
//! move: u16, weight: u16)` sorted by lock, with no header. The lock is the
//! second 32-bit "lock" word of ElephantEye's Zobrist triple, whose keys come
//! from RC4 keyed with four zero bytes: first the side-to-move triple, then one
//! triple per (piece type, square) for 14 piece types (Red king, advisor,
//! elephant, horse, chariot, cannon, pawn, then Black's) and 256 squares of a
//! 16x16 board. Each triple is three 32-bit words (key, lock0, lock1), each
//! word four stream bytes, least significant first. Only left-right mirrored
//! positions are stored once, so a lookup tries the mirror too.
//!
//! On the 16x16 board the files a..i are x = 3..11 and our rank r (Red at the
//! bottom, rank 0) is y = 12 - r; a square is x + 16 y, and a move is
//! `from | to << 8`.
//!
//! [`write_book`] writes the same format, so the reader is tested on books of
//! our own making without ElephantEye's file.

use crate::core::{Color, Move, PieceKind, Position, Square};
use std::io::{self, Write};
use std::sync::LazyLock;

/// The RC4 keystream with an all-zero four-byte key, as ElephantEye seeds it.
struct Rc4 {
    s: [u8; 256],
    i: u8,
    j: u8,
}

impl Rc4 {
    fn zero_key() -> Rc4 {
        let mut s = [0u8; 256];
        for (n, b) in s.iter_mut().enumerate() {
            *b = n as u8;
        }
        // Key scheduling; the key bytes are all zero so only the state adds in.
        let mut j = 0u8;
        for n in 0..256 {
            j = j.wrapping_add(s[n]);
            s.swap(n, j as usize);
        }
        Rc4 { s, i: 0, j: 0 }
    }

    fn next_byte(&mut self) -> u8 {
        self.i = self.i.wrapping_add(1);
        self.j = self.j.wrapping_add(self.s[self.i as usize]);
        self.s.swap(self.i as usize, self.j as usize);
        self.s[self.s[self.i as usize].wrapping_add(self.s[self.j as usize]) as usize]
    }

    fn next_u32(&mut self) -> u32 {
        u32::from_le_bytes([
            self.next_byte(),
            self.next_byte(),
            self.next_byte(),
            self.next_byte(),
        ])
    }
}

/// ElephantEye's lock words (the book only uses `lock1`).
struct Locks {
    black_to_move: u32,
    /// `[piece type 0..14][16x16 square]`.
    pieces: Vec<[u32; 256]>,
}

static LOCKS: LazyLock<Locks> = LazyLock::new(|| {
    let mut rc4 = Rc4::zero_key();
    // Each triple is (key, lock0, lock1): keep the third word.
    let mut lock1 = || {
        rc4.next_u32();
        rc4.next_u32();
        rc4.next_u32()
    };
    let black_to_move = lock1();
    let pieces = (0..14)
        .map(|_| {
            let mut row = [0u32; 256];
            for word in row.iter_mut() {
                *word = lock1();
            }
            row
        })
        .collect();
    Locks {
        black_to_move,
        pieces,
    }
});

/// A square on ElephantEye's 16x16 board.
pub fn ee_square(sq: Square) -> usize {
    (sq.file().index() + 3) + ((12 - sq.rank().index()) << 4)
}

/// Our square for an ElephantEye square, `None` off the 9x10 board.
pub fn from_ee_square(ee: usize) -> Option<Square> {
    let (x, y) = (ee & 15, ee >> 4);
    if !(3..=11).contains(&x) || !(3..=12).contains(&y) {
        return None;
    }
    Square::offset(Square::A0, (x - 3) as i8, (12 - y) as i8)
}

/// ElephantEye's piece type: Red 0..7, Black 7..14, in its order king,
/// advisor, elephant, horse, chariot, cannon, pawn (the same as ours).
fn ee_piece_type(color: Color, kind: PieceKind) -> usize {
    let base = match color {
        Color::Red => 0,
        Color::Black => 7,
    };
    base + kind.index()
}

/// The 32-bit lock ElephantEye's book is sorted by; `mirrored` computes it for
/// the left-right mirror image of `pos` without building that position.
pub fn lock(pos: &Position, mirrored: bool) -> u32 {
    let locks = &*LOCKS;
    let mut lock = match pos.side_to_move() {
        Color::Red => 0,
        Color::Black => locks.black_to_move,
    };
    for sq in pos.occupied() {
        let piece = pos.piece_at(sq).expect("occupied square has a piece");
        let sq = if mirrored { sq.mirror() } else { sq };
        lock ^= locks.pieces[ee_piece_type(piece.color, piece.kind)][ee_square(sq)];
    }
    lock
}

/// Decodes a book move (`from | to << 8` on the 16x16 board).
pub fn decode_move(bits: u16) -> Option<Move> {
    let from = from_ee_square((bits & 0xFF) as usize)?;
    let to = from_ee_square((bits >> 8) as usize)?;
    Move::new(from, to)
}

/// Encodes a move the way the book stores it.
pub fn encode_move(mv: Move) -> u16 {
    (ee_square(mv.from()) | ee_square(mv.to()) << 8) as u16
}

/// Writes `moves` (position, move, weight) as a `BOOK.DAT`: one 8-byte record
/// each, sorted by the position's lock as the reader and ElephantEye expect.
/// A mirror pair needs only one wing: readers look the mirror up. A move that
/// is not legal in its position is refused, since the file could not say
/// which position it belongs to.
pub fn write_book<'a, W: Write>(
    out: &mut W,
    moves: impl IntoIterator<Item = (&'a Position, Move, u16)>,
) -> io::Result<()> {
    let mut records = Vec::new();
    for (pos, mv, weight) in moves {
        if !pos.is_legal(mv) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{mv} is not legal in {}", pos.to_fen()),
            ));
        }
        records.push((lock(pos, false), encode_move(mv), weight));
    }
    records.sort_unstable();
    for (lock, bits, weight) in records {
        out.write_all(&lock.to_le_bytes())?;
        out.write_all(&bits.to_le_bytes())?;
        out.write_all(&weight.to_le_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_map_onto_the_16x16_board() {
        assert_eq!(ee_square(Square::A9), 0x33);
        assert_eq!(ee_square(Square::I0), 0xCB);
        for sq in Square::all() {
            assert_eq!(from_ee_square(ee_square(sq)), Some(sq));
        }
        assert_eq!(from_ee_square(0x22), None);
        let mv: Move = "h2e2".parse().unwrap();
        assert_eq!(decode_move(encode_move(mv)), Some(mv));
    }

    #[test]
    fn start_position_lock_is_pinned() {
        let start = Position::startpos();
        // The lock under which ../shared/books/BOOK.DAT files the start
        // position's moves.
        assert_eq!(lock(&start, false), 0x0526_56d5);
        assert_eq!(lock(&start, true), lock(&start, false));
    }

    #[test]
    fn the_keystream_is_rc4_with_a_zero_key() {
        // RC4 with the key 00 00 00 00 is a published test vector family; its
        // first output bytes are de 18 89 41 a3 37 5d 3a.
        let mut rc4 = Rc4::zero_key();
        let first: Vec<u8> = (0..8).map(|_| rc4.next_byte()).collect();
        assert_eq!(first, [0xde, 0x18, 0x89, 0x41, 0xa3, 0x37, 0x5d, 0x3a]);
    }

    #[test]
    fn the_writer_sorts_8_byte_records_by_lock_and_refuses_illegal_moves() {
        let start = Position::startpos();
        let mut cannon = start.clone();
        cannon.try_play("h2e2".parse::<Move>().unwrap()).unwrap();
        let mv = |text: &str| text.parse::<Move>().unwrap();
        let mut bytes = Vec::new();
        write_book(
            &mut bytes,
            [(&cannon, mv("h9g7"), 7), (&start, mv("h2e2"), 300)],
        )
        .unwrap();
        assert_eq!(bytes.len(), 16);
        let record = |n: usize| {
            let raw = &bytes[8 * n..8 * n + 8];
            (
                u32::from_le_bytes(raw[0..4].try_into().unwrap()),
                u16::from_le_bytes([raw[4], raw[5]]),
                u16::from_le_bytes([raw[6], raw[7]]),
            )
        };
        let mut expected = [
            (lock(&cannon, false), encode_move(mv("h9g7")), 7),
            (lock(&start, false), encode_move(mv("h2e2")), 300),
        ];
        expected.sort();
        assert_eq!([record(0), record(1)], expected);
        let err = write_book(&mut Vec::new(), [(&start, mv("h9g7"), 1)]).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    }
}
