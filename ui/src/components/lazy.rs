//! The parts of the hot-seat page a player opens now and then, each loaded the first time it
//! is needed rather than with the page: the New game dialog (with the position editor and
//! the record import), the leader board, the rename dialog, the board's picture, the clocks
//! (a game with a time control) and the review's bar.
//!
//! Each function here is a split point (Leptos's `#[lazy]`): the page's build
//! (`cargo xtask site`) cuts the code only it reaches into a module of its own, fetched when
//! the function is first called. A build that is not split (native tests) calls it directly.

use leptos::prelude::*;
use leptos::{lazy, __reexports::send_wrapper::SendWrapper};
use outflank_engine::{AnyGame, Player};

use super::clocks::ClockBar;
use super::dialogs::{NewGameDialog, RenameDialog};
use super::leaderboard::LeaderBoardDialog;
use super::review::ReviewBar;
use crate::host::review::ReviewHost;
use crate::host::setup::Setup;
use crate::host::Host;
use crate::picture;

#[lazy]
fn new_game_dialog(
    setup: Setup,
    dialog: RwSignal<Option<Setup>>,
    host: Host,
    notice: RwSignal<Option<String>>,
) -> AnyView {
    view! { <NewGameDialog setup=setup dialog=dialog host=host notice=notice /> }.into_any()
}

#[lazy]
fn leader_board_dialog(open: RwSignal<bool>, host: Host) -> AnyView {
    view! { <LeaderBoardDialog open=open host=host /> }.into_any()
}

#[lazy]
fn rename_dialog(
    player: Player,
    name: String,
    rename: RwSignal<Option<(Player, String)>>,
    host: Host,
) -> AnyView {
    view! { <RenameDialog player=player name=name rename=rename host=host /> }.into_any()
}

#[lazy]
fn clock_bar_view(host: Host) -> AnyView {
    view! { <ClockBar host=host /> }.into_any()
}

#[lazy]
fn review_bar_view(review: ReviewHost, host: Host) -> AnyView {
    view! { <ReviewBar review=review host=host /> }.into_any()
}

#[lazy]
fn picture_file(game: &AnyGame, today: &str) -> (String, String) {
    (picture::file_name(game, today), picture::svg(game))
}

/// A view that appears once its code is loaded (at once when it already is).
fn when_loaded(
    view: impl std::future::Future<Output = AnyView> + 'static,
) -> Suspend<AnyView> {
    Suspend::new(SendWrapper::new(view))
}

pub fn new_game(
    setup: Setup,
    dialog: RwSignal<Option<Setup>>,
    host: Host,
    notice: RwSignal<Option<String>>,
) -> Suspend<AnyView> {
    when_loaded(new_game_dialog(setup, dialog, host, notice))
}

pub fn leader_board(open: RwSignal<bool>, host: Host) -> Suspend<AnyView> {
    when_loaded(leader_board_dialog(open, host))
}

pub fn rename(
    player: Player,
    name: String,
    rename: RwSignal<Option<(Player, String)>>,
    host: Host,
) -> Suspend<AnyView> {
    when_loaded(rename_dialog(player, name, rename, host))
}

pub fn clock_bar(host: Host) -> Suspend<AnyView> {
    when_loaded(clock_bar_view(host))
}

pub fn review_bar(review: ReviewHost, host: Host) -> Suspend<AnyView> {
    when_loaded(review_bar_view(review, host))
}

/// The board as an SVG file: its name and its text.
pub async fn picture(game: AnyGame, today: String) -> (String, String) {
    picture_file(&game, &today).await
}
