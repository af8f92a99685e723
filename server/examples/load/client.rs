//! The scripted players: each a browser of its own (an account, a session cookie, a
//! WebSocket) that plays its games' moves after a think.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use reqwest::cookie::{CookieStore, Jar};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

#[derive(Default)]
pub struct Stats {
    pub moves: AtomicU64,
    pub errors: AtomicU64,
    pub lost: AtomicU64,
    pub finished: AtomicU64,
    pub latencies_us: Mutex<Vec<u64>>,
}

/// A browser, talking to one instance (`url`).
pub struct Player {
    http: reqwest::Client,
    jar: Arc<Jar>,
    url: String,
}

impl Player {
    fn new(url: String) -> Player {
        let jar = Arc::new(Jar::default());
        let http = reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .build()
            .unwrap();
        Player { http, jar, url }
    }

    async fn post(&self, path: &str, body: Value) -> Result<Value, String> {
        let url = &self.url;
        let r = self
            .http
            .post(format!("{url}{path}"))
            .header("Origin", url)
            .json(&body)
            .send()
            .await
            .map_err(|e| e.to_string())?;
        let ok = r.status().is_success();
        let v: Value = r.json().await.map_err(|e| e.to_string())?;
        if ok {
            Ok(v)
        } else {
            Err(v.to_string())
        }
    }

    async fn ws(&self, id: i64) -> Result<Socket, String> {
        let url = &self.url;
        let ws_url = format!("{}/api/games/{id}/ws", url.replacen("http://", "ws://", 1));
        let mut request = ws_url.as_str().into_client_request().unwrap();
        if let Some(c) = self.jar.cookies(&url.parse().unwrap()) {
            request.headers_mut().insert("Cookie", c);
        }
        request
            .headers_mut()
            .insert("Origin", HeaderValue::from_str(url).unwrap());
        let (s, _) = tokio_tungstenite::connect_async(request)
            .await
            .map_err(|e| e.to_string())?;
        Ok(s)
    }
}

/// The next JSON message (None: closed or silent for 30 s).
async fn next(ws: &mut Socket) -> Option<Value> {
    loop {
        match tokio::time::timeout(Duration::from_secs(30), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(&t).ok(),
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) | Err(_) => return None,
            Ok(Some(Ok(_))) => continue,
        }
    }
}

/// Reads until the `state` with id `sid`; refusals and errors counted.
async fn state(ws: &mut Socket, sid: i64, stats: &Stats) -> Option<Value> {
    loop {
        let m = next(ws).await?;
        match m["event"].as_str() {
            Some("state") if m["data"]["stateId"].as_i64() >= Some(sid) => {
                return Some(m["data"].clone())
            }
            Some("refused") | Some("error") => {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                eprintln!("server said: {m}");
            }
            _ => {}
        }
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn to_move_and_moves(state: &Value) -> Option<(usize, Vec<String>)> {
    let mut data = state.clone();
    data.as_object_mut()?.remove("stateId");
    let data = outflank_bgs::GameData::from_json(data).ok()?;
    use outflank_engine::Game;
    let p = data.state.to_move()?;
    Some((
        p.index(),
        data.state
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect(),
    ))
}

/// Game `i`: two accounts, player k on instance k (of `urls`, round), the game created by
/// player 0 and joined by player 1, each on their own instance.
pub async fn set_up(urls: &[String], i: usize, size: u32) -> Result<(i64, [Player; 2]), String> {
    let players = [0, 1].map(|k| Player::new(urls[k % urls.len()].clone()));
    for (k, p) in players.iter().enumerate() {
        p.post(
            "/api/accounts",
            json!({"name": format!("load{i}p{k}"), "password": "password1"}),
        )
        .await?;
    }
    let game = players[0]
        .post("/api/games", json!({"game": "reversi", "size": size}))
        .await?;
    let id = game["game"]["id"].as_i64().ok_or("no id")?;
    players[1]
        .post(&format!("/api/games/{id}/join"), json!({}))
        .await?;
    Ok((id, players))
}

pub async fn play(
    urls: Arc<Vec<String>>,
    id: i64,
    players: [Player; 2],
    spectators: usize,
    think_ms: u64,
    seed: u64,
    stats: Arc<Stats>,
) {
    let lost = || {
        stats.lost.fetch_add(1, Ordering::Relaxed);
    };
    let mut sockets = Vec::new();
    for p in &players {
        match p.ws(id).await {
            Ok(s) => sockets.push(s),
            Err(e) => {
                eprintln!("game {id}: {e}");
                stats.errors.fetch_add(1, Ordering::Relaxed);
                return lost();
            }
        }
    }
    let mut watchers = Vec::new();
    for j in 0..spectators {
        if let Ok(s) = Player::new(urls[j % urls.len()].clone()).ws(id).await {
            watchers.push(s);
        }
    }
    let mut current = None;
    for s in sockets.iter_mut().chain(watchers.iter_mut()) {
        current = state(s, 0, &stats).await;
    }
    let Some(mut current) = current else {
        stats.errors.fetch_add(1, Ordering::Relaxed);
        return lost();
    };
    let mut rng = Rng(seed | 1);
    while let Some((mover, moves)) = to_move_and_moves(&current) {
        let sid = current["stateId"].as_i64().unwrap_or(0);
        if think_ms > 0 {
            let t = think_ms / 2 + rng.next() % (think_ms + 1);
            tokio::time::sleep(Duration::from_millis(t)).await;
        }
        let mv = &moves[(rng.next() % moves.len() as u64) as usize];
        let msg = json!({"event": "move", "data": {"move": mv, "stateId": sid}}).to_string();
        let sent = Instant::now();
        if sockets[mover]
            .send(Message::Text(msg.into()))
            .await
            .is_err()
        {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            return lost();
        }
        let Some(seen) = state(&mut sockets[1 - mover], sid + 1, &stats).await else {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            return lost();
        };
        stats
            .latencies_us
            .lock()
            .unwrap()
            .push(sent.elapsed().as_micros() as u64);
        stats.moves.fetch_add(1, Ordering::Relaxed);
        for s in std::iter::once(&mut sockets[mover]).chain(watchers.iter_mut()) {
            if state(s, sid + 1, &stats).await.is_none() {
                stats.errors.fetch_add(1, Ordering::Relaxed);
            }
        }
        current = seen;
    }
    // The server's record must be what the clients saw.
    let got: Option<Value> = match reqwest::get(format!("{}/api/games/{id}", urls[0])).await {
        Ok(r) => r.json().await.ok(),
        Err(_) => None,
    };
    let ok = got.is_some_and(|g| {
        g["game"]["status"] == "finished" && g["state"]["stateId"] == current["stateId"]
    });
    if ok {
        stats.finished.fetch_add(1, Ordering::Relaxed);
    } else {
        lost();
    }
}
