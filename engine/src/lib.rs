//! Outflank's rules engine: Reversi on bitboards, with no web dependencies.
//!
//! - [`Reversi`] is a game as a player plays it: options, log, automatic passes,
//!   concede, undo, statistics, validated serde.
//! - [`Position`] is a position of any size and variant; [`Board`] the two bitboards of one
//!   size that perft and search run on.
//! - [`perft`] counts the leaves of the game tree, to prove the move generator exact.

pub mod bitboard;
mod game;
pub mod notation;
pub mod perft;
mod reversi;
mod square;

pub use bitboard::{Bits, Eight, Geometry, Six, Ten};
pub use game::{Error, Outcome, Player};
pub use reversi::{
    Action, AnyBoard, Board, Placed, PlayError, PlayerStats, Position, Reversi, ReversiOptions,
    Turn, Variant, SIZES,
};
pub use square::Square;
