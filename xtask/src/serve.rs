//! `cargo xtask serve`: set up, build the engine package and the release site, serve dist/.

use std::io::Write;

use crate::ctx::{check, run, with_args, Ctx, Result, Steps};
use crate::package::build_package;
use crate::setup::setup;

pub(crate) fn trunk_build(ctx: &Ctx) -> Result {
    run(with_args(ctx.cmd("trunk"), &["build", "--release"]))
}

pub(crate) fn serve(ctx: &Ctx, args: &[String]) -> Result {
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
    steps.step("package: outflank-engine (BGS engine API)", || {
        build_package(ctx)
    })?;
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
