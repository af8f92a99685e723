//! Hints on the board: the computer's best move, or every legal move's value with the line
//! of play expected after the best one (exact final scores near the end of a Reversi
//! game). The host (the hot-seat page) asks its worker and puts the answer in this context;
//! the board only shows it, and shows the position at a step of the line while one is
//! chosen. Without the context (an embedded viewer) there are no hints.

use leptos::prelude::*;
use outflank_engine::search::Analysis;
use outflank_engine::{AnyGame, Game, Move, Square};

/// What the board shows.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct HintView {
    /// The move the computer would play.
    pub best: Option<Square>,
    /// Every legal move's value and the expected line, once asked for.
    pub values: Option<Analysis<Square>>,
    /// The exact values solved so far, while the others are being solved (hundredths of a
    /// disc, as in `values`); emptied when `values` comes.
    pub solved: Vec<(Square, i32)>,
    /// Each move's value in the opening book (whole discs, best first), when the position
    /// is in it: the board shows these rather than the search's.
    pub book: Vec<(Square, i32)>,
    /// The step of the line shown on the board (`Some(0)`: after its first move); `None`
    /// shows the game.
    pub step: Option<usize>,
}

impl HintView {
    /// The board shows a step of the line, not the game.
    pub fn previewing(&self) -> bool {
        self.step.is_some()
    }

    /// Shows step `step` of the line (clamped to its length), or the game for `None`.
    pub fn show_step(&mut self, step: Option<usize>) {
        let len = self.values.as_ref().map_or(0, |a| a.line.len());
        self.step = step.filter(|_| len > 0).map(|s| s.min(len - 1));
    }

    /// The step after (`forward`) or before the one shown; before the first is the game.
    pub fn step_by(&mut self, forward: bool) {
        let next = match (self.step, forward) {
            (None, true) => Some(0),
            (None, false) => None,
            (Some(s), true) => Some(s + 1),
            (Some(0), false) => None,
            (Some(s), false) => Some(s - 1),
        };
        self.show_step(next);
    }
}

/// `game` after the first `step + 1` moves of `line`, each played by the player to move (a
/// pass the rules force is recorded on the way); `None` if a move of the line is not legal
/// there (the line belongs to another position).
pub fn after_line(game: &AnyGame, line: &[Square], step: usize) -> Option<AnyGame> {
    let mut game = game.clone();
    for &square in line.get(..=step)? {
        let player = game.to_move()?;
        game.play_move(player, Move::Place(square)).ok()?;
    }
    Some(game)
}

/// The context newtype.
#[derive(Clone, Copy)]
pub struct Hints(pub RwSignal<HintView>);

/// The position the board and the players' panels show instead of `game` while a step of
/// the best line is chosen (tracked); `None` shows the game.
pub fn previewed(hints: Option<Hints>, game: &AnyGame) -> Option<AnyGame> {
    let Hints(hints) = hints?;
    hints.with(|h| after_line(game, &h.values.as_ref()?.line, h.step?))
}

/// The exact score as a cell shows it: `+4`, `0`, `-12`.
pub fn exact_label(score: i32) -> String {
    if score > 0 {
        format!("+{score}")
    } else {
        score.to_string()
    }
}

/// A score in hundredths of a disc as signed discs to one decimal (`-1234` -> `"-12.3"`),
/// in integers: float printing would weigh on the page's first load.
pub fn signed_tenths(score: i32) -> String {
    let (negative, tenths) = crate::model::discs_to_tenths(score);
    let sign = if negative == Some(true) { '-' } else { '+' };
    format!("{sign}{tenths}")
}

/// A move's value as a cell and a list show it: whole discs when exact (`+4`), else discs
/// to one decimal (`+2.5`).
pub fn value_label(score: i32, exact: bool) -> String {
    if exact {
        exact_label(score / 100)
    } else {
        signed_tenths(score)
    }
}

/// Moves with their values in the opening book as the hint line lists them (whole discs):
/// `"f5 +1, d6 0"`.
pub fn book_list(book: &[(Square, i32)]) -> String {
    let said: Vec<String> = book
        .iter()
        .map(|(sq, v)| format!("{sq} {}", exact_label(*v)))
        .collect();
    said.join(", ")
}

/// Moves with their values as the hint line lists them: `"d3 +4, c5 +2"`.
pub fn value_list(scores: &[(Square, i32)], exact: bool) -> String {
    let said: Vec<String> = scores
        .iter()
        .map(|(sq, v)| format!("{sq} {}", value_label(*v, exact)))
        .collect();
    said.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use outflank_engine::GameOptions;

    #[test]
    fn scores_read_as_signed_discs_to_one_decimal() {
        assert_eq!(signed_tenths(-1234), "-12.3");
        assert_eq!(signed_tenths(1250), "+12.5");
        assert_eq!(signed_tenths(7), "+0.1");
        assert_eq!(signed_tenths(0), "+0.0");
        assert_eq!(signed_tenths(-4), "+0.0");
        assert_eq!(value_label(-1200, true), "-12");
        assert_eq!(value_label(0, true), "0");
        assert_eq!(value_label(-1234, false), "-12.3");
        let book = [("f5".parse().unwrap(), 1), ("d6".parse().unwrap(), 0)];
        assert_eq!(book_list(&book), "f5 +1, d6 0");
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn the_line_is_stepped_through_and_played_out() {
        let game = AnyGame::new(&GameOptions::default()).unwrap();
        let line = vec![sq("f5"), sq("d6"), sq("c3")];
        let mut view = HintView {
            values: Some(Analysis {
                scores: vec![(sq("f5"), 0)],
                line: line.clone(),
                depth: 4,
                exact: false,
                nodes: 0,
            }),
            ..Default::default()
        };
        assert!(!view.previewing());
        view.step_by(true);
        view.step_by(true);
        assert_eq!(view.step, Some(1));
        assert_eq!(after_line(&game, &line, 1).unwrap().record(), "f5d6");
        view.step_by(true);
        view.step_by(true);
        assert_eq!(view.step, Some(2), "the last step is as far as it goes");
        view.show_step(Some(9));
        assert_eq!(view.step, Some(2));
        for _ in 0..3 {
            view.step_by(false);
        }
        assert_eq!(view.step, None, "before the first step is the game");
        // A line of another position does not play out.
        assert_eq!(after_line(&game, &[sq("a1")], 0), None);
        assert_eq!(after_line(&game, &line, 3), None);
        // No line, no step.
        let mut empty = HintView::default();
        empty.show_step(Some(0));
        assert_eq!(empty.step, None);
    }

    #[test]
    fn a_forced_pass_on_the_line_is_played_by_the_rules() {
        // Light's a4 leaves Dark without a move: Light plays on.
        let game = AnyGame::from_record(&GameOptions::default(), "d3c3b3b2b1a1c4c1c2d2d1e1a2a3f5")
            .unwrap();
        let after_a4 = after_line(&game, &[sq("a4")], 0).unwrap();
        assert_eq!(after_a4.to_move(), Some(outflank_engine::Player::Second));
        let next = after_a4.legal_moves()[0];
        let after = after_line(&game, &[sq("a4"), next], 1).unwrap();
        assert_eq!(after.record(), format!("{}a4{next}", game.record()));
    }
}
