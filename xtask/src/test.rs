//! `cargo xtask test`: set up, then every test: the lint check, engine (native, release), the
//! training pipeline's smoke run, the server, wasm builds, the engine API's Node tests, the npm
//! packages and the engine crate packed and installed, the release site and the browser tests.

use std::fs::{self, File};
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::thread;
use std::time::Instant;

use crate::ctx::{
    check, describe, log_to, run, say, secs, target_dir, with_args, Ctx, Result, Steps,
};
use crate::lint::lint;
use crate::package::{
    build_package, engine_api_tests, engine_crate_check, engine_package_check, viewer_package_check,
};
use crate::serve::trunk_build;
use crate::setup::{setup_rust, setup_tools, RUST_STEPS, TOOL_STEPS};

const PERFT_DEPTH: &str = "7";
const PERFT_EXPECTED: &str = "perft 7 55092 ";

/// The two lanes that run side by side, each into its own log.
const NATIVE: &str = "native";
const SITE: &str = "site";
const NATIVE_STEPS: usize = 8;
/// A lane: its name, its number of steps, and what it runs.
type Lane = (&'static str, usize, fn(&Ctx, &mut Steps) -> Result);
const SITE_STEPS: usize = TOOL_STEPS + 6;

/// Set up what everything needs (seconds once installed), then two lanes side by side: the
/// native lane (lint, the engine, the training pipeline, the server, unit tests, wasm builds
/// of the engine) needs only cargo; the site lane installs the site's tools (minutes each when
/// missing), then builds the npm packages and the site and runs the browser tests. On two
/// cores the lanes fill each other's single-threaded stretches (linking, test runs, the
/// browser). Each lane writes to its own log under target/xtask/, printed whole at the end;
/// the terminal shows the steps as they start and end.
pub(crate) fn test(ctx: &Ctx) -> Result {
    let t = Instant::now();
    let mut first = Steps::new(RUST_STEPS);
    setup_rust(ctx, &mut first)?;
    let logs = target_dir(ctx).join("xtask");
    fs::create_dir_all(&logs).map_err(|e| format!("cannot create {}: {e}", logs.display()))?;
    let failed = Arc::new(AtomicBool::new(false));
    let lanes: [Lane; 2] = [
        (NATIVE, NATIVE_STEPS, native_lane),
        (SITE, SITE_STEPS, site_lane),
    ];
    let results: Vec<(PathBuf, Steps, Result)> = thread::scope(|scope| {
        let running: Vec<_> = lanes
            .iter()
            .map(|&(lane, total, body)| {
                let log = logs.join(format!("test-{lane}.log"));
                let failed = failed.clone();
                scope.spawn(move || {
                    let mut steps = Steps::beside(lane, total, failed);
                    let result = File::create(&log)
                        .map_err(|e| format!("cannot create {}: {e}", log.display()))
                        .and_then(|file| {
                            log_to(file);
                            body(ctx, &mut steps)
                        });
                    (log, steps, result)
                })
            })
            .collect();
        running
            .into_iter()
            .map(|lane| lane.join().expect("a lane of the tests panicked"))
            .collect()
    });
    let mut all = first;
    let mut errors = Vec::new();
    for (log, steps, result) in results {
        println!("\n---- {} ----", log.display());
        match fs::read_to_string(&log) {
            Ok(text) => print!("{text}"),
            Err(e) => println!("(cannot read it: {e})"),
        }
        all.done.extend(steps.done);
        if let Err(e) = result {
            errors.push(format!("{e} (its output: {})", log.display()));
        }
    }
    if !errors.is_empty() {
        return Err(errors.join("\n"));
    }
    all.summary(&format!(
        "xtask test: all steps passed in {}",
        secs(t.elapsed())
    ));
    println!("steps: {} passed, 0 failed", all.done.len());
    Ok(())
}

/// Everything that needs only cargo (and Node for the wasi perft).
fn native_lane(ctx: &Ctx, steps: &mut Steps) -> Result {
    steps.step(
        "lint: no development history, rustfmt and clippy (cargo xtask lint)",
        || lint(ctx),
    )?;
    steps.step(
        "engine: native tests, release, incl. ignored (slow perft), doctests, and the BGS API",
        || {
            run(with_args(
                ctx.cargo(),
                &[
                    "test",
                    "--release",
                    "-p",
                    "outflank-engine",
                    "-p",
                    "outflank-bgs",
                    "--",
                    "--include-ignored",
                ],
            ))
        },
    )?;
    steps.step(
        "train: its tests (release), then the pipeline and the deep round on a few games (cargo xtask train --quick, then --deep --quick)",
        || {
            run(with_args(
                ctx.cargo(),
                &["test", "--release", "-p", "outflank-train"],
            ))?;
            crate::train::train(ctx, &["--quick".to_string()])?;
            crate::train::train(ctx, &["--deep".to_string(), "--quick".to_string()])
        },
    )?;
    steps.step(
        "server: its tests (whole games over HTTP and WebSockets, refusals, restarts; two instances on a throwaway PostgreSQL), then a small load run (SQLite, and two instances on PostgreSQL)",
        || {
            run(with_args(ctx.cargo(), &["test", "-p", "outflank-server"]))?;
            run(with_args(
                ctx.cargo(),
                &["build", "-p", "outflank-server", "--bins", "--examples"],
            ))?;
            run(with_args(
                ctx.cargo(),
                &[
                    "run", "-p", "outflank-server", "--example", "load", "--", "--games", "20",
                    "--think-ms", "50",
                ],
            ))
        },
    )?;
    steps.step("ui and xtask: native unit tests", || {
        run(with_args(
            ctx.cargo(),
            &["test", "-p", "outflank-ui", "-p", "xtask"],
        ))
    })?;
    steps.step(
        "engine: the library builds for wasm32-unknown-unknown",
        || {
            run(with_args(
                ctx.cargo(),
                &[
                    "build",
                    "--release",
                    "-p",
                    "outflank-engine",
                    "--lib",
                    "--no-default-features",
                    "--target",
                    "wasm32-unknown-unknown",
                ],
            ))
        },
    )?;
    steps.step("engine: perft 7 as wasm32-wasip1 in Node", || {
        wasi_perft(ctx)
    })?;
    steps.step(
        "engine: cargo package -p outflank-engine, within its size budget",
        || engine_crate_check(ctx),
    )
}

/// The site's tools, then the npm packages, the site and the browser tests.
fn site_lane(ctx: &Ctx, steps: &mut Steps) -> Result {
    setup_tools(ctx, steps)?;
    steps.step("engine API: the npm package (cargo xtask package)", || {
        build_package(ctx)
    })?;
    steps.step(
        "engine API: Node tests (node --test tests/engine-api)",
        || engine_api_tests(ctx),
    )?;
    steps.step(
        "engine API: npm pack, installed in an empty folder; require, import, tsc (tests/packages/engine)",
        || engine_package_check(ctx),
    )?;
    steps.step("site: trunk build --release", || trunk_build(ctx))?;
    steps.step(
        "viewer: npm pack dist/embed, installed in an empty folder; a page in Chromium, tsc (tests/packages/viewer)",
        || viewer_package_check(ctx),
    )?;
    steps.step("browser tests: Playwright + Chromium against dist/", || {
        // The online specs run the server binary on dist/.
        run(with_args(ctx.cargo(), &["build", "-p", "outflank-server"]))?;
        let mut c = ctx.cmd(
            ctx.tests
                .join("node_modules")
                .join(".bin")
                .join("playwright"),
        );
        c.current_dir(&ctx.tests).arg("test");
        run(c)
    })
}

fn wasi_perft(ctx: &Ctx) -> Result {
    run(with_args(
        ctx.cargo(),
        &[
            "build",
            "--release",
            "-p",
            "outflank-engine",
            "--target",
            "wasm32-wasip1",
            "--example",
            "perft",
        ],
    ))?;
    let wasm = target_dir(ctx)
        .join("wasm32-wasip1")
        .join("release")
        .join("examples")
        .join("perft.wasm");
    let mut c = ctx.cmd("node");
    c.arg(ctx.tests.join("wasi-run.mjs"))
        .arg(&wasm)
        .arg(PERFT_DEPTH)
        .stderr(Stdio::inherit());
    say(&format!("    $ {}", describe(&c)));
    let out = c.output().map_err(|e| format!("cannot start node: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    say(stdout.trim_end());
    check(out.status, "node tests/wasi-run.mjs perft.wasm 7")?;
    let last = stdout.lines().last().unwrap_or_default();
    if !last.starts_with(PERFT_EXPECTED) {
        return Err(format!(
            "the last line is {last:?}, expected it to start with {PERFT_EXPECTED:?}"
        ));
    }
    Ok(())
}
