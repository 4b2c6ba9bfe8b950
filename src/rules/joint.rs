//! Single-piece and joint chases (2011 §24.17 联合捉子, §26.8): whether a
//! chase is a single piece's on a chariot or an unprotected piece, the
//! patterns §26.8.1 makes vary against a joint chase.

use super::attack::reaching;
use super::threat::{Finding, Threat};
use crate::core::{Move, PieceKind, Position};

/// Whether the chase of `t` (a threat of the side that just moved in
/// `after`) is a single piece's on a chariot or an unprotected piece
/// (2011 §26.8.1 长捉车, 长捉无根子), not a joint chase (联合捉子, §24.17:
/// two or more pieces capture together, the capture failing without any
/// one of them). A piece that is unprotected only because another of the
/// chaser's pieces pins its protector is chased jointly (图11, 车炮联合
/// 捉子); a piece won by the exchange needs more than one capturer (少根
/// 子). A cannon's screen, a piece that shields its own king so that the
/// attacker may move, or one that stands in a protector's way, captures
/// nothing (图26, 图28, 参考图47).
pub fn single_piece_chase(after: &Position, t: &Threat) -> bool {
    let on_a_chariot = t.victim.kind == PieceKind::Chariot;
    match t.finding {
        Finding::Unprotected => {}
        Finding::OnChariot | Finding::LosingOffer | Finding::ThroughCheck => return on_a_chariot,
        _ => return false,
    }
    let Some(capture) = Move::new(t.attacker, t.target) else {
        return false;
    };
    // The defenders that could take back but for a pin: their recapture
    // is a move of theirs, not legal while the pinning piece stands.
    let mut pos = after.clone();
    pos.make_null();
    let us = pos.side_to_move();
    pos.make(capture);
    let held: Vec<Move> = reaching(&pos, t.target, !us)
        .into_iter()
        .filter_map(|d| Move::new(d, t.target))
        .filter(|&back| !pos.is_legal(back))
        .collect();
    let helpers = pos.color_pieces(us) - pos.pieces(us, PieceKind::King);
    helpers.into_iter().all(|h| {
        let freed = pos.without(h);
        !held.iter().any(|&back| freed.is_legal(back))
    })
}
