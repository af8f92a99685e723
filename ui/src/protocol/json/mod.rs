//! The JavaScript edge of the viewer protocol: event names and JSON payloads, exactly as
//! boardgamers.space's wrapper sends and receives them (SPEC "Viewer protocol"), read into
//! and written from the typed events of [`super`]. Only the embedded viewer (`embed.rs`)
//! uses this; inside the page events are values. Anything malformed is an `Err` naming
//! what was wrong, which the viewer logs as a warning and otherwise ignores.

use outflank_engine::{AnyGame, LogItem, Move, Player};
use serde_json::{json, Map, Value};

use super::{
    GameView, HostEvent, LogSlice, PlayerMeta, Preference, PreferenceValue, Preferences,
    ViewerEvent,
};

/// Host -> viewer event names.
pub mod host {
    pub const STATE: &str = "state";
    pub const STATE_UPDATED: &str = "state:updated";
    pub const GAMELOG: &str = "gamelog";
    pub const PLAYER: &str = "player";
    pub const PREFERENCES: &str = "preferences";
    pub const AVATARS: &str = "avatars";
    pub const REPLAY_START: &str = "replay:start";
    pub const REPLAY_TO: &str = "replay:to";
    pub const REPLAY_END: &str = "replay:end";
    pub const THEME: &str = "theme";
    /// Every host event, for the viewer to subscribe to and an embedder to check against.
    pub const ALL: [&str; 10] = [
        STATE,
        STATE_UPDATED,
        GAMELOG,
        PLAYER,
        PREFERENCES,
        AVATARS,
        REPLAY_START,
        REPLAY_TO,
        REPLAY_END,
        THEME,
    ];
}

/// Viewer -> host event names.
pub mod viewer {
    pub const READY: &str = "ready";
    pub const MOVE: &str = "move";
    pub const FETCH_STATE: &str = "fetchState";
    pub const FETCH_LOG: &str = "fetchLog";
    pub const ADD_LOG: &str = "addLog";
    pub const REPLACE_LOG: &str = "replaceLog";
    pub const REPLAY_INFO: &str = "replay:info";
    pub const UPDATE_PREFERENCE: &str = "update:preference";
    pub const PLAYER_CLICKED: &str = "player:clicked";
}

impl GameView {
    /// The game data as JSON: the engine's JSON of the game, with `players` and `stateId`
    /// beside its fields.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Reads game data: the engine's JSON of a game (with `players` and `stateId` beside
    /// it), or the BGS package's `GameData` (`{engine: "outflank", players, state, ...}`,
    /// the game in `state`). The engine replays and checks the game, so inconsistent data
    /// is an error, never a wrong board.
    pub fn from_value(value: &Value) -> Result<GameView, String> {
        let Value::Object(map) = value else {
            return Err("the state is not an object".into());
        };
        let Some(engine) = map.get("engine") else {
            return serde_json::from_value(value.clone()).map_err(|e| format!("the game: {e}"));
        };
        if engine != outflank_bgs::GameData::ENGINE {
            return Err(format!(
                "the data is for the engine {engine}, not {}",
                outflank_bgs::GameData::ENGINE
            ));
        }
        let state = map.get("state").ok_or("the data has no state")?;
        let game: AnyGame =
            serde_json::from_value(state.clone()).map_err(|e| format!("the game: {e}"))?;
        let players = match map.get("players") {
            None | Some(Value::Null) => Vec::new(),
            Some(p) => serde_json::from_value::<Vec<PlayerMeta>>(p.clone())
                .map_err(|e| format!("players: {e}"))?,
        };
        Ok(GameView {
            game,
            players,
            state_id: read_state_id(map)?,
        })
    }
}

/// The state id's key in a state's JSON.
const STATE_ID: &str = "stateId";

fn read_state_id(map: &Map<String, Value>) -> Result<Option<u64>, String> {
    match map.get(STATE_ID) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(Some)
            .ok_or_else(|| format!("stateId {v} is not a whole number")),
    }
}

/// A preference's value as JSON carries it.
fn preference_value(value: &Value) -> PreferenceValue<'_> {
    match value {
        Value::String(word) => PreferenceValue::Word(word),
        Value::Bool(on) => PreferenceValue::Flag(*on),
        Value::Number(n) => match n.as_f64() {
            Some(n) => PreferenceValue::Number(n),
            None => PreferenceValue::Other(n.to_string()),
        },
        other => PreferenceValue::Other(other.to_string()),
    }
}

/// A preference as JSON: `{name, value}`'s value.
fn preference_json(preference: Preference) -> Value {
    match preference.value() {
        PreferenceValue::Word(word) => json!(word),
        PreferenceValue::Flag(on) => json!(on),
        PreferenceValue::Number(n) => json!(n),
        PreferenceValue::Other(text) => json!(text),
    }
}

impl HostEvent {
    /// Reads event `name` with `payload`. Unknown names and malformed payloads are errors.
    pub fn parse(name: &str, payload: &Value) -> Result<HostEvent, String> {
        let what = |e: String| format!("{name}: {e}");
        Ok(match name {
            host::STATE => HostEvent::State(Box::new(GameView::from_value(payload).map_err(what)?)),
            host::STATE_UPDATED => HostEvent::StateUpdated,
            host::GAMELOG => HostEvent::Gamelog(parse_log(payload).map_err(what)?),
            host::PLAYER => HostEvent::Player(parse_player(payload).map_err(what)?),
            host::PREFERENCES => match payload {
                Value::Object(map) => HostEvent::Preferences(Preferences::read(
                    map.iter()
                        .map(|(name, value)| (name.as_str(), preference_value(value))),
                )),
                _ => return Err(what("not an object".into())),
            },
            host::AVATARS => HostEvent::Avatars(
                serde_json::from_value(payload.clone())
                    .map_err(|_| what("not an array of strings".into()))?,
            ),
            host::REPLAY_START => HostEvent::ReplayStart,
            host::REPLAY_TO => {
                let to = payload
                    .as_u64()
                    .or_else(|| payload.get("to").and_then(Value::as_u64))
                    .ok_or_else(|| what("not a log index".into()))?;
                HostEvent::ReplayTo(usize::try_from(to).unwrap_or(usize::MAX))
            }
            host::REPLAY_END => HostEvent::ReplayEnd,
            host::THEME => HostEvent::Theme {
                dark: payload
                    .get("dark")
                    .and_then(Value::as_bool)
                    .ok_or_else(|| what("expected {dark: true|false}".into()))?,
            },
            _ => return Err(format!("unknown event {}", outflank_engine::Quoted(name))),
        })
    }
}

fn parse_player(payload: &Value) -> Result<Option<Player>, String> {
    let index = match payload {
        Value::Object(map) => map.get("index").cloned().unwrap_or(Value::Null),
        Value::Null => Value::Null,
        _ => return Err("expected {index}".into()),
    };
    match index {
        Value::Null => Ok(None),
        Value::Number(n) => n
            .as_u64()
            .and_then(|i| Player::from_index(i as usize).filter(|_| i < 2))
            .map(Some)
            .ok_or_else(|| format!("index {n} is not 0 or 1")),
        other => Err(format!("index {other} is not a number")),
    }
}

/// Reads a `gamelog` payload in every shape hosts send: boardgamers.space's game page sends
/// `{start, end?, data}` with `data` the engine's `logSlice` result `{log, availableMoves}`
/// (after a move), or that result bare (its log fetch); a host may also put the items
/// themselves in `data`, or send them as a plain array.
fn parse_log(payload: &Value) -> Result<LogSlice, String> {
    let (start, items) = match payload {
        Value::Object(map) if map.contains_key("data") => {
            let start = match map.get("start") {
                None | Some(Value::Null) => None,
                Some(s) => Some(s.as_u64().ok_or("start is not a number")? as usize),
            };
            let data = &map["data"];
            let items = match data {
                Value::Object(slice) => slice.get("log").ok_or("data is an object without log")?,
                other => other,
            };
            (start, items)
        }
        Value::Object(map) if map.contains_key("log") => (None, &map["log"]),
        Value::Array(_) => (None, payload),
        _ => return Err("expected {start, data}, {log, availableMoves} or an array".into()),
    };
    let items: Vec<LogItem> =
        serde_json::from_value(items.clone()).map_err(|e| format!("log items: {e}"))?;
    // A slice without its start is the whole log when it begins with the start event.
    let start = start.or_else(|| {
        matches!(
            items.first(),
            Some(LogItem::Event(outflank_engine::LogEvent::Start))
        )
        .then_some(0)
    });
    Ok(LogSlice { start, items })
}

impl ViewerEvent {
    pub fn name(&self) -> &'static str {
        match self {
            ViewerEvent::Ready => viewer::READY,
            ViewerEvent::Move { .. } => viewer::MOVE,
            ViewerEvent::FetchState => viewer::FETCH_STATE,
            ViewerEvent::FetchLog { .. } => viewer::FETCH_LOG,
            ViewerEvent::AddLog(_) => viewer::ADD_LOG,
            ViewerEvent::ReplaceLog(_) => viewer::REPLACE_LOG,
            ViewerEvent::ReplayInfo { .. } => viewer::REPLAY_INFO,
            ViewerEvent::UpdatePreference(_) => viewer::UPDATE_PREFERENCE,
            ViewerEvent::PlayerClicked { .. } => viewer::PLAYER_CLICKED,
        }
    }

    pub fn payload(&self) -> Value {
        match self {
            ViewerEvent::Ready | ViewerEvent::FetchState => Value::Null,
            ViewerEvent::Move { mv, .. } => serde_json::to_value(mv).unwrap_or(Value::Null),
            ViewerEvent::FetchLog { start, end } => match end {
                Some(end) => json!({ "start": start, "end": end }),
                None => json!({ "start": start }),
            },
            ViewerEvent::AddLog(lines) | ViewerEvent::ReplaceLog(lines) => json!(lines),
            ViewerEvent::ReplayInfo {
                start,
                current,
                end,
            } => {
                json!({ "start": start, "current": current, "end": end })
            }
            ViewerEvent::UpdatePreference(p) => {
                json!({ "name": p.name(), "value": preference_json(*p) })
            }
            ViewerEvent::PlayerClicked { index, name } => json!({ "index": index, "name": name }),
        }
    }
}

/// Reads a `move` payload as the host receives it.
pub fn parse_move(payload: &Value) -> Result<Move, String> {
    serde_json::from_value(payload.clone()).map_err(|e| format!("move: {e}"))
}

#[cfg(test)]
mod tests;
