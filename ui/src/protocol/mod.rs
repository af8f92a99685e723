//! The viewer protocol of the boardgamers.space wrapper (SPEC "Viewer protocol") as typed
//! events: what a host tells the viewer ([`HostEvent`]) and what the viewer asks of it
//! ([`ViewerEvent`]). No DOM, no signals: tested natively.
//!
//! Inside the page these travel as values (the hot-seat host and the viewer call each other
//! through [`crate::transport::Transport`]). Names and JSON exist only at the JavaScript
//! edge, in [`json`]: the embedded viewer reads a platform's events there and writes its own.

pub mod json;
mod preferences;

pub use preferences::*;

use outflank_engine::{AnyGame, LogItem, Move, Player};
use serde::{Deserialize, Deserializer, Serialize};

/// Longest player name shown; longer names are cut.
pub const MAX_NAME: usize = outflank_bgs::GameData::MAX_SHOWN_NAME;

/// A player's metadata as the host knows it.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct PlayerMeta {
    #[serde(default)]
    pub name: String,
}

/// What a viewer is shown: the game (its JSON is the engine's form of an [`AnyGame`]), the
/// `players` array of `{name}` that hosts store beside it, and the state id, all in one
/// object. The BGS package's full [`outflank_bgs::GameData`] is read into this at the edge
/// ([`GameView::from_value`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameView {
    #[serde(flatten)]
    pub game: AnyGame,
    #[serde(
        default,
        deserialize_with = "null_as_empty",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub players: Vec<PlayerMeta>,
    /// Bumped by the host on every action it accepts (`stateId`), so the viewer tells an
    /// older state from a newer one (a rollback included) without guessing. A platform's
    /// data may carry none.
    #[serde(rename = "stateId", default, skip_serializing_if = "Option::is_none")]
    pub state_id: Option<u64>,
}

/// `players: null` is no players (hosts write it so).
fn null_as_empty<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<PlayerMeta>, D::Error> {
    Ok(Option::<Vec<PlayerMeta>>::deserialize(d)?.unwrap_or_default())
}

impl GameView {
    pub fn new(game: AnyGame) -> GameView {
        GameView {
            game,
            players: Vec::new(),
            state_id: None,
        }
    }

    /// The name of `player`, trimmed and cut to [`MAX_NAME`]; `None` when unset.
    pub fn name(&self, player: Player) -> Option<String> {
        let name = clean_name(&self.players.get(player.index())?.name);
        (!name.is_empty()).then_some(name)
    }
}

/// A name as shown: whitespace collapsed, at most [`MAX_NAME`] characters.
pub fn clean_name(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(MAX_NAME)
        .collect()
}

/// A slice of the game log, as `gamelog` carries it: `{start, data}` or a bare logSlice
/// result `{log, availableMoves}` (start unknown then).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LogSlice {
    pub start: Option<usize>,
    pub items: Vec<LogItem>,
}

/// A host event.
#[derive(Clone, PartialEq, Debug)]
pub enum HostEvent {
    State(Box<GameView>),
    StateUpdated,
    Gamelog(LogSlice),
    /// The viewer's player; `None` for a spectator.
    Player(Option<Player>),
    Preferences(PreferencesUpdate),
    Avatars(Vec<String>),
    ReplayStart,
    /// Show the game as it was after log item `to`.
    ReplayTo(usize),
    ReplayEnd,
    Theme {
        dark: bool,
    },
    /// The host refused the viewer's move (the local hot-seat host says so; a platform only
    /// sends its state again): a stable `code`, why, and the host's state id now.
    Refused {
        code: String,
        reason: String,
        state_id: Option<u64>,
    },
}

/// A viewer event.
#[derive(Clone, PartialEq, Debug)]
pub enum ViewerEvent {
    Ready,
    /// A move, made on the state with `state_id` (the host refuses it if it has moved on;
    /// at the JavaScript edge only the move itself crosses, as the engine API takes it).
    Move {
        mv: Move,
        state_id: Option<u64>,
    },
    FetchState,
    FetchLog {
        start: usize,
        end: Option<usize>,
    },
    AddLog(Vec<String>),
    ReplaceLog(Vec<String>),
    ReplayInfo {
        start: usize,
        current: usize,
        end: usize,
    },
    UpdatePreference(Preference),
    PlayerClicked {
        index: usize,
        name: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_cut() {
        let long = "x".repeat(MAX_NAME + 5);
        assert_eq!(clean_name(&long).chars().count(), MAX_NAME);
        assert_eq!(clean_name("  Ann \n Lee "), "Ann Lee");
    }
}
