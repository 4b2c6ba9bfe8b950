//! The training data: the file format (`format`), which records a learner
//! takes (`position_set`), the games held out for validation (`holdout`),
//! and files made one (`merge`).

pub mod format;
pub mod holdout;
pub mod merge;
pub mod position_set;
