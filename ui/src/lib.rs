//! Outflank's viewer: a Leptos (CSR) page that reaches the game only through the
//! boardgamers.space viewer protocol, with a local hot-seat backend playing the host.
//!
//! - [`protocol`]: event names and payloads (pure serde).
//! - [`emitter`]: the on/once/off/emit event emitter between viewer and host.
//! - [`backend`]: the hot-seat host (seed 003's local.ts) as plain data.
//! - [`model`]: what the viewer says about a game (status, labels, panels, history).
//! - [`anim`]: the move animation as a pure diff of two states.
//! - [`ai`] and [`ai_worker`]: the computer opponent's messages and its Web Worker.
//! - [`embed`]: the viewer in a host platform's page (`window.outflank.launch`).
//! - [`storage`]: the autosave and the preferences in localStorage.

pub mod ai;
pub mod ai_worker;
pub mod anim;
pub mod backend;
pub mod components;
pub mod embed;
pub mod hints;
pub mod host;
pub mod model;
pub mod protocol;
pub mod replay;
pub mod transport;
pub mod viewer_state;
pub mod storage;

/// Mounts the hot-seat page on `<body>`.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(components::App);
}
