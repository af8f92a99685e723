//! The views. The viewer's components read its [`ctx::Ctx`]; none holds game logic
//! (that is in [`crate::model`], [`crate::anim`] and the engine).

pub mod app;
pub mod audio;
pub mod best_line;
pub mod board;
pub mod clocks;
pub mod ctx;
pub mod dialogs;
pub mod editor;
pub mod graph;
pub mod lazy;
pub mod leaderboard;
pub mod online;
pub mod panels;
pub mod review;
pub mod share;
pub mod side;
pub mod start;
pub mod toolbar;
pub mod viewer;

pub use app::App;

/// Provided while the page is rendered to HTML at build time (src/bin/prerender.rs): that
/// HTML is painted before the page's code has loaded, so the viewer shows its board locked
/// (`data-busy`, no square offered) until the code mounts the live page in its place.
#[derive(Clone, Copy, Debug)]
pub struct Prerendering;
pub use viewer::Viewer;
