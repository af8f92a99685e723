//! Outflank's viewer: a Leptos (CSR) page with a local hot-seat backend.
//!
//! - [`backend`]: the hot-seat game as plain data (status line, labels, save format).
//! - [`storage`]: the autosave in localStorage.
//! - [`components`]: the views (board, player panels, status line, controls).

pub mod backend;
pub mod components;
pub mod storage;

/// Mounts the hot-seat app on `<body>`.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(components::App);
}
