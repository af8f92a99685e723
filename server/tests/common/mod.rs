//! What the integration tests share: the server started as a process on a free port of
//! 127.0.0.1 with a temporary data directory, and clients that talk to it as a browser does
//! (cookies, an Origin header, JSON over HTTP and WebSockets).

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use reqwest::cookie::{CookieStore, Jar};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for something the server should do at once before failing.
pub const PATIENCE: Duration = Duration::from_secs(15);

/// A running `outflank-server`.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT`
    pub url: String,
    pub data: PathBuf,
    args: Vec<String>,
}

impl Server {
    /// Starts the server on `data` with cheap password hashing and `extra` arguments (no
    /// site unless they give `--site`).
    pub fn start(data: &Path, extra: &[&str]) -> Server {
        let args: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
        let site: &[&str] = if extra.contains(&"--site") {
            &[]
        } else {
            &["--site", "no-site-here"]
        };
        let mut child = Command::new(env!("CARGO_BIN_EXE_outflank-server"))
            .args(["--listen", "127.0.0.1:0"])
            .args(site)
            .arg("--data")
            .arg(data)
            .args(["--password-memory-kib", "1024", "--sync", "normal"])
            .args(&args)
            .env(
                "RUST_LOG",
                std::env::var("OUTFLANK_TEST_LOG").unwrap_or_else(|_| "error".into()),
            )
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start outflank-server");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .expect("read the server's first line");
        let url = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_string();
        Server {
            child,
            url,
            data: data.to_path_buf(),
            args,
        }
    }

    /// Kills the process (SIGKILL: no goodbye) and starts it again on the same data.
    pub fn restart(&mut self) {
        self.kill();
        let extra: Vec<&str> = self.args.iter().map(String::as_str).collect();
        *self = Server::start(&self.data.clone(), &extra);
    }

    /// Asks the process to stop (SIGTERM) and waits for it; its exit status.
    pub fn terminate(&mut self) -> std::process::ExitStatus {
        Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("run kill");
        self.child.wait().expect("wait for the server")
    }

    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn ws_url(&self, path: &str) -> String {
        format!("{}{path}", self.url.replacen("http://", "ws://", 1))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A browser: a cookie store and the site's origin on every request.
pub struct Client {
    pub http: reqwest::Client,
    pub jar: Arc<Jar>,
    pub base: String,
}

impl Client {
    pub fn new(server: &Server) -> Client {
        Client::at(&server.url)
    }

    /// A client of the server at `url` (`http://127.0.0.1:PORT`).
    pub fn at(url: &str) -> Client {
        let jar = Arc::new(Jar::default());
        let http = reqwest::Client::builder()
            .cookie_provider(jar.clone())
            .build()
            .unwrap();
        Client {
            http,
            jar,
            base: url.to_string(),
        }
    }

    /// The same browser (its cookies) talking to the server at `url`: another instance on
    /// the same database.
    pub fn via(&self, url: &str) -> Client {
        let http = reqwest::Client::builder()
            .cookie_provider(self.jar.clone())
            .build()
            .unwrap();
        Client {
            http,
            jar: self.jar.clone(),
            base: url.to_string(),
        }
    }

    /// Points the client at a restarted server (its cookies stay).
    pub fn moved_to(&mut self, server: &Server) {
        self.base = server.url.clone();
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        let status = r.status();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("Origin", &self.base)
            .json(&body)
            .send()
            .await
            .unwrap();
        let status = r.status();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn register(&self, name: &str) -> Value {
        let (status, body) = self
            .post(
                "/api/accounts",
                json!({"name": name, "password": "password1"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        body["user"].clone()
    }

    /// Creates a game with `options`; its summary.
    pub async fn create(&self, options: Value) -> Value {
        let (status, body) = self.post("/api/games", options).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        body["game"].clone()
    }

    /// Creates a game with `options`; its id.
    pub async fn new_game(&self, options: Value) -> i64 {
        self.create(options).await["id"].as_i64().unwrap()
    }

    pub async fn join(&self, id: i64) -> Value {
        let (status, body) = self.post(&format!("/api/games/{id}/join"), json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["game"].clone()
    }

    /// A WebSocket to `path`, with this client's cookies and the site's Origin.
    pub async fn ws(&self, path: &str) -> Ws {
        self.ws_with(path, Some(&self.base.clone())).await.unwrap()
    }

    pub async fn ws_with(
        &self,
        path: &str,
        origin: Option<&str>,
    ) -> Result<Ws, tokio_tungstenite::tungstenite::Error> {
        let url = format!("{}{path}", self.base.replacen("http://", "ws://", 1));
        let mut request = url.as_str().into_client_request().unwrap();
        if let Some(cookies) = self.jar.cookies(&self.base.parse().unwrap()) {
            request.headers_mut().insert("Cookie", cookies);
        }
        if let Some(origin) = origin {
            request
                .headers_mut()
                .insert("Origin", HeaderValue::from_str(origin).unwrap());
        }
        let (stream, _) = tokio_tungstenite::connect_async(request).await?;
        Ok(Ws { stream })
    }

    pub async fn ws_game(&self, id: i64) -> Ws {
        self.ws(&format!("/api/games/{id}/ws")).await
    }
}

/// A WebSocket that reads JSON messages.
pub struct Ws {
    pub stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Ws {
    pub async fn send(&mut self, event: &str, data: Value) {
        self.send_text(json!({"event": event, "data": data}).to_string())
            .await;
    }

    pub async fn send_text(&mut self, text: String) {
        self.stream.send(Message::Text(text.into())).await.unwrap();
    }

    /// The next JSON message; None once the socket is closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let msg = tokio::time::timeout(PATIENCE, self.stream.next())
                .await
                .expect("no message from the server in time");
            match msg {
                Some(Ok(Message::Text(t))) => return Some(serde_json::from_str(&t).unwrap()),
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// Skips messages until one with `event` satisfies `pred`; that message's data.
    pub async fn wait_for(&mut self, event: &str, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let msg = self
                .next()
                .await
                .unwrap_or_else(|| panic!("socket closed while waiting for {event}"));
            if msg["event"] == event && pred(&msg["data"]) {
                return msg["data"].clone();
            }
            // Shown when a test fails: what came instead.
            if msg["event"] == "refused"
                || msg["event"] == "error"
                || std::env::var("OUTFLANK_TEST_LOG").is_ok()
            {
                eprintln!("while waiting for {event}: {msg}");
            }
        }
    }

    /// The `state` with id `id`.
    pub async fn state(&mut self, id: i64) -> Value {
        self.wait_for("state", |d| d["stateId"] == id).await
    }

    /// The first messages of a game's socket: the seat (`player`'s index), the summary and
    /// the state.
    pub async fn hello(&mut self) -> (Value, Value, Value) {
        let player = self.wait_for("player", |_| true).await;
        let game = self.wait_for("game", |_| true).await;
        let state = self.wait_for("state", |_| true).await;
        (player["index"].clone(), game, state)
    }

    /// Plays `mv` on state `state_id`.
    pub async fn play(&mut self, mv: &str, state_id: i64) {
        self.send("move", json!({"move": mv, "stateId": state_id}))
            .await;
    }

    /// The server's answer to a message just sent: a `refused` or an `error` (its event name
    /// and data), skipping the announcements before it.
    pub async fn refusal(&mut self) -> (String, Value) {
        loop {
            let m = self
                .next()
                .await
                .expect("the socket closed before answering");
            if m["event"] == "refused" || m["event"] == "error" {
                return (m["event"].as_str().unwrap().to_string(), m["data"].clone());
            }
        }
    }

    /// Whether the server closes the socket (reading what comes before).
    pub async fn closed(&mut self) -> bool {
        while self.next().await.is_some() {}
        true
    }
}

/// Browsers logged in to `server` as `names` (each account registered).
pub async fn accounts<const N: usize>(server: &Server, names: [&str; N]) -> [Client; N] {
    accounts_at(names.map(|_| server.url.as_str()), names).await
}

/// Browsers logged in as `names`, each registered on the server at its `urls` entry (several
/// instances share one database: any of them will do).
pub async fn accounts_at<const N: usize>(urls: [&str; N], names: [&str; N]) -> [Client; N] {
    let clients = urls.map(Client::at);
    for (c, name) in clients.iter().zip(names) {
        c.register(name).await;
    }
    clients
}

/// A game of `options` created by `creator` and joined by `joiner`: its id.
pub async fn game_between(creator: &Client, joiner: &Client, options: Value) -> i64 {
    let id = creator.new_game(options).await;
    joiner.join(id).await;
    id
}

/// The two players' sockets on game `id`, past their first messages, and the state id.
pub async fn seated(a: &Client, b: &Client, id: i64) -> (Ws, Ws, i64) {
    let mut wa = a.ws_game(id).await;
    let mut wb = b.ws_game(id).await;
    let (_, _, state) = wa.hello().await;
    wb.hello().await;
    (wa, wb, state["stateId"].as_i64().unwrap())
}

/// The legal moves in a `state` message's data.
pub fn legal_moves(state: &Value) -> Vec<String> {
    let mut data = state.clone();
    data.as_object_mut().unwrap().remove("stateId");
    let data = outflank_bgs::GameData::from_json(data).expect("the server's data reads back");
    use outflank_engine::Game;
    data.state
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// A throwaway PostgreSQL cluster for one test, stopped when dropped; None (the test is
/// skipped) only when OUTFLANK_SKIP_POSTGRES=1 says so: without PostgreSQL the test fails,
/// saying how to install it.
pub async fn postgres() -> Option<outflank_server::scratch::Cluster> {
    use outflank_server::scratch;
    if scratch::skipped() {
        eprintln!("skipped: {} is set", scratch::SKIP_ENV);
        return None;
    }
    Some(
        scratch::Cluster::start(scratch::FAST)
            .await
            .unwrap_or_else(|e| panic!("{e}")),
    )
}

/// A temporary data directory.
pub fn data_dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

/// A deterministic generator for move choices (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}
