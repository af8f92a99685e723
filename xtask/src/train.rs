//! `cargo xtask train`: the whole training pipeline of the 8x8 pattern evaluation in one
//! command (engine/TRAINING.md): self-play data, held-out data, six rounds of self-play and
//! their fits (the last two refining round 3's weights with the later rounds), then the shipped
//! file rounded to the computer's worker budget and copied to `engine/weights/reversi8.bin`.
//!
//! Each step is one `outflank train ...` run writing one file under the data directory, with
//! its output in `<step>.log` beside it. Steps run as soon as the files they read exist,
//! up to `--jobs` at once (default: one per core). A step whose file was finished by the same
//! command line before (its `<step>.done`) is skipped, so an interrupted run goes on where
//! it stopped. `--quick` runs the same steps on a few games into `target/train-quick/` and
//! leaves the shipped weights alone: it is the smoke test `cargo xtask test` runs.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Instant;

use crate::ctx::{check, describe, run, secs, target_dir, with_args, Ctx, Result};

/// The largest shipped weights file, in bytes after `gzip -9`: the computer's worker (wasm,
/// script and weights) must stay within 400 KB (409,600 bytes) gzipped by Node's gzip (what
/// `node tests/bench.mjs` counts), and its wasm, script and loader take 139,194 bytes of it
/// (stop 27), which leaves 270,406 for the weights. Node's gzip makes this file about 1.2%
/// smaller than gzip(1) does (206,358 against 208,754 bytes for the shipped one), so 272,000
/// here, with a little margin.
const WEIGHTS_GZIP_BUDGET: u64 = 272_000;

/// Coarsest rounding tried (hundredths of a disc) before giving up on the budget.
const MAX_QUANTUM: u8 = 40;

/// How big a run is.
struct Scale {
    /// Games of each round-1 self-play file (two files, one per seed).
    round1: u64,
    /// Games of each round-2 self-play file (two files).
    round2: u64,
    /// Games of each round-3 self-play file (two files: short openings, deeper moves).
    round3: u64,
    /// Games of each round-4 file, and of the two round-5 files (played as round 3's, by
    /// round 3's weights as they shipped in stops 21-27).
    round4: u64,
    round5: (u64, u64),
    /// The two round-6 files, played as round 3's by round 5's weights as they shipped in
    /// stop 28.
    round6: (u64, u64),
    /// Held-out games played as round 3's are, solved from 20 empties.
    balanced: u64,
    /// Held-out games solved from 20 empties, and games with one probe at 15-24 empties.
    held: u64,
    probe: u64,
    /// Held-out games with one probe in `deep_probe` (empties, from and to): the positions
    /// deeper than the self-play's exact solves, where the midgame search leans on the
    /// evaluation most, and where each solve takes a minute or more.
    deep: u64,
    deep_probe: (&'static str, &'static str),
    /// Held-out games played as round 3's are, with one probe in `balanced_probe`: the
    /// positions where level 10 still searches rather than solves.
    balanced_deep: u64,
    balanced_probe: (&'static str, &'static str),
    epochs: &'static str,
    /// Configurations seen fewer times keep a zero weight.
    min_count: &'static str,
}

const FULL: Scale = Scale {
    round1: 20_000,
    round2: 8_000,
    round3: 20_000,
    round4: 20_000,
    // As many games as each core made in the hour of stop 28 (engine/TRAINING.md, *Round 5*).
    round5: (54_491, 54_187),
    // As many whole games as each core made in the hour of stop 29 (*Round 6*).
    round6: (67_476, 67_882),
    balanced: 300,
    held: 1_339,
    probe: 238,
    deep: 30,
    deep_probe: ("25", "27"),
    balanced_deep: 60,
    balanced_probe: ("21", "27"),
    epochs: "10",
    min_count: "30",
};

const QUICK: Scale = Scale {
    round1: 40,
    round2: 20,
    round3: 20,
    round4: 10,
    round5: (10, 10),
    round6: (10, 10),
    balanced: 4,
    held: 10,
    probe: 2,
    // The same step at shallow empties: a probe at 25 takes a minute, too long for CI.
    deep: 2,
    deep_probe: ("19", "20"),
    balanced_deep: 2,
    balanced_probe: ("19", "20"),
    epochs: "2",
    min_count: "2",
};

/// One step: its name (and file name stem), the files it reads, the arguments after
/// `outflank train`, and the file it writes.
struct Step {
    name: &'static str,
    needs: Vec<PathBuf>,
    args: Vec<String>,
    out: PathBuf,
}

pub(crate) fn train(ctx: &Ctx, args: &[String]) -> Result {
    let mut quick = false;
    let mut jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut dir = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--quick" => quick = true,
            "--jobs" => {
                jobs = it
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .ok_or("--jobs needs a count of at least 1")?
            }
            "--dir" => {
                let d = PathBuf::from(it.next().ok_or("--dir needs a directory")?);
                let here =
                    std::env::current_dir().map_err(|e| format!("no current directory: {e}"))?;
                dir = Some(here.join(d));
            }
            other => {
                return Err(format!(
                    "train: unknown argument {other:?} (--quick, --jobs N, --dir DIR)"
                ))
            }
        }
    }
    let dir = dir.unwrap_or_else(|| {
        if quick {
            target_dir(ctx).join("train-quick")
        } else {
            ctx.root.join("engine").join("data").join("pipeline")
        }
    });
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let scale = if quick { &QUICK } else { &FULL };
    let t = Instant::now();

    run(with_args(
        ctx.cargo(),
        &[
            "build",
            "--release",
            "-p",
            "outflank-engine",
            "--bin",
            "outflank",
        ],
    ))?;
    let outflank = target_dir(ctx).join("release").join("outflank");
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
    run_steps(ctx, &outflank, steps, jobs)?;

    // Round to the coarsest quantum the budget needs (the finest that fits), then print the
    // held-out errors of the file that ships.
    let fitted = dir.join(format!("{FITTED}.bin"));
    let shipped = dir.join("reversi8.bin");
    // The deep probes are measured on the shipped file only: the fit does not wait for them.
    let mut held = held_files(&dir);
    held.extend(DEEP_HELD.iter().map(|f| dir.join(f)));
    let mut quantum = 14;
    loop {
        let mut c = ctx.cmd(&outflank);
        c.current_dir(ctx.root.join("engine")).args([
            "train",
            "requant",
            "--quantum",
            &quantum.to_string(),
        ]);
        c.arg("--weights")
            .arg(&fitted)
            .arg("--out")
            .arg(&shipped)
            .arg("--holdout")
            .args(&held);
        let log = dir.join(format!("requant-q{quantum}.log"));
        run_logged(c, &log)?;
        let size = gzip_size(ctx, &shipped)?;
        println!("train: quantum {quantum}: {size} bytes gzipped (budget {WEIGHTS_GZIP_BUDGET})");
        if quick || size <= WEIGHTS_GZIP_BUDGET {
            print!("{}", fs::read_to_string(&log).unwrap_or_default());
            break;
        }
        if quantum >= MAX_QUANTUM {
            return Err(format!(
                "no quantum up to {MAX_QUANTUM} brings the weights within the budget"
            ));
        }
        quantum += 2;
    }
    // Level 10 itself on the held-out positions from 20 empties up: its search's score and
    // its evaluation's against the exact ones, by empties and by phase.
    let mut c = ctx.cmd(&outflank);
    c.current_dir(ctx.root.join("engine"))
        .args([
            "train",
            "search",
            "--level",
            "10",
            "--min-empties",
            "20",
            "--eval",
        ])
        .arg(&shipped)
        .arg("--holdout")
        .args(&held);
    let log = dir.join("search-l10.log");
    run_logged(c, &log)?;
    print!("{}", fs::read_to_string(&log).unwrap_or_default());
    if quick {
        println!(
            "train: quick run done in {}; {} was not touched",
            secs(t.elapsed()),
            weights_path(ctx).display()
        );
    } else {
        fs::copy(&shipped, weights_path(ctx))
            .map_err(|e| format!("cannot copy to {}: {e}", weights_path(ctx).display()))?;
        println!(
            "train: done in {}; {} replaced (rebuild the engine and the site to ship it)",
            secs(t.elapsed()),
            weights_path(ctx).display()
        );
    }
    Ok(())
}

fn weights_path(ctx: &Ctx) -> PathBuf {
    ctx.root.join("engine").join("weights").join("reversi8.bin")
}

/// The held-out games probed at 25-27 empties (see [`Scale::deep`]), and the games like
/// round 3's probed at 21-27 (see [`Scale::balanced_deep`]).
const DEEP_HELD: [&str; 2] = ["held-c-s3001.bin", "held-f-s6001.bin"];

/// The held-out files the fit prints its errors on: the self-play of rounds 1 and 2
/// (random openings of 6-30 moves, so many lopsided positions), probed deeper, and games
/// played as round 3's, closer to games between good players.
fn held_files(dir: &Path) -> Vec<PathBuf> {
    vec![
        dir.join("held-a-s1001.bin"),
        dir.join("held-b-s2001.bin"),
        dir.join("held-d-s4001.bin"),
    ]
}

/// The fit that ships (rounded to the budget).
const FITTED: &str = "weights-r6-q1";

/// The pipeline of engine/TRAINING.md. Round 1 plays with the hand-made evaluation, round 2
/// with round 1's weights, both at depth 4 after 6-30 random moves and solving exactly from
/// 18 empties; round 3 with round 2's weights at depth 6 after 6-10 random moves, solving
/// from 16 empties (positions like those of games between good players); rounds 4 and 5 as
/// round 3, with round 3's weights, and their fit refines those weights; round 6 as round 3,
/// with round 5's weights, and the fit that ships refines round 3's weights with rounds 4-6. Each
/// step's games use its `--eval` for the moves and for ordering the solver's moves, never
/// the build's embedded weights, so the files (and the weights fitted to them) follow from
/// this plan alone.
fn plan(dir: &Path, s: &Scale) -> Vec<Step> {
    let file = |name: &str| dir.join(format!("{name}.bin"));
    let path = |p: &Path| p.display().to_string();
    // `eval`: the step whose weights play the games (and which it therefore waits for), or
    // None for the hand-made evaluation.
    let selfplay = |name: &'static str,
                    games: u64,
                    seed: u64,
                    (depth, exact): (&str, &str),
                    extra: &[&str],
                    eval: Option<&str>| {
        let mut args: Vec<String> = [
            "selfplay",
            "--games",
            &games.to_string(),
            "--seed",
            &seed.to_string(),
            "--depth",
            depth,
            "--exact",
            exact,
        ]
        .map(String::from)
        .to_vec();
        args.extend(extra.iter().map(|a| a.to_string()));
        let needs: Vec<PathBuf> = eval.map(file).into_iter().collect();
        let eval = needs.first().map_or("hand".to_string(), |p| path(p));
        args.extend([
            "--eval".to_string(),
            eval,
            "--out".to_string(),
            path(&file(name)),
        ]);
        Step {
            name,
            needs,
            args,
            out: file(name),
        }
    };
    // A fit from zero (`init` None), or one refining earlier weights with new rounds.
    let fit = |name: &'static str,
               data: &[&str],
               quantum: &str,
               holdout: bool,
               (init, epochs, rate): (Option<&str>, &str, &str)| {
        let mut args: Vec<String> = vec!["fit".into()];
        let mut needs: Vec<PathBuf> = Vec::new();
        if let Some(init) = init {
            args.extend(["--init".into(), path(&file(init))]);
            needs.push(file(init));
        }
        args.push("--data".into());
        args.extend(data.iter().map(|d| path(&file(d))));
        needs.extend(data.iter().map(|d| file(d)));
        if holdout {
            args.push("--holdout".into());
            args.extend(held_files(dir).iter().map(|p| path(p)));
            needs.extend(held_files(dir));
        }
        args.extend(
            [
                "--epochs",
                epochs,
                "--rate",
                rate,
                "--min-count",
                s.min_count,
                "--quantum",
                quantum,
                "--out",
            ]
            .map(String::from),
        );
        args.push(path(&file(name)));
        Step {
            name,
            needs,
            args,
            out: file(name),
        }
    };
    // Earlier weights rounded as they shipped (they play the next rounds' games).
    let requant = |name: &'static str, from: &str, quantum: &str| Step {
        name,
        needs: vec![file(from)],
        args: [
            "requant",
            "--weights",
            &path(&file(from)),
            "--quantum",
            quantum,
            "--out",
            &path(&file(name)),
        ]
        .map(String::from)
        .to_vec(),
        out: file(name),
    };
    let scratch = (None, s.epochs, "2");
    // Rounds 4 and 5 refine round 3's weights with their games (a fit from zero on them
    // alone plays worse: engine/TRAINING.md, *Round 5*): a few gentle epochs from there.
    let refine = |init| (Some(init), "3", "0.5");
    let r1 = Some("weights-r1");
    let r2 = Some("weights-r2-q1");
    let r3 = Some("weights-r3");
    let r5 = Some("weights-r5");
    // Round 3's openings: 6-10 random moves.
    let short = ["--random-min", "6", "--random-max", "10"];
    vec![
        selfplay("r1-s1", s.round1, 1, ("4", "18"), &[], None),
        selfplay("r1-s2", s.round1, 2, ("4", "18"), &[], None),
        fit("weights-r1", &["r1-s1", "r1-s2"], "8", false, scratch),
        // The slowest step (a minute or more a solve), so it takes a slot first.
        selfplay(
            "held-c-s3001",
            s.deep,
            3001,
            ("4", "14"),
            &["--probe-from", s.deep_probe.0, "--probe", s.deep_probe.1],
            r1,
        ),
        selfplay("held-a-s1001", s.held, 1001, ("4", "20"), &[], None),
        // Its exact solves at 15-24 empties are ordered by round 1's weights: with the
        // hand-made evaluation alone they take several times as long.
        selfplay(
            "held-b-s2001",
            s.probe,
            2001,
            ("4", "14"),
            &["--probe", "24"],
            r1,
        ),
        selfplay("held-d-s4001", s.balanced, 4001, ("6", "20"), &short, r1),
        selfplay("r2-s3", s.round2, 3, ("4", "18"), &[], r1),
        selfplay("r2-s4", s.round2, 4, ("4", "18"), &[], r1),
        fit(
            "weights-r2-q1",
            &["r1-s1", "r1-s2", "r2-s3", "r2-s4"],
            "1",
            true,
            scratch,
        ),
        selfplay("r3-s5", s.round3, 5, ("6", "16"), &short, r2),
        selfplay("r3-s6", s.round3, 6, ("6", "16"), &short, r2),
        fit(
            "weights-r3-q1",
            &["r1-s1", "r1-s2", "r2-s3", "r2-s4", "r3-s5", "r3-s6"],
            "1",
            true,
            scratch,
        ),
        // Round 3's weights as they shipped in stops 21-27 (rounded to 20 hundredths of a
        // disc): they play rounds 4 and 5.
        requant("weights-r3", "weights-r3-q1", "20"),
        selfplay("r4-s7", s.round4, 7, ("6", "16"), &short, r3),
        selfplay("r4-s8", s.round4, 8, ("6", "16"), &short, r3),
        selfplay("r5-s9", s.round5.0, 9, ("6", "16"), &short, r3),
        selfplay("r5-s10", s.round5.1, 10, ("6", "16"), &short, r3),
        fit(
            "weights-r5-q1",
            &["r4-s7", "r4-s8", "r5-s9", "r5-s10"],
            "1",
            true,
            refine("weights-r3"),
        ),
        // Round 5's weights as they shipped in stop 28 (14 hundredths): they play round 6.
        requant("weights-r5", "weights-r5-q1", "14"),
        selfplay("r6-s11", s.round6.0, 11, ("6", "16"), &short, r5),
        selfplay("r6-s12", s.round6.1, 12, ("6", "16"), &short, r5),
        // Rounds 4-6 refine round 3's weights again (refining round 5's fit instead came
        // out even with this at level 8: engine/TRAINING.md, *Round 6*).
        fit(
            FITTED,
            &["r4-s7", "r4-s8", "r5-s9", "r5-s10", "r6-s11", "r6-s12"],
            "1",
            true,
            refine("weights-r3"),
        ),
        // Last in the list, so it takes a slot only when no step before it can start.
        selfplay(
            "held-f-s6001",
            s.balanced_deep,
            6001,
            ("6", "14"),
            &[
                &short[..],
                &[
                    "--probe-from",
                    s.balanced_probe.0,
                    "--probe",
                    s.balanced_probe.1,
                ],
            ]
            .concat(),
            r1,
        ),
    ]
}

/// Runs the steps, each once its inputs are finished, up to `jobs` at once.
fn run_steps(ctx: &Ctx, outflank: &Path, steps: Vec<Step>, jobs: usize) -> Result {
    let mut waiting: Vec<Step> = Vec::new();
    let mut done: Vec<PathBuf> = Vec::new();
    for step in steps {
        if finished(&step) {
            println!(
                "train: {} is done already ({})",
                step.name,
                step.out.display()
            );
            done.push(step.out);
        } else {
            waiting.push(step);
        }
    }
    let (tx, rx) = mpsc::channel::<(&'static str, PathBuf, Result, String)>();
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
            c.current_dir(ctx.root.join("engine"))
                .arg("train")
                .args(&step.args);
            let what = describe(&c);
            println!("train: start {} ({what})", step.name);
            let tx = tx.clone();
            running += 1;
            std::thread::spawn(move || {
                let t = Instant::now();
                let log = step.out.with_extension("log");
                let r = run_logged(c, &log).and_then(|()| {
                    fs::write(step.out.with_extension("done"), stamp(&step))
                        .map_err(|e| format!("cannot write the stamp of {}: {e}", step.name))
                });
                let last = fs::read_to_string(&log)
                    .ok()
                    .and_then(|l| l.lines().last().map(String::from))
                    .unwrap_or_default();
                let _ = tx.send((
                    step.name,
                    step.out,
                    r,
                    format!("{last} [{}]", secs(t.elapsed())),
                ));
            });
        }
        if running == 0 {
            let names: Vec<&str> = waiting.iter().map(|s| s.name).collect();
            return Err(format!("steps waiting for files no step makes: {names:?}"));
        }
        let (name, out, r, summary) = rx
            .recv()
            .map_err(|e| format!("a step's thread died: {e}"))?;
        running -= 1;
        r.map_err(|e| {
            format!(
                "step {name}: {e} (its log: {})",
                out.with_extension("log").display()
            )
        })?;
        println!("train: done {name}: {summary}");
        done.push(out);
    }
    Ok(())
}

/// What a finished step's `.done` file holds: its command line, so a changed step reruns.
fn stamp(step: &Step) -> String {
    step.args.join(" ")
}

fn finished(step: &Step) -> bool {
    step.out.exists()
        && fs::read_to_string(step.out.with_extension("done")).is_ok_and(|s| s == stamp(step))
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

/// The size of `file` after `gzip -9`.
fn gzip_size(ctx: &Ctx, file: &Path) -> Result<u64> {
    let mut c = ctx.cmd("gzip");
    c.args(["-9", "-c"]).arg(file).stdin(Stdio::null());
    let out = c.output().map_err(|e| format!("cannot start gzip: {e}"))?;
    check(out.status, "gzip -9 -c")?;
    Ok(out.stdout.len() as u64)
}
