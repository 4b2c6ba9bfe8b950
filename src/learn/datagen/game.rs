//! One self-play game for training data: an opening drawn by a seed (a walk
//! through the opening book or one of the match runner's built-in openings,
//! a few random legal plies, then a few plies each chosen among the moves
//! that a multi-PV search finds within a margin of the best), then the
//! engine against itself at a fixed node budget per move, judged by the
//! rules module (mate, no legal move, repetition verdicts, the 60-move rule)
//! and by score thresholds (resign, agreed draw) so that decided games do
//! not run on.
//!
//! The game depends on the seed alone: the engine is cleared before play,
//! searches on one thread, and a node-limited search on one thread is
//! deterministic.
//!
//! A position is written with the search's score as its label, except where
//! that score is no evaluation: a mate found, or a win by the repetition
//! rules (judged at a cycle's second occurrence, which the loser may still
//! avoid). Such positions are dropped, and such scores never adjudicate.

use crate::arena::adjudication::{Adjudged, Adjudication, DrawRule, ResignRule, ScoreHistory};
use crate::arena::openings::{self, Opening};
use crate::book::{Books, Randomness};
use crate::core::{Color, GameResult, Move, Position};
use crate::eval::Evaluator;
use crate::learn::data::format::Record;
use crate::learn::data::games::{Entry, TrainingGame};
use crate::random::Rng;
use crate::rules::{losing_repetitions, Referee, RuleSet};
use crate::search::score::is_rule_score;
use crate::search::{Engine, Info, Limits, Score};
use std::sync::{Arc, Mutex};

/// How games are played and when they are adjudicated.
#[derive(Clone, Debug)]
pub struct SelfPlaySettings {
    /// Nodes searched per move.
    pub nodes: u64,
    /// The node budget is soft: the iteration running when it is spent
    /// finishes (within [`SOFT_NODES_CAP`] times the budget), so that every
    /// label is the score of a whole depth.
    pub soft_nodes: bool,
    pub hash_megabytes: usize,
    /// The most plies taken from the book before play starts.
    pub book_plies: usize,
    /// The most random legal plies after the opening (0 to this many).
    pub random_plies: usize,
    /// Plies after those, each drawn among the moves a multi-PV search of
    /// `variety_lines` lines scores within `variety_margin` of the best.
    pub variety_plies: usize,
    pub variety_lines: usize,
    pub variety_margin: i32,
    /// When the scores end a game: resigned (both sides' scores agree, as
    /// one engine plays both) or an agreed draw.
    pub adjudication: Adjudication,
    /// A game that reaches this ply is a draw.
    pub max_plies: usize,
    pub rules: RuleSet,
    /// The evaluation both sides search with.
    pub evaluator: Evaluator,
}

impl Default for SelfPlaySettings {
    fn default() -> SelfPlaySettings {
        SelfPlaySettings {
            nodes: 5_000,
            soft_nodes: false,
            hash_megabytes: 16,
            book_plies: 16,
            random_plies: 4,
            variety_plies: 8,
            variety_lines: 4,
            variety_margin: 40,
            adjudication: Adjudication {
                resign: Some(ResignRule {
                    move_count: 3,
                    score: 1_000,
                    two_sided: true,
                }),
                draw: Some(DrawRule {
                    move_number: 40,
                    move_count: 8,
                    score: 10,
                }),
            },
            max_plies: 400,
            rules: RuleSet::default(),
            evaluator: Evaluator::Classical,
        }
    }
}

/// A soft node budget never runs past this many times itself.
pub const SOFT_NODES_CAP: u64 = 4;

impl SelfPlaySettings {
    /// The engine the games are played with, on one thread.
    pub fn engine(&self) -> Engine {
        let mut engine = Engine::new(self.hash_megabytes, 1);
        engine.set_rules(self.rules);
        engine.set_evaluator(self.evaluator.clone());
        engine
    }

    /// The search limits of one move.
    fn limits(&self, banned: Vec<Move>) -> Limits {
        let (nodes, soft_nodes) = if self.soft_nodes {
            (self.nodes.saturating_mul(SOFT_NODES_CAP), Some(self.nodes))
        } else {
            (self.nodes, None)
        };
        Limits {
            nodes: Some(nodes),
            soft_nodes,
            banned,
            ..Limits::default()
        }
    }
}

/// Where games start: the built-in openings and, when given, a book.
pub struct SelfPlayOpenings {
    built_in: Vec<Opening>,
    book: Books,
}

impl SelfPlayOpenings {
    pub fn new(book: Books) -> SelfPlayOpenings {
        SelfPlayOpenings {
            built_in: openings::built_in(),
            book,
        }
    }

    /// The opening of the game with this generator: the start position and
    /// the moves played from it. Half the games walk the book (when there is
    /// one), the others take a built-in opening; then up to `random_plies`
    /// random legal moves follow.
    fn draw(&self, settings: &SelfPlaySettings, rng: &mut Rng) -> Position {
        let mut pos = Position::startpos();
        if !self.book.is_empty() && rng.next_u64().is_multiple_of(2) {
            let plies = 2 + (rng.next_u64() % settings.book_plies.max(1) as u64) as usize;
            for _ in 0..plies {
                match self.book.probe(&pos, &[], Randomness::Medium, rng) {
                    Some(book_move) => pos.make(book_move.mv),
                    None => break,
                }
            }
        } else {
            let opening = &self.built_in[(rng.next_u64() % self.built_in.len() as u64) as usize];
            for &mv in &opening.moves {
                pos.make(mv);
            }
        }
        let random = (rng.next_u64() % (settings.random_plies as u64 + 1)) as usize;
        for _ in 0..random {
            let moves = pos.legal_moves();
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            pos.make(mv);
            // Never hand the engines a finished game.
            if pos.has_no_moves() {
                pos.unmake();
                break;
            }
        }
        pos
    }
}

/// A finished game's positions, labelled with its result.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The whole game from its start, every position searched and the
    /// position it ended in, as the game file keeps it (its index 0).
    pub game: TrainingGame,
    pub result: GameResult,
    /// Why it ended: the rules' reason, "resigned", "agreed draw" or "ply limit".
    pub reason: String,
}

/// The position game `seed` starts from, its opening's moves as its
/// history: drawn from `openings`, then the random plies, then the varied
/// plies searched by `engine` (from [`SelfPlaySettings::engine`], cleared first).
pub fn game_start(
    settings: &SelfPlaySettings,
    openings: &SelfPlayOpenings,
    seed: u64,
    engine: &mut Engine,
) -> Position {
    let mut rng = Rng::new(seed);
    let mut pos = openings.draw(settings, &mut rng);
    engine.clear();
    for _ in 0..settings.variety_plies {
        if pos.has_no_moves() {
            break;
        }
        let mv = varied_move(settings, engine, &pos, &mut rng);
        pos.make(mv);
    }
    if pos.has_no_moves() {
        // Never hand the engines a finished game.
        pos.unmake();
    }
    pos
}

/// Each line's first move and score, as a multi-PV search last reported it.
type Lines = Vec<Option<(Move, i32)>>;

/// A move drawn among the best lines of a multi-PV search that score within
/// the margin of the best.
fn varied_move(
    settings: &SelfPlaySettings,
    engine: &Engine,
    pos: &Position,
    rng: &mut Rng,
) -> Move {
    let lines = settings.variety_lines.max(1);
    let found: Arc<Mutex<Lines>> = Arc::new(Mutex::new(vec![None; lines]));
    let sink = {
        let found = Arc::clone(&found);
        Box::new(move |info: &Info| {
            if let Info::Iteration(line) = info {
                let first = line.pv.first().copied();
                if let (Some(mv), Ok(mut found)) = (first, found.lock()) {
                    if let Some(slot) = found.get_mut(line.multipv - 1) {
                        *slot = Some((mv, line.score.as_centipawns()));
                    }
                }
            }
        })
    };
    let limits = Limits {
        multipv: lines,
        ..settings.limits(losing_repetitions(pos, settings.rules))
    };
    let outcome = engine.go(pos, limits, sink).wait();
    let best = outcome
        .best
        .expect("a position with legal moves has a best move");
    let found = found.lock().map(|f| f.clone()).unwrap_or_default();
    let Some((_, best_score)) = found[0] else {
        return best;
    };
    let close: Vec<Move> = found
        .iter()
        .flatten()
        .filter(|(_, score)| *score >= best_score - settings.variety_margin)
        .map(|&(mv, _)| mv)
        .collect();
    close[(rng.next_u64() % close.len() as u64) as usize]
}

/// Plays the game from `start` (a position from [`game_start`]) with
/// `engine` (from [`SelfPlaySettings::engine`]), cleared first; `None` if
/// `stop` said to give up midway.
pub fn play_game(
    settings: &SelfPlaySettings,
    start: &Position,
    engine: &mut Engine,
    stop: &dyn Fn() -> bool,
) -> Option<PlayedGame> {
    engine.clear();
    let mut referee = Referee::new(&Position::startpos(), settings.rules);
    for mv in start.history().iter().filter_map(|undo| undo.mv) {
        referee.play(mv).expect("the opening's moves are legal");
    }
    let mut entries = Vec::new();
    let mut moves = Vec::new();
    let mut scores = ScoreHistory::default();
    let (result, reason) = loop {
        if stop() {
            return None;
        }
        // The position the game ended in is kept too, as no record: the
        // game's last move leads to it.
        let ended = |entries: &mut Vec<Entry>| {
            if entries.len() == moves.len() {
                let score = entries.last().map_or(0, |e: &Entry| e.score);
                entries.push(Entry {
                    score,
                    record: false,
                    captures: false,
                });
            }
        };
        let judgement = referee.judgement();
        if let Some(result) = judgement.outcome {
            ended(&mut entries);
            break (result, judgement.reason);
        }
        if referee.plies() >= settings.max_plies {
            ended(&mut entries);
            break (GameResult::Draw, "ply limit".to_string());
        }
        let pos = referee.position();
        let mut banned = losing_repetitions(pos, settings.rules);
        if banned.len() == pos.count_legal_moves() {
            // Every move loses by repetition: play one and let the rules say so.
            banned.clear();
        }
        let outcome = engine.search(pos, settings.limits(banned));
        let best = outcome
            .best
            .expect("a position with legal moves has a best move");
        let red = |score: i32| match pos.side_to_move() {
            Color::Red => score,
            Color::Black => -score,
        };
        let (label, adjudicating) = match outcome.score {
            Score::Cp(cp) if is_rule_score(cp) => (None, None),
            Score::Cp(cp) => (Some(red(cp)), Some(cp)),
            mate @ Score::Mate(_) => (None, Some(mate.as_centipawns())),
        };
        let captures = pos.piece_at(best.to()).is_some();
        let shown = red(outcome.score.as_centipawns());
        entries.push(Entry {
            score: label
                .unwrap_or(shown)
                .clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            record: label.is_some(),
            captures,
        });
        let mover = pos.side_to_move();
        scores.push(mover, adjudicating);
        if let Some(verdict) = settings.adjudication.judge(&scores, mover) {
            let reason = match verdict {
                Adjudged::Resign { .. } => "resigned",
                Adjudged::Draw => "agreed draw",
            };
            break (verdict.result(), reason.to_string());
        }
        referee.play(best).expect("the engine plays legal moves");
        moves.push(best);
    };
    let game = TrainingGame {
        index: 0,
        result,
        start: start_position(start),
        start_ply: start.history().len().min(u16::MAX as usize) as u16,
        entries,
        moves,
    };
    Some(PlayedGame {
        game,
        result,
        reason,
    })
}

impl PlayedGame {
    /// The positions that are training records, labelled with the result.
    pub fn records(&self) -> Vec<Record> {
        self.game.records()
    }
}

/// `pos` without its history: the pieces and the side to move, all that a
/// game file keeps of a first position.
fn start_position(pos: &Position) -> Position {
    Position::from_fen(&pos.to_fen()).expect("a position's own FEN reads back")
}

/// The game of `seed` from its start to its end: [`game_start`] then
/// [`play_game`].
pub fn play_seeded(
    settings: &SelfPlaySettings,
    openings: &SelfPlayOpenings,
    seed: u64,
    engine: &mut Engine,
    stop: &dyn Fn() -> bool,
) -> Option<PlayedGame> {
    let start = game_start(settings, openings, seed, engine);
    play_game(settings, &start, engine, stop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_played_to_a_result_and_repeats_for_its_seed() {
        let settings = SelfPlaySettings {
            nodes: 200,
            ..SelfPlaySettings::default()
        };
        let openings = SelfPlayOpenings::new(Books::none());
        let mut engine = settings.engine();
        let mut play = |seed| {
            let start = game_start(&settings, &openings, seed, &mut engine);
            (
                start.clone(),
                play_game(&settings, &start, &mut engine, &|| false).unwrap(),
            )
        };
        let (start, game) = play(11);
        assert!(!game.records().is_empty());
        assert!(game.records().iter().all(|r| r.result == game.result));
        let _ = play(12);
        let (start_again, again) = play(11);
        assert_eq!(start.hash(), start_again.hash());
        assert_eq!(
            game.records(),
            again.records(),
            "the engine is cleared for each game"
        );
        // Plies count on from the opening's moves, and the varied plies are
        // part of the opening.
        let plies: Vec<u16> = game.records().iter().map(|r| r.ply).collect();
        assert!(plies.windows(2).all(|w| w[1] > w[0]));
        assert_eq!(plies[0] as usize, start.history().len());
        assert!(
            plies[0] >= 4 + 8,
            "the built-in openings are four plies or more, then eight varied plies"
        );
        // No record carries a mate or a win by the rules as its label.
        assert!(game
            .records()
            .iter()
            .all(|r| (r.score as i32).abs() < 29_000 && (r.score as i32).abs() != 1_000));
    }

    #[test]
    fn varied_plies_vary_the_start() {
        let settings = SelfPlaySettings {
            nodes: 300,
            random_plies: 0,
            ..SelfPlaySettings::default()
        };
        let openings = SelfPlayOpenings::new(Books::none());
        let mut engine = settings.engine();
        let starts: std::collections::HashSet<u64> = (0..30)
            .map(|seed| game_start(&settings, &openings, seed, &mut engine).hash())
            .collect();
        assert!(starts.len() >= 28, "{} distinct starts of 30", starts.len());
    }
}
