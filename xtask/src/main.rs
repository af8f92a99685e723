//! Outflank's build tasks (std only, so it compiles in a second on a fresh machine).
//!
//! ```text
//! cargo xtask serve [--port 8080]   set up, build the release site, serve it at http://127.0.0.1:8080/
//! cargo xtask test                  set up, then every test: engine, wasm builds, browser tests
//! cargo xtask setup                 only install what is missing (idempotent; seconds when done)
//! cargo xtask package               build the BGS engine API npm package into engine/bgs/pkg/
//! cargo xtask test-api              build that package and run only its Node tests
//! ```
//!
//! Setup installs, from the package registries only and only when missing or at the wrong
//! version: the wasm32 targets (rustup), trunk (cargo install), wasm-bindgen-cli at the
//! version in Cargo.lock (cargo install), the npm tools of tests/package-lock.json (npm ci:
//! sass, binaryen's wasm-opt, Playwright) and Debian's chromium + chromium-driver (apt-get).

use std::env;
use std::ffi::OsString;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{exit, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

const TRUNK_VERSION: &str = "0.21.14";
const WASM_TARGETS: [&str; 2] = ["wasm32-unknown-unknown", "wasm32-wasip1"];
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// What tests/package.json pins; checked after `npm ci`.
const SASS_VERSION: &str = "1.108.2";
const WASM_OPT_VERSION: &str = "version_132";
const PERFT_DEPTH: &str = "7";
const PERFT_EXPECTED: &str = "perft 7 55092 ";

type Result<T = ()> = std::result::Result<T, String>;

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    let ctx = match Ctx::new() {
        Ok(ctx) => ctx,
        Err(e) => fail(&e),
    };
    let result = match args.first().map(String::as_str) {
        Some("setup") => setup(&ctx).map(|_| ()),
        Some("serve") => serve(&ctx, &args[1..]),
        Some("test") => test(&ctx),
        Some("package") => package_task(&ctx),
        Some("test-api") => package_task(&ctx).and_then(|()| engine_api_tests(&ctx)),
        Some("-h" | "--help" | "help") | None => {
            usage();
            Ok(())
        }
        Some(other) => Err(format!("unknown task {other:?} (try `cargo xtask help`)")),
    };
    if let Err(e) = result {
        fail(&e);
    }
}

fn usage() {
    println!(
        "cargo xtask serve [--port N]  build the release site and serve it at http://127.0.0.1:8080/\n\
         cargo xtask test              run every test (engine, wasm, browser)\n\
         cargo xtask setup             install whatever is missing (done by serve and test too)\n\
         cargo xtask package           build the npm package outflank-engine (BGS engine API) into engine/bgs/pkg/\n\
         cargo xtask test-api          build that package and run only its Node tests (part of test)"
    );
}

fn fail(msg: &str) -> ! {
    eprintln!("\nxtask: FAILED: {msg}");
    exit(1);
}

/// Paths and the environment every child process gets.
struct Ctx {
    root: PathBuf,
    tests: PathBuf,
    cargo: OsString,
    path: OsString,
}

impl Ctx {
    fn new() -> Result<Ctx> {
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
    fn cmd(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut c = Command::new(program);
        c.current_dir(&self.root).env("PATH", &self.path);
        c
    }

    fn cargo(&self) -> Command {
        self.cmd(&self.cargo)
    }
}

fn describe(c: &Command) -> String {
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
fn run(mut c: Command) -> Result {
    let what = describe(&c);
    println!("    $ {what}");
    let _ = std::io::stdout().flush();
    let status = c
        .status()
        .map_err(|e| format!("cannot start `{what}`: {e}"))?;
    check(status, &what)
}

fn check(status: ExitStatus, what: &str) -> Result {
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{what}` exited with {status}"))
    }
}

/// stdout + stderr of `c`, trimmed, if it ran and succeeded.
fn output(mut c: Command) -> Option<String> {
    let out = c.stdin(Stdio::null()).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let mut s = String::from_utf8_lossy(&out.stdout).into_owned();
    s.push_str(&String::from_utf8_lossy(&out.stderr));
    Some(s.trim().to_string())
}

fn secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 60.0 {
        format!("{}m {:04.1}s", (s / 60.0) as u64, s % 60.0)
    } else {
        format!("{s:.1}s")
    }
}

/// Timed, named steps; the first failure stops everything and names the step.
struct Steps {
    done: Vec<(String, Duration)>,
    total: usize,
}

impl Steps {
    fn new(total: usize) -> Steps {
        Steps {
            done: Vec::new(),
            total,
        }
    }

    fn step(&mut self, name: &str, f: impl FnOnce() -> Result) -> Result {
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

    fn summary(&self, title: &str) {
        println!("\n{title}");
        for (name, took) in &self.done {
            println!("  {:>9}  {name}", secs(*took));
        }
    }
}

// ---------------------------------------------------------------------------------------
// setup

/// Installs whatever is missing. Each check is quick; installs are timed.
fn setup(ctx: &Ctx) -> Result<Steps> {
    let t = Instant::now();
    println!("xtask setup: checking tools (installs only what is missing)");
    require(
        "node",
        &["--version"],
        "Node.js 18 or newer (with npm) is needed",
    )?;
    require(
        "npm",
        &["--version"],
        "npm is needed (it comes with Node.js)",
    )?;
    require(
        "rustup",
        &["--version"],
        "rustup is needed to add the wasm32 targets",
    )?;
    let mut steps = Steps::new(6);
    steps.step("setup: wasm32 targets", || setup_targets(ctx))?;
    steps.step("setup: trunk", || setup_trunk(ctx))?;
    steps.step("setup: wasm-bindgen-cli", || setup_wasm_bindgen(ctx))?;
    steps.step("setup: npm tools (tests/)", || setup_npm(ctx))?;
    steps.step("setup: chromium", setup_chromium)?;
    steps.step("setup: cargo fetch", || {
        run(with_args(ctx.cargo(), &["fetch", "--quiet"]))
    })?;
    steps.summary(&format!("xtask setup: done in {}", secs(t.elapsed())));
    Ok(steps)
}

fn with_args(mut c: Command, args: &[&str]) -> Command {
    c.args(args);
    c
}

fn require(program: &str, args: &[&str], why: &str) -> Result {
    let mut c = Command::new(program);
    c.args(args);
    output(c)
        .map(|_| ())
        .ok_or_else(|| format!("`{program}` was not found: {why}"))
}

fn setup_targets(ctx: &Ctx) -> Result {
    let installed = output(with_args(
        ctx.cmd("rustup"),
        &["target", "list", "--installed"],
    ))
    .ok_or("`rustup target list --installed` failed")?;
    let missing: Vec<&str> = WASM_TARGETS
        .iter()
        .copied()
        .filter(|t| !installed.lines().any(|l| l.trim() == *t))
        .collect();
    if missing.is_empty() {
        println!("    wasm targets present: {}", WASM_TARGETS.join(", "));
        return Ok(());
    }
    let mut c = ctx.cmd("rustup");
    c.args(["target", "add"]).args(&missing);
    run(c)
}

/// `trunk --version` says e.g. "trunk 0.21.14".
fn setup_trunk(ctx: &Ctx) -> Result {
    let found = output(with_args(ctx.cmd("trunk"), &["--version"]));
    if found
        .as_deref()
        .is_some_and(|v| v.split_whitespace().nth(1) == Some(TRUNK_VERSION))
    {
        println!("    trunk {TRUNK_VERSION} present");
        return Ok(());
    }
    println!(
        "    trunk: found {:?}, need {TRUNK_VERSION}: installing (about 12 minutes cold)",
        found
    );
    run(with_args(
        ctx.cargo(),
        &["install", "--locked", &format!("trunk@{TRUNK_VERSION}")],
    ))?;
    let now = output(with_args(ctx.cmd("trunk"), &["--version"])).unwrap_or_default();
    if now.split_whitespace().nth(1) != Some(TRUNK_VERSION) {
        return Err(format!("after installing, `trunk --version` says {now:?}"));
    }
    Ok(())
}

/// The wasm-bindgen version that Cargo.lock resolved (the CLI must match it exactly).
fn locked_version(root: &Path, package: &str) -> Result<String> {
    let lock = root.join("Cargo.lock");
    let text =
        fs::read_to_string(&lock).map_err(|e| format!("cannot read {}: {e}", lock.display()))?;
    let mut lines = text.lines();
    let want = format!("name = \"{package}\"");
    while let Some(line) = lines.next() {
        if line.trim() == want {
            if let Some(v) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = "))
            {
                return Ok(v.trim_matches('"').to_string());
            }
        }
    }
    Err(format!("{package} is not in Cargo.lock"))
}

fn setup_wasm_bindgen(ctx: &Ctx) -> Result {
    let version = locked_version(&ctx.root, "wasm-bindgen")?;
    // "wasm-bindgen 0.2.130"
    let found = output(with_args(ctx.cmd("wasm-bindgen"), &["--version"]));
    if found
        .as_deref()
        .is_some_and(|v| v.split_whitespace().nth(1) == Some(version.as_str()))
    {
        println!("    wasm-bindgen {version} present (= Cargo.lock)");
        return Ok(());
    }
    println!("    wasm-bindgen: found {found:?}, Cargo.lock has {version}: installing (about 5 minutes cold)");
    // Not --locked: its lockfile pins crates the registry mirror may not have.
    run(with_args(
        ctx.cargo(),
        &["install", "wasm-bindgen-cli", "--version", &version],
    ))?;
    let now = output(with_args(ctx.cmd("wasm-bindgen"), &["--version"])).unwrap_or_default();
    if now.split_whitespace().nth(1) != Some(version.as_str()) {
        return Err(format!(
            "after installing, `wasm-bindgen --version` says {now:?}, need {version}"
        ));
    }
    Ok(())
}

/// `npm ci` in tests/ unless node_modules already matches package-lock.json exactly.
fn setup_npm(ctx: &Ctx) -> Result {
    let lock = ctx.tests.join("package-lock.json");
    let stamp = ctx
        .tests
        .join("node_modules")
        .join(".outflank-package-lock.json");
    let wanted = fs::read(&lock).map_err(|e| format!("cannot read {}: {e}", lock.display()))?;
    let up_to_date = fs::read(&stamp).is_ok_and(|s| s == wanted) && npm_tools_ok(ctx).is_ok();
    if up_to_date {
        println!("    tests/node_modules matches package-lock.json");
        return Ok(());
    }
    let mut c = ctx.cmd("npm");
    // No optional packages (sass's file watcher, a native build) and no install scripts: none is needed.
    c.current_dir(&ctx.tests).args([
        "ci",
        "--no-audit",
        "--no-fund",
        "--omit=optional",
        "--ignore-scripts",
    ]);
    run(c)?;
    npm_tools_ok(ctx)?;
    fs::write(&stamp, wanted).map_err(|e| format!("cannot write {}: {e}", stamp.display()))
}

fn npm_tools_ok(ctx: &Ctx) -> Result {
    let bin = ctx.tests.join("node_modules").join(".bin");
    let sass = output(with_args(ctx.cmd(bin.join("sass")), &["--version"])).unwrap_or_default();
    if sass.split_whitespace().next() != Some(SASS_VERSION) {
        return Err(format!(
            "tests/node_modules/.bin/sass --version says {sass:?}, need {SASS_VERSION}"
        ));
    }
    let opt = output(with_args(ctx.cmd(bin.join("wasm-opt")), &["--version"])).unwrap_or_default();
    if !opt.contains(WASM_OPT_VERSION) {
        return Err(format!(
            "tests/node_modules/.bin/wasm-opt --version says {opt:?}, need {WASM_OPT_VERSION}"
        ));
    }
    if !bin.join("playwright").exists() {
        return Err("tests/node_modules/.bin/playwright is missing".into());
    }
    Ok(())
}

/// Debian's chromium and chromium-driver (never `playwright install`).
fn setup_chromium() -> Result {
    if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
        println!("    {CHROMIUM} and {CHROMEDRIVER} present");
        return Ok(());
    }
    println!("    installing Debian's chromium and chromium-driver (1-2 minutes)");
    let root = output(with_args(Command::new("id"), &["-u"])).as_deref() == Some("0");
    let apt = |args: &[&str]| {
        let mut c = if root {
            Command::new("apt-get")
        } else {
            with_args(Command::new("sudo"), &["apt-get"])
        };
        c.args(args)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .stdin(Stdio::null());
        c
    };
    run(apt(&["update"]))?;
    run(apt(&["install", "-y", "chromium", "chromium-driver"]))?;
    if !Path::new(CHROMIUM).exists() {
        return Err(format!("{CHROMIUM} is still missing after apt-get install"));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// serve

fn trunk_build(ctx: &Ctx) -> Result {
    run(with_args(ctx.cmd("trunk"), &["build", "--release"]))
}

fn serve(ctx: &Ctx, args: &[String]) -> Result {
    let mut port = "8080".to_string();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--port" => port = it.next().cloned().ok_or("--port needs a number")?,
            other => return Err(format!("serve: unknown argument {other:?}")),
        }
    }
    setup(ctx)?;
    let mut steps = Steps::new(2);
    // The site carries the engine package's web build (for the demo host page).
    steps.step("package: outflank-engine (BGS engine API)", || build_package(ctx))?;
    steps.step("trunk build --release", || trunk_build(ctx))?;
    let url = format!("http://127.0.0.1:{port}/");
    let mut c = ctx.cmd("node");
    c.args(["tests/serve.mjs", "--dir", "dist", "--port", &port]);
    println!("\nOutflank (hot-seat) is served at {url}   (Ctrl-C stops it)\n");
    let _ = std::io::stdout().flush();
    let status = c
        .status()
        .map_err(|e| format!("cannot start node tests/serve.mjs: {e}"))?;
    check(status, "node tests/serve.mjs")
}

// ---------------------------------------------------------------------------------------
// test

fn test(ctx: &Ctx) -> Result {
    let t = Instant::now();
    let setup_steps = setup(ctx)?;
    let mut steps = Steps::new(8);
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
    steps.step("ui: native unit tests", || {
        run(with_args(ctx.cargo(), &["test", "-p", "outflank-ui"]))
    })?;
    steps.step("engine: the library builds for wasm32-unknown-unknown", || {
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
    })?;
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
    steps.step("site: trunk build --release", || trunk_build(ctx))?;
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

// ---------------------------------------------------------------------------------------
// package: the BGS engine API as the npm package `outflank-engine`

/// Where `cargo xtask package` writes the package.
const PACKAGE_DIR: &str = "engine/bgs/pkg";
/// File stem of the generated JS, d.ts and wasm in each build of the package.
const PACKAGE_STEM: &str = "outflank_engine";
/// wasm-bindgen targets: Node (CommonJS), bundlers (ESM importing the .wasm), browsers without
/// a bundler (ESM with an explicit init).
const PACKAGE_TARGETS: [(&str, &str); 3] =
    [("nodejs", "node"), ("bundler", "bundler"), ("web", "web")];

fn package_task(ctx: &Ctx) -> Result {
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

fn target_dir(ctx: &Ctx) -> PathBuf {
    env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| ctx.root.join("target"))
}

/// Builds the wasm once and binds it for each target, then writes package.json and a README.
fn build_package(ctx: &Ctx) -> Result {
    run(with_args(
        ctx.cargo(),
        &[
            "build",
            "--release",
            "-p",
            "outflank-bgs",
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
    for (dir, kind) in [("node", "commonjs"), ("bundler", "module"), ("web", "module")] {
        write(&format!("{dir}/package.json"), &format!("{{ \"type\": \"{kind}\" }}\n"))?;
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
fn engine_api_tests(ctx: &Ctx) -> Result {
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
