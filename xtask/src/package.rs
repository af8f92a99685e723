//! `cargo xtask package` and `cargo xtask test-api`: the BGS engine API as the npm package
//! `outflank-engine` (engine/bgs/pkg/) and its Node tests (tests/engine-api/).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Instant;

use crate::ctx::{check, describe, run, say, secs, target_dir, with_args, Ctx, Result, Steps};
use crate::setup::{setup_targets, setup_wasm_bindgen};

/// Where `cargo xtask package` writes the package.
const PACKAGE_DIR: &str = "engine/bgs/pkg";
/// The package's README, kept beside the crate that the package is built from.
const PACKAGE_README: &str = "engine/bgs/npm/README.md";
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
    say(&format!(
        "{} is missing: building the package first",
        web.display()
    ));
    package_task(ctx)
}

/// Builds the wasm once and binds it for each target, then writes package.json, Node's ES
/// module entry and the README.
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
    let write = |name: &str, text: &str| {
        fs::write(out.join(name), text)
            .map_err(|e| format!("cannot write {PACKAGE_DIR}/{name}: {e}"))
    };
    write("package.json", &package_json(&version))?;
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
        &format!("node/{PACKAGE_STEM}.mjs"),
        &node_esm_entry(&out.join("node").join(format!("{PACKAGE_STEM}.d.ts")))?,
    )?;
    let readme = ctx.root.join(PACKAGE_README);
    fs::copy(&readme, out.join("README.md"))
        .map_err(|e| format!("cannot copy {}: {e}", readme.display()))?;
    say(&format!(
        "    package written to {PACKAGE_DIR}/ (package.json, README.md, node/, bundler/, web/)"
    ));
    Ok(())
}

/// The package's package.json. Node takes the CommonJS build, through `require` or `import`
/// (an ES module over the same instance, so a program that does both loads the wasm once);
/// bundlers take the ESM build that imports the .wasm; `outflank-engine/web` is for browsers
/// without a bundler. Every build has the same functions, typed alike.
fn package_json(version: &str) -> String {
    let s = PACKAGE_STEM;
    format!(
        r#"{{
  "name": "outflank-engine",
  "version": "{version}",
  "description": "Outflank's rules engine (Reversi, Gomoku, Tic-Tac-Toe) and computer player behind the boardgamers.space engine API, compiled to WebAssembly",
  "keywords": ["reversi", "othello", "gomoku", "tic-tac-toe", "boardgame", "engine", "webassembly", "boardgamers.space"],
  "license": "MIT",
  "main": "./node/{s}.js",
  "module": "./bundler/{s}.js",
  "types": "./node/{s}.d.ts",
  "exports": {{
    ".": {{
      "node": {{
        "types": "./node/{s}.d.ts",
        "import": "./node/{s}.mjs",
        "require": "./node/{s}.js"
      }},
      "types": "./bundler/{s}.d.ts",
      "import": "./bundler/{s}.js",
      "default": "./bundler/{s}.js"
    }},
    "./web": {{
      "types": "./web/{s}.d.ts",
      "default": "./web/{s}.js"
    }},
    "./package.json": "./package.json"
  }},
  "files": ["node", "bundler", "web", "README.md"],
  "sideEffects": ["./bundler/{s}.js", "./bundler/{s}_bg.js"]
}}
"#
    )
}

/// Node's ES module entry: the CommonJS build's exports by name, read from its declarations
/// (wasm-bindgen declares each export as `export function NAME(` or `export class NAME `), so
/// that the names do not hang on how Node guesses a CommonJS module's exports.
fn node_esm_entry(declarations: &Path) -> Result<String> {
    let text = fs::read_to_string(declarations)
        .map_err(|e| format!("cannot read {}: {e}", declarations.display()))?;
    let names: Vec<&str> = text
        .lines()
        .filter_map(|l| {
            l.strip_prefix("export function ")
                .or_else(|| l.strip_prefix("export class "))
        })
        .map(|rest| {
            rest.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
                .next()
        })
        .map(Option::unwrap_or_default)
        .filter(|name| !name.is_empty())
        .collect();
    if !names.contains(&"init") {
        return Err(format!(
            "{} declares no `export function init(`: has wasm-bindgen changed its output?",
            declarations.display()
        ));
    }
    Ok(format!(
        "// Node's ES module entry of outflank-engine: the CommonJS build, one instance for both.\n\
         import engine from \"./{PACKAGE_STEM}.js\";\n\n\
         export const {{ {} }} = engine;\n\
         export default engine;\n",
        names.join(", ")
    ))
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
    say(&format!(
        "    $ {} > {}",
        describe(&c),
        expectations.display()
    ));
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

/// Where the packaging checks keep their consumer projects (tests/packages/NAME/).
const CONSUMERS: &str = "packages";
/// The engine crate's size budget, packed. Most of it is the shipped weights; the registry takes
/// up to 10 MiB, but a crate over this budget has training data or build output in it.
const MAX_CRATE_BYTES: u64 = 1024 * 1024;

/// The engine's npm package as a user gets it: `npm pack engine/bgs/pkg`, installed into an
/// empty folder holding tests/packages/engine/, where Node requires and imports it by name
/// (smoke.cjs, smoke.mjs) and tsc type-checks a program against its types.
pub(crate) fn engine_package_check(ctx: &Ctx) -> Result {
    let consumer = install_packed(ctx, &ctx.root.join(PACKAGE_DIR), "engine")?;
    for script in ["smoke.cjs", "smoke.mjs"] {
        let mut c = ctx.cmd("node");
        c.current_dir(&consumer).arg(script);
        run(c)?;
    }
    type_check(ctx, &consumer)?;
    remove_consumer(&consumer)
}

/// The viewer's npm package as a platform gets it: `npm pack dist/embed` (after `trunk build`),
/// installed into an empty folder holding tests/packages/viewer/, whose page includes it in
/// headless Chromium (tests/packages/viewer-page.mjs), and tsc type-checks a host's program
/// against its types.
pub(crate) fn viewer_package_check(ctx: &Ctx) -> Result {
    let consumer = install_packed(ctx, &ctx.root.join("dist").join("embed"), "viewer")?;
    let mut c = ctx.cmd("node");
    c.arg(ctx.tests.join(CONSUMERS).join("viewer-page.mjs"))
        .arg(&consumer);
    run(c)?;
    type_check(ctx, &consumer)?;
    remove_consumer(&consumer)
}

/// `cargo package -p outflank-engine` (not built: the engine's tests build it), and the
/// `.crate` within its size budget.
pub(crate) fn engine_crate_check(ctx: &Ctx) -> Result {
    // --allow-dirty: what is checked is what the crate holds, not whether it is committed.
    run(with_args(
        ctx.cargo(),
        &[
            "package",
            "-p",
            "outflank-engine",
            "--no-verify",
            "--allow-dirty",
            "--offline",
        ],
    ))?;
    let dir = target_dir(ctx).join("package");
    let newest = fs::read_dir(&dir)
        .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.starts_with("outflank-engine-") && name.ends_with(".crate")
        })
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max()
        .map(|(_, path)| path)
        .ok_or_else(|| {
            format!(
                "cargo package wrote no outflank-engine-*.crate into {}",
                dir.display()
            )
        })?;
    let size = fs::metadata(&newest)
        .map_err(|e| format!("cannot read {}: {e}", newest.display()))?
        .len();
    say(&format!("    {}: {} KB", newest.display(), size / 1024));
    if size > MAX_CRATE_BYTES {
        return Err(format!(
            "{} is {size} bytes, over the budget of {MAX_CRATE_BYTES}: what does it hold that it should not?",
            newest.display()
        ));
    }
    Ok(())
}

/// A fresh temporary folder with a copy of tests/packages/NAME/ (a consumer project) and,
/// installed into it, the tarball `npm pack` makes of `package`. Offline: the packages have
/// no dependencies, so nothing is fetched.
fn install_packed(ctx: &Ctx, package: &Path, name: &str) -> Result<PathBuf> {
    let work = std::env::temp_dir().join(format!("outflank-package-{name}-{}", std::process::id()));
    if work.exists() {
        fs::remove_dir_all(&work).map_err(|e| format!("cannot clear {}: {e}", work.display()))?;
    }
    let consumer = work.join("consumer");
    let packed = work.join("packed");
    for dir in [&consumer, &packed] {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let source = ctx.tests.join(CONSUMERS).join(name);
    for entry in
        fs::read_dir(&source).map_err(|e| format!("cannot list {}: {e}", source.display()))?
    {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_file() {
            let to = consumer.join(path.file_name().unwrap_or_default());
            fs::copy(&path, &to).map_err(|e| format!("cannot copy {}: {e}", path.display()))?;
        }
    }
    let mut c = ctx.cmd("npm");
    c.arg("pack")
        .arg(package)
        .args(["--ignore-scripts", "--pack-destination"])
        .arg(&packed);
    run(c)?;
    let tarball = fs::read_dir(&packed)
        .map_err(|e| format!("cannot list {}: {e}", packed.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "tgz"))
        .ok_or("npm pack made no .tgz")?;
    let mut c = ctx.cmd("npm");
    c.current_dir(&consumer)
        .args([
            "install",
            "--offline",
            "--no-audit",
            "--no-fund",
            "--ignore-scripts",
        ])
        .arg(&tarball);
    run(c)?;
    Ok(consumer)
}

/// `tsc -p` over a consumer project (its tsconfig.json names the files; nothing is emitted).
fn type_check(ctx: &Ctx, consumer: &Path) -> Result {
    let tsc = ctx.tests.join("node_modules").join(".bin").join("tsc");
    let mut c = ctx.cmd(tsc);
    c.arg("-p").arg(consumer);
    run(c)
}

/// Removes a consumer project and its tarball once every check has passed (a failure leaves
/// them, for a look).
fn remove_consumer(consumer: &Path) -> Result {
    let work = consumer.parent().unwrap_or(consumer);
    fs::remove_dir_all(work).map_err(|e| format!("cannot remove {}: {e}", work.display()))
}
