//! What every game shares: players, outcomes and errors.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Square;

/// One of the two players. `First` moves first: dark in Reversi.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Player {
    First = 0,
    Second = 1,
}

impl Player {
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];

    /// 0 for the first player, 1 for the second.
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(index: usize) -> Option<Player> {
        match index {
            0 => Some(Player::First),
            1 => Some(Player::Second),
            _ => None,
        }
    }

    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// The disc colour's name in Reversi: "Dark" or "Light".
    pub const fn colour_name(self) -> &'static str {
        match self {
            Player::First => "Dark",
            Player::Second => "Light",
        }
    }
}

// Players are plain numbers in JSON, as hosts number them.
impl Serialize for Player {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.index() as u8)
    }
}

impl<'de> Deserialize<'de> for Player {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        let n = u64::deserialize(d)?;
        Player::from_index(n as usize)
            .filter(|_| n < 2)
            .ok_or_else(|| serde::de::Error::custom(format!("player must be 0 or 1, not {n}")))
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Outcome {
    Win(Player),
    Draw,
}

impl Outcome {
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(p) => Some(p),
            Outcome::Draw => None,
        }
    }
}

/// Everything that can be wrong with a move, a record, an option or a stored state.
///
/// Each variant has a stable [`Error::code`] for hosts to match on; the `Display` text
/// says what was wrong in words. Returning an error never changes the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Error {
    /// The square already holds a disc.
    Occupied { square: Square },
    /// The square is empty but the move outflanks nothing (or breaks the variant's rule).
    NotLegal { square: Square },
    /// A player tried to act while the other is to move.
    NotYourTurn { player: Player },
    /// The game has ended.
    GameOver,
    /// The square is outside the board.
    OffBoard { square: Square, size: u8 },
    /// Text that is not a square, or not a move.
    BadNotation { text: String },
    /// A game record that breaks at move `index` (1-based).
    BadRecord { index: usize, text: String, reason: Box<Error> },
    /// An option that does not exist or has a value out of range.
    BadOption { reason: String },
    /// Concession refused: only the player to move, while behind, may concede.
    CannotConcede { reason: String },
    /// Undo with no move to take back.
    NothingToUndo,
    /// A stored state that is inconsistent or not in the expected shape.
    MalformedState { reason: String },
}

impl Error {
    /// A stable, machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Occupied { .. } => "occupied",
            Error::NotLegal { .. } => "not-legal",
            Error::NotYourTurn { .. } => "not-your-turn",
            Error::GameOver => "game-over",
            Error::OffBoard { .. } => "off-board",
            Error::BadNotation { .. } => "bad-notation",
            Error::BadRecord { .. } => "bad-record",
            Error::BadOption { .. } => "bad-option",
            Error::CannotConcede { .. } => "cannot-concede",
            Error::NothingToUndo => "nothing-to-undo",
            Error::MalformedState { .. } => "malformed-state",
        }
    }

    pub(crate) fn malformed(reason: impl Into<String>) -> Error {
        Error::MalformedState { reason: reason.into() }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Occupied { square } => write!(f, "{square} is already occupied"),
            Error::NotLegal { square } => write!(f, "{square} is not a legal move"),
            Error::NotYourTurn { player } => {
                write!(f, "it is not player {}'s turn", player.index())
            }
            Error::GameOver => write!(f, "the game is over"),
            Error::OffBoard { square, size } => {
                write!(f, "{square} is off the {size}x{size} board")
            }
            Error::BadNotation { text } => write!(f, "{text:?} is not a square like \"f5\""),
            Error::BadRecord { index, text, reason } => {
                write!(f, "move {index} ({text}) of the record: {reason}")
            }
            Error::BadOption { reason } => write!(f, "bad option: {reason}"),
            Error::CannotConcede { reason } => write!(f, "cannot concede: {reason}"),
            Error::NothingToUndo => write!(f, "there is no move to undo"),
            Error::MalformedState { reason } => write!(f, "malformed state: {reason}"),
        }
    }
}

impl std::error::Error for Error {}
