//! `cargo xtask worker-threads [--release] [--out DIR]`: the computer's worker
//! (ui/src/bin/worker.rs) built with WebAssembly threads, beside the single-thread one that
//! trunk builds: `outflank-worker-mt.js`, `outflank-worker-mt_bg.wasm`, their loader
//! `outflank-worker-mt_loader.js` and the helpers' script `outflank-helper.js`
//! (web/outflank-helper.js), written into trunk's staging directory by its pre-build hook
//! (Trunk.toml) or into DIR.
//!
//! The page starts this worker when it is cross-origin isolated (the server's headers, or
//! the service worker's): shared memory needs that. Elsewhere it starts the other, which
//! searches on one thread.
//!
//! Threads need the standard library rebuilt with atomics ([`THREAD_RUSTFLAGS`]), so this is
//! a build of the page's pinned nightly ([`crate::page::PAGE_TOOLCHAIN`]) with `-Zbuild-std`,
//! in a target directory of its own; wasm-bindgen then makes the memory shared and lets each
//! helper instantiate the module on it (`--target no-modules`, as trunk builds the other
//! worker).

use std::fs;
use std::path::Path;

use crate::ctx::{run, target_dir, with_args, Ctx, Result};
use crate::page::PAGE_TOOLCHAIN;

const BIN: &str = "outflank-worker";

/// The name of this build's files.
const OUT_NAME: &str = "outflank-worker-mt";

/// Atomics, bulk memory and mutable globals, and a memory that is imported, shared and
/// bounded (512 MiB: the search's tables and the evaluation take a few tens), with the
/// thread-local storage's symbols exported: what wasm-bindgen's thread support needs.
/// `--cfg erase_components` repeats .cargo/config.toml's, which RUSTFLAGS replaces.
const THREAD_RUSTFLAGS: &str = "--cfg erase_components \
    -C target-feature=+atomics,+bulk-memory,+mutable-globals \
    -C link-arg=--shared-memory -C link-arg=--max-memory=536870912 -C link-arg=--import-memory \
    -C link-arg=--export=__wasm_init_tls -C link-arg=--export=__tls_size \
    -C link-arg=--export=__tls_align -C link-arg=--export=__tls_base";

pub(crate) fn worker_threads(ctx: &Ctx, args: &[String]) -> Result {
    let mut release = std::env::var("TRUNK_PROFILE").is_ok_and(|p| p == "release");
    let mut out = std::env::var_os("TRUNK_STAGING_DIR").map(std::path::PathBuf::from);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--release" => release = true,
            "--out" => out = Some(it.next().ok_or("--out needs a directory")?.into()),
            other => return Err(format!("worker-threads: unknown argument {other:?}")),
        }
    }
    let out =
        out.ok_or("worker-threads: no output directory (pass --out DIR, or run as trunk's hook)")?;
    fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let profile = if release { "release" } else { "debug" };

    let dir = target_dir(ctx).join("worker-threads");
    let mut cargo = ctx.pinned_cargo(PAGE_TOOLCHAIN);
    cargo
        .args([
            "build",
            "--quiet",
            "-p",
            "outflank-ui",
            "--bin",
            BIN,
            "--target",
            "wasm32-unknown-unknown",
            "-Zbuild-std=std,panic_abort",
        ])
        .env("CARGO_TARGET_DIR", &dir)
        .env("RUSTFLAGS", THREAD_RUSTFLAGS)
        .env_remove("CARGO_ENCODED_RUSTFLAGS");
    if release {
        cargo.arg("--release");
    }
    run(cargo)?;
    let wasm = dir
        .join("wasm32-unknown-unknown")
        .join(profile)
        .join(format!("{BIN}.wasm"));

    let mut bindgen = with_args(
        ctx.cmd("wasm-bindgen"),
        &[
            "--target",
            "no-modules",
            "--no-typescript",
            "--out-name",
            OUT_NAME,
            "--out-dir",
        ],
    );
    bindgen.arg(&out).arg(&wasm);
    run(bindgen)?;
    let module = out.join(format!("{OUT_NAME}_bg.wasm"));
    if release {
        // As trunk's `data-wasm-opt="3"` for the other worker: the search is the hot path.
        let mut opt = with_args(
            ctx.cmd("wasm-opt"),
            &[
                "-O3",
                "--enable-threads",
                "--enable-bulk-memory",
                "--enable-mutable-globals",
                "--enable-sign-ext",
                "--enable-nontrapping-float-to-int",
                "--enable-reference-types",
                "--enable-multivalue",
                "--output",
            ],
        );
        opt.arg(&module).arg(&module);
        run(opt)?;
        let script = out.join(format!("{OUT_NAME}.js"));
        let mut terser = with_args(ctx.cmd("terser"), &["--compress", "--mangle", "--output"]);
        terser.arg(&script).arg(&script);
        run(terser)?;
    }
    // The loader, as trunk's `data-loader-shim` writes the other worker's.
    write(
        &out.join(format!("{OUT_NAME}_loader.js")),
        &format!("importScripts(\"./{OUT_NAME}.js\");wasm_bindgen(\"./{OUT_NAME}_bg.wasm\");"),
    )?;
    let helper = Path::new("web").join("outflank-helper.js");
    let text = fs::read_to_string(ctx.root.join(&helper))
        .map_err(|e| format!("cannot read {}: {e}", helper.display()))?;
    write(&out.join("outflank-helper.js"), &text)?;
    let size = fs::metadata(&module).map(|m| m.len()).unwrap_or(0);
    println!("    {} {:.1} KB", module.display(), size as f64 / 1024.0);
    Ok(())
}

fn write(path: &Path, text: &str) -> Result {
    fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
