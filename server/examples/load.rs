//! Load benchmark: N Reversi games played at once over loopback by scripted clients, each
//! player a browser of its own (an account, a session cookie, a WebSocket), against an
//! `outflank-server` process started on a temporary data directory.
//!
//! ```text
//! cargo build --release --bins --examples
//! target/release/examples/load --games 1000 --think-ms 1000
//! ```
//!
//! Prints moves per second, the 50th/99th percentile of the time from a move's sending to its
//! announcement reaching the opponent's socket, errors (refusals, socket failures, timeouts),
//! games lost (not finished, or the server's final state differs from what the clients saw),
//! and the server's memory (resident set, from /proc). A benchmark, not a test: it asserts
//! nothing. Clients and server share the machine's cores.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use reqwest::cookie::{CookieStore, Jar};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

#[derive(Parser)]
struct Args {
    /// Games played at once.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Each player's thinking time before a move, in ms (the actual time is drawn between
    /// half and one and a half of it).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Reversi board size.
    #[arg(long, default_value_t = 8)]
    size: u32,
    /// Spectators per game (anonymous sockets that only watch).
    #[arg(long, default_value_t = 0)]
    spectators: usize,
    /// The server's --sync (full: each move fsynced; normal: survives a crash, not a power cut).
    #[arg(long, default_value = "normal")]
    sync: String,
    /// The server binary (default: outflank-server beside this example's directory).
    #[arg(long)]
    server_bin: Option<PathBuf>,
    /// Seed of the move choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

#[derive(Default)]
struct Stats {
    moves: AtomicU64,
    errors: AtomicU64,
    lost: AtomicU64,
    finished: AtomicU64,
    latencies_us: Mutex<Vec<u64>>,
}

fn rss_kib(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// CPU seconds (user + system) used so far by process `pid` ("self" for this one).
fn cpu_secs(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which may hold spaces) start at its closing paren.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<f64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0.0))
        .collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the paren; in ticks
    // of 1/100 s on Linux.
    (f.get(11).copied().unwrap_or(0.0) + f.get(12).copied().unwrap_or(0.0)) / 100.0
}

struct Player {
    http: reqwest::Client,
    jar: Arc<Jar>,
}

impl Player {
    fn new() -> Player {
        let jar = Arc::new(Jar::default());
        let http = reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .build()
            .unwrap();
        Player { http, jar }
    }

    async fn post(&self, url: &str, path: &str, body: Value) -> Result<Value, String> {
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

    async fn ws(&self, url: &str, id: i64) -> Result<Socket, String> {
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

async fn setup(url: &str, i: usize, size: u32) -> Result<(i64, [Player; 2]), String> {
    let players = [Player::new(), Player::new()];
    for (k, p) in players.iter().enumerate() {
        p.post(
            url,
            "/api/accounts",
            json!({"name": format!("load{i}p{k}"), "password": "password1"}),
        )
        .await?;
    }
    let game = players[0]
        .post(url, "/api/games", json!({"game": "reversi", "size": size}))
        .await?;
    let id = game["game"]["id"].as_i64().ok_or("no id")?;
    players[1]
        .post(url, &format!("/api/games/{id}/join"), json!({}))
        .await?;
    Ok((id, players))
}

async fn play(
    url: String,
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
        match p.ws(&url, id).await {
            Ok(s) => sockets.push(s),
            Err(e) => {
                eprintln!("game {id}: {e}");
                stats.errors.fetch_add(1, Ordering::Relaxed);
                return lost();
            }
        }
    }
    let mut watchers = Vec::new();
    for _ in 0..spectators {
        if let Ok(s) = Player::new().ws(&url, id).await {
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
    let got: Option<Value> = match reqwest::get(format!("{url}/api/games/{id}")).await {
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

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let bin = args.server_bin.clone().unwrap_or_else(|| {
        let exe = std::env::current_exe().unwrap();
        exe.parent()
            .unwrap()
            .parent()
            .unwrap()
            .join("outflank-server")
    });
    let data = tempfile::tempdir().unwrap();
    let mut server = Command::new(&bin)
        .args(["--listen", "127.0.0.1:0", "--site", "no-site-here"])
        .arg("--data")
        .arg(data.path())
        .args(["--password-memory-kib", "1024", "--register-limit", "0"])
        .args(["--login-limit-address", "0", "--sync", &args.sync])
        .env("RUST_LOG", "error")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "start {}: {e} (cargo build --release --bins)",
                bin.display()
            )
        });
    let pid = server.id();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line.trim().trim_start_matches("listening on ").to_string();
    println!(
        "server {url} (pid {pid}), {} games of Reversi {}x{}, think {} ms, {} spectators per game, sync {}",
        args.games, args.size, args.size, args.think_ms, args.spectators, args.sync
    );
    let (rss0, _) = rss_kib(pid);

    let setup_start = Instant::now();
    let limit = Arc::new(Semaphore::new(16));
    let mut tasks = Vec::new();
    for i in 0..args.games {
        let (url, limit, size) = (url.clone(), limit.clone(), args.size);
        tasks.push(tokio::spawn(async move {
            let _permit = limit.acquire().await;
            setup(&url, i, size).await
        }));
    }
    let mut ready = Vec::new();
    let stats = Arc::new(Stats::default());
    for t in tasks {
        match t.await.unwrap() {
            Ok(g) => ready.push(g),
            Err(e) => {
                eprintln!("setup: {e}");
                stats.errors.fetch_add(1, Ordering::Relaxed);
                stats.lost.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    println!(
        "set up {} games (accounts, create, join) in {:.1} s",
        ready.len(),
        setup_start.elapsed().as_secs_f64()
    );

    let peak = Arc::new(AtomicU64::new(0));
    let sampler = {
        let peak = peak.clone();
        tokio::spawn(async move {
            loop {
                peak.fetch_max(rss_kib(pid).0, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        })
    };
    let start = Instant::now();
    let cpu0 = (cpu_secs(&pid.to_string()), cpu_secs("self"));
    let mut games = Vec::new();
    for (i, (id, players)) in ready.into_iter().enumerate() {
        games.push(tokio::spawn(play(
            url.clone(),
            id,
            players,
            args.spectators,
            args.think_ms,
            args.seed.wrapping_mul(1_000_003).wrapping_add(i as u64),
            stats.clone(),
        )));
    }
    for g in games {
        let _ = g.await;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let cpu = (
        cpu_secs(&pid.to_string()) - cpu0.0,
        cpu_secs("self") - cpu0.1,
    );
    sampler.abort();
    let (rss, hwm) = rss_kib(pid);
    let mut lat = std::mem::take(&mut *stats.latencies_us.lock().unwrap());
    lat.sort_unstable();
    let moves = stats.moves.load(Ordering::Relaxed);
    println!(
        "played {moves} moves in {elapsed:.1} s: {:.0} moves/s",
        moves as f64 / elapsed
    );
    println!(
        "move to announcement: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0)
    );
    println!(
        "cpu while playing: server {:.1} s ({:.0} us a move), clients {:.1} s, of {:.1} s x 2 cores",
        cpu.0,
        cpu.0 * 1e6 / moves.max(1) as f64,
        cpu.1,
        elapsed
    );
    println!(
        "games finished {}, games lost {}, errors {}",
        stats.finished.load(Ordering::Relaxed),
        stats.lost.load(Ordering::Relaxed),
        stats.errors.load(Ordering::Relaxed)
    );
    println!(
        "server memory: {:.1} MiB at start, {:.1} MiB peak while playing, {:.1} MiB at the end (high-water {:.1} MiB)",
        rss0 as f64 / 1024.0,
        peak.load(Ordering::Relaxed).max(rss) as f64 / 1024.0,
        rss as f64 / 1024.0,
        hwm as f64 / 1024.0
    );
    let _ = server.kill();
    let _ = server.wait();
}
