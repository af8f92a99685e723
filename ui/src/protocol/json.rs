//! The JavaScript edge of the viewer protocol: event names and JSON payloads, exactly as
//! boardgamers.space's wrapper sends and receives them (SPEC "Viewer protocol"), read into
//! and written from the typed events of [`super`]. Only the embedded viewer (`embed.rs`)
//! uses this; inside the page events are values. Anything malformed is an `Err` naming
//! what was wrong, which the viewer logs as a warning and otherwise ignores.

use outflank_engine::{AnyGame, LogItem, Move, Player};
use serde_json::{json, Map, Value};

use super::{
    GameData, HostEvent, LogSlice, PlayerMeta, Preference, PreferenceValue, Preferences,
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

impl GameData {
    /// The game data as JSON: the engine's JSON of the game, with `players` and `stateId`
    /// beside its fields.
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Reads game data: the engine's JSON of a game (with `players` and `stateId` beside
    /// it), or the BGS package's `GameData` (`{engine: "outflank", players, state, ...}`,
    /// the game in `state`). The engine replays and checks the game, so inconsistent data
    /// is an error, never a wrong board.
    pub fn from_value(value: &Value) -> Result<GameData, String> {
        let Value::Object(map) = value else {
            return Err("the state is not an object".into());
        };
        let Some(engine) = map.get("engine") else {
            return serde_json::from_value(value.clone()).map_err(|e| format!("the game: {e}"));
        };
        if engine != "outflank" {
            return Err(format!("the data is for the engine {engine}, not outflank"));
        }
        let state = map.get("state").ok_or("the data has no state")?;
        let game: AnyGame =
            serde_json::from_value(state.clone()).map_err(|e| format!("the game: {e}"))?;
        let players = match map.get("players") {
            None | Some(Value::Null) => Vec::new(),
            Some(p) => serde_json::from_value::<Vec<PlayerMeta>>(p.clone())
                .map_err(|e| format!("players: {e}"))?,
        };
        Ok(GameData {
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
            host::STATE => HostEvent::State(Box::new(GameData::from_value(payload).map_err(what)?)),
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
mod tests {
    use super::*;
    use crate::protocol::{Skin, Speed, ThemePref};
    use outflank_engine::{Game, GameKind, GameOptions, Square};

    fn reversi() -> AnyGame {
        AnyGame::new(&GameOptions::default()).unwrap()
    }

    #[test]
    fn game_data_round_trips_with_and_without_players() {
        let mut game = reversi();
        game.play_move(Player::First, Move::Place("f5".parse().unwrap()))
            .unwrap();
        let bare = GameData::new(game.clone());
        let value = bare.to_value();
        assert!(value.get("players").is_none());
        assert_eq!(GameData::from_value(&value).unwrap(), bare);
        // A bare engine state (what a BGS engine stores) is game data too.
        let engine = serde_json::to_value(&game).unwrap();
        assert_eq!(GameData::from_value(&engine).unwrap(), bare);

        let named = GameData {
            state_id: Some(7),
            game,
            players: vec![
                PlayerMeta {
                    name: "  Ann   Lee ".into(),
                },
                PlayerMeta { name: "".into() },
            ],
        };
        let back = GameData::from_value(&named.to_value()).unwrap();
        assert_eq!(back, named);
        assert_eq!(back.name(Player::First).as_deref(), Some("Ann Lee"));
        assert_eq!(back.name(Player::Second), None);
    }

    #[test]
    fn the_bgs_packages_game_data_is_read_too() {
        let mut game = reversi();
        game.play_move(Player::First, Move::Place("f5".parse().unwrap()))
            .unwrap();
        let data = json!({
            "engine": "outflank", "format": 1, "seed": "s", "creator": null, "level": 5,
            "players": [{"name": "Ann", "settings": {}}, {"name": "Bo", "settings": {"x": 1}}],
            "state": serde_json::to_value(&game).unwrap(),
            "board": [], "log": [], "messagesShown": 0,
        });
        let read = GameData::from_value(&data).unwrap();
        assert_eq!(read.game, game);
        assert_eq!(read.name(Player::Second).as_deref(), Some("Bo"));
        let mut other = data.clone();
        other["engine"] = json!("chess");
        assert!(GameData::from_value(&other).is_err());
        let mut broken = data;
        broken["state"]["turns"] = json!(["a1"]);
        assert!(GameData::from_value(&broken).is_err());
    }

    #[test]
    fn malformed_states_are_errors() {
        for bad in [
            json!(null),
            json!([1, 2]),
            json!({"game": "chess"}),
            json!({"game": "tictactoe", "options": {}, "moves": ["b2", "b2"]}),
            json!({"game": "tictactoe", "options": {}, "moves": ["b2"], "players": 3}),
        ] {
            assert!(HostEvent::parse(host::STATE, &bad).is_err(), "{bad}");
        }
        let ok = json!({"game": "tictactoe", "options": {}, "moves": ["b2"]});
        let HostEvent::State(data) = HostEvent::parse(host::STATE, &ok).unwrap() else {
            panic!()
        };
        assert_eq!(data.game.kind(), GameKind::TicTacToe);
        assert_eq!(data.game.piece(Square::new(1, 1)), Some(Player::First));
    }

    #[test]
    fn player_events() {
        let p = |v: Value| HostEvent::parse(host::PLAYER, &v);
        assert_eq!(
            p(json!({"index": 1})),
            Ok(HostEvent::Player(Some(Player::Second)))
        );
        assert_eq!(
            p(json!({"index": 0})),
            Ok(HostEvent::Player(Some(Player::First)))
        );
        assert_eq!(p(json!({})), Ok(HostEvent::Player(None)));
        assert_eq!(p(json!({"index": null})), Ok(HostEvent::Player(None)));
        assert!(p(json!({"index": 2})).is_err());
        assert!(p(json!({"index": "0"})).is_err());
        assert!(p(json!(5)).is_err());
    }

    #[test]
    fn gamelog_in_every_shape_hosts_send() {
        let items = json!([{"kind": "event", "event": "start"}, {"kind": "move", "player": 0, "move": "f5", "flipped": ["e5"]}]);
        let slice = json!({"log": items, "availableMoves": ["d6"]});
        let parse = |v: Value| match HostEvent::parse(host::GAMELOG, &v) {
            Ok(HostEvent::Gamelog(s)) => Ok(s),
            Ok(other) => panic!("{other:?}"),
            Err(e) => Err(e),
        };
        // boardgamers.space after a move: {start, data: logSlice(...)}.
        let bgs = parse(json!({"start": 0, "data": slice})).unwrap();
        // With an end, as a log fetch answers.
        let ranged = parse(json!({"start": 0, "end": 1, "data": slice})).unwrap();
        // The items in data, or bare.
        let items_in_data = parse(json!({"start": 0, "data": items})).unwrap();
        let bare_slice = parse(slice.clone()).unwrap();
        let array = parse(items.clone()).unwrap();
        for s in [&bgs, &ranged, &items_in_data, &bare_slice, &array] {
            assert_eq!(s.items.len(), 2);
            // Without a start, a slice that begins with the start event starts at 0.
            assert_eq!(s.start, Some(0));
        }
        let tail = parse(json!({"log": [items[1]], "availableMoves": []})).unwrap();
        assert_eq!(tail.start, None);
        let later = parse(json!({"start": 1, "data": {"log": [items[1]]}})).unwrap();
        assert_eq!(later.start, Some(1));
        for bad in [
            json!({"data": [{"kind": "dance"}]}),
            json!("log"),
            json!({"start": "x", "data": []}),
            json!({"start": 0, "data": {"availableMoves": []}}),
            json!({"start": 0}),
        ] {
            assert!(parse(bad.clone()).is_err(), "{bad}");
        }
    }

    #[test]
    fn other_host_events() {
        assert_eq!(
            HostEvent::parse("replay:to", &json!(4)),
            Ok(HostEvent::ReplayTo(4))
        );
        assert_eq!(
            HostEvent::parse("replay:to", &json!({"to": 2})),
            Ok(HostEvent::ReplayTo(2))
        );
        assert!(HostEvent::parse("replay:to", &json!("x")).is_err());
        assert_eq!(
            HostEvent::parse("theme", &json!({"dark": true})),
            Ok(HostEvent::Theme { dark: true })
        );
        assert!(HostEvent::parse("theme", &json!({})).is_err());
        assert!(HostEvent::parse("avatars", &json!(["a.png"])).is_ok());
        assert!(HostEvent::parse("avatars", &json!([1])).is_err());
        assert!(HostEvent::parse("explode", &json!({})).is_err());
        for name in host::ALL {
            // Every known name parses with some payload.
            let payload = match name {
                "state" => serde_json::to_value(reversi()).unwrap(),
                "gamelog" => json!({"start": 0, "data": []}),
                "replay:to" => json!(0),
                "theme" => json!({"dark": false}),
                "avatars" => json!([]),
                _ => json!({}),
            };
            assert!(HostEvent::parse(name, &payload).is_ok(), "{name}");
        }
    }

    #[test]
    fn viewer_events_are_json() {
        let m = ViewerEvent::Move {
            mv: Move::Place("f5".parse().unwrap()),
            state_id: Some(3),
        };
        assert_eq!((m.name(), m.payload()), ("move", json!("f5")));
        assert_eq!(
            parse_move(&m.payload()),
            Ok(Move::Place("f5".parse().unwrap()))
        );
        let concede = ViewerEvent::Move {
            mv: Move::Concede,
            state_id: None,
        };
        assert_eq!(concede.payload(), json!("concede"));
        assert!(parse_move(&json!({"x": "a"})).is_err());
        let p = ViewerEvent::UpdatePreference(Preference::Skin(Skin::Wooden));
        assert_eq!(p.payload(), json!({"name": "skin", "value": "wooden"}));
        let c = ViewerEvent::PlayerClicked {
            index: 1,
            name: "Bo".into(),
        };
        assert_eq!(c.payload(), json!({"index": 1, "name": "Bo"}));
        assert_eq!(
            ViewerEvent::ReplayInfo {
                start: 0,
                current: 3,
                end: 9
            }
            .payload(),
            json!({"start": 0, "current": 3, "end": 9})
        );
        assert_eq!(
            ViewerEvent::FetchLog {
                start: 2,
                end: None
            }
            .payload(),
            json!({"start": 2})
        );
    }

    #[test]
    fn preferences_events_apply_known_keys_and_report_bad_values() {
        let prefs = |v: Value| match HostEvent::parse(host::PREFERENCES, &v) {
            Ok(HostEvent::Preferences(update)) => update,
            other => panic!("{other:?}"),
        };
        let mut p = Preferences::default();
        let good = prefs(json!({"skin": "wooden", "speed": "fast", "other": 1}));
        assert_eq!(good.apply_to(&mut p), Ok(()));
        assert_eq!(
            (p.skin, p.speed, p.highlights),
            (Skin::Wooden, Speed::Fast, true)
        );
        let mixed = prefs(json!({"highlights": "yes", "theme": "dark", "speed": 3}));
        assert_eq!(
            mixed.apply_to(&mut p),
            Err(
                "preference highlights: \"yes\" is not allowed; preference speed: 3 is not allowed"
                    .into()
            )
        );
        assert_eq!(
            (p.highlights, p.theme, p.speed),
            (true, ThemePref::Dark, Speed::Fast)
        );
        assert!(HostEvent::parse(host::PREFERENCES, &json!("x")).is_err());
        for q in p.all() {
            let event = ViewerEvent::UpdatePreference(q);
            let payload = event.payload();
            assert_eq!(payload["name"], q.name());
            // What the viewer sends, a host can send back.
            let back = prefs(json!({ q.name(): payload["value"] }));
            assert_eq!(back.set, [q]);
        }
        assert_eq!(
            ViewerEvent::UpdatePreference(Preference::Highlights(false)).payload(),
            json!({"name": "highlights", "value": false})
        );
    }
}
