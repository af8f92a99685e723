//! Outflank's viewer: a Leptos (CSR) page that reaches the game only through the
//! boardgamers.space viewer protocol, with a local hot-seat backend playing the host.
//!
//! - [`protocol`]: the typed events between viewer and host; [`protocol::json`] their names
//!   and JSON at the JavaScript edge.
//! - [`transport`]: how the viewer and its host reach each other (one trait, typed events).
//! - [`viewer_state`]: the viewer's reducer over host events, as plain data.
//! - [`backend`]: the hot-seat host (as boardgamers.space's local.ts) as plain data; [`host`] runs it
//!   in the page with the computer opponent, hints and the new-game form.
//! - [`model`]: what the viewer says about a game (status, labels, panels, history).
//! - [`anim`]: the move animation as a pure diff of two states.
//! - [`ai`] and [`ai_worker`]: the computer opponent's messages and its Web Worker.
//! - [`online`]: play against others through the Outflank server (accounts, lobby, games).
//! - [`embed`]: the viewer in a host platform's page (`window.outflank.launch`).
//! - [`storage`]: the autosave and the preferences in localStorage.
//! - [`js`]: Rust data as JavaScript values and back (serde-wasm-bindgen).

// Leptos's HTML renderer (the native `prerender` build, without erased view types) awaits
// each view's async parts in nested futures as deep as the page's views.
#![cfg_attr(feature = "prerender", recursion_limit = "256")]

/// Calls a split point (a function marked `#[cfg_attr(feature = "split", leptos::lazy)]`):
/// waits for its module in the page's build, calls it directly in every other build.
/// The split points: `components::lazy` (views, the saved game, a link's game), `ai_worker`
/// (the computer's answers), `host::hints` (asking for a hint), `host::review` (running a
/// review), `host::opponent` (asking the computer for its move).
macro_rules! split_call {
    ($f:ident($($arg:expr),*)) => {{
        #[cfg(feature = "split")]
        let result = $f($($arg),*).await;
        #[cfg(not(feature = "split"))]
        let result = $f($($arg),*);
        result
    }};
}

pub mod ai;
pub mod ai_worker;
pub mod anim;
pub mod backend;
pub mod clock;
pub mod components;
pub mod embed;
pub mod hints;
pub mod host;
pub mod i18n;
pub mod js;
pub mod leaderboard;
pub mod link;
pub mod model;
pub mod online;
pub mod picture;
pub mod protocol;
pub mod replay;
pub mod review;
pub mod say;
pub mod sound;
pub mod storage;
pub mod transport;
pub mod viewer_state;

/// Mounts the hot-seat page in place of the one its HTML painted, once storage is read (a
/// returning player's game is read by code loaded for it, `components::lazy::stored`), in
/// steps (`components::start`).
pub fn start() {
    console_error_panic_hook::set_once();
    // Not Leptos's spawn_local: its executor is set up by the mount.
    wasm_bindgen_futures::spawn_local(async {
        let stored = components::lazy::stored().await;
        components::start::mount(stored).await;
    });
}
