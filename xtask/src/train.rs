//! `cargo xtask train [--quick] [--deep] [--jobs N] [--dir DIR]`: the training pipeline of the
//! 8x8 evaluation (train/TRAINING.md), which is `outflank-train pipeline` of the train crate:
//! this task builds that program for this machine and runs it with the same arguments.

use std::path::PathBuf;

use crate::ctx::{check, describe, run, say, target_dir, with_args, Ctx, Result};

pub(crate) fn train(ctx: &Ctx, args: &[String]) -> Result {
    let program = native_outflank_train(ctx)?;
    let mut c = ctx.cmd(&program);
    c.arg("pipeline").args(args);
    // `--dir` is relative to where the task was started, as any path on its command line.
    if let Ok(here) = std::env::current_dir() {
        c.current_dir(here);
    }
    let what = describe(&c);
    say(&format!("    $ {what}"));
    let status = c
        .status()
        .map_err(|e| format!("cannot start `{what}`: {e}"))?;
    check(status, &what)
}

/// The release `outflank-train` built for this machine's processor (`-C target-cpu=native`),
/// in a target directory of its own so that the other builds keep their caches. Self-play is
/// about a fifth faster than the baseline x86-64 build, and the files are the same byte for
/// byte: the search is integer arithmetic, and the fit's floating point is not reordered
/// without fast-math.
fn native_outflank_train(ctx: &Ctx) -> Result<PathBuf> {
    let dir = target_dir(ctx).join("native");
    let mut c = with_args(
        ctx.cargo(),
        &[
            "build",
            "--release",
            "-p",
            "outflank-train",
            "--bin",
            "outflank-train",
        ],
    );
    c.env("RUSTFLAGS", "-C target-cpu=native")
        .env("CARGO_TARGET_DIR", &dir);
    run(c)?;
    Ok(dir.join("release").join("outflank-train"))
}
