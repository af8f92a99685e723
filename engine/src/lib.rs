//! Outflank's rules engine: Reversi on bitboards (6x6, 8x8 and 10x10, standard rules and the
//! "bombs" variant), Gomoku and Tic-Tac-Toe, a computer player and an exact endgame solver,
//! with no web dependencies (it builds for `wasm32-unknown-unknown` as it is).
//!
//! - [`Reversi`], [`Gomoku`] and [`TicTacToe`] are games as players play them: options,
//!   moves checked by the rules, automatic passes, concessions, undo, a log, statistics and
//!   validated serde. Each is a [`Game`], the trait every host and viewer goes through.
//! - [`AnyGame`] is any of the three, made from [`GameOptions`] as a host receives them.
//! - [`Position`] is a Reversi position of any size and variant; [`Board`] the two bitboards
//!   of one size that [`perft`] and [`search`] run on.
//! - [`Computer`] picks the move of the player to move at a [`search::Level`] from 1 to 11,
//!   in every game; [`search`] holds the evaluation, the midgame search and the exact
//!   endgame solver ([`search::solve`]); [`book`] is the opening book of 8x8 Reversi that
//!   levels 6 to 11 play their first moves from.
//! - [`words`] is what the games, their colours and pieces are called and what is said about
//!   a game ([`words::Sentence`], [`words::Verdict`]), for every program that shows a game
//!   to people.
//!
//! Boards are drawn row 1 first (at the top), files `a`, `b`, ... from the left; `X` is the
//! first player (dark in Reversi, black in Gomoku) and `O` the second.
//!
//! ```
//! use outflank_engine::{Game, Move, Player, Reversi};
//!
//! // The standard start, dark (X) to move:
//! //
//! //   a b c d e f g h
//! // 3 - - - - - - - -
//! // 4 - - - O X - - -
//! // 5 - - - X O - - -
//! // 6 - - - - - - - -
//! let game = Reversi::default();
//! assert_eq!(game.to_move(), Some(Player::First));
//! let moves: Vec<String> = game.legal_moves().iter().map(|s| s.to_string()).collect();
//! assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
//!
//! // Dark plays f5 and turns e5 over:
//! //
//! //   a b c d e f g h
//! // 4 - - - O X - - -
//! // 5 - - - X X X - -
//! let game = game.play(Player::First, Move::Place("f5".parse()?))?;
//! assert_eq!(game.position().to_rows()[3..5], ["---OX---", "---XXX--"]);
//! assert_eq!(game.scores(), [4, 1]);
//! assert_eq!(game.to_move(), Some(Player::Second));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod any_game;
pub mod bitboard;
pub mod book;
pub mod computer;
pub mod ffo;
mod game;
mod ggf;
mod gomoku;
pub mod grid;
mod log;
pub mod notation;
mod openings;
pub mod perft;
mod quoted;
mod reason;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub mod report;
mod reversi;
pub mod rng;
pub mod search;
mod square;
mod tictactoe;
pub mod words;

/// The README's examples run as doctests too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use any_game::{AnyGame, GameKind, GameOption, GameOptions, GameStats, GridStats};
pub use bitboard::{Bits, Eight, Geometry, Six, Ten};
pub use computer::{Computer, Decision};
pub use game::{Error, Game, Move, Outcome, PlayError, Player, Resignation};
pub use ggf::{is_ggf, Ggf};
pub use gomoku::{Gomoku, GomokuOptions};
pub use log::{LogEvent, LogItem};
pub use openings::{opening_of, openings, openings_along, Opening};
pub use quoted::Quoted;
pub use reason::Reason;
pub use reversi::{
    Action, AnyBoard, Board, Placed, PlayerStats, Position, Reversi, ReversiOptions, StartPosition,
    Turn, Variant, SIZES,
};
pub use square::Square;
pub use tictactoe::{TicTacToe, TicTacToeOptions};
