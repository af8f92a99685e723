//! `cargo xtask package` and `cargo xtask test-api`: the BGS engine API as the npm package
//! `outflank-engine` (engine/bgs/pkg/) and its Node tests (tests/engine-api/).

use std::fs;
use std::path::Path;
use std::process::Stdio;
use std::time::Instant;

use crate::ctx::{check, describe, run, secs, target_dir, with_args, Ctx, Result, Steps};
use crate::setup::{setup_targets, setup_wasm_bindgen};

/// Where `cargo xtask package` writes the package.
const PACKAGE_DIR: &str = "engine/bgs/pkg";
/// File stem of the generated JS, d.ts and wasm in each build of the package.
const PACKAGE_STEM: &str = "outflank_engine";
/// wasm-bindgen targets: Node (CommonJS), bundlers (ESM importing the .wasm), browsers without
/// a bundler (ESM with an explicit init).
const PACKAGE_TARGETS: [(&str, &str); 3] =
    [("nodejs", "node"), ("bundler", "bundler"), ("web", "web")];

pub(crate) fn package_task(ctx: &Ctx) -> Result {
    let t = Instant::now();
    let mut steps = Steps::new(3);
    steps.step("setup: wasm32 targets", || setup_targets(ctx))?;
    steps.step("setup: wasm-bindgen-cli", || setup_wasm_bindgen(ctx))?;
    steps.step("package: outflank-engine (BGS engine API)", || {
        build_package(ctx)
    })?;
    steps.summary(&format!(
        "xtask package: {PACKAGE_DIR}/ built in {}",
        secs(t.elapsed())
    ));
    Ok(())
}

/// Builds the package if it is not there: trunk's pre-build hook (`cargo xtask page`) calls
/// this, because the site carries the package's web build (index.html copies it), so that a
/// bare `trunk build` works from a clean clone. `serve` and `test` build it afresh anyway.
pub(crate) fn ensure_package(ctx: &Ctx) -> Result {
    let web = ctx.root.join(PACKAGE_DIR).join("web");
    if web.join(format!("{PACKAGE_STEM}_bg.wasm")).is_file() {
        return Ok(());
    }
    println!("{} is missing: building the package first", web.display());
    package_task(ctx)
}

/// Builds the wasm once and binds it for each target, then writes package.json and a README.
pub(crate) fn build_package(ctx: &Ctx) -> Result {
    run(with_args(
        ctx.cargo(),
        // The crate is a plain library to its Rust dependents (the viewer, the server); only
        // the package's build makes it a cdylib.
        &[
            "rustc",
            "--release",
            "-p",
            "outflank-bgs",
            "--lib",
            "--crate-type",
            "cdylib",
            "--target",
            "wasm32-unknown-unknown",
        ],
    ))?;
    let wasm = target_dir(ctx)
        .join("wasm32-unknown-unknown")
        .join("release")
        .join("outflank_bgs.wasm");
    let out = ctx.root.join(PACKAGE_DIR);
    if out.exists() {
        fs::remove_dir_all(&out).map_err(|e| format!("cannot clear {}: {e}", out.display()))?;
    }
    for (target, dir) in PACKAGE_TARGETS {
        let mut c = ctx.cmd("wasm-bindgen");
        c.arg(&wasm)
            .args(["--target", target, "--out-name", PACKAGE_STEM, "--out-dir"])
            .arg(out.join(dir));
        run(c)?;
    }
    let manifest = ctx.root.join("engine").join("bgs").join("Cargo.toml");
    let version = fs::read_to_string(&manifest)
        .map_err(|e| format!("cannot read {}: {e}", manifest.display()))?
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("version = ")
                .map(|v| v.trim_matches('"').to_string())
        })
        .ok_or("engine/bgs/Cargo.toml has no version")?;
    let package_json = format!(
        r#"{{
  "name": "outflank-engine",
  "version": "{version}",
  "description": "Outflank's rules engine (Reversi, Gomoku, Tic-Tac-Toe) behind the boardgamers.space engine API, compiled to WebAssembly",
  "license": "MIT",
  "main": "./node/{PACKAGE_STEM}.js",
  "types": "./node/{PACKAGE_STEM}.d.ts",
  "exports": {{
    ".": {{
      "types": "./node/{PACKAGE_STEM}.d.ts",
      "node": "./node/{PACKAGE_STEM}.js",
      "default": "./bundler/{PACKAGE_STEM}.js"
    }},
    "./web": {{
      "types": "./web/{PACKAGE_STEM}.d.ts",
      "default": "./web/{PACKAGE_STEM}.js"
    }},
    "./package.json": "./package.json"
  }},
  "files": ["node", "bundler", "web", "README.md"],
  "sideEffects": ["./bundler/{PACKAGE_STEM}.js", "./bundler/{PACKAGE_STEM}_bg.js"]
}}
"#
    );
    let write = |name: &str, text: &str| {
        fs::write(out.join(name), text)
            .map_err(|e| format!("cannot write {PACKAGE_DIR}/{name}: {e}"))
    };
    write("package.json", &package_json)?;
    // The nearest package.json tells Node each build's module system.
    for (dir, kind) in [
        ("node", "commonjs"),
        ("bundler", "module"),
        ("web", "module"),
    ] {
        write(
            &format!("{dir}/package.json"),
            &format!("{{ \"type\": \"{kind}\" }}\n"),
        )?;
    }
    write(
        "README.md",
        "# outflank-engine\n\nOutflank's rules engine behind the boardgamers.space engine API. \
         `require('outflank-engine')` in Node, `import` from a bundler, or \
         `import init, * as engine from 'outflank-engine/web'` in a browser (call `await init()` first). \
         Every function is synchronous and throws an `Error` with a `code` on bad input. \
         See the Outflank README, \"The BGS engine API\".\n",
    )?;
    println!("    package written to {PACKAGE_DIR}/ (package.json, node/, bundler/, web/)");
    Ok(())
}

/// Writes the native engine's expectations, links the package where the tests import it
/// from, and runs the Node tests of tests/engine-api/.
pub(crate) fn engine_api_tests(ctx: &Ctx) -> Result {
    let api = ctx.tests.join("engine-api");
    let generated = target_dir(ctx).join("engine-api");
    fs::create_dir_all(&generated)
        .map_err(|e| format!("cannot create {}: {e}", generated.display()))?;
    let expectations = generated.join("expectations.json");
    let mut c = ctx.cargo();
    c.args([
        "run",
        "--quiet",
        "--release",
        "-p",
        "outflank-bgs",
        "--example",
        "expectations",
        "--",
    ])
    .arg(EXPECTATIONS_SEED)
    .arg("3")
    .stderr(Stdio::inherit());
    println!("    $ {} > {}", describe(&c), expectations.display());
    let out = c.output().map_err(|e| format!("cannot start cargo: {e}"))?;
    check(out.status, "cargo run --example expectations")?;
    fs::write(&expectations, &out.stdout)
        .map_err(|e| format!("cannot write {}: {e}", expectations.display()))?;
    link_package(ctx, &api)?;
    let mut c = ctx.cmd("node");
    c.current_dir(&api)
        .env("OUTFLANK_EXPECTATIONS", &expectations)
        .args(["--test", "--test-reporter=spec"]);
    for entry in fs::read_dir(&api).map_err(|e| format!("cannot list {}: {e}", api.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.to_string_lossy().ends_with(".test.mjs") {
            c.arg(path);
        }
    }
    run(c)
}

const EXPECTATIONS_SEED: &str = "20261122";

/// tests/engine-api/node_modules/outflank-engine -> engine/bgs/pkg, as `npm install` of a
/// local package would link it, so the tests import it by name through its package.json.
fn link_package(ctx: &Ctx, api: &Path) -> Result {
    let modules = api.join("node_modules");
    fs::create_dir_all(&modules)
        .map_err(|e| format!("cannot create {}: {e}", modules.display()))?;
    let link = modules.join("outflank-engine");
    if fs::symlink_metadata(&link).is_ok() {
        fs::remove_file(&link)
            .or_else(|_| fs::remove_dir_all(&link))
            .map_err(|e| format!("cannot replace {}: {e}", link.display()))?;
    }
    #[cfg(unix)]
    std::os::unix::fs::symlink(ctx.root.join(PACKAGE_DIR), &link)
        .map_err(|e| format!("cannot link {}: {e}", link.display()))?;
    #[cfg(not(unix))]
    return Err("the engine API tests link the package with a Unix symlink".into());
    Ok(())
}
