//! What every task shares: the paths and PATH of child processes (Ctx), running a command
//! and checking its status, timed, named steps, and a thread's log.

use std::cell::RefCell;
use std::env;
use std::ffi::OsString;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

thread_local! {
    /// Where this thread's commands and lines go, when it is one of several running side by
    /// side (`cargo xtask test`'s lanes); the terminal otherwise.
    static LOG: RefCell<Option<File>> = const { RefCell::new(None) };
}

/// From now on this thread's commands and [`say`] lines go to `file`.
pub(crate) fn log_to(file: File) {
    LOG.with(|l| *l.borrow_mut() = Some(file));
}

/// A line for the person running the task: to this thread's log if it has one, else stdout.
pub(crate) fn say(line: &str) {
    LOG.with(|l| match l.borrow_mut().as_mut() {
        Some(f) => {
            let _ = writeln!(f, "{line}");
        }
        None => {
            println!("{line}");
            let _ = std::io::stdout().flush();
        }
    });
}

/// Sends `c`'s stdout and stderr to this thread's log, if it has one.
fn into_log(c: &mut Command) {
    LOG.with(|l| {
        if let Some(f) = l.borrow().as_ref() {
            if let (Ok(out), Ok(err)) = (f.try_clone(), f.try_clone()) {
                c.stdout(out).stderr(err);
            }
        }
    });
}

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

/// Runs `c` with the thread's output (its log, or the terminal); an error names the command
/// and its exit status.
pub(crate) fn run(mut c: Command) -> Result {
    let what = describe(&c);
    say(&format!("    $ {what}"));
    into_log(&mut c);
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
    /// Put before each step's number when several lanes print to one terminal.
    lane: String,
    /// Shared by lanes running side by side: set by the first that fails, so the others
    /// stop at their next step.
    failed: Arc<AtomicBool>,
}

impl Steps {
    pub(crate) fn new(total: usize) -> Steps {
        Steps::in_lane("", total)
    }

    pub(crate) fn in_lane(lane: &str, total: usize) -> Steps {
        Steps::beside(lane, total, Arc::default())
    }

    /// Steps of a lane that runs beside others sharing `failed`.
    pub(crate) fn beside(lane: &str, total: usize, failed: Arc<AtomicBool>) -> Steps {
        Steps {
            done: Vec::new(),
            total,
            failed,
            lane: if lane.is_empty() {
                String::new()
            } else {
                format!("{lane} ")
            },
        }
    }

    pub(crate) fn step(&mut self, name: &str, f: impl FnOnce() -> Result) -> Result {
        let n = self.done.len() + 1;
        let mark = format!("[{}{n}/{}] {name}", self.lane, self.total);
        if self.failed.load(Ordering::SeqCst) {
            return Err(format!("step {mark} not run: a step beside it failed"));
        }
        // Start and end lines go to the terminal and to the lane's log alike, so a lane's
        // progress shows while it runs and its log reads on its own.
        let both = |line: String| {
            say(&line);
            if LOG.with(|l| l.borrow().is_some()) {
                println!("{}", line.trim_start());
                let _ = std::io::stdout().flush();
            }
        };
        both(format!("\n==> {mark}"));
        let t = Instant::now();
        let r = f();
        let took = t.elapsed();
        match r {
            Ok(()) => {
                both(format!("<== {mark}: ok ({})", secs(took)));
                self.done.push((name.to_string(), took));
                Ok(())
            }
            Err(e) => {
                self.failed.store(true, Ordering::SeqCst);
                both(format!("<== {mark}: FAILED after {}", secs(took)));
                Err(format!("step {mark} failed after {}: {e}", secs(took)))
            }
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
