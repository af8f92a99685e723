//! Hints on the board: the computer's best move, or the exact final score of every legal
//! move near the end of a Reversi game. The host (the hot-seat page) asks its worker and puts
//! the answer in this context; the board only shows it. Without the context (an embedded
//! viewer) there are no hints.

use leptos::prelude::*;
use outflank_engine::Square;

/// What the board shows.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct HintView {
    /// The move the computer would play.
    pub best: Option<Square>,
    /// Each legal move's exact final disc difference for the player to move.
    pub exact: Vec<(Square, i32)>,
}

/// The context newtype.
#[derive(Clone, Copy)]
pub struct Hints(pub RwSignal<HintView>);

/// The exact score as a cell shows it: `+4`, `0`, `-12`.
pub fn exact_label(score: i32) -> String {
    if score > 0 {
        format!("+{score}")
    } else {
        score.to_string()
    }
}
