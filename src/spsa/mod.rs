//! Tuning the search's parameters ([`crate::search::params`]) by SPSA, in
//! a run that resumes wherever it stopped: the gains and step (`schedule`,
//! fishtest's formulas), the run's state and its probes (`state`), the
//! state as a committed text file (`state_file`), the game pairs played by
//! two processes of a tuning build (`pairs`), a batch spread over machines
//! (`batch_part`), and the parameters' paths as an SVG (`plot`). `chuhan spsa` drives it.

pub mod batch_part;
pub mod pairs;
pub mod plot;
pub mod schedule;
pub mod state;
pub mod state_file;

pub use pairs::{play_batch, PairSetup};
pub use schedule::Schedule;
pub use state::{PairProbe, PairScore, SpsaError, SpsaSettings, SpsaState, TunedParam};
pub use state_file::StateFileError;
