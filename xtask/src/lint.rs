//! `cargo xtask lint`: rustfmt's check and clippy with warnings as errors, on the whole
//! workspace, with a pinned toolchain ([`LINT_TOOLCHAIN`]).
//!
//! Pinned because each Rust release adds lints: with the machine's own stable, a new machine
//! with a newer clippy would turn the tests red on code nobody changed. The builds and tests
//! keep the machine's stable; only this check runs the pinned one (rustup installs it, with
//! clippy and rustfmt, in `cargo xtask setup`). Raise it on purpose, fixing what the newer
//! clippy finds in the same commit.

use crate::ctx::{run, with_args, Ctx, Result};

/// The toolchain the workspace is kept lint-clean on.
pub(crate) const LINT_TOOLCHAIN: &str = "1.95.0";

/// `cargo fmt --check` and `cargo clippy -D warnings` over every crate and target.
pub(crate) fn lint(ctx: &Ctx) -> Result {
    run(with_args(
        ctx.pinned_cargo(LINT_TOOLCHAIN),
        &["fmt", "--all", "--check"],
    ))?;
    run(with_args(
        ctx.pinned_cargo(LINT_TOOLCHAIN),
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--release",
            "--",
            "-D",
            "warnings",
        ],
    ))
}
