//! The Outflank server: accounts, a lobby, live games between two browsers, spectators and a
//! leader board. It is a host of the BGS engine API ([`outflank_bgs::api`]): a game's state is
//! the `GameData` JSON that API returns, stored in the database, and the browsers speak the
//! viewer protocol (the root README) to it over a WebSocket. `API.md` beside this crate documents
//! every route and message.
//!
//! Module map: [`config`] (the command line) · [`store`] (every SQL statement) · [`auth`]
//! (accounts, sessions, log-in limits) · [`games`] (create, join, cancel, moves, clocks, the
//! end of a game) · [`live`] (a game's WebSocket) · [`lobby`] (lists and the lobby's
//! WebSocket) · [`board`] (leader board, players, the Elo rule) · [`fanout`] (who hears of a
//! change) · [`reaper`] (flag falls and abandonments) · [`sockets`] (open WebSockets per
//! address) · [`http`] (routes, limits, errors).

pub mod auth;
pub mod board;
pub mod config;
pub mod error;
pub mod fanout;
pub mod games;
pub mod http;
pub mod live;
pub mod lobby;
pub mod reaper;
pub mod scratch;
pub mod sockets;
pub mod store;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use tokio::net::TcpListener;
use tokio::sync::watch;

pub use config::Config;
pub use error::ApiError;

/// Everything a request handler needs, shared.
pub struct App {
    pub config: Config,
    pub store: store::Store,
    /// Where announcements go (after their transaction has committed).
    pub announcer: Arc<dyn fanout::Announcer>,
    /// Where this instance's sockets listen.
    pub hub: Arc<fanout::Hub>,
    pub reaper: reaper::Reaper,
    pub cache: Arc<games::Cache>,
    pub passwords: auth::Passwords,
    /// The WebSockets open per client address.
    pub sockets: sockets::SocketLimit,
    /// Set to true when the server shuts down: sockets close with "going away".
    pub shutdown: watch::Receiver<bool>,
    /// Whether the session cookie carries `Secure`.
    pub secure_cookies: bool,
    /// This instance's name (`outflank-` and 12 random characters).
    pub instance: String,
}

pub type Shared = Arc<App>;

/// Milliseconds since the Unix epoch: every time the server stores.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Opens the database (PostgreSQL at `config.database`, else SQLite under `config.data`),
/// brings its tables up to date, listens on `config.listen` and serves until Ctrl-C or
/// SIGTERM. Prints `listening on http://ADDR` (the bound address, so `--listen 127.0.0.1:0`
/// tells its port) once it accepts connections.
pub async fn run(config: Config) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let listener = TcpListener::bind(config.listen).await?;
    serve(config, listener).await
}

/// [`run`] on a bound `listener`. Changes are announced to this instance's sockets and, on
/// PostgreSQL, by the database to every other instance's ([`fanout::postgres`]).
pub async fn serve(
    config: Config,
    listener: TcpListener,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    start(config, listener, None).await
}

/// Makes an instance's announcer for its hub.
pub type MakeAnnouncer = Box<dyn FnOnce(Arc<fanout::Hub>) -> Arc<dyn fanout::Announcer> + Send>;

/// [`serve`], announcing changes through the announcer that `announcer` makes for this
/// instance's hub instead (a test's; on PostgreSQL the other instances' news still comes).
pub async fn serve_announcing(
    config: Config,
    listener: TcpListener,
    announcer: MakeAnnouncer,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    start(config, listener, Some(announcer)).await
}

async fn start(
    config: Config,
    listener: TcpListener,
    announcer: Option<MakeAnnouncer>,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    // The connections' name on PostgreSQL, which its announcements carry.
    let instance = format!("outflank-{}", &auth::random_token()[..12]);
    let store = store::Store::open(
        config.database.as_deref(),
        &config.data,
        &config.sync,
        &instance,
    )
    .await?;
    let addr = listener.local_addr()?;
    let (stop, shutdown) = watch::channel(false);
    let hub = Arc::new(fanout::Hub::new());
    let secure_cookies = !config.insecure_cookies && !addr.ip().is_loopback();
    let cache = Arc::new(games::Cache::new());
    let pg = store.postgres().is_some().then(|| {
        Arc::new(fanout::postgres::PgFanout::new(
            hub.clone(),
            store.clone(),
            cache.clone(),
            instance.clone(),
            config.database.clone().unwrap_or_default(),
        ))
    });
    let listening = match &pg {
        Some(pg) => Some(pg.subscribe().await?),
        None => None,
    };
    let announcer: Arc<dyn fanout::Announcer> = match (announcer, &pg) {
        (Some(make), _) => make(hub.clone()),
        (None, Some(pg)) => pg.clone(),
        (None, None) => Arc::new(fanout::LocalAnnouncer::new(hub.clone())),
    };
    if let (Some(pg), Some(listening)) = (pg, listening) {
        pg.start(listening, shutdown.clone());
    }
    let app = Arc::new(App {
        passwords: auth::Passwords::new(config.password_memory_kib)?,
        sockets: sockets::SocketLimit::new(config.socket_limit_address),
        announcer,
        hub,
        reaper: reaper::Reaper::new(),
        cache,
        store,
        shutdown,
        secure_cookies,
        instance,
        config,
    });
    if !app.config.site.is_dir() {
        tracing::warn!(
            "no site at {}: serving the API only",
            app.config.site.display()
        );
    }
    tokio::spawn(reaper::run(app.clone()));
    tokio::spawn(store::prune_forever(app.clone()));
    let router = http::router(app.clone());
    println!("listening on http://{addr}");
    tracing::info!("listening on http://{addr}");
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        let _ = stop.send(true);
    })
    .await?;
    app.store.close().await;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = terminate => {}
    }
}
