//! How a game is shown: its summary (the lobby's and the game page's), its `state` message
//! (the stored GameData with its state id) and the log slices a spectator reads.

use outflank_bgs::api;
use serde_json::{json, Value};

use std::sync::Arc;

use super::moves::time_left;
use crate::error::ApiError;
use crate::fanout::{GameMessages, GameNews, LobbyNews};
use crate::store::GameRow;

/// A game as the lobby and the game page show it (API.md "Game summary").
pub fn summary(row: &GameRow, now: i64) -> Value {
    let options: Value = serde_json::from_str(&row.options).unwrap_or(Value::Null);
    let player1 = row
        .player1_id
        .map(|id| json!({"id": id, "name": row.player1_name}));
    let clock = row.clock_ms.map(|ms| {
        json!({
            "minutes": ms as f64 / 60_000.0,
            "increment": row.increment_ms.unwrap_or(0) / 1000,
            "remainingMs": [time_left(row, 0, now), time_left(row, 1, now)],
            "running": if row.status == "playing" { row.to_move } else { None },
        })
    });
    let result = (row.status == "finished").then(|| {
        json!({
            "winner": row.winner,
            "reason": row.end_reason,
            "ratingChanges": match (row.rating0_change, row.rating1_change) {
                (Some(a), Some(b)) => json!([round1(a), round1(b)]),
                _ => Value::Null,
            },
        })
    });
    json!({
        "id": row.id,
        "status": row.status,
        "options": options,
        "players": [{"id": row.player0_id, "name": row.player0_name}, player1],
        "stateId": row.state_id,
        "toMove": if row.status == "playing" { row.to_move } else { None },
        "scores": [row.score0, row.score1],
        "clock": clock,
        "deadline": row.deadline.filter(|_| row.status == "playing"),
        "createdAt": row.created_at,
        "startedAt": row.started_at,
        "finishedAt": row.finished_at,
        "result": result,
        "serverTime": now,
    })
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The `state` payload: the stored GameData with `stateId` beside its fields.
pub fn state_value(data: &str, state_id: i64) -> Value {
    let mut v: Value = serde_json::from_str(data).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut v {
        map.insert("stateId".into(), json!(state_id));
    }
    v
}

pub fn message(event: &str, data: &Value) -> String {
    json!({"event": event, "data": data}).to_string()
}

/// The `state` message for stored `data`, written without parsing it again: `stateId` goes
/// in front of the stored object's fields.
pub fn state_message(data: &str, state_id: i64) -> String {
    match data.strip_prefix('{') {
        Some(rest) if !rest.trim_start().starts_with('}') => {
            format!(r#"{{"event":"state","data":{{"stateId":{state_id},{rest}}}"#)
        }
        _ => message("state", &state_value(data, state_id)),
    }
}

/// What the sockets are told of `row` as it is now: the game's news, with its messages
/// written once for every socket (None when `row` was read without its data), and the
/// lobby's.
pub fn news(row: &GameRow, now: i64) -> (Option<GameNews>, LobbyNews) {
    let game_msg = message("game", &summary(row, now));
    let game = row.data.as_ref().map(|data| GameNews {
        game_id: row.id,
        state_id: row.state_id,
        players: [Some(row.player0_id), row.player1_id],
        messages: Some(Arc::new(GameMessages {
            game: game_msg.clone(),
            state: state_message(data, row.state_id),
        })),
    });
    let lobby = LobbyNews {
        game_id: row.id,
        message: Some(Arc::new(game_msg)),
    };
    (game, lobby)
}

/// The `gamelog` payload: `{start, end, data: logSlice}` for `seat` (None: a spectator).
pub fn log_slice(
    row: &GameRow,
    start: Option<u32>,
    end: Option<u32>,
    seat: Option<usize>,
) -> Result<Value, ApiError> {
    let data: Value = serde_json::from_str(row.data.as_deref().unwrap_or("null"))
        .map_err(|_| ApiError::internal())?;
    let start = start.unwrap_or(0);
    let mut options = json!({"start": start, "player": seat.map_or(-1, |s| s as i64)});
    if let Some(end) = end {
        options["end"] = json!(end);
    }
    let slice =
        api::log_slice(data, &options).map_err(|e| ApiError::bad_request(e.code, e.message))?;
    let len = slice.log.len() as u32;
    Ok(json!({
        "start": start,
        "end": if len == 0 { Value::Null } else { json!(start + len - 1) },
        "data": slice,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_message_is_the_data_with_its_state_id() {
        let data = r#"{"engine":"outflank","log":[]}"#;
        let m: Value = serde_json::from_str(&state_message(data, 7)).unwrap();
        assert_eq!(m, json!({"event": "state", "data": state_value(data, 7)}));
    }
}
