//! A game's WebSocket (`/api/games/{id}/ws`): the server is the host of the viewer
//! protocol. Messages both ways are JSON text `{"event": name, "data": payload}` with the
//! protocol's event names; API.md lists them.
//!
//! Whoever connects watches; a connection whose session is seated in the game may also move
//! for that seat. Every socket of a game receives every change (two tabs of one player both
//! follow the game); a move names the state id it was made on, so a second tab's move on an
//! old position, or a replayed message, is refused as `stale`.

use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::broadcast::error::RecvError;

use crate::auth::{ClientAddr, Viewer};
use crate::error::ApiError;
use crate::games::{self, message, summary};
use crate::store::GameRow;
use crate::{now_ms, Shared};

/// Largest message a client may send, in bytes (a move is a few dozen).
pub const MAX_MESSAGE: usize = 4096;
/// A socket's read and write buffers, in bytes: a client's messages are small, and the
/// server's (a game's state, a few KiB) are written through; tungstenite's default of 128 KiB
/// each would make a thousand games' sockets cost half a GiB.
pub const BUFFER: usize = 8 * 1024;
/// Messages a client may send per second before the socket is closed.
pub const MAX_RATE: u32 = 20;
const PING_EVERY: Duration = Duration::from_secs(25);

/// A client's message.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Incoming {
    event: String,
    #[serde(default)]
    data: Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct MoveData {
    #[serde(rename = "move")]
    mv: Value,
    state_id: i64,
    #[serde(default)]
    game_id: Option<i64>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct FetchLog {
    #[serde(default)]
    start: Option<u32>,
    #[serde(default)]
    end: Option<u32>,
}

/// Viewer events that tell the host something it has no use for: accepted, ignored.
const IGNORED: [&str; 7] = [
    "ready",
    "addLog",
    "replaceLog",
    "replay:info",
    "update:preference",
    "player:clicked",
    "pong",
];

/// `GET /api/games/{id}/ws`
pub async fn upgrade(
    State(app): State<Shared>,
    Path(id): Path<String>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    viewer: Viewer,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    crate::http::check_origin(&app, &headers)?;
    let id = id.parse::<i64>().map_err(|_| ApiError::not_found("game"))?;
    if app.store.game(id, false).await?.is_none() {
        return Err(ApiError::not_found("game"));
    }
    // Counted from here until the socket's task ends (or the upgrade fails).
    let slot = app.sockets.take(client)?;
    Ok(ws
        .read_buffer_size(crate::live::BUFFER)
        .write_buffer_size(crate::live::BUFFER)
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| async move {
            run(app, socket, id, viewer).await;
            drop(slot);
        }))
}

fn seat_in(players: [Option<i64>; 2], user: Option<i64>) -> Option<usize> {
    let user = user?;
    players.iter().position(|p| *p == Some(user))
}

fn row_players(row: &GameRow) -> [Option<i64>; 2] {
    [Some(row.player0_id), row.player1_id]
}

fn error(code: &str, message: &str) -> String {
    games::message("error", &json!({"code": code, "message": message}))
}

/// The socket's sending half and what it has told the client.
struct Out {
    sink: futures_util::stream::SplitSink<WebSocket, Message>,
    /// The newest state id sent.
    last: i64,
    seat: Option<usize>,
    user: Option<i64>,
}

impl Out {
    async fn send(&mut self, text: String) -> bool {
        self.sink.send(Message::Text(text.into())).await.is_ok()
    }

    /// The game as it is now (`player` first if the seat changed): `game`, then `state`.
    async fn send_game(&mut self, row: &GameRow) -> bool {
        let seat = seat_in(row_players(row), self.user);
        if seat != self.seat {
            self.seat = seat;
            if !self.send(player(seat)).await {
                return false;
            }
        }
        self.last = self.last.max(row.state_id);
        let state = games::state_message(row.data.as_deref().unwrap_or("null"), row.state_id);
        self.send(message("game", &summary(row, now_ms()))).await && self.send(state).await
    }
}

fn player(seat: Option<usize>) -> String {
    message("player", &json!({ "index": seat }))
}

async fn run(app: Shared, socket: WebSocket, id: i64, viewer: Viewer) {
    let mut sub = app.hub.subscribe_game(id);
    let (sink, mut stream) = socket.split();
    let user = viewer.user().map(|u| u.id);
    let mut out = Out {
        sink,
        last: -1,
        seat: None,
        user,
    };
    if matches!(viewer, Viewer::BadSession)
        && !out
            .send(error(
                "bad-session",
                "Your session is not valid any more; you are watching. Log in again to play.",
            ))
            .await
    {
        return;
    }
    // Subscribed first, read second: a change between the two is not missed.
    let row = match app.store.game(id, true).await {
        Ok(Some(row)) => row,
        _ => return,
    };
    out.seat = seat_in(row_players(&row), user);
    if !out.send(player(out.seat)).await || !out.send_game(&row).await {
        return;
    }
    let mut shutdown = app.shutdown.clone();
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    let mut window = (Instant::now(), 0u32);
    loop {
        tokio::select! {
            incoming = stream.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(_))) => {
                        if !out.send(error("bad-message", "Messages are JSON text.")).await {
                            break;
                        }
                        continue;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    // Closed, or broken (a message over the size limit ends up here too).
                    _ => break,
                };
                if window.0.elapsed() >= Duration::from_secs(1) {
                    window = (Instant::now(), 0);
                }
                window.1 += 1;
                if window.1 > MAX_RATE {
                    let _ = out.send(error("too-many-messages", "Too many messages; slow down.")).await;
                    let _ = out.sink.send(Message::Close(Some(CloseFrame {
                        code: 1008,
                        reason: "too many messages".into(),
                    }))).await;
                    break;
                }
                if !handle(&app, id, &mut out, text.as_str()).await {
                    break;
                }
            }
            news = sub.rx.recv() => match news {
                Ok(news) if news.state_id > out.last => {
                    let ok = match &news.messages {
                        Some(m) => {
                            let seat = seat_in(news.players, user);
                            let seat_ok = if seat != out.seat {
                                out.seat = seat;
                                out.send(player(seat)).await
                            } else {
                                true
                            };
                            out.last = news.state_id;
                            seat_ok && out.send(m.game.clone()).await && out.send(m.state.clone()).await
                        }
                        None => match app.store.game(id, true).await {
                            Ok(Some(row)) => out.send_game(&row).await,
                            _ => false,
                        },
                    };
                    if !ok {
                        break;
                    }
                }
                Ok(_) => {}
                // Fell behind: tell the client a newer state exists; it fetches it.
                Err(RecvError::Lagged(_)) => {
                    if !out.send(message("state:updated", &Value::Null)).await {
                        break;
                    }
                }
                Err(RecvError::Closed) => break,
            },
            _ = ping.tick() => {
                if out.sink.send(Message::Ping(Vec::new().into())).await.is_err() {
                    break;
                }
            }
            _ = shutdown.changed() => {
                let _ = out.sink.send(Message::Close(Some(CloseFrame {
                    code: 1001,
                    reason: "the server is restarting".into(),
                }))).await;
                break;
            }
        }
    }
}

/// Answers one client message; false when the socket should close.
async fn handle(app: &Shared, id: i64, out: &mut Out, text: &str) -> bool {
    let msg: Incoming = match serde_json::from_str(text) {
        Ok(m) => m,
        Err(e) => {
            return out
                .send(error(
                    "bad-message",
                    &format!(r#"A message is {{"event": name, "data": payload}}: {e}"#),
                ))
                .await
        }
    };
    match msg.event.as_str() {
        "move" => {
            let mv: MoveData = match serde_json::from_value(msg.data) {
                Ok(m) => m,
                Err(e) => {
                    return out
                        .send(error(
                            "bad-message",
                            &format!(r#"A move is {{"move": "f5", "stateId": n}}: {e}"#),
                        ))
                        .await
                }
            };
            let refusal = if mv.game_id.is_some_and(|g| g != id) {
                Some(games::Refusal {
                    code: "wrong-game",
                    message: "That move is for another game than this socket's.".into(),
                    state_id: None,
                })
            } else if let Some(user) = out.user {
                games::play(app, user, id, &mv.mv, mv.state_id).await.err()
            } else {
                Some(games::Refusal {
                    code: "not-logged-in",
                    message: "Log in to play; you are watching.".into(),
                    state_id: None,
                })
            };
            match refusal {
                None => true,
                Some(r) => {
                    let state_id = match r.state_id {
                        Some(s) => Some(s),
                        None => app
                            .store
                            .game(id, false)
                            .await
                            .ok()
                            .flatten()
                            .map(|g| g.state_id),
                    };
                    out.send(message(
                        "refused",
                        &json!({"code": r.code, "message": r.message, "stateId": state_id}),
                    ))
                    .await
                }
            }
        }
        "fetchState" => match app.store.game(id, true).await {
            Ok(Some(row)) => out.send_game(&row).await,
            _ => {
                out.send(error("internal", "The game could not be read."))
                    .await
            }
        },
        "fetchLog" => {
            let q: FetchLog = if msg.data.is_null() {
                FetchLog::default()
            } else {
                match serde_json::from_value(msg.data) {
                    Ok(q) => q,
                    Err(e) => {
                        return out
                            .send(error(
                                "bad-message",
                                &format!("fetchLog takes {{start, end?}}: {e}"),
                            ))
                            .await
                    }
                }
            };
            match app.store.game(id, true).await {
                Ok(Some(row)) => match games::log_slice(&row, q.start, q.end, out.seat) {
                    Ok(slice) => out.send(message("gamelog", &slice)).await,
                    Err(e) => out.send(error(e.code, &e.message)).await,
                },
                _ => {
                    out.send(error("internal", "The game could not be read."))
                        .await
                }
            }
        }
        name if IGNORED.contains(&name) => true,
        _ => {
            out.send(error(
                "unknown-event",
                "Unknown event; see API.md for the events of a game's socket.",
            ))
            .await
        }
    }
}
