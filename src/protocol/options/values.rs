//! The current value of every option that keeps one, typed as the session
//! reads it. What each value starts at is declared in the option table
//! (`Options::default` applies it), not here.

use crate::book::Randomness;
use crate::protocol::numbering::RankChoice;
use crate::rules::RuleSet;
use crate::search::skill::Skill;

/// Declares [`Options`] and its blank (every field at its type's zero), the
/// state the table's defaults are written over; a derived `Default` would
/// offer that blank to everyone as if it were the engine's defaults.
macro_rules! option_values {
    ($($(#[$doc:meta])* $field:ident: $type:ty,)*) => {
        /// The current value of every option that keeps one.
        #[derive(Clone, Debug, PartialEq)]
        pub struct Options {
            $($(#[$doc])* pub $field: $type,)*
        }

        impl Options {
            pub(super) fn blank() -> Options {
                Options {
                    $($field: Default::default(),)*
                }
            }
        }
    };
}

option_values! {
    /// UCCI clocks in milliseconds (true, the announced default, as
    /// ElephantEye reads them) or seconds.
    use_millisec: bool,
    batch: bool,
    debug: bool,
    ponder: bool,
    use_book: bool,
    /// The book files in use, `;`-separated, as `bookfiles` names them.
    book_files: String,
    hash_megabytes: usize,
    threads: usize,
    /// How adventurous the book's choice among its moves is.
    randomness: Randomness,
    rule: RuleSet,
    move_overhead_ms: u64,
    /// How many best lines a UCI search reports.
    multipv: usize,
    draw_offer: bool,
    draw_accept: bool,
    /// Resign when the score stays this far below zero; 0 never resigns.
    resign_score: i32,
    /// `skill` / `Skill Level`: 0 to 20, 20 being full strength.
    skill_level: u8,
    /// UCI: play at `elo` (the level nearest it) instead of `skill_level`.
    limit_strength: bool,
    elo: i32,
    use_nnue: bool,
    /// The network in use: a file's path, or `nnue::BUILT_IN`.
    eval_file: String,
    /// UCI: win/draw/loss chances in the `info` lines.
    show_wdl: bool,
    /// How moves number the ranks: 0-9, 1-10, or as the GUI does.
    ranks: RankChoice,
}

impl Options {
    /// The strength the search plays at (`None`: full strength).
    pub fn skill(&self) -> Option<Skill> {
        if self.limit_strength {
            Skill::for_elo(self.elo)
        } else {
            Skill::new(self.skill_level)
        }
    }
}
