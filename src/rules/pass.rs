//! Letting the other side pass. The rules keep asking what a side could do
//! if it were its turn again: what a move threatens is what its side could
//! win or mate next if the opponent did nothing (1999 §28), and a standing
//! threat is what the opponent could do now. Each such question is asked
//! after a pass (a null move) that is taken back at once.

use crate::core::Position;

/// What `question` finds when the side to move passes its turn; the pass is
/// taken back, so `pos` is left as it was (`question` must leave it as it
/// found it too).
pub fn after_pass<T>(pos: &mut Position, question: impl FnOnce(&mut Position) -> T) -> T {
    pos.make_null();
    let answer = question(pos);
    pos.unmake();
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_other_side_moves_and_the_position_comes_back() {
        let mut pos = Position::startpos();
        let before = (pos.hash(), pos.history().len());
        let mover = after_pass(&mut pos, |pos| pos.side_to_move());
        assert_eq!(mover, !Position::startpos().side_to_move());
        assert_eq!((pos.hash(), pos.history().len()), before);
    }
}
