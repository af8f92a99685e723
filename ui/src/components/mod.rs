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
pub mod online_game;
pub mod panels;
pub mod review;
pub mod share;
pub mod side;
pub mod viewer;

pub use app::App;
pub use viewer::Viewer;
