//! `cargo xtask setup`: installs, only when missing or at the wrong version, the wasm32
//! targets, the pinned nightly toolchain of the page's release wasm, the pinned toolchain of
//! the lint check, trunk, wasm-bindgen-cli, the wasm splitter, the npm tools of tests/, and
//! Debian's chromium and postgresql.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::ctx::{output, run, say, secs, with_args, Ctx, Result, Steps};
use crate::lint::LINT_TOOLCHAIN;
use crate::page::PAGE_TOOLCHAIN;

const TRUNK_VERSION: &str = "0.21.14";
/// The wasm splitter Leptos's `#[lazy]` is made for (its runtime half, wasm_split_helpers,
/// comes with leptos in Cargo.lock): `wasm-split-cli`, used by `cargo xtask page`.
const WASM_SPLIT_VERSION: &str = "0.2.4";
const WASM_TARGETS: [&str; 3] = [
    "wasm32-unknown-unknown",
    "wasm32-wasip1",
    "wasm32-wasip1-threads",
];
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// What tests/package.json pins; checked after `npm ci`.
const SASS_VERSION: &str = "1.108.2";
const WASM_OPT_VERSION: &str = "version_132";

/// Installs whatever is missing. Each check is quick; installs are timed.
pub(crate) fn setup(ctx: &Ctx) -> Result<Steps> {
    let t = Instant::now();
    let mut steps = Steps::new(RUST_STEPS + TOOL_STEPS);
    setup_rust(ctx, &mut steps)?;
    setup_tools(ctx, &mut steps)?;
    steps.summary(&format!("xtask setup: done in {}", secs(t.elapsed())));
    Ok(steps)
}

/// How many steps [`setup_rust`] and [`setup_tools`] take.
pub(crate) const RUST_STEPS: usize = 5;
pub(crate) const TOOL_STEPS: usize = 4;

/// What every build needs and takes seconds: the programs the rest relies on, the wasm32
/// targets, the pinned toolchains, the crates, and Debian's packages (a minute or two when
/// missing: both lanes of the tests need one of them).
pub(crate) fn setup_rust(ctx: &Ctx, steps: &mut Steps) -> Result {
    say("xtask setup: checking tools (installs only what is missing)");
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
    steps.step("setup: wasm32 targets", || setup_targets(ctx))?;
    steps.step("setup: the page's toolchain", || {
        setup_toolchain(ctx, PAGE_TOOLCHAIN, &["rust-src"])
    })?;
    steps.step("setup: the lint toolchain", || {
        setup_toolchain(ctx, LINT_TOOLCHAIN, &["clippy", "rustfmt"])
    })?;
    steps.step("setup: cargo fetch", || {
        run(with_args(ctx.cargo(), &["fetch", "--quiet"]))
    })?;
    steps.step(
        "setup: Debian's chromium, a Japanese font, postgresql",
        setup_debian,
    )
}

/// The tools of the site and the browser tests: minutes each when missing (the cargo
/// installs), so `cargo xtask test` runs them beside the native tests. The downloads come
/// first, so a missing package shows early.
pub(crate) fn setup_tools(ctx: &Ctx, steps: &mut Steps) -> Result {
    steps.step("setup: npm tools (tests/)", || setup_npm(ctx))?;
    steps.step("setup: trunk", || setup_trunk(ctx))?;
    steps.step("setup: wasm-bindgen-cli", || setup_wasm_bindgen(ctx))?;
    steps.step("setup: wasm-split-cli", || setup_wasm_split(ctx))
}

/// `cargo install`, built for a tool rather than for speed: no link-time optimisation, many
/// codegen units, light optimisation. The tools only move files and rewrite wasm once a
/// build, and a cold install takes about a third less time so.
fn cargo_install(ctx: &Ctx, args: &[&str]) -> Command {
    let mut c = with_args(ctx.cargo(), &["install"]);
    c.args(args)
        .env("CARGO_PROFILE_RELEASE_LTO", "false")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1")
        .env("CARGO_PROFILE_RELEASE_DEBUG", "0");
    c
}

fn require(program: &str, args: &[&str], why: &str) -> Result {
    let mut c = Command::new(program);
    c.args(args);
    output(c)
        .map(|_| ())
        .ok_or_else(|| format!("`{program}` was not found: {why}"))
}

pub(crate) fn setup_targets(ctx: &Ctx) -> Result {
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
        say(&format!(
            "    wasm targets present: {}",
            WASM_TARGETS.join(", ")
        ));
        return Ok(());
    }
    let mut c = ctx.cmd("rustup");
    c.args(["target", "add"]).args(&missing);
    run(c)
}

/// A pinned toolchain (minimal profile) with `components`, installed when any is missing:
/// [`PAGE_TOOLCHAIN`] with the standard library's source, which `-Zbuild-std` compiles
/// (`cargo xtask page`; the wasm32 target's prebuilt library is not needed), and
/// [`LINT_TOOLCHAIN`] with clippy and rustfmt (`cargo xtask lint`).
fn setup_toolchain(ctx: &Ctx, toolchain: &str, components: &[&str]) -> Result {
    let what = components.join(" and ");
    let has_components = || {
        output(with_args(
            ctx.cmd("rustup"),
            &["component", "list", "--installed", "--toolchain", toolchain],
        ))
        .is_some_and(|list| {
            components
                .iter()
                .all(|c| list.lines().any(|l| l.trim().starts_with(c)))
        })
    };
    if has_components() {
        say(&format!("    {toolchain} with {what} present"));
        return Ok(());
    }
    say(&format!(
        "    {toolchain}: installing (minimal profile and {what}, about a minute)"
    ));
    let mut install = with_args(
        ctx.cmd("rustup"),
        &["toolchain", "install", toolchain, "--profile", "minimal"],
    );
    for c in components {
        install.args(["--component", c]);
    }
    run(install)?;
    if !has_components() {
        return Err(format!("after installing, {toolchain} lacks {what}"));
    }
    Ok(())
}

/// `trunk --version` says e.g. "trunk 0.21.14".
fn setup_trunk(ctx: &Ctx) -> Result {
    let found = output(with_args(ctx.cmd("trunk"), &["--version"]));
    if found
        .as_deref()
        .is_some_and(|v| v.split_whitespace().nth(1) == Some(TRUNK_VERSION))
    {
        say(&format!("    trunk {TRUNK_VERSION} present"));
        return Ok(());
    }
    say(&format!(
        "    trunk: found {:?}, need {TRUNK_VERSION}: installing (about 12 minutes cold)",
        found
    ));
    run(cargo_install(
        ctx,
        &["--locked", &format!("trunk@{TRUNK_VERSION}")],
    ))?;
    let now = output(with_args(ctx.cmd("trunk"), &["--version"])).unwrap_or_default();
    if now.split_whitespace().nth(1) != Some(TRUNK_VERSION) {
        return Err(format!("after installing, `trunk --version` says {now:?}"));
    }
    Ok(())
}

/// `cargo install --list` names each installed package with its version, e.g.
/// "wasm_split_cli_support v0.2.4:" (the CLI has no `--version`).
fn setup_wasm_split(ctx: &Ctx) -> Result {
    let want = format!("wasm_split_cli_support v{WASM_SPLIT_VERSION}:");
    let installed = || {
        output(with_args(ctx.cargo(), &["install", "--list"]))
            .is_some_and(|list| list.lines().any(|l| l.trim() == want))
            && output(with_args(ctx.cmd("wasm-split-cli"), &["--help"])).is_some()
    };
    if installed() {
        say(&format!("    wasm-split-cli {WASM_SPLIT_VERSION} present"));
        return Ok(());
    }
    say(&format!(
        "    wasm-split-cli: installing {WASM_SPLIT_VERSION} (about 2 minutes cold)"
    ));
    run(cargo_install(
        ctx,
        &[
            "--locked",
            "--features",
            "build-binary",
            &format!("wasm_split_cli_support@{WASM_SPLIT_VERSION}"),
        ],
    ))?;
    if !installed() {
        return Err(format!(
            "after installing, wasm_split_cli_support {WASM_SPLIT_VERSION} is not listed by `cargo install --list`"
        ));
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

pub(crate) fn setup_wasm_bindgen(ctx: &Ctx) -> Result {
    let version = locked_version(&ctx.root, "wasm-bindgen")?;
    // "wasm-bindgen 0.2.130"
    let found = output(with_args(ctx.cmd("wasm-bindgen"), &["--version"]));
    if found
        .as_deref()
        .is_some_and(|v| v.split_whitespace().nth(1) == Some(version.as_str()))
    {
        say(&format!(
            "    wasm-bindgen {version} present (= Cargo.lock)"
        ));
        return Ok(());
    }
    say(&format!("    wasm-bindgen: found {found:?}, Cargo.lock has {version}: installing (about 5 minutes cold)"));
    // Not --locked: its lockfile pins crates the registry mirror may not have.
    run(cargo_install(
        ctx,
        &["wasm-bindgen-cli", "--version", &version],
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
        say("    tests/node_modules matches package-lock.json");
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
    if output(with_args(ctx.cmd(bin.join("terser")), &["--version"])).is_none() {
        return Err("tests/node_modules/.bin/terser does not run".into());
    }
    if !bin.join("playwright").exists() {
        return Err("tests/node_modules/.bin/playwright is missing".into());
    }
    Ok(())
}

/// A Japanese font, so the browser tests' Japanese screenshots show the text (Debian's
/// fonts-ipafont-gothic; a desktop has such a font already).
const JAPANESE_FONT: &str = "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf";

/// Debian's chromium and chromium-driver for the browser tests (never `playwright install`),
/// a Japanese font, and postgresql, whose programs the server's tests run as a throwaway
/// cluster of their own (no service is used).
fn setup_debian() -> Result {
    let chromium = [CHROMIUM, CHROMEDRIVER, JAPANESE_FONT]
        .iter()
        .all(|p| Path::new(p).exists());
    let postgresql = postgresql_present();
    if chromium && postgresql {
        say(&format!(
            "    {CHROMIUM}, {CHROMEDRIVER}, a Japanese font and PostgreSQL's programs present"
        ));
        return Ok(());
    }
    say("    installing Debian's chromium, chromium-driver, fonts-ipafont-gothic and postgresql (1-2 minutes)");
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
    run(apt(&[
        "install",
        "-y",
        "chromium",
        "chromium-driver",
        "fonts-ipafont-gothic",
        "postgresql",
    ]))?;
    for path in [CHROMIUM, JAPANESE_FONT] {
        if !Path::new(path).exists() {
            return Err(format!("{path} is still missing after apt-get install"));
        }
    }
    if !postgresql_present() {
        return Err("PostgreSQL's initdb is still missing after apt-get install".into());
    }
    Ok(())
}

/// Whether Debian's postgresql package is installed: `initdb` in `/usr/lib/postgresql/N/bin`
/// (Debian keeps it off `PATH`).
fn postgresql_present() -> bool {
    fs::read_dir("/usr/lib/postgresql")
        .map(|versions| {
            versions
                .flatten()
                .any(|v| v.path().join("bin").join("initdb").is_file())
        })
        .unwrap_or(false)
}
