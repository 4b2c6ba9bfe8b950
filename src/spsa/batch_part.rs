//! A batch spread over machines: each worker plays its part of the next
//! batch's pairs (`chuhan spsa play STATE --part I/N`) and writes their
//! scores to a small text file; the driver applies the batch once every
//! part is in (`chuhan spsa apply STATE FILES...`). Any scheduler that runs
//! a command on many machines (GNU parallel, a Slurm array, ssh in a loop)
//! can hand out the parts, as with data generation's shards.
//!
//! A part file names the state it was played from (the pairs played and a
//! checksum of theta), so scores of a stale state are never applied:
//!
//! ```text
//! # chuhan spsa part 1/4 of the batch after pair 120, theta 1f0c55e2a9b1d3c4
//! pair 121: +1 =1 -0 faults 0
//! pair 125: +0 =2 -0 faults 0
//! ```

use super::state::{PairProbe, PairScore, SpsaState};
use crate::checksum::fnv1a;
use std::fmt;

/// Which of N parts (I from 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub index: u64,
    pub count: u64,
}

/// A word that is not a part `I/N`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAPart(pub String);

impl fmt::Display for NotAPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a part I/N (1 <= I <= N)", self.0)
    }
}

impl std::error::Error for NotAPart {}

impl std::str::FromStr for Part {
    type Err = NotAPart;

    fn from_str(text: &str) -> Result<Part, NotAPart> {
        let wrong = || NotAPart(text.to_string());
        let (index, count) = text.split_once('/').ok_or_else(wrong)?;
        let (index, count) = (
            index.trim().parse().map_err(|_| wrong())?,
            count.trim().parse().map_err(|_| wrong())?,
        );
        if index == 0 || index > count {
            return Err(wrong());
        }
        Ok(Part { index, count })
    }
}

/// Why part files cannot be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartError {
    Unreadable {
        line: usize,
        text: String,
    },
    /// Played from another state than the one being applied to.
    Stale {
        played_after: u64,
        theta: String,
    },
    /// Pairs of the batch that no file holds.
    Missing(Vec<u64>),
    /// A pair that is not in the batch, or given twice.
    Unexpected(u64),
}

impl fmt::Display for PartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PartError::Unreadable { line, text } => write!(f, "line {line}: cannot read '{text}'"),
            PartError::Stale {
                played_after,
                theta,
            } => write!(
                f,
                "played from another state (after pair {played_after}, theta {theta}): play it again"
            ),
            PartError::Missing(pairs) => {
                let list: Vec<String> = pairs.iter().map(u64::to_string).collect();
                write!(f, "no part holds pair {}", list.join(", "))
            }
            PartError::Unexpected(pair) => write!(f, "pair {pair} is not due or comes twice"),
        }
    }
}

impl std::error::Error for PartError {}

/// A checksum of theta, bit for bit.
pub fn theta_checksum(state: &SpsaState) -> String {
    let bytes: Vec<u8> = state
        .params
        .iter()
        .flat_map(|p| p.theta.to_bits().to_le_bytes())
        .collect();
    format!("{:016x}", fnv1a(&bytes))
}

/// The probes of the next batch that part `part` plays.
pub fn probes_of(state: &SpsaState, part: Part) -> Vec<PairProbe> {
    state
        .next_batch()
        .into_iter()
        .enumerate()
        .filter(|(i, _)| *i as u64 % part.count == part.index - 1)
        .map(|(_, probe)| probe)
        .collect()
}

/// The part file's text.
pub fn write_part(state: &SpsaState, part: Part, scores: &[PairScore]) -> String {
    let mut text = format!(
        "# chuhan spsa part {}/{} of the batch after pair {}, theta {}\n",
        part.index,
        part.count,
        state.tally.pairs,
        theta_checksum(state)
    );
    for s in scores {
        text += &format!(
            "pair {}: +{} ={} -{} faults {}\n",
            s.pair, s.wins, s.draws, s.losses, s.faults
        );
    }
    text
}

/// The scores of part files' texts, checked against the state they are
/// applied to; every pair of the next batch must be there once.
pub fn read_parts(state: &SpsaState, texts: &[String]) -> Result<Vec<PairScore>, PartError> {
    let due: Vec<u64> = state.next_batch().iter().map(|p| p.pair).collect();
    let mut scores: Vec<PairScore> = Vec::new();
    for text in texts {
        for (index, line) in text.lines().enumerate() {
            let unreadable = || PartError::Unreadable {
                line: index + 1,
                text: line.to_string(),
            };
            if let Some(header) = line.strip_prefix("# chuhan spsa part ") {
                let words: Vec<&str> = header.split_whitespace().collect();
                let (Some(after), Some(theta)) = (words.get(6), words.get(8)) else {
                    return Err(unreadable());
                };
                let played_after = after
                    .trim_end_matches(',')
                    .parse()
                    .map_err(|_| unreadable())?;
                if played_after != state.tally.pairs || *theta != theta_checksum(state) {
                    return Err(PartError::Stale {
                        played_after,
                        theta: theta.to_string(),
                    });
                }
                continue;
            }
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let score = read_score(line).ok_or_else(unreadable)?;
            if !due.contains(&score.pair) || scores.iter().any(|s| s.pair == score.pair) {
                return Err(PartError::Unexpected(score.pair));
            }
            scores.push(score);
        }
    }
    let missing: Vec<u64> = due
        .iter()
        .copied()
        .filter(|pair| !scores.iter().any(|s| s.pair == *pair))
        .collect();
    if !missing.is_empty() {
        return Err(PartError::Missing(missing));
    }
    scores.sort_by_key(|s| s.pair);
    Ok(scores)
}

/// `pair K: +W =D -L faults F`.
fn read_score(line: &str) -> Option<PairScore> {
    let rest = line.strip_prefix("pair ")?;
    let (pair, rest) = rest.split_once(':')?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let [wins, draws, losses, "faults", faults] = words[..] else {
        return None;
    };
    Some(PairScore {
        pair: pair.trim().parse().ok()?,
        wins: wins.strip_prefix('+')?.parse().ok()?,
        draws: draws.strip_prefix('=')?.parse().ok()?,
        losses: losses.strip_prefix('-')?.parse().ok()?,
        faults: faults.parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spsa::schedule::Schedule;
    use crate::spsa::state::SpsaSettings;

    fn state() -> SpsaState {
        let settings = SpsaSettings {
            seed: 5,
            nodes: 100,
            openings: String::new(),
            engine_options: vec![],
            batch: 5,
            history_every: 5,
            schedule: Schedule::fishtest(50),
        };
        SpsaState::new(settings, &["rfp_margin".to_string()]).unwrap()
    }

    fn score(pair: u64) -> PairScore {
        PairScore {
            pair,
            wins: 1,
            draws: 1,
            ..Default::default()
        }
    }

    #[test]
    fn the_parts_of_a_batch_cover_it_once_and_read_back() {
        let state = state();
        let parts = [Part { index: 1, count: 2 }, "2/2".parse().unwrap()];
        let pairs: Vec<Vec<u64>> = parts
            .iter()
            .map(|&p| probes_of(&state, p).iter().map(|q| q.pair).collect())
            .collect();
        assert_eq!(pairs, [vec![1, 3, 5], vec![2, 4]]);
        let texts: Vec<String> = parts
            .iter()
            .zip(&pairs)
            .map(|(&part, pairs)| {
                let scores: Vec<PairScore> = pairs.iter().map(|&k| score(k)).collect();
                write_part(&state, part, &scores)
            })
            .collect();
        let read = read_parts(&state, &texts).unwrap();
        assert_eq!(read, (1..=5).map(score).collect::<Vec<_>>());
        assert_eq!(
            read_parts(&state, &texts[..1]),
            Err(PartError::Missing(vec![2, 4]))
        );
        let twice = [texts[0].clone(), texts[0].clone()];
        assert_eq!(read_parts(&state, &twice), Err(PartError::Unexpected(1)));
        assert!("0/2".parse::<Part>().is_err() && "3/2".parse::<Part>().is_err());
    }

    #[test]
    fn a_part_played_from_another_state_is_refused() {
        let mut state = state();
        let part = Part { index: 1, count: 1 };
        let text = write_part(&state, part, &(1..=5).map(score).collect::<Vec<_>>());
        state.params[0].theta += 0.5;
        let stale = read_parts(&state, &[text]);
        assert!(
            matches!(
                stale,
                Err(PartError::Stale {
                    played_after: 0,
                    ..
                })
            ),
            "{stale:?}"
        );
    }
}
