//! The BGS engine API as plain Rust over JSON values: what the wasm exports call, and what
//! the native tests drive. Every argument arrives as it came from JavaScript (`null` for
//! `undefined`); every failure is an [`ApiError`] and leaves the input untouched (the data
//! is read into a fresh value, never changed in place).

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use outflank_engine::words::{Sentence, Verdict};
use outflank_engine::{AnyGame, Game, LogEvent, LogItem, Move, Outcome, Player};

use outflank_engine::search::{never, Level};
use outflank_engine::Computer;

use crate::ApiError;
use crate::GameData;

/// `init(players, expansions, options, seed, creator?)`; `options` as a creation form sends
/// them (see [`crate::options`]).
pub fn init(
    players: &Value,
    expansions: &Value,
    options: &Value,
    seed: &Value,
    creator: &Value,
) -> Result<GameData, ApiError> {
    match players.as_u64() {
        Some(2) => {}
        _ => {
            return Err(ApiError::argument(format!(
                "Outflank's games are for 2 players, not {players}"
            )))
        }
    }
    match expansions {
        Value::Null => {}
        Value::Array(list) if list.is_empty() => {}
        Value::Array(list) => {
            return Err(ApiError::new(
                "bad-option",
                format!(
                    "Outflank has no expansions, but got {}",
                    Value::Array(list.clone())
                ),
            ))
        }
        other => {
            return Err(ApiError::argument(format!(
                "expansions must be an array, not {other}"
            )))
        }
    }
    let options = crate::options::read(options)?;
    let seed = match seed {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        other => {
            return Err(ApiError::argument(format!(
                "the seed must be a string, not {other}"
            )))
        }
    };
    let creator = match creator {
        Value::Null => None,
        other => Some(player(other)?),
    };
    let game = AnyGame::new(&options.game)?;
    Ok(GameData::new(game, seed, creator, options.level))
}

/// `move(data, move, player)`: the move as `"f5"`, `{"x": 5, "y": 4}` or `"concede"`.
pub fn play(data: Value, mv: &Value, who: &Value) -> Result<GameData, ApiError> {
    let mut data = GameData::from_json(data)?;
    let who = player(who)?;
    let mv = parse_move(mv)?;
    data.state.play_move(who, mv)?;
    data.refresh();
    Ok(data)
}

/// `moveAI(data, player)`: the computer plays `player`'s move, at the level of
/// `options.level` (1-11, default 5). Its choice depends only on the data, so a replay
/// of the same data gives the same move.
pub fn move_ai(data: Value, who: &Value) -> Result<GameData, ApiError> {
    let mut data = GameData::from_json(data)?;
    let who = player(who)?;
    match data.state.to_move() {
        None => return Err(outflank_engine::Error::GameOver.into()),
        Some(p) if p != who => {
            return Err(outflank_engine::Error::NotYourTurn { player: who }.into())
        }
        Some(_) => {}
    }
    let level = Level::new(data.level)?;
    // The seed of the game and how far it has got: reproducible, different every move.
    let seed = data.seed.bytes().fold(data.log.len() as u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01B3)
    });
    // No opening book: the package's wasm has none to load, and a native build must choose
    // the same moves from the same data.
    let mut computer = Computer::new();
    computer.set_book(None);
    let decision = computer
        .choose(&data.state, level, seed, &never)
        .ok_or(outflank_engine::Error::GameOver)?;
    data.state.play_move(who, Move::Place(decision.square))?;
    data.refresh();
    Ok(data)
}

pub fn parse_move(mv: &Value) -> Result<Move, ApiError> {
    Move::deserialize(mv).map_err(|_| {
        ApiError::new(
            "bad-move",
            format!(r#"a move is a square like "f5", {{"x": 5, "y": 4}} or "concede", not {mv}"#),
        )
    })
}

/// A player index: the integer 0 or 1.
pub fn player(value: &Value) -> Result<Player, ApiError> {
    value
        .as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .and_then(Player::from_index)
        .ok_or_else(|| ApiError::argument(format!("a player is 0 or 1, not {value}")))
}

/// An optional player: `null` (JavaScript's `undefined`) and `-1` (what BGS passes for a
/// spectator or a visitor who is not logged in) are nobody, a spectator.
fn optional_player(value: &Value) -> Result<Option<Player>, ApiError> {
    match value {
        Value::Null => Ok(None),
        other if other.as_i64() == Some(-1) => Ok(None),
        other => player(other).map(Some),
    }
}

/// An optional log index: absent or `null` is `None`; a whole number >= 0, given as a
/// number or as a string of digits (as a query string carries it).
fn log_index(
    fields: &Map<String, Value>,
    name: &str,
    what: &str,
) -> Result<Option<usize>, ApiError> {
    let value = match fields.get(name) {
        None | Some(Value::Null) => return Ok(None),
        Some(v) => v,
    };
    crate::options::whole(value)
        .and_then(|n| usize::try_from(n).ok())
        .map(Some)
        .ok_or_else(|| {
            ApiError::argument(format!(
                "{what} {name} must be a whole number >= 0, not {value}"
            ))
        })
}

pub fn ended(data: Value) -> Result<bool, ApiError> {
    Ok(GameData::from_json(data)?.state.ended())
}

pub fn scores(data: Value) -> Result<[u32; 2], ApiError> {
    Ok(GameData::from_json(data)?.state.scores())
}

/// `dropPlayer(data, player)`: the game ends, the other player wins and the player who left
/// scores 0 (see `Game::scores`). On a game that has already ended (BGS never drops a
/// player then) the data comes back unchanged.
pub fn drop_player(data: Value, who: &Value) -> Result<GameData, ApiError> {
    let mut data = GameData::from_json(data)?;
    let who = player(who)?;
    if data.state.ended() {
        return Ok(data);
    }
    data.state.drop_player(who)?;
    data.refresh();
    Ok(data)
}

/// `currentPlayer(data)`: `None` (undefined) once the game has ended.
pub fn current_player(data: Value) -> Result<Option<Player>, ApiError> {
    Ok(GameData::from_json(data)?.state.to_move())
}

pub fn log_length(data: Value) -> Result<usize, ApiError> {
    Ok(GameData::from_json(data)?.log.len())
}

/// What `logSlice` returns.
#[derive(Clone, PartialEq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LogSlice {
    pub log: Vec<LogItem>,
    /// The legal moves of the player asked about, if it is their turn now.
    pub available_moves: Vec<String>,
}

/// `logSlice(data, {player?, start?, end?})`: items `start..=end` (BGS: `end` included; from
/// the start when `start` is absent, to the end of the log when `end` is). `start` and `end`
/// may be numbers or strings of digits. `player` is a seat, or `-1`/absent for a spectator,
/// who gets no `availableMoves`.
pub fn log_slice(data: Value, options: &Value) -> Result<LogSlice, ApiError> {
    let data = GameData::from_json(data)?;
    let fields = match options {
        Value::Null => Map::new(),
        Value::Object(fields) => fields.clone(),
        other => {
            return Err(ApiError::argument(format!(
                "logSlice options must be an object, not {other}"
            )))
        }
    };
    let start = log_index(&fields, "start", "logSlice")?.unwrap_or(0);
    let end = log_index(&fields, "end", "logSlice")?;
    let viewer = optional_player(fields.get("player").unwrap_or(&Value::Null))?;
    let len = data.log.len();
    let stop = end.map_or(len, |e| e.saturating_add(1).min(len));
    let log = if start < stop {
        data.log[start..stop].to_vec()
    } else {
        Vec::new()
    };
    let available_moves = match viewer {
        Some(p) if data.state.to_move() == Some(p) => data
            .state
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect(),
        _ => Vec::new(),
    };
    Ok(LogSlice {
        log,
        available_moves,
    })
}

/// `rankings(data)`: 1 for the winner, 2 for the loser, 1 each on a draw; `None` while the
/// game goes on.
pub fn rankings(data: Value) -> Result<Option<[u8; 2]>, ApiError> {
    Ok(GameData::from_json(data)?.state.rankings())
}

/// `replay(data, {to?})`: the data rebuilt from its move list (after an admin's edit), as it
/// was right after log item `to` when given. `to` counts log items as `logSlice` and
/// `logLength` do: 0 is the start event, `{to: 1}` redoes only the first move. The replayed
/// log is `data.log[0..=to]`, plus what follows from item `to` by itself: a forced pass
/// (Reversi) and the end event when that item ends the game.
pub fn replay(data: Value, options: &Value) -> Result<GameData, ApiError> {
    let to = match options {
        Value::Null => None,
        Value::Object(fields) => log_index(fields, "to", "replay's")?,
        other => {
            return Err(ApiError::argument(format!(
                "replay options must be an object, not {other}"
            )))
        }
    };
    let mut data = GameData::rebuild(data)?;
    if let Some(to) = to {
        data.state = data.state.replay_to(to)?;
        data.refresh();
    }
    Ok(data)
}

/// `factions(data)`: each player's faction (the engine's
/// [`outflank_engine::GameKind::factions`]): `dark`/`light`, `black`/`white`, `x`/`o`.
pub fn factions(data: Value) -> Result<[&'static str; 2], ApiError> {
    Ok(GameData::from_json(data)?.state.kind().factions())
}

/// Turns played (discs or stones placed, and passes).
fn turns(log: &[LogItem]) -> usize {
    log.iter()
        .filter(|item| {
            matches!(
                item,
                LogItem::Move { .. } | LogItem::Event(LogEvent::Pass { .. })
            )
        })
        .count()
}

/// `round(data)`: a round is one turn of each player; the first is 1.
pub fn round(data: Value) -> Result<u32, ApiError> {
    let data = GameData::from_json(data)?;
    let turns = turns(&data.log);
    let round = if data.state.ended() {
        turns.div_ceil(2).max(1)
    } else {
        turns / 2 + 1
    };
    Ok(u32::try_from(round).unwrap_or(u32::MAX))
}

/// `cancelled(data)`: a player was dropped before both had placed a disc or stone, so the
/// game says nothing about their strength.
pub fn cancelled(data: Value) -> Result<bool, ApiError> {
    let data = GameData::from_json(data)?;
    let dropped = data
        .log
        .iter()
        .any(|item| matches!(item, LogItem::Event(LogEvent::Drop { .. })));
    let placed = data
        .log
        .iter()
        .filter(|item| matches!(item, LogItem::Move { .. }))
        .count();
    Ok(dropped && placed < 2)
}

/// `stats(data)`: one record for the game and one per player (BGS writes each to a CSV), of
/// numbers and strings only: `ended` and `exactFive` are 0 or 1, `winner` the winner's index
/// or `"draw"` or `"none"`; `rank` is there once the game has ended.
pub fn stats(data: Value) -> Result<Value, ApiError> {
    let data = GameData::from_json(data)?;
    let game = &data.state;
    let kind = game.kind();
    let options = game.options();
    let winner = match game.outcome() {
        Some(Outcome::Win(p)) => json!(p.index()),
        Some(Outcome::Draw) => json!("draw"),
        None => json!("none"),
    };
    let mut summary = json!({
        "game": serde_json::to_value(kind).map_err(ApiError::data)?,
        "size": game.size(),
        "turns": turns(&data.log),
        "ended": u8::from(game.ended()),
        "winner": winner,
        "progression": game.progression(),
        "record": game.record(),
    });
    if let (Some(variant), Value::Object(fields)) = (options.variant, &mut summary) {
        fields.insert(
            "variant".into(),
            serde_json::to_value(variant).map_err(ApiError::data)?,
        );
    }
    if let (Some(exact), Value::Object(fields)) = (options.exact_five, &mut summary) {
        fields.insert("exactFive".into(), json!(u8::from(exact)));
    }
    let per_player = serde_json::to_value(game.stats()).map_err(ApiError::data)?;
    let scores = game.scores();
    let ranks = game.rankings();
    let factions = kind.factions();
    let players: Vec<Value> = Player::BOTH
        .iter()
        .map(|&p| {
            let mut row = Map::new();
            row.insert("player".into(), json!(p.index()));
            row.insert("name".into(), json!(data.name(p)));
            row.insert("faction".into(), json!(factions[p.index()]));
            row.insert("score".into(), json!(scores[p.index()]));
            if let Some(ranks) = ranks {
                row.insert("rank".into(), json!(ranks[p.index()]));
            }
            if let Some(Value::Object(fields)) = per_player.get(p.index()) {
                row.extend(fields.clone());
            }
            Value::Object(row)
        })
        .collect();
    Ok(json!({ "game": summary, "players": players }))
}

/// `setPlayerMetaData(data, player, {name})`.
pub fn set_player_meta_data(data: Value, who: &Value, meta: &Value) -> Result<GameData, ApiError> {
    let mut data = GameData::from_json(data)?;
    let who = player(who)?;
    let name = match meta.get("name") {
        Some(Value::String(name)) => name.clone(),
        Some(other) => {
            return Err(ApiError::argument(format!(
                "a player's name must be a string, not {other}"
            )))
        }
        None => return Err(ApiError::argument("setPlayerMetaData needs {name}")),
    };
    GameData::check_name(&name).map_err(ApiError::argument)?;
    data.players[who.index()].name = name;
    Ok(data)
}

/// `setPlayerSettings(data, player, settings)`: only the given keys change.
pub fn set_player_settings(
    data: Value,
    who: &Value,
    settings: &Value,
) -> Result<GameData, ApiError> {
    let mut data = GameData::from_json(data)?;
    let who = player(who)?;
    let Value::Object(settings) = settings else {
        return Err(ApiError::argument(format!(
            "settings must be an object, not {settings}"
        )));
    };
    data.players[who.index()].settings.extend(settings.clone());
    Ok(data)
}

pub fn player_settings(data: Value, who: &Value) -> Result<Map<String, Value>, ApiError> {
    let data = GameData::from_json(data)?;
    let who = player(who)?;
    Ok(data.players[who.index()].settings.clone())
}

/// What `messages` returns.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Messages {
    pub messages: Vec<String>,
    pub data: GameData,
}

/// `messages(data)`: the passes, concessions, departures and results not reported yet;
/// the returned data remembers them, so the next call does not repeat them.
pub fn messages(data: Value) -> Result<Messages, ApiError> {
    let mut data = GameData::from_json(data)?;
    let messages = data.log[data.messages_shown..]
        .iter()
        .filter_map(|item| event_line(&data, item))
        .collect();
    data.messages_shown = data.log.len();
    Ok(Messages { messages, data })
}

/// A human-readable line for an event of the log (moves are not announced), in the
/// engine's English [`words`](outflank_engine::words): "Ada (Dark) has no legal move and passes.", "... wins by
/// forfeit.".
pub fn event_line(data: &GameData, item: &LogItem) -> Option<String> {
    let kind = data.state.kind();
    let who = |p: Player| format!("{} ({})", data.name(p), kind.colour(p));
    match item {
        LogItem::Move { .. } => None,
        // The end of a log is the end of its game, which the data was checked against.
        LogItem::Event(LogEvent::End { .. }) => {
            Verdict::of(&data.state).map(|verdict| verdict.sentence(who))
        }
        _ => Sentence::of(kind, item).map(|sentence| sentence.words(who)),
    }
}

/// `stripSecret(data, player?)`: nothing in these games is secret; the data as it is.
pub fn strip_secret(data: Value, viewer: &Value) -> Result<GameData, ApiError> {
    optional_player(viewer)?;
    Ok(GameData::from_json(data)?)
}

/// `toSave(data)`: every move is final, so everything is saved.
pub fn to_save(data: Value) -> Result<GameData, ApiError> {
    Ok(GameData::from_json(data)?)
}
