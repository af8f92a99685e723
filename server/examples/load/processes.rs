//! The processes the benchmark runs and measures: the server instances, the database's.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

pub fn rss_kib(pid: u32) -> (u64, u64) {
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
pub fn cpu_secs(pid: &str) -> f64 {
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

/// A server process of the benchmark, killed when dropped.
pub struct Server {
    child: Child,
    pub url: String,
    _data: tempfile::TempDir,
}

impl Server {
    pub fn start(bin: &Path, extra: &[&str]) -> Server {
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

    pub fn pid(&self) -> u32 {
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
pub fn cluster_pids(postmaster: u32) -> Vec<String> {
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
