//! The hot-seat page as a first visit finds it (the start position, the default preferences,
//! English), rendered to HTML natively by the page's own components, for the page to paint
//! before its code has loaded. `cargo xtask page` runs it and web/prerender.mjs puts its output
//! in the built index.html; once the code runs it mounts the live page in its place
//! (`outflank_ui::start`).
//!
//!   cargo run -p outflank-ui --features prerender --bin outflank-prerender [FILE]
//!
//! writes the HTML into FILE (else to stdout).

use std::sync::Arc;

use any_spawner::{CustomExecutor, Executor, PinnedFuture, PinnedLocalFuture};
use hydration_context::SsrSharedContext;
use leptos::prelude::*;
use outflank_ui::components::{App, Prerendering};
use outflank_ui::storage::Stored;

/// Takes the tasks the page starts (its effects, its question to the server) and never runs
/// them: the HTML is what one synchronous pass renders.
struct Dropped;

impl CustomExecutor for Dropped {
    fn spawn(&self, _: PinnedFuture<()>) {}
    fn spawn_local(&self, _: PinnedLocalFuture<()>) {}
    fn poll_local(&self) {}
}

fn main() {
    Executor::init_custom_executor(Dropped).expect("the only executor");
    // Rendering reads each signal once and tracks none: no warnings about untracked reads.
    let _untracked = leptos::reactive::diagnostics::SpecialNonReactiveZone::enter();
    // A server's rendering context: Leptos adds no listeners to a window there is not.
    let owner = Owner::new_root(Some(Arc::new(SsrSharedContext::new())));
    let html = owner.with(|| {
        provide_context(Prerendering);
        view! { <App stored=Stored::nothing() /> }.to_html()
    });
    match std::env::args_os().nth(1) {
        Some(file) => {
            if let Err(e) = std::fs::write(&file, html) {
                eprintln!(
                    "outflank-prerender: cannot write {}: {e}",
                    file.to_string_lossy()
                );
                std::process::exit(1);
            }
        }
        None => print!("{html}"),
    }
}
