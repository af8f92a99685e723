//! The log of a game: what happened, in order, as a host serves it (BGS `logSlice`).
//!
//! Every game keeps its [`Log`] as it is played: a move, a forced pass, a concession or a
//! departure is pushed when it happens, and the end event when it ends the game. So
//! [`crate::Game::log`] is a borrow, never a replay of the game.

use serde::{Deserialize, Serialize};

use crate::{Outcome, Player, Square};

/// One item of a game's log (the BGS `logSlice` items).
///
/// ```
/// use outflank_engine::{LogItem, Player};
/// let (f5, e5) = ("f5".parse().unwrap(), "e5".parse().unwrap());
/// let item = LogItem::Move { player: Player::First, square: f5, flipped: vec![e5] };
/// let json = serde_json::to_string(&item).unwrap();
/// assert_eq!(json, r#"{"kind":"move","player":0,"move":"f5","flipped":["e5"]}"#);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum LogItem {
    Event(LogEvent),
    Move {
        player: Player,
        #[serde(rename = "move")]
        square: Square,
        /// Reversi: the discs the move turned over (toggled, in bombs).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        flipped: Vec<Square>,
    },
}

impl LogItem {
    /// The player the item is about: the mover, the player who passed, conceded or left;
    /// `None` for the start and the end.
    pub fn player(&self) -> Option<Player> {
        match *self {
            LogItem::Move { player, .. }
            | LogItem::Event(
                LogEvent::Pass { player }
                | LogEvent::Concede { player }
                | LogEvent::Drop { player }
                | LogEvent::Timeout { player },
            ) => Some(player),
            LogItem::Event(LogEvent::Start | LogEvent::End { .. }) => None,
        }
    }
}

/// The events of a log.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "camelCase")]
pub enum LogEvent {
    Start,
    /// A player with no legal move passed (Reversi).
    Pass {
        player: Player,
    },
    Concede {
        player: Player,
    },
    /// The player left the game.
    Drop {
        player: Player,
    },
    /// The player's clock ran out.
    Timeout {
        player: Player,
    },
    /// The game ended; `winner` is `null` on a draw.
    End {
        winner: Option<Player>,
        scores: [u32; 2],
    },
}

/// A game's log as the game keeps it: the start event, then whatever the game pushes.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Log {
    items: Vec<LogItem>,
}

impl Log {
    pub fn new() -> Log {
        Log {
            items: vec![LogItem::Event(LogEvent::Start)],
        }
    }

    pub fn items(&self) -> &[LogItem] {
        &self.items
    }

    /// Adds what just happened: a move, a forced pass, a concession or a departure.
    pub fn push(&mut self, item: LogItem) {
        self.items.push(item);
    }

    /// Closes the log with the end event if what was just pushed ended the game: `outcome`
    /// and `scores` are the game's now.
    pub fn end(&mut self, outcome: Option<Outcome>, scores: [u32; 2]) {
        if let Some(outcome) = outcome {
            self.items.push(LogItem::Event(LogEvent::End {
                winner: outcome.winner(),
                scores,
            }));
        }
    }

    /// Takes back the last action (a move with the pass it forced, a concession or a
    /// departure) and the end event after it.
    pub fn take_back(&mut self) {
        let last = self.items.iter().rposition(|item| {
            matches!(
                item,
                LogItem::Move { .. }
                    | LogItem::Event(
                        LogEvent::Concede { .. } | LogEvent::Drop { .. } | LogEvent::Timeout { .. }
                    )
            )
        });
        if let Some(last) = last {
            self.items.truncate(last);
        }
    }
}
