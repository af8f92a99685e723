//! A throwaway PostgreSQL cluster, for the server's tests and its load benchmark: `initdb`
//! into a temporary directory, `postgres` on a free port of 127.0.0.1 with its socket in that
//! directory, and both removed when the [`Cluster`] is dropped. Nothing is downloaded: it runs
//! the programs of Debian's `postgresql` package (or any PostgreSQL 11 or newer).
//!
//! PostgreSQL refuses to run as root; as root, the cluster runs as the `postgres` user (made
//! by the package) through `setpriv`.

use std::fs::{self, File};
use std::os::unix::fs::chown;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use sqlx::postgres::PgConnection;
use sqlx::Connection;

/// Set to 1: the tests that need PostgreSQL are skipped instead of failing without it.
pub const SKIP_ENV: &str = "OUTFLANK_SKIP_POSTGRES";
/// The directory of `initdb` and `postgres`, when they are not where Debian puts them.
pub const BIN_ENV: &str = "OUTFLANK_PG_BIN";
/// The cluster's superuser.
pub const USER: &str = "outflank";

/// Settings for tests: nothing is flushed to the disk (the cluster is thrown away), so that
/// commits cost no fsync. The benchmark uses PostgreSQL's defaults instead.
pub const FAST: &[(&str, &str)] = &[
    ("fsync", "off"),
    ("synchronous_commit", "off"),
    ("full_page_writes", "off"),
];

/// A PostgreSQL server of its own, stopped and deleted on drop.
pub struct Cluster {
    child: Child,
    /// `postgres://outflank@127.0.0.1:PORT/postgres` (the database initdb makes: a new one
    /// would cost a copy of the template for nothing)
    pub url: String,
    pub port: u16,
    /// The server's log.
    pub log: PathBuf,
    // Dropped last: the data directory goes after the server has stopped.
    _dir: tempfile::TempDir,
}

/// Whether the tests that need PostgreSQL were asked to be skipped.
pub fn skipped() -> bool {
    std::env::var(SKIP_ENV).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// Where `initdb` and `postgres` are: `$OUTFLANK_PG_BIN`, Debian's newest
/// `/usr/lib/postgresql/N/bin`, or `PATH`; an error that tells how to install them if nowhere.
pub fn bin_dir() -> Result<PathBuf, String> {
    let has = |d: &Path| d.join("initdb").is_file() && d.join("postgres").is_file();
    if let Some(d) = std::env::var_os(BIN_ENV) {
        let d = PathBuf::from(d);
        return if has(&d) {
            Ok(d)
        } else {
            Err(format!(
                "{BIN_ENV}={} holds no initdb and postgres (Debian's postgresql package puts \
                 them in /usr/lib/postgresql/N/bin; {SKIP_ENV}=1 skips the tests that need them)",
                d.display()
            ))
        };
    }
    let mut debian: Vec<(u32, PathBuf)> = fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse::<u32>().ok()?;
            Some((version, e.path().join("bin")))
        })
        .filter(|(_, d)| has(d))
        .collect();
    debian.sort();
    if let Some((_, d)) = debian.pop() {
        return Ok(d);
    }
    for d in std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()) {
        // A link to initdb (as in /usr/local/bin) leads to the directory of its postgres.
        let dir = fs::canonicalize(d.join("initdb"))
            .ok()
            .and_then(|p| p.parent().map(Path::to_path_buf));
        if let Some(dir) = dir.filter(|d| has(d)) {
            return Ok(dir);
        }
    }
    Err(format!(
        "PostgreSQL's programs (initdb, postgres) were not found in ${BIN_ENV}, \
         /usr/lib/postgresql/*/bin or PATH. The server's PostgreSQL tests start a throwaway \
         cluster of their own from them: install Debian's postgresql package \
         (`apt-get install -y postgresql`; nothing else is needed, no service is used), or set \
         {BIN_ENV} to the directory of initdb. {SKIP_ENV}=1 skips these tests."
    ))
}

/// The user id and group id to run PostgreSQL as, when this process is root.
fn run_as() -> Result<Option<(u32, u32)>, String> {
    let id = |args: &[&str]| -> Option<u32> {
        let out = Command::new("id").args(args).output().ok()?;
        String::from_utf8(out.stdout).ok()?.trim().parse().ok()
    };
    if id(&["-u"]) != Some(0) {
        return Ok(None);
    }
    for user in ["postgres", "nobody"] {
        if let (Some(uid), Some(gid)) = (id(&["-u", user]), id(&["-g", user])) {
            return Ok(Some((uid, gid)));
        }
    }
    Err("running as root, and there is no postgres or nobody user to run PostgreSQL as".into())
}

fn free_port() -> Result<u16, String> {
    let l = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(l.local_addr().map_err(|e| e.to_string())?.port())
}

fn failed(what: &str, out: &Output) -> String {
    format!(
        "{what} failed ({}):\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

impl Cluster {
    /// Makes and starts a cluster with `settings` (`-c name=value`); ready for connections
    /// when this returns.
    pub async fn start(settings: &[(&str, &str)]) -> Result<Cluster, String> {
        let bin = bin_dir()?;
        let as_user = run_as()?;
        let dir = tempfile::Builder::new()
            .prefix("outflank-pg-")
            .tempdir()
            .map_err(|e| format!("a temporary directory: {e}"))?;
        let data = dir.path().join("data");
        let sockets = dir.path().join("sockets");
        fs::create_dir(&sockets).map_err(|e| e.to_string())?;
        if let Some((uid, gid)) = as_user {
            for d in [dir.path(), &sockets] {
                chown(d, Some(uid), Some(gid))
                    .map_err(|e| format!("chown {}: {e}", d.display()))?;
            }
        }
        // The program, as the user it must run as, in the cluster's directory (the one
        // directory sure to be that user's: PostgreSQL's programs fail in a working
        // directory they cannot read, as a checkout under /root is to others).
        let command = |program: &str| {
            let path = bin.join(program);
            let mut c = match as_user {
                Some((uid, gid)) => {
                    let mut c = Command::new("setpriv");
                    c.arg(format!("--reuid={uid}"))
                        .arg(format!("--regid={gid}"))
                        .args(["--clear-groups", "--"])
                        .arg(path);
                    c
                }
                None => Command::new(path),
            };
            c.current_dir(dir.path());
            c
        };
        let out = command("initdb")
            .arg("-D")
            .arg(&data)
            .args(["-U", USER, "-A", "trust", "-E", "UTF8", "--locale=C"])
            .args(["--no-sync", "--no-instructions"])
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run initdb: {e}"))?;
        if !out.status.success() {
            return Err(failed("initdb", &out));
        }
        let port = free_port()?;
        let log = dir.path().join("postgres.log");
        let log_file = File::create(&log).map_err(|e| e.to_string())?;
        let mut postgres = command("postgres");
        postgres
            .arg("-D")
            .arg(&data)
            .args(["-p", &port.to_string(), "-h", "127.0.0.1", "-k"])
            .arg(&sockets)
            .args(["-c", "max_connections=200"]);
        for (name, value) in settings {
            postgres.arg("-c").arg(format!("{name}={value}"));
        }
        let child = postgres
            .stdin(Stdio::null())
            .stdout(log_file.try_clone().map_err(|e| e.to_string())?)
            .stderr(log_file)
            .spawn()
            .map_err(|e| format!("cannot start postgres: {e}"))?;
        let mut cluster = Cluster {
            child,
            url: format!("postgres://{USER}@127.0.0.1:{port}/postgres"),
            port,
            log,
            _dir: dir,
        };
        let started = Instant::now();
        let conn = loop {
            match PgConnection::connect(&cluster.url).await {
                Ok(c) => break c,
                Err(e) => {
                    let gone = cluster.child.try_wait().ok().flatten();
                    if gone.is_some() || started.elapsed() > Duration::from_secs(30) {
                        return Err(format!(
                            "postgres did not start ({e}); its log:\n{}",
                            fs::read_to_string(&cluster.log).unwrap_or_default()
                        ));
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        };
        let _ = conn.close().await;
        Ok(cluster)
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // Immediate shutdown (SIGQUIT): nothing in it is worth a checkpoint.
        let _ = Command::new("kill")
            .args(["-QUIT", &self.child.id().to_string()])
            .status();
        let until = Instant::now() + Duration::from_secs(10);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
