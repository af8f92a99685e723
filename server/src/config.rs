//! The command line: where to listen, where the data and the site are, and the limits.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use clap::Parser;

/// The Outflank server: the site, accounts, a lobby and live games.
#[derive(Parser, Clone, Debug)]
#[command(name = "outflank-server", version)]
pub struct Config {
    /// Address and port to listen on (port 0: any free port, printed at start).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// Directory of the database (outflank.sqlite3), created if missing. Unused with
    /// --database.
    #[arg(long, default_value = "data")]
    pub data: PathBuf,

    /// A PostgreSQL database (postgres://USER:PASSWORD@HOST:PORT/NAME) instead of the SQLite
    /// file in --data: several instances may share it, behind one load balancer. Its tables
    /// are created and migrated at start.
    #[arg(long, env = "OUTFLANK_DATABASE", hide_env_values = true)]
    pub database: Option<String>,

    /// The release site to serve at / (the hot-seat app and the online pages).
    #[arg(long, default_value = "dist")]
    pub site: PathBuf,

    /// A game without a clock ends, as BGS dropPlayer says, when the player to move has not
    /// moved for this many seconds.
    #[arg(long, default_value_t = 3 * 24 * 3600)]
    pub abandon_after: u64,

    /// Failed log-ins allowed per account name per minute (0: no limit).
    #[arg(long, default_value_t = 5)]
    pub login_limit_name: u32,

    /// Failed log-ins allowed per client address per minute (0: no limit).
    #[arg(long, default_value_t = 20)]
    pub login_limit_address: u32,

    /// Accounts that one client address may create per hour (0: no limit).
    #[arg(long, default_value_t = 20)]
    pub register_limit: u32,

    /// WebSockets (the lobby's and games') one client address may hold open at once;
    /// beyond it an upgrade is refused with 429 too-many-sockets (0: no limit).
    #[arg(long, default_value_t = 32)]
    pub socket_limit_address: u32,

    /// Games one player may have waiting for an opponent at once.
    #[arg(long, default_value_t = 5)]
    pub max_waiting: u32,

    /// Memory of one argon2id password hash, in KiB (the OWASP minimum is 19456).
    #[arg(long, default_value_t = 19456)]
    pub password_memory_kib: u32,

    /// How SQLite makes a commit durable: `full` (an accepted move survives a power cut) or
    /// `normal` (it survives a crash of the server; faster). PostgreSQL's own settings
    /// decide there.
    #[arg(long, default_value = "normal", value_parser = ["full", "normal"])]
    pub sync: String,

    /// Leave `Secure` off the session cookie even when not listening on a loopback address
    /// (only behind a proxy on the same machine that speaks plain HTTP to browsers).
    #[arg(long)]
    pub insecure_cookies: bool,

    /// A reverse proxy's address (repeatable): for its connections the client's address,
    /// which the limits per address count, is the one it appends to X-Forwarded-For.
    #[arg(long = "trusted-proxy")]
    pub trusted_proxies: Vec<IpAddr>,

    /// Another origin (scheme://host:port) whose pages may open WebSockets and send
    /// requests, besides the server's own host. Repeatable.
    #[arg(long = "allow-origin")]
    pub allowed_origins: Vec<String>,
}

impl Config {
    /// The defaults, with the data in `data`: what tests and benchmarks start from.
    pub fn for_data(data: PathBuf) -> Config {
        let mut config = Config::parse_from(["outflank-server"]);
        config.data = data;
        config
    }
}
