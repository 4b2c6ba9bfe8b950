//! The training data: the file formats (`format`, version 1's records, and
//! `games`, version 2's games) and why bytes do not read as either
//! (`damage`), either read as records (`source`) or written from records
//! (`sink`), games made from records (`chain`), which records a learner
//! takes (`position_set`), the games held out for validation (`holdout`),
//! and files made one (`merge`).

pub mod chain;
pub mod damage;
pub mod format;
pub mod games;
pub mod holdout;
pub mod merge;
pub mod position_set;
pub mod sink;
pub mod source;
