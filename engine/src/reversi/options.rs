//! The options a game of Reversi is created with.

use serde::{Deserialize, Serialize};

use super::{StartPosition, Variant};

/// The options a game is created with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct ReversiOptions {
    /// Squares per side: 6, 8 (default) or 10.
    pub size: u8,
    pub variant: Variant,
    /// The position the game starts from, when it is not the standard start (standard
    /// rules only; see [`StartPosition::check`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<StartPosition>,
}

impl Default for ReversiOptions {
    fn default() -> ReversiOptions {
        ReversiOptions {
            size: 8,
            variant: Variant::Standard,
            start: None,
        }
    }
}
