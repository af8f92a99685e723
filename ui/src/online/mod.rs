//! Online play against the Outflank server (server/API.md) as plain data: the accounts, the
//! lobby and its live updates, the games' options, and the game socket's messages read into
//! the viewer protocol's typed events ([`crate::protocol`], whose JSON names are reused from
//! [`crate::protocol::json`]). No DOM, no signals: tested natively. [`net`] reaches the
//! server from the page.

pub mod net;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::protocol::json::host;
use crate::protocol::{HostEvent, ViewerEvent};

/// An account as the server shows it.
#[derive(Clone, PartialEq, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: i64,
    pub name: String,
    pub rating: f64,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub disc_diff: i64,
    #[serde(default)]
    pub rank: Option<u32>,
    #[serde(default)]
    pub games: Option<u32>,
}

/// A seated player.
#[derive(Clone, PartialEq, Debug, Deserialize)]
pub struct Seat {
    pub id: i64,
    pub name: String,
}

/// The options a game is created with: what the New game form offers online.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum Options {
    Reversi {
        size: u8,
        variant: Variant,
    },
    Gomoku {
        size: u8,
        #[serde(rename = "exactFive")]
        exact_five: bool,
    },
    Tictactoe,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    Standard,
    Bombs,
}

impl Options {
    /// Every choice the form offers, in its order.
    pub const CHOICES: [Options; 8] = [
        Options::Reversi {
            size: 8,
            variant: Variant::Standard,
        },
        Options::Reversi {
            size: 6,
            variant: Variant::Standard,
        },
        Options::Reversi {
            size: 10,
            variant: Variant::Standard,
        },
        Options::Reversi {
            size: 8,
            variant: Variant::Bombs,
        },
        Options::Gomoku {
            size: 15,
            exact_five: false,
        },
        Options::Gomoku {
            size: 19,
            exact_five: false,
        },
        Options::Gomoku {
            size: 15,
            exact_five: true,
        },
        Options::Tictactoe,
    ];

    /// The game's kind, for its name.
    pub fn kind(&self) -> outflank_engine::GameKind {
        match self {
            Options::Reversi { .. } => outflank_engine::GameKind::Reversi,
            Options::Gomoku { .. } => outflank_engine::GameKind::Gomoku,
            Options::Tictactoe => outflank_engine::GameKind::TicTacToe,
        }
    }
}

/// A time control: minutes for each player, seconds added after each move.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct Clock {
    pub minutes: f64,
    #[serde(default)]
    pub increment: f64,
}

/// The body of `POST /api/games`.
pub fn create_body(options: Options, clock: Option<Clock>) -> Value {
    let mut body = serde_json::to_value(options).unwrap_or(Value::Null);
    body["clock"] = serde_json::to_value(clock).unwrap_or(Value::Null);
    body
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Waiting,
    Playing,
    Finished,
    Cancelled,
}

/// A game's result.
#[derive(Clone, PartialEq, Debug, Deserialize)]
pub struct Outcome {
    pub winner: Option<u8>,
    pub reason: String,
}

/// What the lobby shows of a game.
#[derive(Clone, PartialEq, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub id: i64,
    pub status: Status,
    pub options: Options,
    pub players: Vec<Option<Seat>>,
    #[serde(default)]
    pub clock: Option<Clock>,
    #[serde(default)]
    pub result: Option<Outcome>,
}

impl Summary {
    pub fn has_player(&self, id: i64) -> bool {
        self.players.iter().flatten().any(|p| p.id == id)
    }

    /// Player `index`'s name, if seated.
    pub fn name(&self, index: usize) -> Option<&str> {
        self.players.get(index)?.as_ref().map(|p| p.name.as_str())
    }
}

/// The lobby's three lists.
#[derive(Clone, PartialEq, Debug, Default, Deserialize)]
pub struct Lobby {
    pub waiting: Vec<Summary>,
    pub playing: Vec<Summary>,
    pub mine: Vec<Summary>,
}

impl Lobby {
    /// A game changed (the lobby socket's `game` event): it goes to the list its status
    /// says, newest first, and leaves the others. `me` is the logged-in account.
    pub fn apply(&mut self, game: Summary, me: Option<i64>) {
        for list in [&mut self.waiting, &mut self.playing, &mut self.mine] {
            list.retain(|g| g.id != game.id);
        }
        let live = matches!(game.status, Status::Waiting | Status::Playing);
        if live && me.is_some_and(|me| game.has_player(me)) {
            self.mine.insert(0, game.clone());
        }
        match game.status {
            Status::Waiting => self.waiting.insert(0, game),
            Status::Playing => self.playing.insert(0, game),
            Status::Finished | Status::Cancelled => {}
        }
    }
}

/// The API's error answer.
#[derive(Clone, PartialEq, Debug, Deserialize)]
pub struct ApiError {
    pub code: String,
    pub message: String,
}

impl ApiError {
    /// An error of the page's own (no answer, or not the API's).
    pub fn local(message: impl Into<String>) -> ApiError {
        ApiError {
            code: "network".into(),
            message: message.into(),
        }
    }
}

/// `GET /api/leaderboard`.
#[derive(Clone, PartialEq, Debug, Deserialize)]
pub struct Board {
    pub rule: Rule,
    pub players: Vec<User>,
}

/// The rating rule the server states.
#[derive(Clone, PartialEq, Debug, Deserialize)]
pub struct Rule {
    pub system: String,
    pub start: f64,
    pub k: f64,
}

/// What a server socket said.
#[derive(Clone, PartialEq, Debug)]
pub enum Incoming {
    /// For the viewer.
    Host(HostEvent),
    /// A game's summary (both sockets).
    Game(Box<Summary>),
    /// The lobby's lists.
    Lobby(Box<Lobby>),
    /// The server did not understand a message, or the log-in cookie opens no account.
    Error(ApiError),
}

/// Reads one text frame `{"event", "data"}` of a server socket.
pub fn parse(text: &str) -> Result<Incoming, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let name = value
        .get("event")
        .and_then(Value::as_str)
        .ok_or("no event name")?;
    let data = value.get("data").cloned().unwrap_or(Value::Null);
    let read = |e: serde_json::Error| format!("{name}: {e}");
    Ok(match name {
        "game" => Incoming::Game(Box::new(serde_json::from_value(data).map_err(read)?)),
        "lobby" => Incoming::Lobby(Box::new(serde_json::from_value(data).map_err(read)?)),
        "error" => Incoming::Error(serde_json::from_value(data).map_err(read)?),
        "refused" => {
            let e: ApiError = serde_json::from_value(data.clone()).map_err(read)?;
            Incoming::Host(HostEvent::Refused {
                code: e.code,
                reason: e.message,
                state_id: data.get("stateId").and_then(Value::as_u64),
            })
        }
        host::STATE | host::STATE_UPDATED | host::GAMELOG | host::PLAYER => {
            Incoming::Host(HostEvent::parse(name, &data)?)
        }
        other => return Err(format!("unknown event {other}")),
    })
}

/// The text frame for a viewer event, or `None` for the events the server has no use for.
pub fn encode(event: &ViewerEvent) -> Option<String> {
    let data = match event {
        ViewerEvent::Move { mv, state_id } => json!({ "move": mv, "stateId": state_id }),
        ViewerEvent::FetchState => Value::Null,
        ViewerEvent::FetchLog { .. } => event.payload(),
        _ => return None,
    };
    let message = if data.is_null() {
        json!({ "event": event.name() })
    } else {
        json!({ "event": event.name(), "data": data })
    };
    Some(message.to_string())
}

/// The lobby socket's request for the lists again.
pub fn fetch_lobby() -> String {
    json!({ "event": "fetchLobby" }).to_string()
}

/// The open online game, as the page's address keeps it (`#online=ID`), so a reload
/// reopens it.
pub fn game_in_hash(hash: &str) -> Option<i64> {
    hash.strip_prefix('#')
        .unwrap_or(hash)
        .strip_prefix("online=")?
        .parse()
        .ok()
}

pub fn hash_for(game: i64) -> String {
    format!("#online={game}")
}

#[cfg(test)]
mod tests;
