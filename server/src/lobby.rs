//! The lobby: games waiting for an opponent, games being played (to watch), and the viewer's
//! own open games; over HTTP once, or over a WebSocket that keeps the lists up to date.

use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Json;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::sync::broadcast::error::RecvError;

use crate::auth::{ClientAddr, Viewer};
use crate::error::ApiError;
use crate::games::{message, summary};
use crate::{now_ms, Shared};

/// Longest list the lobby returns.
pub const LIST_MAX: i64 = 100;

/// The three lists (`mine` empty for a visitor who is not logged in).
pub async fn lists(app: &Shared, user: Option<i64>) -> Result<Value, ApiError> {
    let now = now_ms();
    let waiting = app.store.games_with_status("waiting", LIST_MAX).await?;
    let playing = app.store.games_with_status("playing", LIST_MAX).await?;
    let mine = match user {
        Some(u) => app.store.games_of(u, true, LIST_MAX).await?,
        None => Vec::new(),
    };
    let list = |rows: &[crate::store::GameRow]| -> Vec<Value> {
        rows.iter().map(|r| summary(r, now)).collect()
    };
    Ok(json!({
        "waiting": list(&waiting),
        "playing": list(&playing),
        "mine": list(&mine),
    }))
}

/// `GET /api/lobby`
pub async fn get(State(app): State<Shared>, viewer: Viewer) -> Result<Json<Value>, ApiError> {
    Ok(Json(lists(&app, viewer.user().map(|u| u.id)).await?))
}

/// `GET /api/lobby/ws`: `lobby` (the lists) at once, then `game` (a summary) whenever a game
/// is created, joined, cancelled or finished; `lobby` again if the socket fell behind.
pub async fn upgrade(
    State(app): State<Shared>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    viewer: Viewer,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    crate::http::check_origin(&app, &headers)?;
    let user = viewer.user().map(|u| u.id);
    // Counted from here until the socket's task ends (or the upgrade fails).
    let slot = app.sockets.take(client)?;
    Ok(ws
        .read_buffer_size(crate::live::BUFFER)
        .write_buffer_size(crate::live::BUFFER)
        .max_message_size(crate::live::MAX_MESSAGE)
        .max_frame_size(crate::live::MAX_MESSAGE)
        .on_upgrade(move |socket| async move {
            run(app, socket, user).await;
            drop(slot);
        }))
}

async fn run(app: Shared, socket: WebSocket, user: Option<i64>) {
    let mut news = app.hub.subscribe_lobby();
    let (mut sink, mut stream) = socket.split();
    let mut send_lists = true;
    let mut shutdown = app.shutdown.clone();
    let mut ping = tokio::time::interval(Duration::from_secs(25));
    loop {
        if send_lists {
            send_lists = false;
            let Ok(lists) = lists(&app, user).await else {
                break;
            };
            if sink
                .send(Message::Text(message("lobby", &lists).into()))
                .await
                .is_err()
            {
                break;
            }
        }
        tokio::select! {
            incoming = stream.next() => match incoming {
                // The client has nothing to say here but may ask for the lists again.
                Some(Ok(Message::Text(t))) => {
                    if serde_json::from_str::<Value>(t.as_str())
                        .is_ok_and(|v| v["event"] == "fetchLobby")
                    {
                        send_lists = true;
                    }
                }
                Some(Ok(_)) => {}
                _ => break,
            },
            n = news.recv() => match n {
                Ok(n) if n.game_id == 0 => send_lists = true,
                Ok(n) => {
                    let text = match n.message {
                        Some(m) => m.as_ref().clone(),
                        None => match app.store.game(n.game_id, false).await {
                            Ok(Some(row)) => message("game", &summary(&row, now_ms())),
                            _ => continue,
                        },
                    };
                    if sink.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                Err(RecvError::Lagged(_)) => send_lists = true,
                Err(RecvError::Closed) => break,
            },
            _ = ping.tick() => {
                if sink.send(Message::Ping(Vec::new().into())).await.is_err() {
                    break;
                }
            }
            _ = shutdown.changed() => {
                let _ = sink.send(Message::Close(Some(CloseFrame {
                    code: 1001,
                    reason: "the server is restarting".into(),
                }))).await;
                break;
            }
        }
    }
}
