//! The games' HTTP routes: create, look at, read the log of, join and cancel a game.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use outflank_bgs::api;
use serde::Deserialize;
use serde_json::{json, Value};

use super::moves::{announce, apply, scores};
use super::options::{bad_option, clock_ms, lobby_options, CreateGame};
use super::view::{log_slice, state_value, summary};
use crate::auth::{random_id, Viewer};
use crate::error::ApiError;
use crate::http::Body;
use crate::store::{Change, Committed, GameRow, NewGame};
use crate::{now_ms, Shared};

fn parse_id(id: &str) -> Result<i64, ApiError> {
    id.parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| ApiError::not_found("game"))
}

async fn load(app: &Shared, id: i64, with_data: bool) -> Result<GameRow, ApiError> {
    app.store
        .game(id, with_data)
        .await?
        .ok_or_else(|| ApiError::not_found("game"))
}

/// `POST /api/games`
pub async fn create(
    State(app): State<Shared>,
    viewer: Viewer,
    Body(req): Body<CreateGame>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let user = viewer.require()?;
    let options = lobby_options(&req)?;
    let (clock, increment) = clock_ms(req.clock)?;
    if app.store.count_waiting(user.id).await? >= i64::from(app.config.max_waiting) {
        return Err(ApiError::conflict(
            "too-many-waiting",
            format!(
                "You have {} games waiting for an opponent already; cancel one first.",
                app.config.max_waiting
            ),
        ));
    }
    let id = random_id();
    let data = api::init(
        &json!(2),
        &json!([]),
        &options,
        &json!(id.to_string()),
        &json!(0),
    )
    .map_err(|e| bad_option(e.message))?;
    let data = api::set_player_meta_data(data.to_json(), &json!(0), &json!({"name": user.name}))
        .map_err(|e| bad_option(e.message))?;
    let now = now_ms();
    app.store
        .insert_game(&NewGame {
            id,
            options: options.to_string(),
            creator: user.id,
            data: data.to_json().to_string(),
            clock_ms: clock,
            increment_ms: increment,
            now,
        })
        .await?;
    let row = load(&app, id, true).await?;
    announce(&app, &row, true);
    tracing::info!(game = id, user = user.id, "created");
    Ok((
        StatusCode::CREATED,
        Json(json!({ "game": summary(&row, now) })),
    ))
}

/// `GET /api/games/{id}`: the summary and the state (anyone may look).
pub async fn get(
    State(app): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let row = load(&app, parse_id(&id)?, true).await?;
    let state = state_value(row.data.as_deref().unwrap_or("null"), row.state_id);
    Ok(Json(
        json!({ "game": summary(&row, now_ms()), "state": state }),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogQuery {
    #[serde(default)]
    start: Option<u32>,
    #[serde(default)]
    end: Option<u32>,
}

/// `GET /api/games/{id}/log?start=&end=`: the engine's `logSlice` for a spectator.
pub async fn log(
    State(app): State<Shared>,
    Path(id): Path<String>,
    query: Result<Query<LogQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad_request("bad-request", e.body_text()))?;
    let row = load(&app, parse_id(&id)?, true).await?;
    Ok(Json(log_slice(&row, q.start, q.end, None)?))
}

/// `POST /api/games/{id}/join`: the viewer takes the light seat (player 1) and the game begins.
pub async fn join(
    State(app): State<Shared>,
    viewer: Viewer,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let user = viewer.require()?;
    let row = load(&app, parse_id(&id)?, true).await?;
    if row.player0_id == user.id {
        return Err(ApiError::conflict(
            "own-game",
            "You cannot join your own game.",
        ));
    }
    if row.status != "waiting" {
        return Err(not_waiting());
    }
    let data = api::set_player_meta_data(
        serde_json::from_str(row.data.as_deref().unwrap_or("null")).unwrap_or(Value::Null),
        &json!(1),
        &json!({"name": user.name}),
    )
    .map_err(|e| {
        tracing::error!(game = row.id, "join: {}", e.message);
        ApiError::internal()
    })?;
    let now = now_ms();
    let first_turn = row
        .clock_ms
        .unwrap_or(app.config.abandon_after as i64 * 1000);
    let change = Change {
        game_id: row.id,
        from_state: row.state_id,
        to_state: row.state_id + 1,
        status: "playing",
        data: data.to_json().to_string(),
        to_move: Some(0),
        scores: scores(&data),
        times: [row.clock_ms, row.clock_ms],
        turn_started_at: Some(now),
        deadline: Some(now + first_turn),
        join: Some((user.id, now)),
        finish: None,
        at: now,
    };
    match app.store.commit(&change).await? {
        Committed::Stale => return Err(not_waiting()),
        Committed::Done { .. } => {}
    }
    app.reaper.deadline_set(now + first_turn);
    let mut after = apply(&row, &change, None);
    after.player1_id = Some(user.id);
    after.player1_name = Some(user.name.clone());
    after.started_at = Some(now);
    announce(&app, &after, true);
    app.cache.put(Arc::new(after.clone()));
    tracing::info!(game = row.id, user = user.id, "joined");
    Ok(Json(json!({ "game": summary(&after, now) })))
}

fn not_waiting() -> ApiError {
    ApiError::conflict(
        "not-waiting",
        "That game is not waiting for an opponent any more.",
    )
}

/// `POST /api/games/{id}/cancel`: the creator withdraws a game nobody has joined.
pub async fn cancel(
    State(app): State<Shared>,
    viewer: Viewer,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let user = viewer.require()?;
    let row = load(&app, parse_id(&id)?, false).await?;
    if row.player0_id != user.id {
        return Err(ApiError::forbidden(
            "not-yours",
            "Only its creator can cancel a game.",
        ));
    }
    if !app.store.cancel_game(row.id, user.id).await? {
        return Err(not_waiting());
    }
    let after = load(&app, row.id, true).await?;
    announce(&app, &after, true);
    Ok(Json(json!({ "game": summary(&after, now_ms()) })))
}
