//! Games: create, join, cancel, moves, clocks and the end of a game. The rules are the BGS
//! engine API's ([`outflank_bgs::api`]): `init` makes the data, `move` checks and plays a move
//! (refusals carry the engine's error code), `dropPlayer` ends a game that a player left.
//!
//! Every change is stored (one transaction, a compare-and-set on the game's state id) before
//! it is announced; a change that lost the race is refused as `stale` and changes nothing.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use outflank_bgs::{api, GameData};
use outflank_engine::{Game, Outcome};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::auth::{random_id, Viewer};
use crate::error::ApiError;
use crate::fanout::{GameMessages, GameNews, LobbyNews};
use crate::http::Body;
use crate::store::{Change, Committed, Finish, GameRow, NewGame};
use crate::{now_ms, Shared};

/// Shortest and longest clock, in minutes per player.
pub const CLOCK_MIN_MINUTES: f64 = 0.05;
pub const CLOCK_MAX_MINUTES: f64 = 180.0;
/// Largest increment, in seconds per move.
pub const INCREMENT_MAX: u32 = 60;

/// `POST /api/games`'s body.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CreateGame {
    pub game: String,
    #[serde(default)]
    pub size: Option<u32>,
    #[serde(default)]
    pub variant: Option<String>,
    #[serde(default)]
    pub exact_five: Option<bool>,
    #[serde(default)]
    pub clock: Option<ClockOption>,
}

#[derive(Deserialize, Debug, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct ClockOption {
    /// Minutes per player.
    pub minutes: f64,
    /// Seconds added after each of a player's moves.
    #[serde(default)]
    pub increment: u32,
}

fn bad_option(message: impl Into<String>) -> ApiError {
    ApiError::bad_request("bad-option", message)
}

/// The options as the lobby shows them and `init` takes them; an error for anything that is
/// not one of the games offered online.
pub fn lobby_options(req: &CreateGame) -> Result<Value, ApiError> {
    let only = |what: &str, given: bool| {
        if given {
            Err(bad_option(format!("{} has no option {what}.", req.game)))
        } else {
            Ok(())
        }
    };
    match req.game.as_str() {
        "reversi" => {
            only("exactFive", req.exact_five.is_some())?;
            let size = req.size.unwrap_or(8);
            if ![6, 8, 10].contains(&size) {
                return Err(bad_option("Reversi is played on 6x6, 8x8 or 10x10."));
            }
            let variant = req.variant.as_deref().unwrap_or("standard");
            if !["standard", "bombs"].contains(&variant) {
                return Err(bad_option("Reversi's variants are standard and bombs."));
            }
            Ok(json!({"game": "reversi", "size": size, "variant": variant}))
        }
        "gomoku" => {
            only("variant", req.variant.is_some())?;
            let size = req.size.unwrap_or(19);
            if ![15, 19].contains(&size) {
                return Err(bad_option("Gomoku is played on 15x15 or 19x19."));
            }
            Ok(
                json!({"game": "gomoku", "size": size, "exactFive": req.exact_five.unwrap_or(false)}),
            )
        }
        "tictactoe" => {
            only("variant", req.variant.is_some())?;
            only("exactFive", req.exact_five.is_some())?;
            if req.size.is_some_and(|s| s != 3) {
                return Err(bad_option("Tic-Tac-Toe is played on 3x3."));
            }
            Ok(json!({"game": "tictactoe"}))
        }
        _ => Err(bad_option("The games are reversi, gomoku and tictactoe.")),
    }
}

fn clock_ms(clock: Option<ClockOption>) -> Result<(Option<i64>, Option<i64>), ApiError> {
    let Some(c) = clock else {
        return Ok((None, None));
    };
    if !c.minutes.is_finite() || !(CLOCK_MIN_MINUTES..=CLOCK_MAX_MINUTES).contains(&c.minutes) {
        return Err(bad_option(format!(
            "A clock has {CLOCK_MIN_MINUTES} to {CLOCK_MAX_MINUTES} minutes."
        )));
    }
    if c.increment > INCREMENT_MAX {
        return Err(bad_option(format!(
            "An increment is 0 to {INCREMENT_MAX} seconds."
        )));
    }
    Ok((
        Some((c.minutes * 60_000.0).round() as i64),
        Some(i64::from(c.increment) * 1000),
    ))
}

fn seat_of(row: &GameRow, user: i64) -> Option<usize> {
    if row.player0_id == user {
        Some(0)
    } else if row.player1_id == Some(user) {
        Some(1)
    } else {
        None
    }
}

/// Time left for `seat` at `now`: its stored time, less the running turn if it is its turn.
fn time_left(row: &GameRow, seat: usize, now: i64) -> Option<i64> {
    let stored = if seat == 0 {
        row.time0_ms
    } else {
        row.time1_ms
    }?;
    let running = row.status == "playing" && row.to_move == Some(seat as i64);
    Some(match (running, row.turn_started_at) {
        (true, Some(t)) => (stored - (now - t)).max(0),
        _ => stored,
    })
}

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

/// The games being played as this instance last stored or read them, so that a move made on
/// the state held here needs no read from the database. It is only a shortcut: a move made
/// on any other state id reads the database, and the store's compare-and-set refuses a
/// change to a state that another instance has already moved on from.
pub struct Cache {
    rows: Mutex<HashMap<i64, Arc<GameRow>>>,
}

/// Games kept at most; past that the cache starts again empty.
const CACHE_MAX: usize = 20_000;

impl Default for Cache {
    fn default() -> Self {
        Cache::new()
    }
}

impl Cache {
    pub fn new() -> Cache {
        Cache {
            rows: Mutex::new(HashMap::new()),
        }
    }

    fn get(&self, id: i64) -> Option<Arc<GameRow>> {
        self.rows.lock().ok()?.get(&id).cloned()
    }

    /// Keeps `row` if its game is being played (with its data), forgets it otherwise.
    fn put(&self, row: Arc<GameRow>) {
        let Ok(mut rows) = self.rows.lock() else {
            return;
        };
        if row.status != "playing" || row.data.is_none() {
            rows.remove(&row.id);
            return;
        }
        if rows.len() >= CACHE_MAX && !rows.contains_key(&row.id) {
            rows.clear();
        }
        rows.insert(row.id, row);
    }
}

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

/// Tells the game's sockets (and the lobby, when `lobby`) about `row`, just committed.
fn announce(app: &Shared, row: &GameRow, lobby: bool) {
    let now = now_ms();
    let summary = summary(row, now);
    let game_msg = message("game", &summary);
    if let Some(data) = &row.data {
        app.announcer.game_changed(GameNews {
            game_id: row.id,
            state_id: row.state_id,
            players: [Some(row.player0_id), row.player1_id],
            messages: Some(Arc::new(GameMessages {
                game: game_msg.clone(),
                state: state_message(data, row.state_id),
            })),
        });
    }
    if lobby {
        app.announcer.lobby_changed(LobbyNews {
            game_id: row.id,
            message: Some(Arc::new(game_msg)),
        });
    }
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

fn scores(data: &GameData) -> [i64; 2] {
    data.state.scores().map(i64::from)
}

/// `row` as it is after `change`.
fn apply(row: &GameRow, change: &Change, rating_changes: Option<[f64; 2]>) -> GameRow {
    let mut after = row.clone();
    after.state_id = change.to_state;
    after.status = change.status.to_string();
    after.data = Some(change.data.clone());
    after.to_move = change.to_move;
    after.score0 = change.scores[0];
    after.score1 = change.scores[1];
    after.time0_ms = change.times[0];
    after.time1_ms = change.times[1];
    after.turn_started_at = change.turn_started_at;
    after.deadline = change.deadline;
    if let Some(f) = &change.finish {
        after.finished_at = Some(change.at);
        after.end_reason = Some(f.reason.to_string());
        after.winner = f.winner.map(|w| w as i64);
    }
    if let Some([a, b]) = rating_changes {
        after.rating0_change = Some(a);
        after.rating1_change = Some(b);
    }
    after
}

/// Why an action on a game's socket was refused: a stable code (the engine's, or one of
/// API.md's), a sentence, and the game's state id now.
#[derive(Debug, Clone)]
pub struct Refusal {
    pub code: &'static str,
    pub message: String,
    pub state_id: Option<i64>,
}

impl Refusal {
    fn new(code: &'static str, message: impl Into<String>, state_id: Option<i64>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
            state_id,
        }
    }
}

impl From<ApiError> for Refusal {
    fn from(e: ApiError) -> Refusal {
        Refusal::new(e.code, e.message, None)
    }
}

impl From<sqlx::Error> for Refusal {
    fn from(e: sqlx::Error) -> Refusal {
        ApiError::from(e).into()
    }
}

/// The game after a change by `actor` (a seat, or None for the server's flag fall) that
/// led to `data`: who is to move, the clocks, the deadline, and how it ended if it did.
fn change_after(
    app: &Shared,
    row: &GameRow,
    data: &GameData,
    actor: Option<usize>,
    reason_if_over: &'static str,
    now: i64,
) -> Change {
    let mut times = [row.time0_ms, row.time1_ms];
    let mover = actor.or(row.to_move.map(|s| s as usize));
    if let (Some(p), Some(_)) = (mover, row.clock_ms) {
        times[p] = time_left(row, p, now);
        if actor.is_some() {
            times[p] = times[p].map(|t| t + row.increment_ms.unwrap_or(0));
        }
    }
    let next = data.state.to_move().map(|p| p.index());
    let (turn_started_at, deadline) = match next {
        None => (None, None),
        Some(n) => {
            let allowed = match row.clock_ms {
                Some(_) => times[n].unwrap_or(0),
                None => app.config.abandon_after as i64 * 1000,
            };
            (Some(now), Some(now + allowed))
        }
    };
    let finish = next.is_none().then(|| {
        let scores = scores(data);
        let reversi = data.state.kind() == outflank_engine::GameKind::Reversi;
        Finish {
            reason: reason_if_over,
            winner: match data.state.outcome() {
                Some(Outcome::Win(p)) => Some(p.index()),
                _ => None,
            },
            players: [row.player0_id, row.player1_id.unwrap_or(row.player0_id)],
            diff0: if reversi { scores[0] - scores[1] } else { 0 },
        }
    });
    Change {
        game_id: row.id,
        from_state: row.state_id,
        to_state: row.state_id + 1,
        status: if finish.is_some() {
            "finished"
        } else {
            "playing"
        },
        data: data.to_json().to_string(),
        to_move: next.map(|n| n as i64),
        scores: scores(data),
        times,
        turn_started_at,
        deadline,
        join: None,
        finish,
        at: now,
    }
}

/// Stores `change`, then announces it.
async fn commit(app: &Shared, row: &GameRow, change: Change) -> Result<bool, sqlx::Error> {
    match app.store.commit(&change).await? {
        Committed::Stale => Ok(false),
        Committed::Done { rating_changes } => {
            if let Some(d) = change.deadline {
                app.reaper.deadline_set(d);
            }
            let after = apply(row, &change, rating_changes);
            announce(app, &after, change.finish.is_some());
            app.cache.put(Arc::new(after));
            Ok(true)
        }
    }
}

/// A move by `user` on game `game_id`, made on the state `made_on`: checked, stored and
/// announced, or refused with nothing changed.
pub async fn play(
    app: &Shared,
    user: i64,
    game_id: i64,
    mv: &Value,
    made_on: i64,
) -> Result<(), Refusal> {
    let row = match app.cache.get(game_id) {
        Some(row) if row.state_id == made_on => row,
        _ => {
            let row = Arc::new(
                app.store
                    .game(game_id, true)
                    .await?
                    .ok_or_else(|| Refusal::new("not-found", "No such game.", None))?,
            );
            app.cache.put(row.clone());
            row
        }
    };
    let row = &*row;
    let current = Some(row.state_id);
    let Some(seat) = seat_of(row, user) else {
        return Err(Refusal::new(
            "not-a-player",
            "Only the game's players can move; you are watching.",
            current,
        ));
    };
    match row.status.as_str() {
        "playing" => {}
        "waiting" => {
            return Err(Refusal::new(
                "not-started",
                "The game has not started: nobody has joined yet.",
                current,
            ))
        }
        _ => return Err(Refusal::new("game-over", "The game is over.", current)),
    }
    if made_on != row.state_id {
        return Err(Refusal::new(
            "stale",
            "The game has moved on since that move was made; here is the game as it is.",
            current,
        ));
    }
    let stored: Value = serde_json::from_str(row.data.as_deref().unwrap_or("null"))
        .map_err(|_| Refusal::from(ApiError::internal()))?;
    let data = api::play(stored, mv, &json!(seat))
        .map_err(|e| Refusal::new(e.code, e.message, current))?;
    let now = now_ms();
    if row.deadline.is_some_and(|d| now >= d) {
        // Too late: the deadline passed before the move arrived (the reaper had not yet
        // ended the game). End it now, as the reaper would.
        settle(app, game_id).await?;
        return Err(Refusal::new(
            "timeout",
            "Your time ran out before that move arrived.",
            current,
        ));
    }
    let reason = if mv.as_str() == Some("concede") {
        "conceded"
    } else {
        "end"
    };
    let change = change_after(app, row, &data, Some(seat), reason, now);
    if commit(app, row, change).await? {
        Ok(())
    } else {
        Err(Refusal::new(
            "stale",
            "The game moved on while that move was being played.",
            None,
        ))
    }
}

/// Ends game `game_id` if its deadline has passed: the player to move is dropped (BGS
/// `dropPlayer`: the other player wins).
pub async fn settle(app: &Shared, game_id: i64) -> Result<(), sqlx::Error> {
    // A move may win the race for the same state; then look again.
    for _ in 0..5 {
        let Some(row) = app.store.game(game_id, true).await? else {
            return Ok(());
        };
        let now = now_ms();
        let due = row.status == "playing" && row.deadline.is_some_and(|d| d <= now);
        let Some(who) = row.to_move.filter(|_| due) else {
            return Ok(());
        };
        let stored: Value =
            serde_json::from_str(row.data.as_deref().unwrap_or("null")).unwrap_or(Value::Null);
        let data = match api::drop_player(stored, &json!(who)) {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(game = game_id, "dropPlayer: {}", e.message);
                return Ok(());
            }
        };
        let reason = if row.clock_ms.is_some() {
            "timeout"
        } else {
            "abandoned"
        };
        let change = change_after(app, &row, &data, None, reason, now);
        if commit(app, &row, change).await? {
            tracing::info!(game = game_id, seat = who, reason, "dropped");
            return Ok(());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(v: Value) -> CreateGame {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn online_options() {
        assert_eq!(
            lobby_options(&req(json!({"game": "reversi"}))).unwrap(),
            json!({"game": "reversi", "size": 8, "variant": "standard"})
        );
        assert_eq!(
            lobby_options(&req(
                json!({"game": "gomoku", "size": 15, "exactFive": true})
            ))
            .unwrap(),
            json!({"game": "gomoku", "size": 15, "exactFive": true})
        );
        assert!(lobby_options(&req(json!({"game": "reversi", "size": 7}))).is_err());
        assert!(lobby_options(&req(json!({"game": "gomoku", "variant": "bombs"}))).is_err());
        assert!(lobby_options(&req(json!({"game": "chess"}))).is_err());
        assert!(serde_json::from_value::<CreateGame>(json!({"game": "reversi", "x": 1})).is_err());
    }

    #[test]
    fn the_state_message_is_the_data_with_its_state_id() {
        let data = r#"{"engine":"outflank","log":[]}"#;
        let m: Value = serde_json::from_str(&state_message(data, 7)).unwrap();
        assert_eq!(m, json!({"event": "state", "data": state_value(data, 7)}));
    }

    #[test]
    fn clocks() {
        let c = |m: f64, i: u32| {
            clock_ms(Some(ClockOption {
                minutes: m,
                increment: i,
            }))
        };
        assert_eq!(c(5.0, 3).unwrap(), (Some(300_000), Some(3000)));
        assert!(c(0.0, 0).is_err());
        assert!(c(f64::NAN, 0).is_err());
        assert!(c(5.0, 61).is_err());
    }
}
