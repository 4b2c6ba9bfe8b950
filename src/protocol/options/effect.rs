//! What the session does once an option's new value is stored. A row of the
//! option table names its effect, so the session acts on the effect and
//! never matches option names.

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing more: the session reads the value when it needs it.
    None,
    /// Give the engine a hash table of the stored size, if memory allows.
    ResizeHash,
    SetThreads,
    /// Clear the hash and start from the opening position.
    NewGame,
    SetRules,
    SetMoveOverhead,
    EnableBook,
    /// Open the stored book files, reporting those that do not open.
    OpenBooks,
    SetBookRandomness,
    /// Read the stored network file, keeping the previous one if it fails.
    LoadNetwork,
    /// Switch between the network and the hand-crafted evaluation.
    ChooseEvaluator,
    /// Say the value was accepted although the search has no such setting.
    ExplainInert,
    /// Number the ranks of moves as the `Ranks` option now says.
    SetRanks,
    /// The GUI chose the xiangqi variant (`UCI_Variant`): under `Ranks`
    /// auto, moves are written with ranks 1-10 from now on, as the variant
    /// engines write them.
    ChooseVariant,
}
