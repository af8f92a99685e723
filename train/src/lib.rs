//! The training pipeline of the pattern evaluation ([`crate::search::pattern`]), native only:
//!
//! 1. [`selfplay`]: games of the current engine from random openings, every position after
//!    the opening kept with a label: the exact score from the solver near the end, the
//!    game's result (played out perfectly from there) earlier, and the search's own score;
//! 2. [`fit`]: least squares over the pattern features by Adam, one weight set per phase,
//!    with all 8 symmetries as augmentation;
//! 3. [`errors`]: an evaluation against the exact scores of held-out positions.
//!
//! [`pack`] keeps self-play games small enough to commit: a round longer than a session
//! goes on from the pieces earlier sessions committed.
//!
//! `engine/TRAINING.md` has the command lines (`outflank train ...`) and the figures.

pub mod data;
pub mod errors;
pub mod fit;
pub mod pack;
pub mod selfplay;
