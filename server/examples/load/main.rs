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

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use outflank_server::scratch;
use tokio::sync::Semaphore;

mod client;
mod processes;

use client::{play, set_up, Stats};
use processes::{cluster_pids, cpu_secs, rss_kib, Server};

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

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
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
