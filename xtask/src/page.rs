//! `cargo xtask page [--release] [--out DIR]`: the hot-seat page's wasm, split where the viewer
//! says `#[lazy]` (ui/src/components/lazy.rs), so the first load carries only what the page
//! shows at once and each dialog's code comes when it is first opened.
//!
//! Trunk cannot split a module (it runs wasm-bindgen right after cargo), so this task builds the
//! page's binary and trunk's pre-build hook (Trunk.toml) runs it, writing into
//! `$TRUNK_STAGING_DIR/app/` in trunk's profile. The steps:
//! 1. cargo with the ui's `split` feature (which makes the split points) and the linker's
//!    relocations kept (the splitter follows them to find what each function reaches); only the
//!    final link gets that flag, so the dependencies trunk builds for the worker and the
//!    embeddable viewer are reused as they are;
//! 2. `wasm-split-cli`: the main module, one module per split point, chunks of the code that
//!    several of them share, and `__wasm_split.js`, which fetches them on demand;
//!    the two split modules every start fetches are then each merged with the chunks only it
//!    needs (`crate::regroup`);
//! 3. wasm-bindgen on the main module (`--target web`, as trunk does for a page, keeping the
//!    linker's exports the split modules import);
//! 4. in release, `wasm-opt -Oz` on every module and terser on the scripts;
//! 5. the page's start rendered to HTML by its own components, natively
//!    (ui/src/bin/prerender.rs), into `prerender.html` beside `app/`, which
//!    web/post-build.mjs puts into index.html: the first paint needs no wasm.
//!
//! The release build uses a pinned nightly toolchain ([`PAGE_TOOLCHAIN`]) that rebuilds the
//! standard library for size: a panic is a bare trap, with no message formatting, no source
//! locations and no unwinding machinery ([`PAGE_RUSTFLAGS`]). The engine is built for size
//! there too (the page runs only its rules; the worker searches).
//! How the first load is measured: docs/benchmarks.md, *The viewer*. The debug build stays
//! on the stable toolchain and keeps panic messages.
//!
//! web/post-build.mjs then renames `app/` after a hash of its contents (index.html follows).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::ctx::{run, target_dir, with_args, Ctx, Result};
use crate::package::ensure_package;

const BIN: &str = "outflank-ui";

/// The toolchain of the page's release wasm; `cargo xtask setup` installs it with `rust-src`.
pub(crate) const PAGE_TOOLCHAIN: &str = "nightly-2026-05-20";

/// The flags of that build. `--cfg erase_components` repeats .cargo/config.toml's, which
/// RUSTFLAGS replaces. (Not `-Zfmt-debug=none`: with the views shown only now and then in
/// split modules, it would save 0.1 KB of the first load, against every `{:?}` printing
/// nothing.)
const PAGE_RUSTFLAGS: &str =
    "--cfg erase_components -Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none";

pub(crate) fn page(ctx: &Ctx, args: &[String]) -> Result {
    let mut release = std::env::var("TRUNK_PROFILE").is_ok_and(|p| p == "release");
    let mut out = std::env::var_os("TRUNK_STAGING_DIR").map(|d| Path::new(&d).join("app"));
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--release" => release = true,
            "--out" => out = Some(it.next().ok_or("--out needs a directory")?.into()),
            other => return Err(format!("page: unknown argument {other:?}")),
        }
    }
    let out = out.ok_or("page: no output directory (pass --out DIR, or run as trunk's hook)")?;
    // The site also carries the engine package, which trunk copies once this hook is done.
    ensure_package(ctx)?;
    let profile = if release { "release" } else { "debug" };

    let (cargo, wasm) = page_cargo(ctx, release);
    run(cargo)?;

    let target = target_dir(ctx);
    let split = target.join("page-split").join(profile);
    clean(&split)?;
    let mut splitter = ctx.cmd("wasm-split-cli");
    splitter.arg(&wasm).arg(&split).args(["--out-name", BIN]);
    run(splitter)?;
    // The two split modules every start fetches, each one file with its own chunks.
    crate::regroup::regroup(ctx, &split)?;

    clean(&out)?;
    let mut bindgen = with_args(
        ctx.cmd("wasm-bindgen"),
        &[
            "--target",
            "web",
            "--no-typescript",
            // The split modules import the function table by its linker name; wasm-bindgen
            // drops that export otherwise.
            "--keep-lld-exports",
            "--out-name",
            BIN,
            "--out-dir",
        ],
    );
    let main = split.join(format!("{BIN}.wasm"));
    bindgen.arg(&out).arg(&main);
    run(bindgen)?;
    // The split modules and their loader go beside the main module: the loader fetches them
    // relative to its own URL.
    for path in files(&split)?.into_iter().filter(|p| *p != main) {
        let to = out.join(path.file_name().unwrap_or_default());
        fs::copy(&path, &to)
            .map_err(|e| format!("cannot copy {} to {}: {e}", path.display(), to.display()))?;
    }
    for module in files(&out)?
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "wasm"))
    {
        if release {
            let mut opt = with_args(ctx.cmd("wasm-opt"), &["-Oz", "--output"]);
            opt.arg(&module).arg(&module);
            run(opt)?;
        }
        let size = fs::metadata(&module).map(|m| m.len()).unwrap_or(0);
        println!("    {} {:.1} KB", module.display(), size as f64 / 1024.0);
    }
    if release {
        // wasm-bindgen's glue and the split loader are part of the first load (2.8 KB less
        // gzipped minified); trunk only minifies what it builds itself.
        for script in files(&out)?
            .into_iter()
            .filter(|p| p.extension().is_some_and(|x| x == "js"))
        {
            let mut terser = with_args(
                ctx.cmd("terser"),
                &["--module", "--compress", "--mangle", "--output"],
            );
            terser.arg(&script).arg(&script);
            run(terser)?;
        }
    }
    let html = out
        .parent()
        .ok_or("page: the output directory has no parent")?
        .join("prerender.html");
    prerender(ctx, &html)
}

/// Renders the page's start to HTML at `html` (ui/src/bin/prerender.rs). A native debug
/// build: it runs once a build, and debug compiles far faster than the release profile's
/// link-time optimisation.
fn prerender(ctx: &Ctx, html: &Path) -> Result {
    let mut cargo = with_args(
        ctx.cargo(),
        &[
            "run",
            "--quiet",
            "-p",
            BIN,
            "--features",
            "prerender",
            "--bin",
            "outflank-prerender",
            "--",
        ],
    );
    cargo.arg(html);
    run(cargo)?;
    let size = fs::metadata(html).map(|m| m.len()).unwrap_or(0);
    println!("    {} {:.1} KB", html.display(), size as f64 / 1024.0);
    Ok(())
}

/// The cargo command that builds the page's binary, and the wasm file it writes.
fn page_cargo(ctx: &Ctx, release: bool) -> (Command, PathBuf) {
    let args = [
        "rustc",
        "--quiet",
        "-p",
        BIN,
        "--bin",
        BIN,
        "--target",
        "wasm32-unknown-unknown",
        "--features",
        "split",
    ];
    // Only the final link keeps the relocations; the splitter follows them.
    let link = ["--", "-C", "link-arg=--emit-relocs"];
    let target = target_dir(ctx);
    if !release {
        let mut cargo = with_args(ctx.cargo(), &args);
        cargo.args(link);
        let wasm = target
            .join("wasm32-unknown-unknown/debug")
            .join(format!("{BIN}.wasm"));
        return (cargo, wasm);
    }
    // A target directory of its own: other flags and another compiler would otherwise rebuild
    // the dependencies trunk shares with the worker and the embeddable viewer.
    let dir = target.join("page-nightly");
    let mut cargo = ctx.pinned_cargo(PAGE_TOOLCHAIN);
    cargo
        .args(args)
        .args([
            "--release",
            // The page runs only the engine's rules (the search runs in the worker): its
            // size matters there more than its speed, unlike in the workspace's profile.
            "--config",
            "profile.release.package.outflank-engine.opt-level=\"z\"",
            "-Zbuild-std=std,panic_abort",
            "-Zbuild-std-features=optimize_for_size",
        ])
        .args(link)
        .env("CARGO_TARGET_DIR", &dir)
        .env("RUSTFLAGS", PAGE_RUSTFLAGS)
        .env_remove("CARGO_ENCODED_RUSTFLAGS");
    let wasm = dir
        .join("wasm32-unknown-unknown/release")
        .join(format!("{BIN}.wasm"));
    (cargo, wasm)
}

fn clean(dir: &Path) -> Result {
    if dir.exists() {
        fs::remove_dir_all(dir).map_err(|e| format!("cannot empty {}: {e}", dir.display()))?;
    }
    fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))
}

/// The files in `dir`, in name order.
fn files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .map(|e| {
            e.map(|e| e.path())
                .map_err(|e| format!("cannot read {}: {e}", dir.display()))
        })
        .collect::<Result<Vec<_>>>()?;
    files.sort();
    Ok(files)
}
