//! What the viewer says and shows about a game: pure functions of the game data (asking
//! the engine only pure questions); the views just show them. Tested natively.
//!
//! - `words`: names, cell labels, the status line, panels, statistics, announcements;
//! - `history`: the move list, history positions, named openings;
//! - `board`: squares in reading order, pieces, the winning line, the cursor.
//!
//! Every function that words something takes the viewer's [`Locale`](crate::i18n::Locale);
//! the names of games, colours and pieces and the sentences about moves and results are
//! [`crate::say`]'s (in English, the engine's `words`); this module picks the players' names
//! and puts the sentences together.

mod board;
mod history;
mod words;

pub use board::*;
pub use history::*;
pub use words::*;

/// Games and squares the tests of the three files share.
#[cfg(test)]
mod testing {
    pub use crate::i18n::Locale;
    pub use crate::protocol::GameView;
    pub use outflank_engine::{
        AnyGame, Game, GameKind, GameOptions, Move, Opening, Player, Square,
    };

    pub const EN: Locale = Locale::en;

    pub fn opts(game: GameKind, size: Option<u8>) -> GameOptions {
        GameOptions {
            game,
            size,
            ..GameOptions::default()
        }
    }

    pub fn data(game: AnyGame) -> GameView {
        GameView::new(game)
    }

    pub fn reversi(record: &str) -> GameView {
        data(AnyGame::from_record(&GameOptions::default(), record).unwrap())
    }

    pub fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }
}
