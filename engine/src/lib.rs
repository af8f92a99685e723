//! Outflank's rules engine: Reversi on bitboards, Gomoku and Tic-Tac-Toe, with no web
//! dependencies.
//!
//! - [`Reversi`] is a game as a player plays it: options, log, automatic passes,
//!   concede, undo, statistics, validated serde.
//! - [`Position`] is a position of any size and variant; [`Board`] the two bitboards of one
//!   size that perft and search run on.
//! - [`Gomoku`] and [`TicTacToe`] share the n-in-a-row core of [`grid`].
//! - [`AnyGame`] is the closed enum over the three, delegating to the [`Game`] trait, with
//!   the log, statistics and replay a host needs.
//! - [`perft`] counts the leaves of the game tree, to prove the move generator exact.
//! - [`search`] is the computer player: evaluation, midgame search, exact endgame solver.
//! - [`words`] is what the games, their colours and pieces are called and what is said about
//!   a game (moves, passes, results), for every program that shows a game to people.

mod any_game;
pub mod bitboard;
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
