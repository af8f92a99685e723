//! `cargo xtask serve`: set up, build the engine package, the release site and the server,
//! then run the server on dist/ with its SQLite database in data/.

use crate::ctx::{check, run, say, target_dir, with_args, Ctx, Result, Steps};
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
    let mut steps = Steps::new(3);
    // The site carries the engine package's web build (for the demo host page).
    steps.step("package: outflank-engine (BGS engine API)", || {
        build_package(ctx)
    })?;
    steps.step("trunk build --release", || trunk_build(ctx))?;
    steps.step("the Outflank server (cargo build --profile server)", || {
        run(with_args(
            ctx.cargo(),
            &["build", "--profile", "server", "-p", "outflank-server"],
        ))
    })?;
    let url = format!("http://127.0.0.1:{port}/");
    let server = target_dir(ctx).join("server").join("outflank-server");
    let mut c = ctx.cmd(&server);
    c.args([
        "--listen",
        &format!("127.0.0.1:{port}"),
        "--site",
        "dist",
        "--data",
        "data",
    ]);
    say(&format!(
        "\nOutflank is served at {url} (the hot-seat game; the online API under /api), its \
         database in data/   (Ctrl-C stops it)\n"
    ));
    let status = c
        .status()
        .map_err(|e| format!("cannot start {}: {e}", server.display()))?;
    check(status, "outflank-server")
}
