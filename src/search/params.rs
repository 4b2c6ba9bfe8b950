//! Every tuning number of the search and its time manager in one place:
//! each with its value, the range a tuner may move it in, the step it
//! should try (SPSA's `c`, about a tenth of the range), and what it
//! controls. The search reads
//! them as functions that a normal build turns into constants (no speed
//! lost; the bench signature proves the values unchanged); a tuning build
//! (`--features tune`) reads values an engine option sets, so a tuner can
//! give each engine of a match its own.
//!
//! Depths are plies; margins centipawns; the reduction table's two numbers
//! are hundredths (`lmr_base` 60 is 0.60), as are the time manager's
//! factors (`tm_`, which only a clock gives a say).

/// One tunable number of the search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// The name a tuner and an engine option know it by.
    pub name: &'static str,
    pub value: i32,
    pub min: i32,
    pub max: i32,
    /// The perturbation a tuner should start from.
    pub step: i32,
    /// What it controls, in one line.
    pub what: &'static str,
}

/// Declares each parameter once: a function the search calls (a constant
/// in a normal build, the value set by option in a tuning build) and a row
/// of [`PARAMS`].
macro_rules! search_params {
    ($($(#[doc = $what:literal])+ $name:ident = $value:literal in $min:literal..=$max:literal step $step:literal;)+) => {
        /// Each parameter's place in [`PARAMS`].
        #[allow(non_camel_case_types, dead_code)]
        enum Index {
            $($name,)+
        }

        $(
            $(#[doc = $what])+
            #[cfg(not(feature = "tune"))]
            #[inline(always)]
            pub const fn $name() -> i32 {
                $value
            }

            $(#[doc = $what])+
            #[cfg(feature = "tune")]
            #[inline(always)]
            pub fn $name() -> i32 {
                tuned::VALUES[Index::$name as usize].load(std::sync::atomic::Ordering::Relaxed)
            }
        )+

        /// Every parameter, in the order the search meets them.
        pub const PARAMS: &[Param] = &[
            $(Param {
                name: stringify!($name),
                value: $value,
                min: $min,
                max: $max,
                step: $step,
                what: concat!($($what),+),
            },)+
        ];

        /// The values a tuning build runs with, set by engine option.
        #[cfg(feature = "tune")]
        mod tuned {
            use std::sync::atomic::AtomicI32;
            pub static VALUES: [AtomicI32; super::PARAMS.len()] = [$(AtomicI32::new($value),)+];
        }
    };
}

/// Whether this build lets the parameters be set (`cargo build --features
/// tune`): it then offers each as an engine option, for a tuner's matches.
pub const TUNABLE: bool = cfg!(feature = "tune");

/// Why a parameter was not set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    Unknown(String),
    OutOfRange {
        param: Param,
        value: i32,
    },
    /// A normal build reads its parameters as constants.
    NotTunable,
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamError::Unknown(name) => write!(f, "no search parameter is called '{name}'"),
            ParamError::OutOfRange { param, value } => write!(
                f,
                "{} is from {} to {}, not {value}",
                param.name, param.min, param.max
            ),
            ParamError::NotTunable => {
                f.write_str("this build reads the search's parameters as constants (build with --features tune)")
            }
        }
    }
}

impl std::error::Error for ParamError {}

/// The parameter called `name` (case does not matter) and its place.
pub fn find(name: &str) -> Option<(usize, &'static Param)> {
    PARAMS
        .iter()
        .enumerate()
        .find(|(_, p)| p.name.eq_ignore_ascii_case(name.trim()))
}

/// Sets the parameter called `name` for the searches that start from now
/// on, in a tuning build; a value out of its range is refused.
pub fn set(name: &str, value: i32) -> Result<(), ParamError> {
    let (index, param) = find(name).ok_or_else(|| ParamError::Unknown(name.to_string()))?;
    if !(param.min..=param.max).contains(&value) {
        return Err(ParamError::OutOfRange {
            param: *param,
            value,
        });
    }
    store(index, value)
}

#[cfg(feature = "tune")]
fn store(index: usize, value: i32) -> Result<(), ParamError> {
    tuned::VALUES[index].store(value, std::sync::atomic::Ordering::Relaxed);
    Ok(())
}

#[cfg(not(feature = "tune"))]
fn store(_: usize, _: i32) -> Result<(), ParamError> {
    Err(ParamError::NotTunable)
}

search_params! {
    /// Reverse futility pruning: the deepest node it prunes.
    rfp_depth = 7 in 4..=10 step 1;
    /// Reverse futility pruning: the margin a ply above beta.
    rfp_margin = 90 in 40..=160 step 10;
    /// Null move: the least depth it is tried at.
    nmp_depth = 3 in 2..=5 step 1;
    /// Null move: the reduction's base.
    nmp_base = 3 in 2..=5 step 1;
    /// Null move: one ply more of reduction per this many plies of depth.
    nmp_depth_divisor = 4 in 2..=8 step 1;
    /// Null move: one ply more of reduction per this many centipawns above beta.
    nmp_eval_divisor = 200 in 100..=400 step 25;
    /// Null move: the most plies the margin above beta adds.
    nmp_eval_max = 3 in 1..=5 step 1;
    /// Null move: the least depth a pass that fails high is verified at, where a pass may not be safe.
    nmp_verify_depth = 12 in 6..=20 step 2;
    /// Internal iterative reduction: the least depth a node without a hash move loses a ply at.
    iir_depth = 4 in 2..=8 step 1;
    /// Late move pruning: the deepest node it prunes quiet moves at.
    lmp_depth = 4 in 2..=7 step 1;
    /// Late move pruning: once this many plus depth squared moves (of every
    /// kind) are searched, halved at a node that is not improving, the
    /// quiet moves left are pruned.
    lmp_base = 3 in 1..=8 step 1;
    /// Futility pruning of quiet moves: the deepest node it prunes.
    fp_depth = 6 in 3..=9 step 1;
    /// Futility pruning: the margin at depth 0.
    fp_base = 120 in 40..=250 step 15;
    /// Futility pruning: the margin added a ply.
    fp_margin = 90 in 40..=160 step 10;
    /// Static exchange pruning: the deepest node it prunes.
    see_depth = 5 in 3..=8 step 1;
    /// Static exchange pruning: the loss a ply a quiet move may risk.
    see_quiet_margin = 50 in 20..=120 step 10;
    /// Static exchange pruning: the loss a ply a capture may risk.
    see_capture_margin = 110 in 50..=200 step 15;
    /// Late move reductions: the least depth they apply at.
    lmr_depth = 3 in 2..=5 step 1;
    /// Late move reductions: the table's base, in hundredths of a ply.
    lmr_base = 60 in 0..=150 step 10;
    /// Late move reductions: the table's divisor of ln(depth) ln(moves), in hundredths.
    lmr_divisor = 220 in 150..=350 step 15;
    /// Late move reductions: one ply less per this much quiet history.
    lmr_history_divisor = 6000 in 3000..=12000 step 500;
    /// Singular extensions: the least depth the hash move is tested at.
    singular_depth = 8 in 5..=12 step 1;
    /// Singular extensions: how much shallower than the node the hash entry may be.
    singular_tt_depth = 3 in 1..=5 step 1;
    /// Singular extensions: the margin below the hash score, a ply of depth.
    singular_margin = 2 in 1..=4 step 1;
    /// Quiescence delta pruning: the margin beyond the captured piece.
    delta_margin = 150 in 50..=300 step 20;
    /// Null move: how deep a verification runs without passes, in hundredths of its depth.
    nmp_verify_share = 75 in 25..=100 step 5;
    /// Aspiration windows: the least depth an iteration searches in a window.
    aw_depth = 5 in 2..=8 step 1;
    /// Aspiration windows: the first window's half-width.
    aw_window = 20 in 6..=60 step 4;
    /// Aspiration windows: how much wider, by turns of four, a helper thread's first window is.
    aw_thread_spread = 8 in 0..=24 step 2;
    /// Aspiration windows: how much a failed window grows, in hundredths of itself.
    aw_growth = 50 in 10..=150 step 10;
    /// Aspiration windows: the centipawns a failed window grows by besides.
    aw_widen = 10 in 0..=40 step 4;
    /// History: the bonus of a cut, a ply of depth squared.
    hist_bonus_quadratic = 16 in 4..=40 step 3;
    /// History: the bonus of a cut, a ply of depth.
    hist_bonus_linear = 32 in 0..=96 step 8;
    /// History: the largest bonus (and malus) one cut gives.
    hist_bonus_max = 1600 in 400..=4000 step 200;
    /// Move ordering: a captured piece's value is weighed this many times (most valuable victim).
    mvv_victim_scale = 16 in 4..=64 step 4;
    /// Move ordering: the capturing piece's value is divided by this (least valuable attacker).
    lva_attacker_divisor = 16 in 4..=64 step 4;

    // The time manager's numbers (`tm_`): they matter only under a clock.

    /// Time: the moves a sudden-death clock is shared over.
    tm_moves_left = 32 in 16..=60 step 4;
    /// Time: the share of the increment a move spends besides its share of the clock, in hundredths.
    tm_increment_share = 75 in 40..=100 step 5;
    /// Time: how far the clocks' ratio may stretch a move's time, in hundredths above 1 (and below, as its inverse).
    tm_clock_ratio = 25 in 0..=60 step 5;
    /// Time: the hard limit as a multiple of the soft time, in hundredths.
    tm_hard_ratio = 400 in 200..=800 step 50;
    /// Time: the soft time when the best move just changed, in hundredths of the plan.
    tm_unstable = 160 in 100..=250 step 10;
    /// Time: the soft time when the best move held one iteration, in hundredths.
    tm_stable_1 = 120 in 80..=180 step 10;
    /// Time: the soft time when the best move held two or three iterations, in hundredths.
    tm_stable_3 = 90 in 50..=130 step 10;
    /// Time: the soft time when the best move held four iterations or more, in hundredths.
    tm_settled = 60 in 30..=100 step 5;
    /// Time: the score's fall (centipawns) that buys the most extra time.
    tm_fall_cap = 120 in 40..=300 step 20;
    /// Time: the extra time that fall buys, in hundredths of the soft time.
    tm_fall_bonus = 50 in 0..=150 step 10;
    /// Time: the share of the nodes under the best move (hundredths) past which it is trusted.
    tm_effort_share = 90 in 70..=99 step 3;
    /// Time: the soft time once the best move is trusted, in hundredths.
    tm_effort_cut = 75 in 40..=100 step 5;
    /// Time: the most a move spends by plan of what is left, when it is the last before the control, in hundredths.
    tm_last_soft_cap = 60 in 30..=90 step 5;
    /// Time: the most a move may ever spend of what is left, when it is the last before the control, in hundredths.
    tm_last_hard_cap = 85 in 60..=95 step 5;
    /// Time: a move plans to spend at most what is left over this.
    tm_soft_cap_divisor = 3 in 2..=8 step 1;
    /// Time: the most a move may ever spend of what is left, in hundredths.
    tm_hard_cap = 75 in 40..=90 step 5;
}

impl Param {
    /// Whether only a clock gives the parameter a say (the time manager's),
    /// so that games at fixed nodes cannot tune it.
    pub fn needs_clock(&self) -> bool {
        self.name.starts_with("tm_")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_parameter_is_named_once_and_sits_in_its_range() {
        for (i, p) in PARAMS.iter().enumerate() {
            assert!(p.min <= p.value && p.value <= p.max, "{p:?}");
            assert!(p.step > 0 && p.step <= p.max - p.min, "{p:?}");
            assert!(!p.what.is_empty(), "{p:?}");
            assert!(
                PARAMS[i + 1..].iter().all(|q| q.name != p.name),
                "{} twice",
                p.name
            );
        }
        assert_eq!(
            PARAMS.iter().find(|p| p.name == "lmr_base").unwrap().value,
            60
        );
    }

    #[test]
    fn setting_checks_the_name_and_the_range() {
        assert_eq!(
            set("no_such_thing", 1),
            Err(ParamError::Unknown("no_such_thing".into()))
        );
        assert!(matches!(
            set("RFP_MARGIN", 10_000),
            Err(ParamError::OutOfRange { value: 10_000, .. })
        ));
        if TUNABLE {
            assert_eq!(set("rfp_margin", 100), Ok(()));
            assert_eq!(rfp_margin(), 100);
            assert_eq!(set("rfp_margin", 90), Ok(()));
        } else {
            assert_eq!(set("rfp_margin", 100), Err(ParamError::NotTunable));
            assert_eq!(rfp_margin(), 90);
        }
    }
}
