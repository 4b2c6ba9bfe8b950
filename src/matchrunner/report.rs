//! What the runner prints: a line after each game with the running score,
//! and the closing table per engine pair (games, W/D/L, score, Elo with its
//! 95% interval, LOS, pentanomial pairs, SPRT, and how games ended).

use super::game::Termination;
use super::stats::{Pentanomial, Sprt, SprtState, Tally};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The running results of one pair of engines, from the first one's side.
#[derive(Clone, Debug, Default)]
pub struct PairStats {
    pub first: String,
    pub second: String,
    pub tally: Tally,
    pub pairs: Pentanomial,
    pub endings: BTreeMap<Termination, u32>,
}

impl PairStats {
    pub fn new(first: &str, second: &str) -> PairStats {
        PairStats {
            first: first.to_string(),
            second: second.to_string(),
            ..PairStats::default()
        }
    }

    /// Counts a game by the first engine's half points (0, 1, 2).
    pub fn add_game(&mut self, half_points: u32, termination: Termination) {
        match half_points {
            2 => self.tally.wins += 1,
            1 => self.tally.draws += 1,
            _ => self.tally.losses += 1,
        }
        *self.endings.entry(termination).or_default() += 1;
    }

    /// `Score of A vs B: 5 - 3 - 4 [0.583] 12, Elo 58 +/- 190`.
    pub fn score_line(&self) -> String {
        let t = &self.tally;
        let mut line = format!(
            "Score of {} vs {}: {} - {} - {} [{:.3}] {}",
            self.first,
            self.second,
            t.wins,
            t.losses,
            t.draws,
            t.score().unwrap_or(0.5),
            t.games()
        );
        if let Some((elo, margin)) = t.elo_with_margin() {
            let _ = write!(line, ", Elo {}", elo_text(elo, margin, t.one_sided_bound()));
        }
        line
    }

    /// The closing table for this pair.
    pub fn table(&self, sprt: Option<(&Sprt, f64)>) -> String {
        let t = &self.tally;
        let mut out = String::new();
        let _ = writeln!(out, "{} vs {}", self.first, self.second);
        let _ = writeln!(
            out,
            "  games {}: {}, {}, {} for {}; score {:.1}%",
            t.games(),
            counted(t.wins, "win", "wins"),
            counted(t.draws, "draw", "draws"),
            counted(t.losses, "loss", "losses"),
            self.first,
            100.0 * t.score().unwrap_or(0.5)
        );
        match t.elo_with_margin() {
            Some((elo, margin)) => {
                let _ = write!(
                    out,
                    "  Elo difference: {} (95%)",
                    elo_text(elo, margin, t.one_sided_bound())
                );
            }
            None => out.push_str("  Elo difference: -"),
        }
        match t.los() {
            Some(los) => {
                let _ = writeln!(out, ", LOS {:.1}%", 100.0 * los);
            }
            None => out.push_str(", LOS -\n"),
        }
        let p = self.pairs.0;
        let _ = writeln!(
            out,
            "  pairs [0, 1/2, 1, 3/2, 2 points]: [{}, {}, {}, {}, {}]",
            p[0], p[1], p[2], p[3], p[4]
        );
        if let Some((sprt, llr)) = sprt {
            let verdict = match sprt.state(&self.pairs) {
                SprtState::AcceptH1 => "H1 accepted",
                SprtState::AcceptH0 => "H0 accepted",
                SprtState::Continue => "no decision",
            };
            let _ = writeln!(
                out,
                "  SPRT elo0={} elo1={} alpha={} beta={}: LLR {:.2} [{:.2}, {:.2}], {verdict}",
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.beta,
                llr,
                sprt.lower_bound(),
                sprt.upper_bound()
            );
        }
        let endings: Vec<String> = self
            .endings
            .iter()
            .map(|(reason, n)| format!("{reason} {n}"))
            .collect();
        let _ = writeln!(
            out,
            "  endings: {}",
            if endings.is_empty() {
                "-".into()
            } else {
                endings.join(", ")
            }
        );
        out
    }
}

/// `3 wins`, `1 win`.
fn counted(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `58.3 +/- 190.2`; when one side scored everything, `+inf, at least
/// -636.0` with the bound the games allow.
fn elo_text(elo: f64, margin: f64, bound: Option<f64>) -> String {
    // An even score is 0, not the -0.0 that -400 log10(1) gives.
    let elo = elo + 0.0;
    if elo.is_finite() && margin.is_finite() {
        format!("{elo:.1} +/- {margin:.1}")
    } else if elo.is_finite() {
        format!("{elo:.1} +/- inf")
    } else {
        match (elo > 0.0, bound) {
            (true, Some(b)) => format!("+inf, at least {b:+.1}"),
            (false, Some(b)) => format!("-inf, at most {b:+.1}"),
            (true, None) => "+inf".to_string(),
            (false, None) => "-inf".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_lists_results_and_endings() {
        let mut stats = PairStats::new("A", "B");
        stats.add_game(2, Termination::Checkmate);
        stats.add_game(1, Termination::SixtyMoves);
        stats.add_game(2, Termination::Checkmate);
        stats.pairs.add_pair(2, 1);
        let table = stats.table(None);
        assert!(
            table.contains("games 3: 2 wins, 1 draw, 0 losses for A; score 83.3%"),
            "{table}"
        );
        assert!(
            table.contains("endings: checkmate 2, 60-move rule 1"),
            "{table}"
        );
        assert!(table.contains("[0, 0, 0, 1, 0]"), "{table}");
        assert!(stats
            .score_line()
            .starts_with("Score of A vs B: 2 - 0 - 1 [0.833] 3, Elo 279.6"));
    }
}
