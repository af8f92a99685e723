//! Load benchmark: N Reversi games played at once over loopback by scripted clients, each
//! player a browser of its own (an account, a session cookie, a WebSocket), in one run against
//! each setup asked for, one after the other:
//!
//! - `sqlite`: one `outflank-server` process on an SQLite file in a temporary directory;
//! - `postgres`: two processes (`--instances`) on one throwaway PostgreSQL cluster (see
//!   `outflank_server::scratch`), each game's players on different instances, so that every
//!   move reaches the opponent through the other instance (the database's NOTIFY).
//!
//! ```text
//! cargo build --profile server -p outflank-server --bins --examples
//! target/server/examples/load --games 1000 --think-ms 1000
//! ```
//!
//! For each setup it prints moves per second, the 50th/99th percentile of the time from a
//! move's sending to its announcement reaching the opponent's socket (on the other instance
//! when there are several), errors (refusals, socket failures, timeouts), games lost (not
//! finished, or the server's final state differs from what the clients saw), CPU, and the
//! servers' memory (resident set, from /proc); then a table of all. It exits with 1 if any
//! game was lost or any error seen (so a small run is a smoke test). Clients, servers and the
//! database share the machine's cores.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use outflank_server::scratch;
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
    /// The setups to run, in order: sqlite, postgres.
    #[arg(long, value_delimiter = ',', default_value = "sqlite,postgres")]
    setups: Vec<String>,
    /// Server instances on PostgreSQL.
    #[arg(long, default_value_t = 2)]
    instances: usize,
    /// SQLite's --sync (full: each move fsynced; normal: survives a crash, not a power cut).
    #[arg(long, default_value = "normal")]
    sync: String,
    /// An existing PostgreSQL database for the postgres setup, instead of a throwaway
    /// cluster (its CPU is then not measured; its tables must be empty of load* accounts).
    #[arg(long)]
    pg_url: Option<String>,
    /// PostgreSQL's synchronous_commit (on, its default: a commit waits for its WAL to be
    /// flushed; off: survives a crash of the server, as SQLite's normal does).
    #[arg(long, default_value = "on")]
    pg_synchronous_commit: String,
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

/// A browser, talking to one instance (`url`).
struct Player {
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
async fn set_up(urls: &[String], i: usize, size: u32) -> Result<(i64, [Player; 2]), String> {
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

async fn play(
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

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

/// A server process of the benchmark, killed when dropped.
struct Server {
    child: Child,
    url: String,
    _data: tempfile::TempDir,
}

impl Server {
    fn start(bin: &Path, extra: &[&str]) -> Server {
        let data = tempfile::tempdir().unwrap();
        let mut child = Command::new(bin)
            .args(["--listen", "127.0.0.1:0", "--site", "no-site-here"])
            .arg("--data")
            .arg(data.path())
            .args(["--password-memory-kib", "1024", "--register-limit", "0"])
            .args(["--login-limit-address", "0", "--socket-limit-address", "0"])
            .args(extra)
            .env("RUST_LOG", "error")
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "start {}: {e} (cargo build --profile server -p outflank-server --bins)",
                    bin.display()
                )
            });
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line.trim().trim_start_matches("listening on ").to_string();
        assert!(url.starts_with("http://"), "the server said {line:?}");
        Server {
            child,
            url,
            _data: data,
        }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The processes of a PostgreSQL cluster: its postmaster and the postmaster's children.
fn cluster_pids(postmaster: u32) -> Vec<String> {
    let mut pids = vec![postmaster.to_string()];
    for e in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        if !name.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
        let ppid = stat
            .rsplit_once(')')
            .and_then(|(_, r)| r.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        if ppid == Some(postmaster) {
            pids.push(name);
        }
    }
    pids
}

/// What one setup did.
struct Summary {
    setup: String,
    instances: usize,
    games: usize,
    moves: u64,
    secs: f64,
    p50: f64,
    p99: f64,
    max: f64,
    errors: u64,
    lost: u64,
    server_us_per_move: f64,
    database_us_per_move: Option<f64>,
    peak_mib: f64,
}

/// Plays the games against `servers` (and the database of `postgres`, if that is the setup).
async fn bench(
    setup: &str,
    args: &Args,
    servers: &[Server],
    postgres: Option<&scratch::Cluster>,
) -> Summary {
    let urls = Arc::new(servers.iter().map(|s| s.url.clone()).collect::<Vec<_>>());
    let pids: Vec<u32> = servers.iter().map(Server::pid).collect();
    println!(
        "\n== {setup}: {} instance(s) {}, {} games of Reversi {}x{}, think {} ms, {} spectators per game",
        urls.len(),
        urls.join(" "),
        args.games,
        args.size,
        args.size,
        args.think_ms,
        args.spectators
    );
    let rss0: Vec<u64> = pids.iter().map(|p| rss_kib(*p).0).collect();

    let setup_start = Instant::now();
    let limit = Arc::new(Semaphore::new(16));
    let mut tasks = Vec::new();
    for i in 0..args.games {
        let (urls, limit, size) = (urls.clone(), limit.clone(), args.size);
        tasks.push(tokio::spawn(async move {
            let _permit = limit.acquire().await;
            set_up(&urls, i, size).await
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

    let peaks: Arc<Vec<AtomicU64>> = Arc::new(pids.iter().map(|_| AtomicU64::new(0)).collect());
    let sampler = {
        let (peaks, pids) = (peaks.clone(), pids.clone());
        tokio::spawn(async move {
            loop {
                for (peak, pid) in peaks.iter().zip(&pids) {
                    peak.fetch_max(rss_kib(*pid).0, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        })
    };
    let database_pids = postgres.map(|c| cluster_pids(c.pid()));
    let database_cpu = |pids: &Option<Vec<String>>| {
        pids.as_ref()
            .map(|p| p.iter().map(|pid| cpu_secs(pid)).sum::<f64>())
    };
    let servers_cpu = || pids.iter().map(|p| cpu_secs(&p.to_string())).sum::<f64>();
    let start = Instant::now();
    let cpu0 = (
        servers_cpu(),
        cpu_secs("self"),
        database_cpu(&database_pids),
    );
    let mut games = Vec::new();
    for (i, (id, players)) in ready.into_iter().enumerate() {
        games.push(tokio::spawn(play(
            urls.clone(),
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
    // Backends that came and went while playing are counted from the list at the end too.
    let database_pids = postgres.map(|c| cluster_pids(c.pid()));
    let cpu = (
        servers_cpu() - cpu0.0,
        cpu_secs("self") - cpu0.1,
        database_cpu(&database_pids).zip(cpu0.2).map(|(b, a)| b - a),
    );
    sampler.abort();
    let mut lat = std::mem::take(&mut *stats.latencies_us.lock().unwrap());
    lat.sort_unstable();
    let moves = stats.moves.load(Ordering::Relaxed);
    let per_move = |secs: f64| secs * 1e6 / moves.max(1) as f64;
    let summary = Summary {
        setup: setup.to_string(),
        instances: urls.len(),
        games: args.games,
        moves,
        secs: elapsed,
        p50: percentile(&lat, 0.5),
        p99: percentile(&lat, 0.99),
        max: percentile(&lat, 1.0),
        errors: stats.errors.load(Ordering::Relaxed),
        lost: stats.lost.load(Ordering::Relaxed),
        server_us_per_move: per_move(cpu.0),
        database_us_per_move: cpu.2.map(per_move),
        peak_mib: peaks
            .iter()
            .zip(&pids)
            .map(|(p, pid)| p.load(Ordering::Relaxed).max(rss_kib(*pid).0))
            .max()
            .unwrap_or(0) as f64
            / 1024.0,
    };
    println!(
        "played {moves} moves in {elapsed:.1} s: {:.0} moves/s",
        moves as f64 / elapsed
    );
    println!(
        "move to announcement{}: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        if urls.len() > 1 {
            " on the other instance"
        } else {
            ""
        },
        summary.p50,
        summary.p99,
        summary.max
    );
    println!(
        "cpu while playing: servers {:.1} s ({:.0} us a move), database {}, clients {:.1} s, of {:.1} s x 2 cores",
        cpu.0,
        summary.server_us_per_move,
        match (cpu.2, summary.database_us_per_move) {
            (Some(s), Some(us)) => format!("{s:.1} s ({us:.0} us a move)"),
            _ => "in the servers".into(),
        },
        cpu.1,
        elapsed
    );
    println!(
        "games finished {}, games lost {}, errors {}",
        stats.finished.load(Ordering::Relaxed),
        summary.lost,
        summary.errors
    );
    for (k, pid) in pids.iter().enumerate() {
        let (rss, _) = rss_kib(*pid);
        println!(
            "instance {k} memory: {:.1} MiB at start, {:.1} MiB peak while playing, {:.1} MiB at the end",
            rss0[k] as f64 / 1024.0,
            peaks[k].load(Ordering::Relaxed).max(rss) as f64 / 1024.0,
            rss as f64 / 1024.0
        );
    }
    summary
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
    let mut summaries = Vec::new();
    for setup in &args.setups {
        let summary = match setup.as_str() {
            "sqlite" => {
                let server = Server::start(&bin, &["--sync", &args.sync]);
                bench("sqlite", &args, &[server], None).await
            }
            "postgres" => {
                let settings = [("synchronous_commit", args.pg_synchronous_commit.as_str())];
                let cluster = match &args.pg_url {
                    Some(_) => None,
                    None => Some(
                        scratch::Cluster::start(&settings)
                            .await
                            .unwrap_or_else(|e| panic!("{e}")),
                    ),
                };
                let url = match &cluster {
                    Some(c) => c.url.clone(),
                    None => args.pg_url.clone().unwrap_or_default(),
                };
                let servers: Vec<Server> = (0..args.instances.max(1))
                    .map(|_| Server::start(&bin, &["--database", &url]))
                    .collect();
                let s = bench("postgres", &args, &servers, cluster.as_ref()).await;
                drop(servers);
                s
            }
            other => panic!("unknown setup {other:?}: sqlite or postgres"),
        };
        summaries.push(summary);
    }
    println!(
        "\n| setup | instances | games | moves | moves/s | p50 ms | p99 ms | max ms | errors | games lost | server CPU/move | database CPU/move | peak memory/instance |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for s in &summaries {
        println!(
            "| {} | {} | {} | {} | {:.0} | {:.1} | {:.1} | {:.0} | {} | {} | {:.0} µs | {} | {:.0} MiB |",
            s.setup,
            s.instances,
            s.games,
            s.moves,
            s.moves as f64 / s.secs,
            s.p50,
            s.p99,
            s.max,
            s.errors,
            s.lost,
            s.server_us_per_move,
            s.database_us_per_move
                .map_or("-".to_string(), |us| format!("{us:.0} µs")),
            s.peak_mib
        );
    }
    if summaries.iter().any(|s| s.errors > 0 || s.lost > 0) {
        eprintln!("load: errors or games lost");
        std::process::exit(1);
    }
}
