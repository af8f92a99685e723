//! A turn of a game of Reversi and what the players' turns add up to.

use serde::{Deserialize, Serialize};

use crate::{Player, Square};

/// What a player did on their turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    Place(Square),
    /// Recorded automatically when the player to move has no legal move.
    Pass,
}

impl Action {
    /// `"f5"` or `"pass"`.
    pub fn notation(self) -> String {
        match self {
            Action::Place(sq) => sq.to_string(),
            Action::Pass => "pass".to_string(),
        }
    }
}

/// One entry of the game's log.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Turn {
    pub player: Player,
    pub action: Action,
}

/// Per-player statistics, as the end-of-game table shows them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerStats {
    /// Discs placed.
    pub moves: u32,
    /// Turns passed for want of a legal move.
    pub passes: u32,
    /// Discs played on a corner.
    pub corners: u32,
    /// Discs played on a border square that is not a corner.
    pub borders: u32,
    /// Discs played in the central 4x4 block (c3-f6 on 8x8).
    pub centre: u32,
    /// Opponent discs turned over (toggled, in the bombs variant).
    pub turned_over: u32,
}
