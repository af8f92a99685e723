//! The board's geometry as the views lay it out: squares in reading order, the pieces on
//! them, the winning line, and the keyboard cursor's steps.

use outflank_engine::{AnyGame, Game, Player, Square};

/// Every square of a board of side `n`, in reading order (a1, b1, ..., a2, ...).
pub fn squares(n: u8) -> Vec<Square> {
    (0..n)
        .flat_map(|row| (0..n).map(move |col| Square::new(col, row)))
        .collect()
}

/// The pieces of a game in reading order.
pub fn pieces(game: &AnyGame) -> Vec<Option<Player>> {
    squares(game.size())
        .into_iter()
        .map(|sq| game.piece(sq))
        .collect()
}

/// The line that won a Gomoku or Tic-Tac-Toe game, if there is one.
pub fn winning_line(game: &AnyGame) -> Vec<Square> {
    match game {
        AnyGame::Gomoku(g) => g.grid().winning_line().to_vec(),
        AnyGame::TicTacToe(g) => g.grid().winning_line().to_vec(),
        AnyGame::Reversi(_) => Vec::new(),
    }
}

/// Where an arrow key (or Home, End) moves a keyboard cursor at `at` on a board of side `n`:
/// one square that way, staying put at the edge; `None` for any other key. The board and
/// the set-up editor move their roving cursors by it.
pub fn cursor_step(key: &str, at: Square, n: u8) -> Option<Square> {
    let (col, row) = (at.col(), at.row());
    let last = n.saturating_sub(1);
    Some(match key {
        "ArrowLeft" => Square::new(col.saturating_sub(1), row),
        "ArrowRight" => Square::new((col + 1).min(last), row),
        "ArrowUp" => Square::new(col, row.saturating_sub(1)),
        "ArrowDown" => Square::new(col, (row + 1).min(last)),
        "Home" => Square::new(0, row),
        "End" => Square::new(last, row),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use crate::model::*;

    #[test]
    fn squares_in_reading_order_and_winning_lines() {
        assert_eq!(squares(8).len(), 64);
        assert_eq!(squares(8)[9], sq("b2"));
        let ttt = AnyGame::from_record(&opts(GameKind::TicTacToe, None), "a1b1b2c1").unwrap();
        let won = AnyGame::from_record(&opts(GameKind::TicTacToe, None), "a1b1b2c1c3").unwrap();
        assert_eq!(winning_line(&won), [sq("a1"), sq("b2"), sq("c3")]);
        assert!(winning_line(&ttt).is_empty());
        assert!(winning_line(&reversi("f5").game).is_empty());
    }

    #[test]
    fn the_cursor_moves_a_square_and_stops_at_the_edges() {
        assert_eq!(cursor_step("ArrowRight", sq("a1"), 8), Some(sq("b1")));
        assert_eq!(cursor_step("ArrowDown", sq("c2"), 8), Some(sq("c3")));
        assert_eq!(cursor_step("ArrowLeft", sq("a5"), 8), Some(sq("a5")));
        assert_eq!(cursor_step("ArrowUp", sq("d1"), 8), Some(sq("d1")));
        assert_eq!(cursor_step("ArrowDown", sq("f6"), 6), Some(sq("f6")));
        assert_eq!(cursor_step("End", sq("b3"), 10), Some(sq("j3")));
        assert_eq!(cursor_step("Home", sq("g7"), 8), Some(sq("a7")));
        assert_eq!(cursor_step("Enter", sq("a1"), 8), None);
    }
}
