//! The engine's words: `id`, `info`, `bestmove`, `pophash`, formatted exactly
//! as GUIs parse them (single spaces, nothing trailing).

use super::command::Dialect;
use crate::core::{Move, Ranks};
use crate::search::{wdl, Bound, Info, Score, TtEntry};

pub const NAME: &str = "chuhan";
pub const AUTHOR: &str = "the chuhan authors";
pub const COPYRIGHT: &str = "MIT licence";

/// The `id` lines of the handshake.
pub fn id(dialect: Dialect) -> Vec<String> {
    // The version and the commit it was built from, so that a game record
    // that quotes the name says which build played.
    let name = format!("{NAME} {}", crate::VERSION);
    match dialect {
        Dialect::Ucci => vec![
            format!("id name {name}"),
            format!("id copyright {COPYRIGHT}"),
            format!("id author {AUTHOR}"),
            "id user unknown".to_string(),
        ],
        Dialect::Uci => vec![format!("id name {name}"), format!("id author {AUTHOR}")],
    }
}

/// What goes after the moves of `bestmove` (UCCI only).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Offers a draw, or accepts the one offered.
    Draw,
    Resign,
}

/// `bestmove h2e2 ponder h9g7 [draw|resign]`, the moves' ranks numbered
/// as `ranks` says.
pub fn bestmove(best: Move, ponder: Option<Move>, ending: Option<Ending>, ranks: Ranks) -> String {
    let mut line = format!("bestmove {}", ranks.write(best));
    if let Some(p) = ponder {
        line.push_str(&format!(" ponder {}", ranks.write(p)));
    }
    match ending {
        Some(Ending::Draw) => line.push_str(" draw"),
        Some(Ending::Resign) => line.push_str(" resign"),
        None => {}
    }
    line
}

/// The answer when there is no move to give.
pub fn no_move(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Ucci => "nobestmove",
        Dialect::Uci => "bestmove (none)",
    }
}

/// A score in the dialect's words: UCCI has a single number, UCI `cp`/`mate`.
pub fn score(dialect: Dialect, score: Score) -> String {
    match dialect {
        Dialect::Ucci => score.as_centipawns().to_string(),
        Dialect::Uci => score.to_string(),
    }
}

fn moves(pv: &[Move], ranks: Ranks) -> String {
    pv.iter()
        .map(|&mv| ranks.write(mv))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `info` lines for one progress report; with `wdl_material` (UCI
/// `UCI_ShowWDL` on: the root's material, see [`crate::search::wdl`]) a UCI
/// score is followed by `wdl W D L`, the chances per mille for the side to
/// move. Moves are written with their ranks numbered as `ranks` says.
pub fn info(dialect: Dialect, ranks: Ranks, info: &Info, wdl_material: Option<i32>) -> Vec<String> {
    match (dialect, info) {
        // UCCI has no words for a bound: a failed window's score is not printed as if exact.
        (Dialect::Ucci, Info::Iteration(it)) if it.bound != Bound::Exact => Vec::new(),
        (Dialect::Ucci, Info::Iteration(it)) => {
            let mut head = format!("info depth {} score {}", it.depth, score(dialect, it.score));
            if !it.pv.is_empty() {
                head.push_str(&format!(" pv {}", moves(&it.pv, ranks)));
            }
            vec![
                head,
                format!("info time {} nodes {}", it.time.as_millis(), it.nodes),
            ]
        }
        (Dialect::Uci, Info::Iteration(it)) => {
            let bound = match it.bound {
                Bound::Exact => "",
                Bound::Lower => " lowerbound",
                Bound::Upper => " upperbound",
            };
            let wdl = match wdl_material {
                Some(material) => {
                    let w = wdl::FITTED.wdl(it.score, material);
                    format!(" wdl {} {} {}", w.win, w.draw, w.loss)
                }
                None => String::new(),
            };
            let mut line = format!(
                "info depth {} seldepth {} multipv {} score {}{bound}{wdl} nodes {} nps {} hashfull {} time {}",
                it.depth,
                it.seldepth,
                it.multipv,
                score(dialect, it.score),
                it.nodes,
                it.nps,
                it.hashfull,
                it.time.as_millis()
            );
            if !it.pv.is_empty() {
                line.push_str(&format!(" pv {}", moves(&it.pv, ranks)));
            }
            vec![line]
        }
        // UCCI's `info` words include time and nodes, but not nps or hashfull.
        (Dialect::Ucci, Info::Progress(p)) => vec![format!(
            "info time {} nodes {}",
            p.time.as_millis(),
            p.nodes
        )],
        (Dialect::Uci, Info::Progress(p)) => vec![format!(
            "info nodes {} nps {} hashfull {} time {}",
            p.nodes,
            p.nps,
            p.hashfull,
            p.time.as_millis()
        )],
        (Dialect::Ucci, Info::CurrMove { mv, .. }) => {
            vec![format!("info currmove {}", ranks.write(*mv))]
        }
        (Dialect::Uci, Info::CurrMove { depth, mv, number }) => vec![format!(
            "info depth {depth} currmove {} currmovenumber {number}",
            ranks.write(*mv)
        )],
    }
}

/// `pophash [bestmove m] [lowerbound v depth d] [upperbound v depth d]`.
pub fn pophash(hit: Option<TtEntry>, ranks: Ranks) -> String {
    let mut line = "pophash".to_string();
    let Some(hit) = hit else {
        return line;
    };
    if let Some(mv) = hit.mv {
        line.push_str(&format!(" bestmove {}", ranks.write(mv)));
    }
    let value = Score::from_internal(hit.score).as_centipawns();
    if matches!(hit.bound, Bound::Lower | Bound::Exact) {
        line.push_str(&format!(" lowerbound {value} depth {}", hit.depth));
    }
    if matches!(hit.bound, Bound::Upper | Bound::Exact) {
        line.push_str(&format!(" upperbound {value} depth {}", hit.depth));
    }
    line
}

/// An error or note, as a line every GUI ignores safely.
pub fn error(message: impl std::fmt::Display) -> String {
    format!("info string error: {message}")
}

pub fn note(message: impl std::fmt::Display) -> String {
    format!("info string {message}")
}

/// The error for `what` (`go`, `banmoves`) while the GUI's last `position`
/// stands refused for `reason`.
pub fn no_position(what: &str, reason: &str) -> String {
    error(format!(
        "{what}: no position to work on since the last was refused ({reason}); send a valid 'position'"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Iteration;
    use std::time::Duration;

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    #[test]
    fn bestmove_has_fixed_columns() {
        let line = bestmove(mv("h2e2"), Some(mv("h9g7")), None, Ranks::FromZero);
        assert_eq!(line, "bestmove h2e2 ponder h9g7");
        assert_eq!(&line[9..13], "h2e2");
        assert_eq!(&line[21..25], "h9g7");
        assert_eq!(
            bestmove(mv("a0a1"), None, Some(Ending::Resign), Ranks::FromZero),
            "bestmove a0a1 resign"
        );
        assert_eq!(
            bestmove(
                mv("a0a1"),
                Some(mv("a9a8")),
                Some(Ending::Draw),
                Ranks::FromZero
            ),
            "bestmove a0a1 ponder a9a8 draw"
        );
    }

    #[test]
    fn moves_in_either_numbering() {
        let one = Ranks::FromOne;
        assert_eq!(
            bestmove(mv("h2e2"), Some(mv("h9g7")), None, one),
            "bestmove h3e3 ponder h10g8"
        );
        let currmove = Info::CurrMove {
            depth: 3,
            mv: mv("b0c2"),
            number: 1,
        };
        assert_eq!(
            info(Dialect::Uci, one, &currmove, None),
            ["info depth 3 currmove b1c3 currmovenumber 1"]
        );
    }

    #[test]
    fn info_in_each_dialect() {
        let it = Info::Iteration(Iteration {
            depth: 5,
            seldepth: 9,
            multipv: 1,
            score: Score::Mate(2),
            bound: Bound::Exact,
            nodes: 1234,
            nps: 5000,
            time: Duration::from_millis(250),
            hashfull: 3,
            pv: vec![mv("h2e2"), mv("h9g7")],
        });
        assert_eq!(
            info(Dialect::Ucci, Ranks::FromZero, &it, None),
            [
                // Mate in two moves is three plies away: 30000 - 3.
                "info depth 5 score 29997 pv h2e2 h9g7".to_string(),
                "info time 250 nodes 1234".to_string()
            ]
        );
        assert_eq!(
            info(Dialect::Uci, Ranks::FromZero, &it, None),
            ["info depth 5 seldepth 9 multipv 1 score mate 2 nodes 1234 nps 5000 hashfull 3 time 250 pv h2e2 h9g7"]
        );
        let Info::Iteration(exact) = it else {
            unreachable!()
        };
        let fail_high = Info::Iteration(Iteration {
            score: Score::Cp(80),
            bound: Bound::Lower,
            pv: vec![mv("h2e2")],
            ..exact.clone()
        });
        assert_eq!(
            info(Dialect::Uci, Ranks::FromZero, &fail_high, None),
            ["info depth 5 seldepth 9 multipv 1 score cp 80 lowerbound nodes 1234 nps 5000 hashfull 3 time 250 pv h2e2"]
        );
        let fail_low = Info::Iteration(Iteration {
            score: Score::Cp(-20),
            bound: Bound::Upper,
            pv: Vec::new(),
            ..exact
        });
        assert_eq!(
            info(Dialect::Uci, Ranks::FromZero, &fail_low, None),
            ["info depth 5 seldepth 9 multipv 1 score cp -20 upperbound nodes 1234 nps 5000 hashfull 3 time 250"]
        );
        assert!(info(Dialect::Ucci, Ranks::FromZero, &fail_high, None).is_empty());
        let progress = Info::Progress(crate::search::Progress {
            nodes: 2_000_000,
            nps: 1_000_000,
            time: Duration::from_millis(2_000),
            hashfull: 41,
        });
        assert_eq!(
            info(Dialect::Uci, Ranks::FromZero, &progress, None),
            ["info nodes 2000000 nps 1000000 hashfull 41 time 2000"]
        );
        assert_eq!(
            info(Dialect::Ucci, Ranks::FromZero, &progress, None),
            ["info time 2000 nodes 2000000"]
        );
        assert!(info(Dialect::Ucci, Ranks::FromZero, &fail_low, None).is_empty());
    }

    #[test]
    fn wdl_follows_the_score_and_its_bound() {
        let it = Info::Iteration(Iteration {
            depth: 5,
            seldepth: 9,
            multipv: 1,
            score: Score::Mate(2),
            bound: Bound::Exact,
            nodes: 1234,
            nps: 5000,
            time: Duration::from_millis(250),
            hashfull: 3,
            pv: vec![mv("h2e2")],
        });
        assert_eq!(
            info(Dialect::Uci, Ranks::FromZero, &it, Some(106)),
            ["info depth 5 seldepth 9 multipv 1 score mate 2 wdl 1000 0 0 nodes 1234 nps 5000 hashfull 3 time 250 pv h2e2"]
        );
        let Info::Iteration(exact) = it else {
            unreachable!()
        };
        let w = crate::search::wdl::FITTED.wdl(Score::Cp(80), 60);
        let fail_high = Info::Iteration(Iteration {
            score: Score::Cp(80),
            bound: Bound::Lower,
            ..exact
        });
        let line = &info(Dialect::Uci, Ranks::FromZero, &fail_high, Some(60))[0];
        assert!(
            line.contains(&format!(
                " score cp 80 lowerbound wdl {} {} {} nodes ",
                w.win, w.draw, w.loss
            )),
            "{line}"
        );
        // UCCI has no such words.
        assert!(!info(Dialect::Ucci, Ranks::FromZero, &fail_high, Some(60))
            .iter()
            .any(|l| l.contains("wdl")));
    }

    #[test]
    fn pophash_lists_the_bounds() {
        assert_eq!(pophash(None, Ranks::FromZero), "pophash");
        let hit = TtEntry {
            mv: Some(mv("h2e2")),
            score: 35,
            eval: 20,
            depth: 8,
            bound: Bound::Exact,
            was_pv: false,
        };
        assert_eq!(
            pophash(Some(hit), Ranks::FromZero),
            "pophash bestmove h2e2 lowerbound 35 depth 8 upperbound 35 depth 8"
        );
        let hit = TtEntry {
            mv: None,
            bound: Bound::Upper,
            ..hit
        };
        assert_eq!(
            pophash(Some(hit), Ranks::FromZero),
            "pophash upperbound 35 depth 8"
        );
    }
}
