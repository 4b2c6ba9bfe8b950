//! One game between two engine processes, from an opening to a result: the
//! move loop, clocks, and adjudication under Xiangqi rules (mate and no
//! legal move lose, illegal moves lose; repetitions, at the third
//! occurrence of a position, and the 60-move rule are judged by
//! [`crate::rules`]) plus the optional resign, draw and length limits.

use super::clock::GameClock;
use super::engine::{EngineProcess, Failure, GameSoFar, Reply};
use crate::arena::adjudication::{Adjudged, Adjudication, ScoreHistory};
use crate::arena::openings::Opening;
use crate::core::{Color, GameResult, Move, Position};
use crate::rules::{judge_cycle, losing_repetitions, occurrences, MoveClock, Offence, RuleSet};
use crate::search::score::{is_mate, MATE};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How many times a position must stand on the board before the repetition is
/// judged: the third occurrence, so a single accidental return goes unpunished.
pub const REPETITION_OCCURRENCES: usize = 3;

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Termination {
    Checkmate,
    /// No legal move without being in check: also a loss in Xiangqi.
    NoLegalMove,
    PerpetualCheck,
    PerpetualChase,
    PerpetualMateThreat,
    /// Every move attacked, in a mixture of checks, mate threats and chases.
    PerpetualAttack,
    Repetition,
    SixtyMoves,
    /// Neither side has a piece that can cross the river.
    NoAttackers,
    Resignation,
    ResignAdjudication,
    DrawAdjudication,
    DrawAgreement,
    MaxMoves,
    TimeForfeit,
    IllegalMove,
    Crash,
    Stall,
    StartFailure,
}

impl Termination {
    pub fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::NoLegalMove => "no legal move",
            Termination::PerpetualCheck => "perpetual check",
            Termination::PerpetualChase => "perpetual chase",
            Termination::PerpetualMateThreat => "perpetual mate threat",
            Termination::PerpetualAttack => "perpetual attack",
            Termination::Repetition => "repetition",
            Termination::SixtyMoves => "60-move rule",
            Termination::NoAttackers => "no attacking pieces",
            Termination::Resignation => "resignation",
            Termination::ResignAdjudication => "resign adjudication",
            Termination::DrawAdjudication => "draw adjudication",
            Termination::DrawAgreement => "draw agreement",
            Termination::MaxMoves => "max moves",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "illegal move",
            Termination::Crash => "crash",
            Termination::Stall => "stall",
            Termination::StartFailure => "start failure",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Game rules shared by every game of a match.
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub rules: RuleSet,
    /// `-resign` and `-draw`.
    pub adjudication: Adjudication,
    /// Engine moves (full moves) after which the game is drawn.
    pub max_moves: Option<u32>,
    /// How long an engine without a clock may think before it is hung.
    pub hang_limit: Duration,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub opening: Opening,
    /// Every move from the opening's FEN, the opening's own moves first.
    pub moves: Vec<Move>,
    /// One per move: score, depth and time for engine moves.
    pub comments: Vec<Option<String>>,
    pub result: GameResult,
    pub termination: Termination,
    /// Which side and what happened, for the log (the illegal move and
    /// position, the engine that crashed, ...).
    pub detail: String,
    /// What Red's and Black's engines named themselves (`id name`), where
    /// they did: the build that played, beside the name the match gave it.
    pub programs: [Option<String>; 2],
}

/// What a game says about the engines afterwards: whether each (red, black)
/// is still fit to play another game or must be restarted.
pub struct FinishedGame {
    pub record: GameRecord,
    pub restart: [bool; 2],
}

/// Plays a game between `engines[0]` (Red) and `engines[1]` (Black). Returns
/// `None` if `stop` was raised before the game ended.
pub fn play(
    engines: [&mut EngineProcess; 2],
    opening: &Opening,
    settings: &GameSettings,
    stop: &AtomicBool,
) -> Option<FinishedGame> {
    let mut game = GameInProgress::new(opening);
    let mut clocks: [Option<GameClock>; 2] = [
        engines[0].config.limits.clock.map(GameClock::new),
        engines[1].config.limits.clock.map(GameClock::new),
    ];
    let mut scores = ScoreHistory::default();
    let mut draw_offered = false;
    let mut restart = [false, false];
    let names = [engines[0].name().to_string(), engines[1].name().to_string()];
    let programs = [0, 1].map(|side| engines[side].id_name().map(str::to_string));

    let (result, termination, detail) = loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        if let Some(end) = game.rule_ending(settings) {
            break end;
        }
        let side = game.pos.side_to_move();
        let us = side.index();
        let them = (!side).index();
        let who = format!("{side:?} ({})", names[us]);
        let forbidden = game.forbidden_moves(settings.rules);
        let so_far = game.so_far(&forbidden);
        let clock_pair = clocks[us].map(|ours| (ours, clocks[them].unwrap_or(ours)));
        let reply = engines[us].go(
            &so_far,
            side == Color::Red,
            clock_pair,
            draw_offered,
            settings.hang_limit,
            stop,
        );
        let reply: Reply = match reply {
            Ok(reply) => reply,
            Err(failure) => {
                if stop.load(Ordering::Relaxed) {
                    // Interrupted: the engine may have been told to stop.
                    return None;
                }
                restart[us] = true;
                let (termination, what) = match failure {
                    Failure::Crashed => (Termination::Crash, "crashed"),
                    Failure::OutOfTime => (Termination::TimeForfeit, "lost on time"),
                    Failure::Hung => (Termination::Stall, "stopped answering"),
                    Failure::Interrupted => return None,
                };
                break (
                    GameResult::loss_for(side),
                    termination,
                    format!("{who} {what}"),
                );
            }
        };
        if draw_offered && reply.draw {
            break (
                GameResult::Draw,
                Termination::DrawAgreement,
                format!("{who} accepted a draw"),
            );
        }
        if reply.resign {
            break (
                GameResult::loss_for(side),
                Termination::Resignation,
                format!("{who} resigned"),
            );
        }
        let Some(text) = reply.mv.clone() else {
            if reply.no_move_claimed {
                // It has legal moves (a game without any has ended above):
                // claiming none gives the game up, as a UCCI GUI takes it.
                break (
                    GameResult::loss_for(side),
                    Termination::Resignation,
                    format!(
                        "{who} answered '{}' with {} legal moves ({} not banned): counted as resigning",
                        shortened(&reply.last_line),
                        game.pos.legal_moves().len(),
                        game.pos.legal_moves().iter().filter(|m| !forbidden.contains(m)).count()
                    ),
                );
            }
            break (
                GameResult::loss_for(side),
                Termination::IllegalMove,
                format!(
                    "{who} answered '{}' without a move in {}",
                    shortened(&reply.last_line),
                    game.pos.to_fen()
                ),
            );
        };
        let mv = match engines[us].read_move(&game.pos, &text) {
            Ok(mv) => mv,
            Err(other) => {
                let hint = other.map_or(String::new(), |ranks| {
                    format!(
                        " (told ranks {}, it numbers them {ranks}: a legal move so; give it ranks={ranks})",
                        ranks.other()
                    )
                });
                break (
                    GameResult::loss_for(side),
                    Termination::IllegalMove,
                    format!(
                        "{who} played illegal move {} in {}{hint}",
                        shortened(&text),
                        game.pos.to_fen()
                    ),
                );
            }
        };
        if let Some(clock) = clocks[us].as_mut() {
            clock.charge(reply.elapsed_ms);
        }
        draw_offered = reply.draw;
        scores.push(side, reply.score);
        game.play(mv, Some(move_comment(&reply)));
        if let Some(end) = score_adjudication(&settings.adjudication, &scores, side) {
            break end;
        }
    };
    Some(FinishedGame {
        record: GameRecord {
            opening: opening.clone(),
            moves: game.moves,
            comments: game.comments,
            result,
            termination,
            detail,
            programs,
        },
        restart,
    })
}

/// An engine's words as the log quotes them: at most a line's worth, since
/// an engine may send anything.
fn shortened(text: &str) -> String {
    const LONGEST: usize = 60;
    match text.char_indices().nth(LONGEST) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

/// A PGN move comment in the cutechess form: score in pawns from the mover's
/// side (or mate distance), depth, time.
fn move_comment(reply: &Reply) -> String {
    let score = match reply.score {
        Some(s) if is_mate(s) => {
            format!("{}M{}", if s > 0 { "+" } else { "-" }, MATE - s.abs())
        }
        Some(s) => format!("{:+.2}", s as f64 / 100.0),
        None => "?".to_string(),
    };
    let depth = reply.depth.map_or("?".to_string(), |d| d.to_string());
    format!("{score}/{depth} {:.3}s", reply.elapsed_ms as f64 / 1000.0)
}

/// The board and the record of one game in progress.
struct GameInProgress {
    pos: Position,
    start_fen: String,
    moves: Vec<Move>,
    comments: Vec<Option<String>>,
    capture_fen: String,
    capture_index: usize,
    /// Plies since the last capture, with the checks that do not count.
    clock: MoveClock,
    /// Plies played by the engines (after the opening).
    engine_plies: u32,
}

impl GameInProgress {
    fn new(opening: &Opening) -> GameInProgress {
        let pos = Position::from_fen(&opening.fen).expect("openings are validated when read");
        let mut game = GameInProgress {
            clock: MoveClock::starting_at(pos.halfmove_clock()),
            pos,
            start_fen: opening.fen.clone(),
            moves: Vec::new(),
            comments: Vec::new(),
            capture_fen: opening.fen.clone(),
            capture_index: 0,
            engine_plies: 0,
        };
        for &mv in &opening.moves {
            game.play(mv, None);
        }
        game.engine_plies = 0;
        game
    }

    fn play(&mut self, mv: Move, comment: Option<String>) {
        let mover = self.pos.side_to_move();
        let captured = self.pos.piece_at(mv.to()).is_some();
        self.pos.make(mv);
        self.clock.record(mover, captured, self.pos.in_check());
        self.moves.push(mv);
        self.comments.push(comment);
        self.engine_plies += 1;
        if self.pos.halfmove_clock() == 0 {
            self.capture_fen = self.pos.to_fen();
            self.capture_index = self.moves.len();
        }
    }

    fn so_far<'a>(&'a self, banned: &'a [Move]) -> GameSoFar<'a> {
        GameSoFar {
            start_fen: &self.start_fen,
            moves: &self.moves,
            capture_fen: &self.capture_fen,
            capture_index: self.capture_index,
            banned,
        }
    }

    /// The end the rules impose on the position now, if any.
    fn rule_ending(&self, settings: &GameSettings) -> Option<(GameResult, Termination, String)> {
        let pos = &self.pos;
        let side = pos.side_to_move();
        if pos.has_no_moves() {
            let termination = if pos.in_check() {
                Termination::Checkmate
            } else {
                Termination::NoLegalMove
            };
            return Some((
                GameResult::loss_for(side),
                termination,
                format!("{side:?} has no legal move"),
            ));
        }
        if let (REPETITION_OCCURRENCES.., Some(cycle)) = occurrences(pos) {
            return Some(match judge_cycle(pos, cycle, settings.rules) {
                Ok(judgement) => match (judgement.loser, judgement.offence) {
                    (Some(loser), Some(offence)) => {
                        let termination = match offence {
                            Offence::PerpetualCheck => Termination::PerpetualCheck,
                            Offence::PerpetualChase(_) => Termination::PerpetualChase,
                            Offence::PerpetualMateThreat => Termination::PerpetualMateThreat,
                            Offence::PerpetualAttack(_) => Termination::PerpetualAttack,
                        };
                        (GameResult::loss_for(loser), termination, judgement.reason)
                    }
                    _ => (GameResult::Draw, Termination::Repetition, judgement.reason),
                },
                // Not reachable from a real game's history; a draw is the
                // safe reading.
                Err(_) => (
                    GameResult::Draw,
                    Termination::Repetition,
                    "the position repeated".to_string(),
                ),
            });
        }
        if self.clock.reached() {
            return Some((
                GameResult::Draw,
                Termination::SixtyMoves,
                "60 moves without a capture".to_string(),
            ));
        }
        if !pos.can_attack(Color::Red) && !pos.can_attack(Color::Black) {
            return Some((
                GameResult::Draw,
                Termination::NoAttackers,
                "neither side can attack".to_string(),
            ));
        }
        if let Some(max) = settings.max_moves {
            if self.engine_plies >= 2 * max {
                return Some((
                    GameResult::Draw,
                    Termination::MaxMoves,
                    format!("{max} moves played"),
                ));
            }
        }
        None
    }

    /// The moves that would repeat a position into a forbidden cycle, which
    /// UCCI lets the runner ban (`banmoves`) as a referee warns a player;
    /// none when every legal move is one of them.
    fn forbidden_moves(&self, rules: RuleSet) -> Vec<Move> {
        let forbidden = losing_repetitions(&self.pos, rules);
        if forbidden.len() == self.pos.count_legal_moves() {
            Vec::new()
        } else {
            forbidden
        }
    }
}

/// The resign and draw adjudications, judged after `mover`'s move from the
/// scores each side reported, with the log's words for them.
fn score_adjudication(
    adjudication: &Adjudication,
    scores: &ScoreHistory,
    mover: Color,
) -> Option<(GameResult, Termination, String)> {
    let verdict = adjudication.judge(scores, mover)?;
    let (termination, detail) = match verdict {
        Adjudged::Resign { loser } => {
            let resign = adjudication.resign?;
            let who = if resign.two_sided {
                "both engines"
            } else {
                "the losing engine"
            };
            let detail = format!(
                "{who} scored {loser:?} lost for {} moves",
                resign.move_count
            );
            (Termination::ResignAdjudication, detail)
        }
        Adjudged::Draw => {
            let draw = adjudication.draw?;
            let detail = format!(
                "both engines scored within {} for {} moves",
                draw.score, draw.move_count
            );
            (Termination::DrawAdjudication, detail)
        }
    };
    Some((verdict.result(), termination, detail))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::adjudication::{DrawRule, ResignRule};

    fn opening(fen: &str, moves: &str) -> Opening {
        Opening {
            name: "test".into(),
            fen: Position::from_fen(fen).unwrap().to_fen(),
            moves: moves
                .split_whitespace()
                .map(|m| m.parse().unwrap())
                .collect(),
        }
    }

    fn settings() -> GameSettings {
        GameSettings {
            rules: RuleSet::Chinese,
            adjudication: Adjudication::default(),
            max_moves: None,
            hang_limit: Duration::from_secs(1),
        }
    }

    #[test]
    fn third_occurrence_of_a_perpetual_check_loses_for_the_checker() {
        let mut game = GameInProgress::new(&opening("3k5/9/9/9/9/9/9/9/9/4K3R w", ""));
        let cycle = [
            "i0i9", "d9d8", "i9i8", "d8d9", "i8i9", "d9d8", "i9i8", "d8d9", "i8i9",
        ];
        for (i, text) in cycle.iter().enumerate() {
            assert!(
                game.rule_ending(&settings()).is_none(),
                "ended early at ply {i}"
            );
            game.play(text.parse().unwrap(), None);
        }
        let (result, termination, _) = game.rule_ending(&settings()).unwrap();
        assert_eq!(
            (result, termination),
            (GameResult::BlackWins, Termination::PerpetualCheck)
        );
    }

    #[test]
    fn moves_repeating_into_a_perpetual_check_are_forbidden() {
        let mut game = GameInProgress::new(&opening("3k5/9/9/9/9/9/9/9/9/4K3R w", ""));
        for text in ["i0i9", "d9d8", "i9i8", "d8d9"] {
            assert!(game.forbidden_moves(RuleSet::Chinese).is_empty());
            game.play(text.parse().unwrap(), None);
        }
        // Checking back to i9 would repeat the first position, the checks
        // all Red's: banned from the first repetition on.
        let forbidden = game.forbidden_moves(RuleSet::Chinese);
        assert_eq!(forbidden, vec!["i8i9".parse::<Move>().unwrap()]);
    }

    #[test]
    fn perpetual_chase_loses_for_the_chaser() {
        // The red chariot chases the black cannon between a7 and b7.
        let mut game = GameInProgress::new(&opening("4k3r/9/c8/9/9/9/9/1R7/9/3K5 w - - 0 1", ""));
        for text in "b2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7".split(' ') {
            assert!(game.rule_ending(&settings()).is_none());
            game.play(text.parse().unwrap(), None);
        }
        let (result, termination, detail) = game.rule_ending(&settings()).unwrap();
        assert_eq!(
            (result, termination),
            (GameResult::BlackWins, Termination::PerpetualChase)
        );
        assert_eq!(detail, "perpetual chase of the cannon on a7 by Red");
    }

    #[test]
    fn sixty_moves_count_without_the_eleventh_check_on() {
        // 119 plies without a capture in the FEN: one more quiet move draws.
        let mut game = GameInProgress::new(&opening("3k5/9/9/9/9/9/9/9/9/4K3R w - - 119 80", ""));
        assert!(game.rule_ending(&settings()).is_none());
        game.play("i0i1".parse().unwrap(), None);
        assert_eq!(
            game.rule_ending(&settings()).unwrap().1,
            Termination::SixtyMoves
        );
    }

    #[test]
    fn idle_repetition_draws_and_bare_kings_draw() {
        let mut game = GameInProgress::new(&opening(Position::START_FEN, ""));
        for text in "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9".split(' ') {
            assert!(game.rule_ending(&settings()).is_none());
            game.play(text.parse().unwrap(), None);
        }
        assert_eq!(
            game.rule_ending(&settings()).unwrap().1,
            Termination::Repetition
        );
        let game = GameInProgress::new(&opening("3k5/4a4/9/9/9/9/9/9/4A4/4K4 w", ""));
        assert_eq!(
            game.rule_ending(&settings()).unwrap().1,
            Termination::NoAttackers
        );
    }

    #[test]
    fn mate_and_max_moves() {
        // Black king d9 with chariots on ranks 9 and 8: no escape.
        let game = GameInProgress::new(&opening("3k4R/8R/9/9/9/9/9/9/9/4K4 b", ""));
        let (result, termination, _) = game.rule_ending(&settings()).unwrap();
        assert_eq!(
            (result, termination),
            (GameResult::RedWins, Termination::Checkmate)
        );
        let mut limited = settings();
        limited.max_moves = Some(1);
        let mut game = GameInProgress::new(&opening(Position::START_FEN, "h2e2 h9g7"));
        assert!(
            game.rule_ending(&limited).is_none(),
            "opening moves do not count"
        );
        game.play("h0g2".parse().unwrap(), None);
        game.play("i9h9".parse().unwrap(), None);
        assert_eq!(game.rule_ending(&limited).unwrap().1, Termination::MaxMoves);
    }

    /// Scores by move, Red's and Black's in turn, each from its own view.
    fn scored(red: &[Option<i32>], black: &[Option<i32>]) -> ScoreHistory {
        let mut scores = ScoreHistory::default();
        for (r, b) in red.iter().zip(black) {
            scores.push(Color::Red, *r);
            scores.push(Color::Black, *b);
        }
        scores
    }

    #[test]
    fn draw_adjudication_is_judged_while_the_resign_rule_waits_for_scores() {
        let judged = Adjudication {
            resign: Some(ResignRule {
                move_count: 5,
                score: 600,
                two_sided: false,
            }),
            draw: Some(DrawRule {
                move_number: 0,
                move_count: 3,
                score: 10,
            }),
        };
        let quiet = [Some(0); 3];
        let (result, termination, detail) =
            score_adjudication(&judged, &scored(&quiet, &quiet), Color::Black).unwrap();
        assert_eq!(
            (result, termination),
            (GameResult::Draw, Termination::DrawAdjudication)
        );
        assert_eq!(detail, "both engines scored within 10 for 3 moves");
        // A missing score breaks the run of quiet moves.
        let gap = scored(&[Some(0), None, Some(0)], &quiet);
        assert!(score_adjudication(&judged, &gap, Color::Black).is_none());
    }

    #[test]
    fn resign_adjudication_one_and_two_sided() {
        let mut resign = ResignRule {
            move_count: 2,
            score: 600,
            two_sided: false,
        };
        let mut judged = Adjudication {
            resign: Some(resign),
            draw: None,
        };
        // Red sees itself lost; Black does not see itself winning.
        let scores = scored(&[Some(-700), Some(-650)], &[Some(100), Some(0)]);
        let (result, termination, detail) =
            score_adjudication(&judged, &scores, Color::Black).unwrap();
        assert_eq!(
            (result, termination),
            (GameResult::BlackWins, Termination::ResignAdjudication)
        );
        assert_eq!(detail, "the losing engine scored Red lost for 2 moves");
        resign.two_sided = true;
        judged.resign = Some(resign);
        assert!(score_adjudication(&judged, &scores, Color::Black).is_none());
        let agreed = scored(&[Some(-700), Some(-650)], &[Some(600), Some(900)]);
        let (result, _, detail) = score_adjudication(&judged, &agreed, Color::Black).unwrap();
        assert_eq!(result, GameResult::BlackWins);
        assert_eq!(detail, "both engines scored Red lost for 2 moves");
        // One move above the bar breaks the run.
        let broken = scored(&[Some(-599), Some(-650)], &[Some(600), Some(900)]);
        assert!(score_adjudication(&judged, &broken, Color::Black).is_none());
    }

    #[test]
    fn engine_words_are_quoted_short() {
        assert_eq!(shortened("bestmove"), "bestmove");
        let long = "x".repeat(200);
        assert_eq!(shortened(&long), format!("{}...", "x".repeat(60)));
        assert_eq!(shortened(&"é".repeat(61)).chars().count(), 63);
    }

    #[test]
    fn result_points() {
        assert_eq!(GameResult::loss_for(Color::Red), GameResult::BlackWins);
        assert_eq!(GameResult::RedWins.half_points(Color::Red), 2);
        assert_eq!(GameResult::Draw.half_points(Color::Black), 1);
        assert_eq!(GameResult::BlackWins.as_str(), "0-1");
    }
}
