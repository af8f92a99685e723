//! The parts of the hot-seat page that are not needed at once, each loaded the first time it
//! is needed rather than with the page:
//! - the dialogs: New game (with the position editor and the record import), the leader
//!   board, a player's name;
//! - the views shown only in some states: the clocks (a game with a time control), the
//!   review's bar, the best line (once the move values have come), the evaluation graph (a
//!   reviewed game), the statistics (an ended game), the preferences' choices (once opened),
//!   the offer of a link's game;
//! - the online part (the account, the lobby, an open game, the players' pages), opened only
//!   where the Outflank server serves the page, and the asking whether it does, once the page
//!   is live;
//! - work done on request: saving the board's picture, opening the game in a link (only a
//!   link with one);
//! - before the page starts, the reading of a returning player's saved game and leader
//!   board, which a first visit skips.
//!
//! Four more split points sit beside their callers: the reading of the computer's answers
//! (`ai_worker`), the sending of a hint's requests (`host::hints`), the running of a review
//! (`host::review`) and the asking for the computer's move (`host::opponent`).
//!
//! - the toolbar and what sits beside the board (the history bar, conceding, the preferences'
//!   button, the move list), in one module: on screen at once, painted by the page's HTML,
//!   and made live once the board is (`super::start`).
//!
//! Each private function here is a split point (Leptos's `#[lazy]`, under the `split` feature
//! that only the page's build turns on, `cargo xtask page`): the code only it reaches goes into
//! a module of its own, fetched when it is first called. Every other build calls it directly.

#[cfg(feature = "split")]
use leptos::lazy;
use leptos::prelude::*;
use outflank_engine::{AnyGame, Player};
use send_wrapper::SendWrapper;

use super::best_line::BestLine;
use super::clocks::ClockBar;
use super::dialogs::{NewGameDialog, RenameDialog};
use super::graph::EvaluationGraph;
use super::leaderboard::LeaderBoardDialog;
use super::online::{self, Online};
use super::review::ReviewBar;
use super::share::{self, LinkOffer};
use super::side::{PrefsFields, Side, StatsPanel};
use super::start::Step;
use super::toolbar::{Toolbar, ToolbarHandles};
use crate::backend::HotSeat;
use crate::host::hints::HintsHost;
use crate::host::review::ReviewHost;
use crate::host::setup::Setup;
use crate::host::Host;
use crate::js;
use crate::picture;
use crate::review::Reviewed;
use crate::storage::Stored;

#[cfg_attr(feature = "split", lazy)]
fn new_game_dialog(
    dialog: RwSignal<bool>,
    host: Host,
    notice: RwSignal<Option<String>>,
) -> AnyView {
    // The form starts from the game on the board.
    let setup = host.with(Setup::of);
    view! { <NewGameDialog setup=setup dialog=dialog host=host notice=notice /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
fn leader_board_dialog(open: RwSignal<bool>, host: Host) -> AnyView {
    view! { <LeaderBoardDialog open=open host=host /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
fn rename_dialog(
    player: Player,
    name: String,
    rename: RwSignal<Option<(Player, String)>>,
    host: Host,
) -> AnyView {
    view! { <RenameDialog player=player name=name rename=rename host=host /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
fn clock_bar_view(host: Host) -> AnyView {
    view! { <ClockBar host=host /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
fn review_bar_view(review: ReviewHost, host: Host) -> AnyView {
    view! { <ReviewBar review=review host=host /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
fn best_line_view(hints: HintsHost, host: Host) -> AnyView {
    view! { <BestLine hints=hints host=host /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
fn evaluation_graph_view(review: Reviewed) -> AnyView {
    view! { <EvaluationGraph review=review /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
fn stats_panel_view() -> AnyView {
    view! { <StatsPanel /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
fn prefs_fields_view() -> AnyView {
    view! { <PrefsFields /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
fn open_link_game(
    fragment: String,
    host: Host,
    notice: RwSignal<Option<String>>,
    offer: RwSignal<Option<HotSeat>>,
) {
    share::open_link(&fragment, host, notice, offer)
}

#[cfg_attr(feature = "split", lazy)]
fn link_offer_view(game: HotSeat, offer: RwSignal<Option<HotSeat>>, host: Host) -> AnyView {
    view! { <LinkOffer game=game offer=offer host=host /> }.into_any()
}

#[cfg_attr(feature = "split", lazy)]
fn online_section_view(online: Online, host: Host) -> AnyView {
    online::section(online, host)
}

/// A part of the page made live after the board (the toolbar's handles boxed: they are
/// many signals, and the side carries none).
enum LaterPart {
    Toolbar(Box<ToolbarHandles>),
    Side,
}

/// The toolbar and the side in one split point: both are needed at once, and one module
/// shares the code the two have in common instead of a chunk of its own for each piece of it
/// (fewer requests before the page is whole).
#[cfg_attr(feature = "split", lazy)]
fn later_part_view(part: LaterPart) -> AnyView {
    match part {
        LaterPart::Toolbar(handles) => view! { <Toolbar handles=*handles /> }.into_any(),
        LaterPart::Side => view! { <Side /> }.into_any(),
    }
}

#[cfg_attr(feature = "split", lazy)]
async fn probe_online(online: Online) {
    online.probe().await
}

#[cfg_attr(feature = "split", lazy)]
fn read_stored() -> Stored {
    Stored::read()
}

#[cfg_attr(feature = "split", lazy)]
fn save_picture_file(game: &AnyGame, today: &str) -> Result<(), String> {
    let (name, svg) = (picture::file_name(game, today), picture::svg(game));
    js::download(&name, &svg, "image/svg+xml")
        .map_err(|e| js::describe(&e, "the browser refused the download"))
}

/// A view that appears once its code is loaded (at once when it already is).
fn when_loaded(view: impl std::future::Future<Output = AnyView> + 'static) -> Suspend<AnyView> {
    Suspend::new(SendWrapper::new(view))
}

pub fn new_game(
    dialog: RwSignal<bool>,
    host: Host,
    notice: RwSignal<Option<String>>,
) -> Suspend<AnyView> {
    when_loaded(async move { split_call!(new_game_dialog(dialog, host, notice)) })
}

pub fn leader_board(open: RwSignal<bool>, host: Host) -> Suspend<AnyView> {
    when_loaded(async move { split_call!(leader_board_dialog(open, host)) })
}

pub fn rename(
    player: Player,
    name: String,
    rename: RwSignal<Option<(Player, String)>>,
    host: Host,
) -> Suspend<AnyView> {
    when_loaded(async move { split_call!(rename_dialog(player, name, rename, host)) })
}

pub fn clock_bar(host: Host) -> Suspend<AnyView> {
    when_loaded(async move { split_call!(clock_bar_view(host)) })
}

pub fn review_bar(review: ReviewHost, host: Host) -> Suspend<AnyView> {
    when_loaded(async move { split_call!(review_bar_view(review, host)) })
}

pub fn best_line(hints: HintsHost, host: Host) -> Suspend<AnyView> {
    when_loaded(async move { split_call!(best_line_view(hints, host)) })
}

pub fn evaluation_graph(review: Reviewed) -> Suspend<AnyView> {
    when_loaded(async move { split_call!(evaluation_graph_view(review)) })
}

pub fn stats_panel() -> Suspend<AnyView> {
    when_loaded(async move { split_call!(stats_panel_view()) })
}

pub fn prefs_fields() -> Suspend<AnyView> {
    when_loaded(async move { split_call!(prefs_fields_view()) })
}

/// The toolbar ([`Toolbar`]).
pub fn toolbar(handles: ToolbarHandles) -> AnyView {
    later_part(LaterPart::Toolbar(Box::new(handles)))
}

/// What sits beside the board ([`Side`]).
pub fn side() -> AnyView {
    later_part(LaterPart::Side)
}

fn later_part(part: LaterPart) -> AnyView {
    #[cfg(feature = "split")]
    return when_loaded(async move { split_call!(later_part_view(part)) }).into_any();
    #[cfg(not(feature = "split"))]
    later_part_view(part)
}

/// Fetches the code of the part built in `step` of the first mount, without building it: the
/// painted part stays on screen until the live one can take its place in the same frame.
pub async fn load(step: Step) {
    #[cfg(feature = "split")]
    match step {
        Step::Viewer | Step::Board => {}
        // The first asks for the code, the second finds it there.
        Step::Toolbar | Step::Side => __preload_later_part_view().await,
    }
    #[cfg(not(feature = "split"))]
    let _ = step;
}

/// Opens the game in a link's fragment ([`share::open_link`]), by code fetched for it.
pub async fn open_link(
    fragment: String,
    host: Host,
    notice: RwSignal<Option<String>>,
    offer: RwSignal<Option<HotSeat>>,
) {
    split_call!(open_link_game(fragment, host, notice, offer))
}

pub fn link_offer(game: HotSeat, offer: RwSignal<Option<HotSeat>>, host: Host) -> Suspend<AnyView> {
    when_loaded(async move { split_call!(link_offer_view(game, offer, host)) })
}

pub fn online_section(online: Online, host: Host) -> Suspend<AnyView> {
    when_loaded(async move { split_call!(online_section_view(online, host)) })
}

/// Asks whether the Outflank server serves the page ([`Online::probe`]), by code of its own.
pub async fn probe_server(online: Online) {
    probe_online(online).await
}

/// The saved game and the leader board, read by code of their own (fetched only when there is
/// something to read).
pub async fn stored() -> Stored {
    if !Stored::any() {
        return Stored::nothing();
    }
    split_call!(read_stored())
}

/// Saves the board as an SVG file (a download); an error says why it could not.
pub async fn save_picture(game: AnyGame, today: String) -> Result<(), String> {
    split_call!(save_picture_file(&game, &today))
}
