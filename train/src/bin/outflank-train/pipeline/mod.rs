//! `outflank-train pipeline` (what `cargo xtask train` runs): the whole training pipeline of
//! the 8x8 pattern evaluation in one command (train/TRAINING.md): held-out data, seven rounds
//! of self-play and their fits (rounds 1-3 fitted from zero, the later ones refining round 3's
//! weights with the later rounds' games), then the last fit rounded to the computer's worker
//! budget and measured (on the held-out sets, and on games between stronger players that it
//! plays itself). That file is the kind that played the deep round
//! (`train/games/played-by-r8.bin`), not the one that ships: the deep round's fit plays
//! stronger, so this command leaves `engine/weights/reversi8.bin` alone.
//!
//! Each step is one run of this program (`outflank-train selfplay ...`, `fit ...`) writing one
//! file under the data directory, with its output in `<step>.log` beside it. Steps run as soon
//! as the files they read exist, up to `--jobs` at once. A step whose file was finished by the
//! same command line before (its `<step>.done`) is skipped, so an interrupted run goes on
//! where it stopped. `--quick` runs the same steps on a few games into `target/train-quick/`
//! and leaves the shipped weights alone: it is the smoke test `cargo xtask test` runs.
//!
//! `--deep` runs the deep round instead ([`deep`]): games at depth 10, in pieces a later run
//! goes on from (all of them kept in `train/games/`), then the candidate fit and the matches
//! that decide; a candidate that wins them is copied to `engine/weights/reversi8.bin`. It is
//! the command that makes the shipped file, the same bytes, in about 40 minutes.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

mod decide;
mod deep;
mod plan;
mod scale;
use plan::{held_files, measured_on, plan, Step, DEEP_HELD, FITTED};
use scale::{FULL, QUICK};

pub(crate) type Result<T = ()> = std::result::Result<T, String>;

/// The largest shipped weights file, in bytes after `gzip -9`: the computer's worker (wasm,
/// script and weights) must stay within 400 KB (409,600 bytes) gzipped by Node's gzip (what
/// `node tests/bench.mjs` counts), and its wasm, script and loader take about 139,200 bytes of
/// it, which leaves about 270,400 for the weights. Node's gzip makes a weights file about 1.2%
/// smaller than gzip(1) does, so 272,000 here, with a little margin.
const WEIGHTS_GZIP_BUDGET: u64 = 272_000;

/// Coarsest rounding tried (hundredths of a disc) before giving up on the budget.
const MAX_QUANTUM: u8 = 40;

/// Runs the pipeline (`deep`: the deep round) into `dir` (default: see [`Ctx::default_dir`]),
/// `jobs` steps at once.
pub(crate) fn run(quick: bool, deep: bool, jobs: usize, dir: Option<PathBuf>) -> Result {
    let ctx = Ctx::new()?;
    let dir = match dir {
        Some(d) => std::env::current_dir()
            .map_err(|e| format!("no current directory: {e}"))?
            .join(d),
        None => ctx.default_dir(quick, deep),
    };
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let scale = if quick { &QUICK } else { &FULL };
    let t = Instant::now();

    // Every step is a run of this very program.
    let outflank =
        std::env::current_exe().map_err(|e| format!("cannot tell where this program is: {e}"))?;
    if deep {
        return deep::deep(&ctx, &outflank, &dir, quick, jobs);
    }
    let steps = plan(&dir, scale);
    println!(
        "train: {} steps into {}, up to {jobs} at once{}",
        steps.len(),
        dir.display(),
        if quick {
            " (quick: a few games, the shipped weights stay as they are)"
        } else {
            ""
        }
    );
    run_steps(&ctx, &outflank, steps, jobs)?;

    // Round to the finest quantum within the budget, then print the held-out errors of the
    // file that ships.
    let fitted = dir.join(format!("{FITTED}.bin"));
    let shipped = dir.join("reversi8.bin");
    // The deep probes are measured on the shipped file only: the fit does not wait for them.
    let mut held = held_files(&dir);
    held.extend(DEEP_HELD.iter().map(|f| dir.join(f)));
    // Its errors come with the other sets' below.
    requant_within_budget(&ctx, &outflank, &fitted, &shipped, &held, quick)?;
    // Games between stronger players, played by the file just made (so made again each run:
    // a stamp would not see the file change).
    let strong_steps = measured_on(&dir, scale, &shipped);
    for step in &strong_steps {
        let _ = fs::remove_file(beside(step, "done"));
    }
    let strong: Vec<PathBuf> = strong_steps.iter().map(|s| s.out.clone()).collect();
    run_steps(&ctx, &outflank, strong_steps, jobs)?;
    // The file's errors, then level 10 itself on the positions from 20 empties up (its
    // search's score and its evaluation's against the exact ones, by empties and by phase),
    // on the sets above and on the stronger games apart: their positions are of another kind.
    for (sets, suffix) in [(&held, ""), (&strong, "-strong")] {
        let mut c = ctx.cmd(&outflank);
        c.args(["errors", "--weights"])
            .arg(&shipped)
            .arg("--holdout")
            .args(sets);
        let mut s = ctx.cmd(&outflank);
        s.args(["search", "--level", "10", "--min-empties", "20"])
            .arg("--eval")
            .arg(&shipped)
            .arg("--holdout")
            .args(sets);
        for (c, name) in [(c, "errors"), (s, "search-l10")] {
            let log = dir.join(format!("{name}{suffix}.log"));
            run_logged(c, &log)?;
            println!("train: {}", log.display());
            print!("{}", fs::read_to_string(&log).unwrap_or_default());
        }
    }
    if quick {
        println!(
            "train: quick run done in {}; {} was not touched",
            secs(t.elapsed()),
            ctx.weights().display()
        );
    } else {
        // Copying it over the shipped file would make the computer weaker: the shipped file is
        // the deep round's, fitted on games this file's kind played.
        println!(
            "train: done in {}; the file is {} (round 7's kind, the weights that played the \
             deep round); {} is the deep round's and stays: `cargo xtask train --deep` makes it",
            secs(t.elapsed()),
            shipped.display(),
            ctx.weights().display()
        );
    }
    Ok(())
}

/// Where the pipeline reads and writes, and how it starts its steps.
pub(crate) struct Ctx {
    /// The workspace: `engine/weights/` (the shipped file), `train/games/` (the kept games).
    pub(crate) root: PathBuf,
}

impl Ctx {
    fn new() -> Result<Ctx> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .ok_or("the train crate is not inside the workspace")?
            .to_path_buf();
        Ok(Ctx { root })
    }

    /// A run of `program` from the workspace's root.
    pub(crate) fn cmd(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut c = Command::new(program);
        c.current_dir(&self.root);
        c
    }

    /// The shipped weights, embedded in the engine.
    pub(crate) fn weights(&self) -> PathBuf {
        self.root
            .join("engine")
            .join("weights")
            .join("reversi8.bin")
    }

    /// The packed games kept in the repository, with the weights that played them.
    pub(crate) fn games(&self) -> PathBuf {
        self.root.join("train").join("games")
    }

    /// A run's directory unless `--dir` says otherwise: the quick runs' under the target
    /// directory, the full runs' under `train/data/` (not committed).
    fn default_dir(&self, quick: bool, deep: bool) -> PathBuf {
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| self.root.join("target"));
        let data = self.root.join("train").join("data");
        match (quick, deep) {
            (true, false) => target.join("train-quick"),
            (true, true) => target.join("train-deep-quick"),
            (false, false) => data.join("pipeline"),
            (false, true) => data.join("deep"),
        }
    }
}

/// A command as a shell would show it, for logs and errors.
pub(crate) fn describe(c: &Command) -> String {
    let mut s = c.get_program().to_string_lossy().into_owned();
    for a in c.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

/// An error naming `what` unless it exited with success.
fn check(status: ExitStatus, what: &str) -> Result {
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{what}` exited with {status}"))
    }
}

/// A duration as `12.3s` or `4m 05.6s`.
pub(crate) fn secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 60.0 {
        format!("{}m {:04.1}s", (s / 60.0) as u64, s % 60.0)
    } else {
        format!("{s:.1}s")
    }
}

/// Runs the steps, each once the inputs other steps make are finished, up to `jobs` at once.
fn run_steps(ctx: &Ctx, outflank: &Path, mut steps: Vec<Step>, jobs: usize) -> Result {
    // A file no step makes (the shipped weights a round starts from) is read as it is.
    let made: Vec<PathBuf> = steps.iter().map(|s| s.out.clone()).collect();
    for step in &mut steps {
        step.needs.retain(|n| made.contains(n));
    }
    let mut waiting: Vec<Step> = Vec::new();
    let mut done: Vec<PathBuf> = Vec::new();
    for step in steps {
        if finished(&step) {
            println!(
                "train: {} is done already ({})",
                step.name,
                step.out.display()
            );
            keep(&step.out, step.keep.as_deref())?;
            done.push(step.out);
        } else {
            waiting.push(step);
        }
    }
    let (tx, rx) = mpsc::channel::<(String, PathBuf, PathBuf, Result, String)>();
    let mut running = 0;
    while !waiting.is_empty() || running > 0 {
        while running < jobs {
            let Some(k) = waiting
                .iter()
                .position(|s| s.needs.iter().all(|n| done.contains(n)))
            else {
                break;
            };
            let step = waiting.remove(k);
            let mut c = ctx.cmd(outflank);
            c.args(&step.args);
            let what = describe(&c);
            println!("train: start {} ({what})", step.name);
            let tx = tx.clone();
            running += 1;
            std::thread::spawn(move || {
                let t = Instant::now();
                let log = beside(&step, "log");
                let r = run_logged(c, &log)
                    .and_then(|()| {
                        fs::write(beside(&step, "done"), stamp(&step))
                            .map_err(|e| format!("cannot write the stamp of {}: {e}", step.name))
                    })
                    .and_then(|()| keep(&step.out, step.keep.as_deref()));
                let last = fs::read_to_string(&log)
                    .ok()
                    .and_then(|l| l.lines().last().map(String::from))
                    .unwrap_or_default();
                let _ = tx.send((
                    step.name,
                    step.out,
                    log,
                    r,
                    format!("{last} [{}]", secs(t.elapsed())),
                ));
            });
        }
        if running == 0 {
            let names: Vec<&str> = waiting.iter().map(|s| s.name.as_str()).collect();
            return Err(format!("steps waiting for files no step makes: {names:?}"));
        }
        let (name, out, log, r, summary) = rx
            .recv()
            .map_err(|e| format!("a step's thread died: {e}"))?;
        running -= 1;
        r.map_err(|e| format!("step {name}: {e} (its log: {})", log.display()))?;
        println!("train: done {name}: {summary}");
        done.push(out);
    }
    Ok(())
}

/// What a finished step's `.done` file holds: its command line, so a changed step reruns.
fn stamp(step: &Step) -> String {
    step.args.join(" ")
}

/// Copies a finished step's file to where it is kept, unless the same bytes are there: through
/// a temporary name, so a run stopped midway never leaves half a file to commit.
fn keep(out: &Path, kept: Option<&Path>) -> Result {
    let Some(kept) = kept else { return Ok(()) };
    if let Some(len) = copy_if_changed(out, kept)? {
        println!("train: kept {} ({len} bytes)", kept.display());
    }
    Ok(())
}

/// Copies `from` to `to` unless `to` holds those bytes already, through a temporary file
/// beside it so that a run stopped midway leaves no half file; the bytes written, if any.
pub(super) fn copy_if_changed(from: &Path, to: &Path) -> Result<Option<usize>> {
    let bytes = fs::read(from).map_err(|e| format!("cannot read {}: {e}", from.display()))?;
    if fs::read(to).is_ok_and(|old| old == bytes) {
        return Ok(None);
    }
    if let Some(parent) = to.parent() {
        fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    let part = to.with_extension("part");
    fs::write(&part, &bytes)
        .and_then(|()| fs::rename(&part, to))
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))?;
    Ok(Some(bytes.len()))
}

fn finished(step: &Step) -> bool {
    step.out.exists() && fs::read_to_string(beside(step, "done")).is_ok_and(|s| s == stamp(step))
}

/// The step's own `<name>.<ext>` beside its file: its log and its stamp. Named after the step,
/// not its file, since two steps can make files of one stem (a piece of games, `x.bin`, and
/// its packed copy, `x.oftg`), and the second would overwrite the first's log and stamp.
fn beside(step: &Step, ext: &str) -> PathBuf {
    step.out.with_file_name(format!("{}.{ext}", step.name))
}

/// Runs `c` with its output going to `log`; an error names the command.
fn run_logged(mut c: Command, log: &Path) -> Result {
    let what = describe(&c);
    let file =
        fs::File::create(log).map_err(|e| format!("cannot create {}: {e}", log.display()))?;
    let err = file.try_clone().map_err(|e| e.to_string())?;
    let status = c
        .stdin(Stdio::null())
        .stdout(file)
        .stderr(err)
        .status()
        .map_err(|e| format!("cannot start `{what}`: {e}"))?;
    check(status, &what)
}

/// Rounds `fitted` into `out` at the finest quantum (hundredths of a disc, from 14 up by 2)
/// whose file fits the worker's budget ([`WEIGHTS_GZIP_BUDGET`]), printing each one tried;
/// with `holdout`, the log of the quantum kept holds its held-out errors. `quick`: the first
/// quantum, whatever its size (a few games' weights are mostly zeros anyway). `out` is only
/// replaced when its bytes change, so a later step can tell a refit from the same file
/// rounded again.
pub(super) fn requant_within_budget(
    ctx: &Ctx,
    outflank: &Path,
    fitted: &Path,
    out: &Path,
    holdout: &[PathBuf],
    quick: bool,
) -> Result {
    let name = out.file_stem().unwrap_or_default().to_string_lossy();
    let dir = out.parent().unwrap_or(Path::new("."));
    let new = out.with_extension("new.bin");
    let mut quantum = 14;
    loop {
        let mut c = ctx.cmd(outflank);
        c.args(["requant", "--quantum", &quantum.to_string()])
            .arg("--weights")
            .arg(fitted)
            .arg("--out")
            .arg(&new);
        if !holdout.is_empty() {
            c.arg("--holdout").args(holdout);
        }
        let log = dir.join(format!("{name}-q{quantum}.log"));
        run_logged(c, &log)?;
        let size = gzip_size(ctx, &new)?;
        println!(
            "train: {name} at quantum {quantum}: {size} bytes gzipped (budget {WEIGHTS_GZIP_BUDGET})"
        );
        if quick || size <= WEIGHTS_GZIP_BUDGET {
            if fs::read(out).ok() == fs::read(&new).ok() {
                let _ = fs::remove_file(&new);
            } else {
                fs::rename(&new, out).map_err(|e| {
                    format!("cannot move {} to {}: {e}", new.display(), out.display())
                })?;
            }
            return Ok(());
        }
        if quantum >= MAX_QUANTUM {
            let _ = fs::remove_file(&new);
            return Err(format!(
                "no quantum up to {MAX_QUANTUM} brings {} within the budget",
                fitted.display()
            ));
        }
        quantum += 2;
    }
}

/// The size of `file` after `gzip -9`.
pub(super) fn gzip_size(ctx: &Ctx, file: &Path) -> Result<u64> {
    let mut c = ctx.cmd("gzip");
    c.args(["-9", "-c"]).arg(file).stdin(Stdio::null());
    let out = c.output().map_err(|e| format!("cannot start gzip: {e}"))?;
    check(out.status, "gzip -9 -c")?;
    Ok(out.stdout.len() as u64)
}
