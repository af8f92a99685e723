//! The training pipeline of Outflank's 8x8 pattern evaluation
//! ([`outflank_engine::search::pattern`]), native only:
//!
//! 1. [`selfplay`]: games of the engine from random openings, every position after the
//!    opening kept with a label: the exact score from the solver near the end, the game's
//!    result (played out perfectly from there) earlier, and the search's own score;
//! 2. [`fit`]: least squares over the pattern features by Adam, one weight set per phase,
//!    with all 8 symmetries as augmentation;
//! 3. [`errors`]: an evaluation against the exact scores of held-out positions.
//!
//! [`data`] is the file the games are written to; [`pack`] keeps them small enough to
//! commit (`games/`), so that a run goes on from the games already played instead of
//! playing them again.
//!
//! [`book`] builds the opening book the computer plays its first moves from.
//!
//! The `outflank-train` program runs each step (`outflank-train selfplay`, `fit`, ...) and
//! the whole pipeline (`outflank-train pipeline`, which `cargo xtask train` runs);
//! `train/TRAINING.md` has the method and the figures.

pub mod book;
pub mod data;
pub mod errors;
pub mod fit;
pub mod pack;
pub mod selfplay;
