//! What a `go` calls for, decided without doing it: the command and what
//! the session knows (its position or why it has none, its bans, dialect
//! and options) in; the lines to say first and what happens next out (a
//! refusal, no move, a perft, the static score, or a search with its
//! limits and whether the book may answer first). The session carries the
//! plan out; keeping the decision pure lets tests read every branch
//! without an engine, a thread or a process.

use super::command::{Dialect, Go};
use super::{clock, perft, reply};
use crate::core::{Move, Position, Ranks};
use crate::search::skill::Skill;
use crate::search::{wdl, Limits, Score};
use std::time::Duration;

/// What the session knows that a `go` depends on.
pub struct GoState<'a> {
    /// The position to search, or why the GUI's last `position` was refused.
    pub position: Result<&'a Position, &'a str>,
    /// Moves `banmoves` forbade.
    pub banned: &'a [Move],
    pub dialect: Dialect,
    /// How the ranks of `searchmoves` are numbered (the other numbering is
    /// read too where it fits).
    pub ranks: Ranks,
    /// UCCI clocks in milliseconds rather than seconds.
    pub use_millisec: bool,
    /// Best lines a UCI search reports.
    pub multipv: usize,
    pub skill: Option<Skill>,
    /// Batch mode reads no `stop` while searching.
    pub batch: bool,
    /// Say the limits and time plan before searching.
    pub debug: bool,
    pub move_overhead: Duration,
    /// UCI `UCI_ShowWDL`: report win/draw/loss chances.
    pub show_wdl: bool,
}

/// The lines to print first, then what happens next.
#[derive(Debug)]
pub struct GoPlan {
    /// Errors and notes, in order, before the outcome.
    pub lines: Vec<String>,
    pub outcome: Outcome,
}

/// What follows the plan's lines.
#[derive(Debug)]
pub enum Outcome {
    /// Nothing more: the lines said why.
    Refused,
    /// Answer at once that there is no move.
    NoMove,
    /// Count the move tree this many plies deep (already in range).
    Perft(u32),
    /// UCCI `go depth 0`: print the static score, then no move.
    StaticScore,
    Search(SearchPlan),
}

/// A search to start (or a book move to play instead).
#[derive(Debug)]
pub struct SearchPlan {
    /// With bans and `searchmoves` folded into `limits.banned`.
    pub limits: Limits,
    /// Probe the book (avoiding `limits.banned`) before searching: games
    /// use the book; analysis (depth, nodes, infinite, ponder) searches.
    pub book_first: bool,
    /// A clock or a fixed time ends it, so draws and resignation make sense.
    pub timed: bool,
    /// No limit ends it: it ends only when told to stop.
    pub open_ended: bool,
    /// Whether the limits bound the search once pondering stops.
    pub bounded_after_ponderhit: bool,
    /// The opponent offered a draw (`go draw`).
    pub draw_offered: bool,
    /// Material for win/draw/loss chances, when they are reported.
    pub wdl_material: Option<i32>,
}

impl GoPlan {
    fn new(lines: Vec<String>, outcome: Outcome) -> GoPlan {
        GoPlan { lines, outcome }
    }
}

/// Decides what `go` does in `state`.
pub fn plan(go: &Go, state: &GoState) -> GoPlan {
    let dialect = state.dialect;
    let position = match state.position {
        Ok(position) => position,
        Err(reason) => {
            let refusal = reply::no_position("go", reason);
            // A perft has no move to answer with.
            let outcome = match go.perft {
                Some(_) => Outcome::Refused,
                None => Outcome::NoMove,
            };
            return GoPlan::new(vec![refusal], outcome);
        }
    };
    let mut lines = Vec::new();
    if !go.clamped.is_empty() {
        lines.push(reply::error(format!("go: {}", go.clamped.join("; "))));
    }
    if let Some(depth) = go.perft {
        if !(1..=perft::MAX_PERFT).contains(&depth) {
            lines.push(reply::error(format!(
                "go perft: depth {depth} is not from 1 to {}",
                perft::MAX_PERFT
            )));
            return GoPlan::new(lines, Outcome::Refused);
        }
        return GoPlan::new(lines, Outcome::Perft(depth));
    }
    let banned = banned_moves(go, state.banned, position, state.ranks, &mut lines);
    if go.depth == Some(0) && dialect == Dialect::Ucci {
        // UCCI: depth 0 is the static score and no move.
        return GoPlan::new(lines, Outcome::StaticScore);
    }
    let legal = position.legal_moves();
    let playable = legal.iter().any(|mv| !banned.contains(mv));
    if !playable {
        // A side without a legal move has lost (mated, or stalemated, which
        // Xiangqi scores alike): UCI says so before `bestmove (none)`, as
        // Stockfish does; UCCI has only `nobestmove`.
        if dialect == Dialect::Uci && legal.is_empty() {
            lines.push(format!(
                "info depth 0 score {}",
                reply::score(dialect, Score::Mate(0))
            ));
        }
        return GoPlan::new(lines, Outcome::NoMove);
    }
    let mut limits = clock::limits(go, dialect, state.use_millisec, position.side_to_move());
    limits.depth = limits.depth.map(|d| d.max(1));
    limits.banned = banned;
    if dialect == Dialect::Uci {
        limits.multipv = state.multipv;
    }
    limits.skill = state.skill;
    let open_ended = !limits.ends_by_itself();
    if state.batch && open_ended {
        lines.push(reply::error(
            "batch mode reads no 'stop': a search with no limit (infinite, ponder, \
             or no depth, nodes or time) would never end",
        ));
        return GoPlan::new(lines, Outcome::Refused);
    }
    if state.debug {
        lines.push(reply::note(debug_note(&limits, state.move_overhead)));
    }
    let bounded_after_ponderhit = Limits {
        ponder: false,
        ..limits.clone()
    }
    .ends_by_itself();
    let timed = clock::is_timed(&limits);
    let wdl_material = (dialect == Dialect::Uci && state.show_wdl).then(|| wdl::material(position));
    let search = SearchPlan {
        limits,
        book_first: timed && !open_ended,
        timed,
        open_ended,
        bounded_after_ponderhit,
        draw_offered: go.draw,
        wdl_material,
    };
    GoPlan::new(lines, Outcome::Search(search))
}

/// The session's bans plus, when `searchmoves` names legal moves, every
/// other legal move; an error line for each `searchmoves` entry that is
/// not legal here.
fn banned_moves(
    go: &Go,
    banned: &[Move],
    position: &Position,
    ranks: Ranks,
    lines: &mut Vec<String>,
) -> Vec<Move> {
    let mut banned = banned.to_vec();
    if go.search_moves.is_empty() {
        return banned;
    }
    let mut allowed = Vec::new();
    for text in &go.search_moves {
        match position.read_legal_either(ranks, text) {
            Some((mv, _)) => allowed.push(mv),
            None => lines.push(reply::error(format!(
                "searchmoves: '{text}' is not legal here"
            ))),
        }
    }
    // None of them legal: search as if `searchmoves` were not there.
    if !allowed.is_empty() {
        banned.extend(
            position
                .legal_moves()
                .into_iter()
                .filter(|mv| !allowed.contains(mv)),
        );
    }
    banned
}

/// `debug: limits depth 8 ...; time plan: soft 950 ms, hard 2850 ms`.
fn debug_note(limits: &Limits, overhead: Duration) -> String {
    let plan = match limits.time_plan(overhead) {
        Some(plan) => format!(
            "; time plan: soft {} ms, hard {} ms",
            plan.soft.as_millis(),
            plan.hard.as_millis()
        ),
        None => String::new(),
    };
    format!("debug: limits {limits}{plan}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::command::{parse, Command};

    const MATED: &str = "3k5/4R4/9/9/9/9/9/9/9/5K3 b - - 0 1";

    fn go(line: &str, dialect: Dialect) -> Go {
        match parse(line, dialect) {
            Ok(Command::Go(go)) => *go,
            other => panic!("{line}: {other:?}"),
        }
    }

    /// A session at rest: UCCI, clocks in milliseconds, options as they start.
    fn state(position: &Position) -> GoState<'_> {
        GoState {
            position: Ok(position),
            banned: &[],
            dialect: Dialect::Ucci,
            ranks: Ranks::FromZero,
            use_millisec: true,
            multipv: 1,
            skill: None,
            batch: false,
            debug: false,
            move_overhead: Duration::from_millis(30),
            show_wdl: false,
        }
    }

    fn search(planned: GoPlan) -> SearchPlan {
        match planned.outcome {
            Outcome::Search(search) => search,
            other => panic!("not a search: {other:?} after {:?}", planned.lines),
        }
    }

    fn moves(texts: &[&str]) -> Vec<Move> {
        texts.iter().map(|t| t.parse().unwrap()).collect()
    }

    /// The legal moves the search may still play.
    fn playable(position: &Position, banned: &[Move]) -> Vec<Move> {
        let mut left: Vec<Move> = position
            .legal_moves()
            .into_iter()
            .filter(|mv| !banned.contains(mv))
            .collect();
        left.sort_by_key(|mv| mv.to_string());
        left
    }

    #[test]
    fn no_position_is_refused_with_the_reason_and_no_move() {
        let start = Position::startpos();
        let refused = GoState {
            position: Err("bad FEN: too few ranks"),
            ..state(&start)
        };
        let planned = plan(&go("go depth 5", Dialect::Ucci), &refused);
        assert_eq!(
            planned.lines,
            [
                "info string error: go: no position to work on since the last was refused \
              (bad FEN: too few ranks); send a valid 'position'"
            ]
        );
        assert!(matches!(planned.outcome, Outcome::NoMove));
        // A perft has no move to answer with.
        let planned = plan(&go("go perft 2", Dialect::Ucci), &refused);
        assert_eq!(planned.lines.len(), 1);
        assert!(matches!(planned.outcome, Outcome::Refused));
    }

    #[test]
    fn perft_in_range_runs_and_out_of_range_is_refused() {
        let start = Position::startpos();
        let planned = plan(&go("go perft 3", Dialect::Ucci), &state(&start));
        assert!(planned.lines.is_empty());
        assert!(matches!(planned.outcome, Outcome::Perft(3)));
        for depth in [0, perft::MAX_PERFT + 1] {
            let line = format!("go perft {depth}");
            let planned = plan(&go(&line, Dialect::Uci), &state(&start));
            assert_eq!(
                planned.lines,
                [format!(
                    "info string error: go perft: depth {depth} is not from 1 to {}",
                    perft::MAX_PERFT
                )]
            );
            assert!(matches!(planned.outcome, Outcome::Refused));
        }
    }

    #[test]
    fn searchmoves_restrict_the_root_and_illegal_ones_are_errors() {
        let start = Position::startpos();
        let planned = plan(
            &go("go depth 5 searchmoves h2e2 a0a5 b0c2 zz", Dialect::Ucci),
            &state(&start),
        );
        assert_eq!(
            planned.lines,
            [
                "info string error: searchmoves: 'a0a5' is not legal here",
                "info string error: searchmoves: 'zz' is not legal here",
            ]
        );
        let limits = search(planned).limits;
        assert_eq!(playable(&start, &limits.banned), moves(&["b0c2", "h2e2"]));
        assert_eq!(limits.depth, Some(5));
    }

    #[test]
    fn searchmoves_add_to_the_bans_and_none_legal_restricts_nothing() {
        let start = Position::startpos();
        let banned = moves(&["h2e2"]);
        let with_bans = GoState {
            banned: &banned,
            ..state(&start)
        };
        let limits = search(plan(
            &go("go depth 3 searchmoves h2e2 b0c2", Dialect::Ucci),
            &with_bans,
        ))
        .limits;
        assert_eq!(playable(&start, &limits.banned), moves(&["b0c2"]));
        // Only a banned move allowed: nothing left to play.
        let planned = plan(
            &go("go depth 3 searchmoves h2e2", Dialect::Ucci),
            &with_bans,
        );
        assert!(planned.lines.is_empty());
        assert!(matches!(planned.outcome, Outcome::NoMove));
        // Not one of them legal: the whole board is searched, bans aside.
        let planned = plan(
            &go("go depth 3 searchmoves a0a5", Dialect::Ucci),
            &with_bans,
        );
        assert_eq!(planned.lines.len(), 1);
        assert_eq!(search(planned).limits.banned, banned);
    }

    #[test]
    fn ucci_depth_zero_is_the_static_score_and_uci_searches_one_ply() {
        let start = Position::startpos();
        let planned = plan(&go("go depth 0", Dialect::Ucci), &state(&start));
        assert!(planned.lines.is_empty());
        assert!(matches!(planned.outcome, Outcome::StaticScore));
        // Even with nothing to play, the static score is what UCCI asked.
        let mated = Position::from_fen(MATED).unwrap();
        let planned = plan(&go("go depth 0", Dialect::Ucci), &state(&mated));
        assert!(matches!(planned.outcome, Outcome::StaticScore));
        let uci = GoState {
            dialect: Dialect::Uci,
            ..state(&start)
        };
        let limits = search(plan(&go("go depth 0", Dialect::Uci), &uci)).limits;
        assert_eq!(limits.depth, Some(1));
    }

    #[test]
    fn clamped_numbers_are_said_before_anything_else() {
        let start = Position::startpos();
        let planned = plan(&go("go depth -3", Dialect::Ucci), &state(&start));
        assert_eq!(
            planned.lines,
            ["info string error: go: depth -3 taken as 0"]
        );
        assert!(matches!(planned.outcome, Outcome::StaticScore));
    }

    #[test]
    fn nothing_playable_is_no_move() {
        let mated = Position::from_fen(MATED).unwrap();
        assert!(mated.legal_moves().is_empty());
        for dialect in [Dialect::Ucci, Dialect::Uci] {
            let state = GoState {
                dialect,
                ..state(&mated)
            };
            let planned = plan(&go("go depth 5", dialect), &state);
            let lost: &[&str] = match dialect {
                Dialect::Uci => &["info depth 0 score mate 0"],
                Dialect::Ucci => &[],
            };
            assert_eq!(planned.lines, lost);
            assert!(matches!(planned.outcome, Outcome::NoMove));
        }
        // Every legal move banned is the same.
        let start = Position::startpos();
        let all = start.legal_moves().into_iter().collect::<Vec<_>>();
        let banned_all = GoState {
            banned: &all,
            ..state(&start)
        };
        let planned = plan(&go("go time 1000", Dialect::Ucci), &banned_all);
        assert!(matches!(planned.outcome, Outcome::NoMove));
        // ... but no loss to report: the side has moves, all banned.
        let banned_all = GoState {
            dialect: Dialect::Uci,
            ..banned_all
        };
        let planned = plan(&go("go depth 5", Dialect::Uci), &banned_all);
        assert!(matches!(planned.outcome, Outcome::NoMove));
        assert!(planned.lines.is_empty(), "{:?}", planned.lines);
    }

    #[test]
    fn batch_mode_refuses_searches_that_never_end() {
        let start = Position::startpos();
        let batch = GoState {
            batch: true,
            ..state(&start)
        };
        for line in [
            "go infinite",
            "go",
            "go ponder time 5000",
            "go depth infinite",
        ] {
            let planned = plan(&go(line, Dialect::Ucci), &batch);
            assert_eq!(
                planned.lines,
                [
                    "info string error: batch mode reads no 'stop': a search with no limit \
                  (infinite, ponder, or no depth, nodes or time) would never end"
                ],
                "{line}"
            );
            assert!(matches!(planned.outcome, Outcome::Refused), "{line}");
        }
        for line in ["go depth 5", "go nodes 1000", "go time 5000"] {
            let started = search(plan(&go(line, Dialect::Ucci), &batch));
            assert!(!started.open_ended, "{line}");
        }
        // Outside batch mode an open-ended search starts, waiting for `stop`.
        let started = search(plan(&go("go infinite", Dialect::Ucci), &state(&start)));
        assert!(started.open_ended && !started.bounded_after_ponderhit);
    }

    #[test]
    fn only_timed_bounded_searches_may_take_a_book_move() {
        let start = Position::startpos();
        let uci = GoState {
            dialect: Dialect::Uci,
            ..state(&start)
        };
        for (line, state) in [
            ("go time 60000 increment 1000", &state(&start)),
            ("go wtime 60000 btime 60000", &uci),
            ("go movetime 500", &uci),
        ] {
            let started = search(plan(&go(line, state.dialect), state));
            assert!(started.book_first && started.timed, "{line}");
        }
        for (line, state) in [
            ("go depth 5", &state(&start)),
            ("go infinite", &state(&start)),
            ("go nodes 5000", &uci),
            ("go ponder time 60000", &state(&start)),
        ] {
            let started = search(plan(&go(line, state.dialect), state));
            assert!(!started.book_first, "{line}");
        }
        // A ponder search on a clock is bounded once the opponent plays.
        let ponder = search(plan(
            &go("go ponder time 60000", Dialect::Ucci),
            &state(&start),
        ));
        assert!(ponder.open_ended && ponder.bounded_after_ponderhit && ponder.timed);
    }

    #[test]
    fn uci_carries_multipv_and_wdl_and_ucci_does_not() {
        let start = Position::startpos();
        let uci = GoState {
            dialect: Dialect::Uci,
            multipv: 3,
            show_wdl: true,
            ..state(&start)
        };
        let started = search(plan(&go("go depth 4", Dialect::Uci), &uci));
        assert_eq!(started.limits.multipv, 3);
        assert_eq!(started.wdl_material, Some(wdl::material(&start)));
        let ucci = GoState {
            dialect: Dialect::Ucci,
            ..uci
        };
        let started = search(plan(&go("go depth 4", Dialect::Ucci), &ucci));
        assert_eq!(started.limits.multipv, Limits::default().multipv);
        assert_eq!(started.wdl_material, None);
    }

    #[test]
    fn the_draw_offer_skill_and_clock_unit_reach_the_search() {
        let start = Position::startpos();
        let skill = Skill::for_elo(1200);
        assert!(skill.is_some());
        let seconds = GoState {
            use_millisec: false,
            skill,
            ..state(&start)
        };
        let started = search(plan(&go("go draw time 60", Dialect::Ucci), &seconds));
        assert!(started.draw_offered);
        assert!(started.limits.skill.is_some());
        let clock = started.limits.clock.expect("a clock");
        assert_eq!(clock.time, Duration::from_secs(60));
    }

    #[test]
    fn debug_says_the_limits_and_time_plan_before_searching() {
        let start = Position::startpos();
        let debug = GoState {
            debug: true,
            ..state(&start)
        };
        let planned = plan(&go("go depth 6", Dialect::Ucci), &debug);
        assert_eq!(planned.lines, ["info string debug: limits depth 6"]);
        let planned = plan(&go("go movetime 1000", Dialect::Ucci), &debug);
        let [line] = &planned.lines[..] else {
            panic!("{:?}", planned.lines)
        };
        assert!(
            line.starts_with("info string debug: limits ") && line.contains("; time plan: soft "),
            "{line}"
        );
        // Nothing is said when debug is off.
        let planned = plan(&go("go movetime 1000", Dialect::Ucci), &state(&start));
        assert!(planned.lines.is_empty());
    }
}
