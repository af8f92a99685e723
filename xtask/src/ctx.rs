//! What every task shares: the paths and PATH of child processes (Ctx), running a command
//! and checking its status, and timed, named steps.

use std::env;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

pub(crate) type Result<T = ()> = std::result::Result<T, String>;

/// Paths and the environment every child process gets.
pub(crate) struct Ctx {
    pub(crate) root: PathBuf,
    pub(crate) tests: PathBuf,
    pub(crate) cargo: OsString,
    pub(crate) path: OsString,
}

impl Ctx {
    pub(crate) fn new() -> Result<Ctx> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .ok_or("xtask is not inside the workspace")?
            .to_path_buf();
        let tests = root.join("tests");
        let cargo_home = env::var_os("CARGO_HOME")
            .map(PathBuf::from)
            .or_else(|| env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
            .ok_or("neither CARGO_HOME nor HOME is set")?;
        // tests/node_modules/.bin (sass, wasm-opt, playwright) and ~/.cargo/bin (trunk,
        // wasm-bindgen) come first, so the pinned versions win over anything else installed.
        let mut dirs = vec![
            tests.join("node_modules").join(".bin"),
            cargo_home.join("bin"),
        ];
        dirs.extend(env::split_paths(&env::var_os("PATH").unwrap_or_default()));
        let path = env::join_paths(dirs).map_err(|e| format!("cannot build PATH: {e}"))?;
        let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        Ok(Ctx {
            root,
            tests,
            cargo,
            path,
        })
    }

    /// A command run from the repository root with the tool PATH.
    pub(crate) fn cmd(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut c = Command::new(program);
        c.current_dir(&self.root).env("PATH", &self.path);
        c
    }

    pub(crate) fn cargo(&self) -> Command {
        self.cmd(&self.cargo)
    }

    /// `cargo` of a pinned `toolchain` (`rustup run`), not the `cargo` (and `rustc`) this
    /// task was started by: the page's nightly and the lint's stable.
    pub(crate) fn pinned_cargo(&self, toolchain: &str) -> Command {
        let mut c = self.cmd("rustup");
        c.args(["run", toolchain, "cargo"])
            .env_remove("RUSTC")
            .env_remove("CARGO");
        c
    }
}

pub(crate) fn describe(c: &Command) -> String {
    let mut s = c.get_program().to_string_lossy().into_owned();
    if s.ends_with("/cargo") {
        s = "cargo".into();
    }
    for a in c.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

/// Runs `c` with inherited output; an error names the command and its exit status.
pub(crate) fn run(mut c: Command) -> Result {
    let what = describe(&c);
    println!("    $ {what}");
    let _ = std::io::stdout().flush();
    let status = c
        .status()
        .map_err(|e| format!("cannot start `{what}`: {e}"))?;
    check(status, &what)
}

pub(crate) fn check(status: ExitStatus, what: &str) -> Result {
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{what}` exited with {status}"))
    }
}

/// stdout + stderr of `c`, trimmed, if it ran and succeeded.
pub(crate) fn output(mut c: Command) -> Option<String> {
    let out = c.stdin(Stdio::null()).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let mut s = String::from_utf8_lossy(&out.stdout).into_owned();
    s.push_str(&String::from_utf8_lossy(&out.stderr));
    Some(s.trim().to_string())
}

pub(crate) fn secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 60.0 {
        format!("{}m {:04.1}s", (s / 60.0) as u64, s % 60.0)
    } else {
        format!("{s:.1}s")
    }
}

/// Timed, named steps; the first failure stops everything and names the step.
pub(crate) struct Steps {
    pub(crate) done: Vec<(String, Duration)>,
    total: usize,
}

impl Steps {
    pub(crate) fn new(total: usize) -> Steps {
        Steps {
            done: Vec::new(),
            total,
        }
    }

    pub(crate) fn step(&mut self, name: &str, f: impl FnOnce() -> Result) -> Result {
        let n = self.done.len() + 1;
        println!("\n==> [{n}/{}] {name}", self.total);
        let t = Instant::now();
        let r = f();
        let took = t.elapsed();
        match r {
            Ok(()) => {
                println!("<== [{n}/{}] {name}: ok ({})", self.total, secs(took));
                self.done.push((name.to_string(), took));
                Ok(())
            }
            Err(e) => Err(format!(
                "step {n}/{} \"{name}\" failed after {}: {e}",
                self.total,
                secs(took)
            )),
        }
    }

    pub(crate) fn summary(&self, title: &str) {
        println!("\n{title}");
        for (name, took) in &self.done {
            println!("  {:>9}  {name}", secs(*took));
        }
    }
}

pub(crate) fn with_args(mut c: Command, args: &[&str]) -> Command {
    c.args(args);
    c
}

pub(crate) fn target_dir(ctx: &Ctx) -> PathBuf {
    env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| ctx.root.join("target"))
}
