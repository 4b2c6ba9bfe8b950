//! One self-play game for training data: an opening drawn by a seed (a walk
//! through the opening book or one of the match runner's built-in openings,
//! then a few random legal plies), then the engine against itself at a fixed
//! node budget per move, judged by the rules module (mate, no legal move,
//! repetition verdicts, the 60-move rule) and by score thresholds (resign,
//! agreed draw) so that decided games do not run on.
//!
//! The game depends on the seed alone: each game gets a fresh engine on one
//! thread, and a node-limited search on one thread is deterministic.

use super::format::{GameResult, Record};
use crate::book::{Books, Randomness};
use crate::core::{Color, Position};
use crate::matchrunner::openings::{self, Opening};
use crate::random::Rng;
use crate::rules::{judge_game, losing_repetitions, GameOutcome, RuleSet};
use crate::search::{Engine, Evaluator, Limits};

/// How games are played and when they are adjudicated.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// Nodes searched per move.
    pub nodes: u64,
    pub hash_megabytes: usize,
    /// The most plies taken from the book before play starts.
    pub book_plies: usize,
    /// The most random legal plies after the opening (0 to this many).
    pub random_plies: usize,
    /// A side whose score stays beyond this (centipawns) for
    /// `resign_plies` plies in a row, seen by both sides, has won.
    pub resign_score: i32,
    pub resign_plies: usize,
    /// Scores within this of 0 for `draw_plies` plies in a row, from ply
    /// `draw_after` on, are an agreed draw.
    pub draw_score: i32,
    pub draw_plies: usize,
    pub draw_after: usize,
    /// A game that reaches this ply is a draw.
    pub max_plies: usize,
    pub rules: RuleSet,
    /// The evaluation both sides search with.
    pub evaluator: Evaluator,
}

impl Default for GameSettings {
    fn default() -> GameSettings {
        GameSettings {
            nodes: 5_000,
            hash_megabytes: 16,
            book_plies: 16,
            random_plies: 4,
            resign_score: 1_000,
            resign_plies: 6,
            draw_score: 10,
            draw_plies: 16,
            draw_after: 80,
            max_plies: 400,
            rules: RuleSet::default(),
            evaluator: Evaluator::Classical,
        }
    }
}

/// Where games start: the built-in openings and, when given, a book.
pub struct OpeningSource {
    built_in: Vec<Opening>,
    book: Books,
}

impl OpeningSource {
    pub fn new(book: Books) -> OpeningSource {
        OpeningSource {
            built_in: openings::built_in(),
            book,
        }
    }

    /// The opening of the game with this generator: the start position and
    /// the moves played from it. Half the games walk the book (when there is
    /// one), the others take a built-in opening; then up to `random_plies`
    /// random legal moves follow.
    fn draw(&self, settings: &GameSettings, rng: &mut Rng) -> Position {
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
    pub records: Vec<Record>,
    pub result: GameResult,
    /// Why it ended: the rules' reason, "resigned", "agreed draw" or "ply limit".
    pub reason: String,
}

/// Plays the game of `seed`; `None` if `stop` said to give up midway.
pub fn play_game(
    settings: &GameSettings,
    openings: &OpeningSource,
    seed: u64,
    stop: &dyn Fn() -> bool,
) -> Option<PlayedGame> {
    let mut rng = Rng::new(seed);
    let mut pos = openings.draw(settings, &mut rng);
    let start = Position::startpos();
    let mut moves: Vec<_> = pos.history().iter().filter_map(|undo| undo.mv).collect();
    let mut engine = Engine::new(settings.hash_megabytes, 1);
    engine.set_rules(settings.rules);
    engine.set_evaluator(settings.evaluator.clone());
    let mut records = Vec::new();
    // Scores from Red's view, one per ply played.
    let mut scores: Vec<i32> = Vec::new();
    let (result, reason) = loop {
        if stop() {
            return None;
        }
        let judgement =
            judge_game(&start, &moves, settings.rules).expect("our own moves are legal");
        match judgement.outcome {
            GameOutcome::Ongoing => {}
            GameOutcome::Draw => break (GameResult::Draw, judgement.reason),
            GameOutcome::Loses(loser) => break (GameResult::loss_for(loser), judgement.reason),
        }
        if moves.len() >= settings.max_plies {
            break (GameResult::Draw, "ply limit".to_string());
        }
        let mut banned = losing_repetitions(&pos, settings.rules);
        if banned.len() == pos.count_legal_moves() {
            // Every move loses by repetition: play one and let the rules say so.
            banned.clear();
        }
        let limits = Limits {
            nodes: Some(settings.nodes),
            banned,
            ..Limits::default()
        };
        let outcome = engine.search(&pos, limits);
        let best = outcome
            .best
            .expect("a position with legal moves has a best move");
        let for_mover = outcome.score.as_centipawns();
        let red_score = match pos.side_to_move() {
            Color::Red => for_mover,
            Color::Black => -for_mover,
        };
        let captures = pos.piece_at(best.to()).is_some();
        let score = red_score.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        let ply = moves.len().min(u16::MAX as usize) as u16;
        records.push(Record::new(&pos, score, captures, GameResult::Draw, ply));
        scores.push(red_score);
        if let Some(verdict) = adjudicate(settings, &scores) {
            break verdict;
        }
        pos.make(best);
        moves.push(best);
    };
    for record in &mut records {
        record.result = result;
    }
    Some(PlayedGame {
        records,
        result,
        reason,
    })
}

/// The verdict of the score thresholds on the scores so far, if any.
fn adjudicate(settings: &GameSettings, scores: &[i32]) -> Option<(GameResult, String)> {
    let last = |n: usize| (scores.len() >= n.max(1)).then(|| &scores[scores.len() - n.max(1)..]);
    if let Some(recent) = last(settings.resign_plies) {
        if recent.iter().all(|&s| s >= settings.resign_score) {
            return Some((GameResult::RedWins, "resigned".to_string()));
        }
        if recent.iter().all(|&s| s <= -settings.resign_score) {
            return Some((GameResult::BlackWins, "resigned".to_string()));
        }
    }
    if scores.len() >= settings.draw_after {
        if let Some(recent) = last(settings.draw_plies) {
            if recent.iter().all(|&s| s.abs() <= settings.draw_score) {
                return Some((GameResult::Draw, "agreed draw".to_string()));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_adjudicate_only_runs_of_plies() {
        let settings = GameSettings {
            resign_score: 500,
            resign_plies: 3,
            draw_score: 5,
            draw_plies: 2,
            draw_after: 4,
            ..GameSettings::default()
        };
        assert_eq!(adjudicate(&settings, &[600, 600]), None);
        assert_eq!(
            adjudicate(&settings, &[0, 600, 700, 800]).map(|v| v.0),
            Some(GameResult::RedWins)
        );
        assert_eq!(
            adjudicate(&settings, &[-600, -900, -501]).map(|v| v.0),
            Some(GameResult::BlackWins)
        );
        assert_eq!(adjudicate(&settings, &[600, -600, 600]), None);
        // Quiet scores draw only from ply `draw_after` on.
        assert_eq!(adjudicate(&settings, &[0, 0, 0]), None);
        assert_eq!(
            adjudicate(&settings, &[100, 50, 3, -2]).map(|v| v.0),
            Some(GameResult::Draw)
        );
    }

    #[test]
    fn a_game_is_played_to_a_result_and_repeats_for_its_seed() {
        let settings = GameSettings {
            nodes: 200,
            ..GameSettings::default()
        };
        let openings = OpeningSource::new(Books::none());
        let game = play_game(&settings, &openings, 11, &|| false).unwrap();
        assert!(!game.records.is_empty());
        assert!(game.records.iter().all(|r| r.result == game.result));
        let again = play_game(&settings, &openings, 11, &|| false).unwrap();
        assert_eq!(game.records, again.records);
        // Plies count on from the opening's moves.
        let plies: Vec<u16> = game.records.iter().map(|r| r.ply).collect();
        assert!(plies.windows(2).all(|w| w[1] == w[0] + 1));
        assert!(
            plies[0] >= 4,
            "the built-in openings are four plies or more"
        );
    }
}
