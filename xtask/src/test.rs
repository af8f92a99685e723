//! `cargo xtask test`: set up, then every test: the lint check, engine (native, release), the training
//! pipeline's smoke run, wasm builds, the engine API's Node tests, the npm packages and the engine crate
//! packed and installed, the release site and the browser tests.

use std::process::Stdio;
use std::time::Instant;

use crate::ctx::{check, describe, run, secs, target_dir, with_args, Ctx, Result, Steps};
use crate::lint::lint;
use crate::package::{
    build_package, engine_api_tests, engine_crate_check, engine_package_check, viewer_package_check,
};
use crate::serve::trunk_build;
use crate::setup::setup;

const PERFT_DEPTH: &str = "7";
const PERFT_EXPECTED: &str = "perft 7 55092 ";

pub(crate) fn test(ctx: &Ctx) -> Result {
    let t = Instant::now();
    let setup_steps = setup(ctx)?;
    let mut steps = Steps::new(13);
    steps.step("lint: rustfmt and clippy (cargo xtask lint)", || lint(ctx))?;
    steps.step(
        "engine: native tests, release, incl. ignored (slow perft), and the BGS API",
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
    steps.step(
        "engine: cargo package -p outflank-engine, within its size budget",
        || engine_crate_check(ctx),
    )?;
    steps.step("site: trunk build --release", || trunk_build(ctx))?;
    steps.step(
        "viewer: npm pack dist/embed, installed in an empty folder; a page in Chromium, tsc (tests/packages/viewer)",
        || viewer_package_check(ctx),
    )?;
    steps.step("browser tests: Playwright + Chromium against dist/", || {
        let mut c = ctx.cmd(
            ctx.tests
                .join("node_modules")
                .join(".bin")
                .join("playwright"),
        );
        c.current_dir(&ctx.tests).arg("test");
        run(c)
    })?;
    let mut all = setup_steps;
    all.done.append(&mut steps.done);
    all.summary(&format!(
        "xtask test: all steps passed in {}",
        secs(t.elapsed())
    ));
    println!("steps: {} passed, 0 failed", all.done.len());
    Ok(())
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
    println!("    $ {}", describe(&c));
    let out = c.output().map_err(|e| format!("cannot start node: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    print!("{stdout}");
    check(out.status, "node tests/wasi-run.mjs perft.wasm 7")?;
    let last = stdout.lines().last().unwrap_or_default();
    if !last.starts_with(PERFT_EXPECTED) {
        return Err(format!(
            "the last line is {last:?}, expected it to start with {PERFT_EXPECTED:?}"
        ));
    }
    Ok(())
}
