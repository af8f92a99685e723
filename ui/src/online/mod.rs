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
    pub increment: u32,
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

/// A game's clocks as the server last told them (a summary's `clock`).
#[derive(Clone, PartialEq, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClockState {
    pub minutes: f64,
    #[serde(default)]
    pub increment: u32,
    /// Each player's time at the summary's `serverTime`, in ms.
    #[serde(default)]
    pub remaining_ms: [Option<f64>; 2],
    /// The player whose clock counts down from then; `None` while none runs.
    #[serde(default)]
    pub running: Option<u8>,
}

impl ClockState {
    /// The time control, as the lobby describes it.
    pub fn control(&self) -> Clock {
        Clock {
            minutes: self.minutes,
            increment: self.increment,
        }
    }

    /// Each player's time `elapsed_ms` after the summary came: the running clock less that
    /// time, down to 0. Counted from the summary's arrival rather than from `serverTime`, so
    /// the page's clock and the server's need not agree.
    pub fn left(&self, elapsed_ms: u64) -> [u64; 2] {
        let mut left = [0; 2];
        for (i, slot) in left.iter_mut().enumerate() {
            let stored = self.remaining_ms[i].unwrap_or(0.0).max(0.0) as u64;
            *slot = if self.running == Some(i as u8) {
                stored.saturating_sub(elapsed_ms)
            } else {
                stored
            };
        }
        left
    }

    /// Below this a clock shows low time: the hot-seat clocks' rule
    /// ([`crate::clock::TimeControl::low_ms`]).
    pub fn low_ms(&self) -> u64 {
        crate::clock::TimeControl::new((self.minutes * 60.0).round() as u32, 0).low_ms()
    }
}

/// A game's result.
#[derive(Clone, PartialEq, Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    pub winner: Option<u8>,
    pub reason: String,
    /// Each player's rating change.
    #[serde(default)]
    pub rating_changes: Option<[f64; 2]>,
}

/// How a finished game went for one of its players.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    Won,
    Drawn,
    Lost,
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
    pub to_move: Option<u8>,
    #[serde(default)]
    pub scores: Vec<f64>,
    #[serde(default)]
    pub clock: Option<ClockState>,
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

    /// The seat of the player called `name` (names are one whatever the case).
    pub fn seat_of(&self, name: &str) -> Option<usize> {
        (0..2).find(|&i| self.name(i).is_some_and(|n| n.eq_ignore_ascii_case(name)))
    }

    /// How the finished game went for the player in `seat`.
    pub fn verdict(&self, seat: usize) -> Option<Verdict> {
        let result = self.result.as_ref()?;
        Some(match result.winner {
            None => Verdict::Drawn,
            Some(w) if usize::from(w) == seat => Verdict::Won,
            Some(_) => Verdict::Lost,
        })
    }

    /// The time control, as the lobby describes it.
    pub fn control(&self) -> Option<Clock> {
        self.clock.as_ref().map(ClockState::control)
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

/// `GET /api/players/{name}`: a player's record and games, the newest first.
#[derive(Clone, PartialEq, Debug, Deserialize)]
pub struct PlayerPage {
    pub player: User,
    pub games: Vec<Summary>,
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

/// What the online part shows, as the page's address keeps it, so a reload reopens it and
/// the browser's Back and Forward buttons move between its views: `#online` (the lobby),
/// `#online=ID` (a game), `#online-board` (the leader board), `#player=NAME` (a player's page).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Route {
    Lobby,
    Game(i64),
    Board,
    Player(String),
}

impl Route {
    /// The route an address's fragment (with or without its `#`) names, if any.
    pub fn from_hash(hash: &str) -> Option<Route> {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        match hash.split_once('=') {
            None if hash == "online" => Some(Route::Lobby),
            None if hash == "online-board" => Some(Route::Board),
            Some(("online", id)) => id.parse().ok().map(Route::Game),
            Some(("player", name)) if is_name(name) => Some(Route::Player(name.to_string())),
            _ => None,
        }
    }

    pub fn hash(&self) -> String {
        match self {
            Route::Lobby => "#online".into(),
            Route::Game(id) => format!("#online={id}"),
            Route::Board => "#online-board".into(),
            Route::Player(name) => format!("#player={name}"),
        }
    }
}

/// Whether `name` can be an account's name (server/API.md): 2-24 characters of
/// `A-Z a-z 0-9 _ - .`, so it goes into an address and a path as it is.
pub fn is_name(name: &str) -> bool {
    (2..=24).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
        && name
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphanumeric())
}

/// How long a socket waits before trying again after `failures` tries in a row that did not
/// open it: 1 s after a connection drops, then twice as long after each failed try, at most
/// 30 s. (Each failed try is one line in the browser's console, and one request to a server
/// that may be starting up again.)
pub fn retry_delay_ms(failures: u32) -> u32 {
    1_000u32.saturating_mul(1 << failures.min(5)).min(30_000)
}

/// A piece of a sentence with names in it: its words, or the place of name `n`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Piece {
    Text(String),
    Name(usize),
}

/// The marks that stand for names while a sentence is translated ([`pieces`]).
pub const NAME_MARKS: [char; 2] = ['\u{E000}', '\u{E001}'];

/// Cuts a translated sentence made with [`NAME_MARKS`] in place of names into its words
/// and its names, so the page can show each name as a link wherever the language puts it.
pub fn pieces(text: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut words = String::new();
    for c in text.chars() {
        match NAME_MARKS.iter().position(|&m| m == c) {
            Some(n) => {
                if !words.is_empty() {
                    out.push(Piece::Text(std::mem::take(&mut words)));
                }
                out.push(Piece::Name(n));
            }
            None => words.push(c),
        }
    }
    if !words.is_empty() {
        out.push(Piece::Text(words));
    }
    out
}

#[cfg(test)]
mod tests;
