//! Moves and clocks: a move checked by the engine, the clocks and deadline after it, the
//! change stored by a compare-and-set on the state id and then announced; and the end of a
//! game whose deadline passed (BGS `dropPlayer`).

use std::sync::Arc;

use outflank_bgs::{api, GameData};
use outflank_engine::{Game, Outcome};
use serde_json::{json, Value};

use super::view::news;
use crate::error::ApiError;
use crate::store::{Change, Committed, Finish, GameRow};
use crate::{now_ms, Shared};

/// The seat of `user` in the game, if they play in it.
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
pub(super) fn time_left(row: &GameRow, seat: usize, now: i64) -> Option<i64> {
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

/// Tells the game's sockets (and the lobby, when `lobby`) about `row`, just committed.
pub(super) fn announce(app: &Shared, row: &GameRow, lobby: bool) {
    let (game, lobby_news) = news(row, now_ms());
    app.announcer
        .changed(row, game, lobby.then_some(lobby_news));
}

/// The engine's scores of `data`, as stored.
pub(super) fn scores(data: &GameData) -> [i64; 2] {
    data.state.scores().map(i64::from)
}

/// `row` as it is after `change`.
pub(super) fn apply(row: &GameRow, change: &Change, rating_changes: Option<[f64; 2]>) -> GameRow {
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
