//! Outflank's build tasks (std only, so it compiles in a second on a fresh machine).
//!
//! ```text
//! cargo xtask serve [--port 8080]   set up, build the release site, serve it at http://127.0.0.1:8080/
//! cargo xtask test                  set up, then every test: lint, engine, wasm builds, browser tests
//! cargo xtask lint                  no development history in tracked files, rustfmt's check and
//!                                   clippy -D warnings (pinned toolchain)
//! cargo xtask setup                 only install what is missing (idempotent; seconds when done)
//! cargo xtask package               build the BGS engine API npm package into engine/bgs/pkg/
//! cargo xtask test-api              build that package and run only its Node tests
//! cargo xtask train [--quick]       retrain the 8x8 evaluation (`outflank-train pipeline`, train/TRAINING.md)
//! cargo xtask train --deep          the deep round: depth-10 games in resumable pieces, a candidate fit and its matches
//! cargo xtask page [--release]      the hot-seat page's split wasm (trunk's pre-build hook runs it)
//! cargo xtask worker-threads [--release]  the computer's worker with WebAssembly threads (a pre-build hook too)
//! ```
//!
//! Setup installs, from the package registries only and only when missing or at the wrong
//! version: the wasm32 targets (rustup), the pinned toolchains of the page and of the lint
//! check (rustup), trunk (cargo install), wasm-bindgen-cli at the
//! version in Cargo.lock (cargo install), wasm-split-cli (cargo install), the npm tools of
//! tests/package-lock.json (npm ci: sass, binaryen's wasm-opt, Playwright) and Debian's
//! chromium, chromium-driver, a Japanese font and postgresql (apt-get).

mod ctx;
mod lint;
mod package;
mod page;
mod regroup;
mod serve;
mod setup;
mod test;
mod threads;
mod train;

use std::env;
use std::process::exit;

use ctx::Ctx;
use package::{engine_api_tests, package_task};
use page::page;
use serve::serve;
use setup::setup;
use test::test;
use train::train;

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
        Some("train") => train(&ctx, &args[1..]),
        Some("page") => page(&ctx, &args[1..]),
        Some("worker-threads") => threads::worker_threads(&ctx, &args[1..]),
        Some("lint") => lint::lint(&ctx),
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
         cargo xtask lint              no development history in tracked files; rustfmt's check and clippy -D warnings\n\
         \x20                             with the pinned toolchain (part of test)\n\
         cargo xtask setup             install whatever is missing (done by serve and test too)\n\
         cargo xtask package           build the npm package outflank-engine (BGS engine API) into engine/bgs/pkg/\n\
         cargo xtask test-api          build that package and run only its Node tests (part of test)\n\
         cargo xtask train [--quick] [--jobs N] [--dir DIR]\n\
         \x20                             rounds 1-7 from nothing into train/data/pipeline (train/TRAINING.md): the weights\n\
         \x20                             that played the deep round; the shipped file stays. --quick: a few games into\n\
         \x20                             target/train-quick. Runs `outflank-train pipeline` (the train crate), built natively\n\
         cargo xtask train --deep [--quick] [--jobs N] [--dir DIR]\n\
         \x20                             the deep round of depth-10 games: from train/games (or played, in pieces, into\n\
         \x20                             train/data/deep; run it again to go on), the fit, its held-out errors and its\n\
         \x20                             matches against the shipped file; a fit that wins them, or plays even in at\n\
         \x20                             most 80% of its gzipped bytes, is copied to engine/weights/reversi8.bin\n\
         cargo xtask page [--release] [--out DIR]\n\
         \x20                             the hot-seat page's wasm, split at its #[lazy] functions (trunk's pre-build hook)\n\
         cargo xtask worker-threads [--release] [--out DIR]\n\
         \x20                             the computer's worker with WebAssembly threads (trunk's pre-build hook)"
    );
}

fn fail(msg: &str) -> ! {
    eprintln!("\nxtask: FAILED: {msg}");
    exit(1);
}
