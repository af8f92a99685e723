//! The hot-seat page: the viewer with the page's own host around it ([`crate::host`]), and
//! what only a host offers: a new game (or a pasted record), undo and redo, hints, renaming
//! players. This component holds signals and views only.

use std::rc::Rc;

use leptos::ev;
use leptos::prelude::*;

use super::lazy;
use super::start::{later, when_live, Step};
use super::toolbar::ToolbarHandles;
use super::viewer::Viewer;
use crate::backend::HotSeat;
use crate::hints::Hints;
use crate::host::hints::HintsHost;
use crate::host::review::ReviewHost;
use crate::host::Host;
use crate::i18n::{td_string, Locale};
use crate::link;
use crate::storage::{self, Loaded, Stored};
use crate::transport::Transport;

/// Whether the browser asks for a dark page (the theme both the hot-seat and online games start in).
pub(super) fn prefers_dark() -> bool {
    crate::js::IN_BROWSER
        && window()
            .match_media("(prefers-color-scheme: dark)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches())
}

/// The hot-seat page, started with what storage holds ([`Stored`], read before mounting).
#[component]
pub fn App(stored: Stored) -> impl IntoView {
    let prefs = storage::load_prefs();
    // Messages from before the page's language was known are said in the saved one.
    let l: Locale = prefs.language.into();
    let Stored { game, leaderboard } = stored;
    let (initial, notice) = match game {
        Loaded::Nothing => (HotSeat::default(), None),
        Loaded::Game(game) => (*game, None),
        Loaded::Corrupt(reason) => {
            leptos::logging::warn!("outflank: the saved game could not be read ({reason})");
            (
                HotSeat::default(),
                Some(td_string!(l, saved_unreadable).to_string()),
            )
        }
    };
    let (leaderboard, notice) = match leaderboard {
        Ok(board) => (board, notice),
        Err(reason) => {
            leptos::logging::warn!("outflank: the leader board could not be read ({reason})");
            let text = td_string!(l, board_unreadable).to_string();
            (Default::default(), notice.or(Some(text)))
        }
    };
    let host = Host::new(initial, prefs, leaderboard, notice);
    when_live(move || host.save());
    // The page's <html lang> follows the language (screen readers and axe read it).
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", host.language.get().key());
        }
    });
    let board_open = RwSignal::new(false);
    // The online part, when the Outflank server serves the page (online/): asked once the
    // page is live.
    let online = super::online::Online::start();
    when_live(move || leptos::task::spawn_local(lazy::probe_server(online)));
    let notice = host.notice;
    let rename = host.rename;
    let dialog = RwSignal::new(false);
    let hints = HintsHost::new(host);
    provide_context(Hints(hints.view));
    // The review, for the page's bar and the viewer's move list and graph.
    let review = ReviewHost::new(host);
    provide_context(crate::review::Reviewed(review.review));
    // The review's bar and the clocks load their code when first shown (lazy.rs).
    let reviewing = Memo::new(move |_| {
        review.running.get()
            || review.error.with(Option::is_some)
            || review.review.with(Option::is_some)
    });
    let timed = Memo::new(move |_| {
        host.version.track();
        host.with(|h| h.clocks().is_some())
    });
    // The best line's code loads with the first move values (lazy.rs).
    let has_line = Memo::new(move |_| hints.view.with(|h| h.values.is_some()));
    let hint_text = hints.text;

    let transport: Rc<dyn Transport> = Rc::new(host);
    // Its events wait in the inbox until it is built (start.rs).
    let inbox = host.inbox();
    let viewer = later(
        Step::Viewer,
        move || view! { <Viewer transport=transport inbox=inbox hot_seat=true /> },
    );
    host.start(prefers_dark());
    // A game saved while the computer was to move goes on.
    host.think();

    let thinking_name = move || {
        host.version.track();
        host.with(|h| {
            h.computer()
                .and_then(|c| h.data().name(c.player))
                .unwrap_or_else(|| td_string!(host.locale(), the_computer).to_string())
        })
    };

    // A game in the link (link.rs): opened at once over a game with no moves, offered over
    // one with moves (nothing a player did is replaced unasked); a bad link changes nothing.
    let offer = RwSignal::new(None::<HotSeat>);
    let open_link = move || {
        if !crate::js::IN_BROWSER {
            return;
        }
        let hash = window().location().hash().unwrap_or_default();
        if link::holds_game(&hash) {
            leptos::task::spawn_local(lazy::open_link(hash, host, notice, offer));
        }
    };
    open_link();
    let _hashchange = window_event_listener(ev::hashchange, move |_| open_link());
    view! {
        <main class="page">
            <header class="top">
                <h1 class="title">"Outflank"</h1>
                // The computer's and the hints' news, in the header's free space (no layout shift).
                <div class="host-status">
                    <p class="thinking" data-testid="thinking" role="status" aria-live="polite">
                        {move || host.thinking.get().then(|| td_string!(host.locale(), thinking, who = thinking_name()).to_string())}
                    </p>
                    <p class="hint-text" data-testid="hint-text" role="status" aria-live="polite">
                        {move || hint_text.get()}
                    </p>
                </div>
                <nav class="host-controls" aria-label=move || td_string!(host.locale(), game)>
                    // Live once the board is (start.rs); the page's HTML paints it before.
                    {later(Step::Toolbar, move || lazy::toolbar(ToolbarHandles { host, online, hints, review, dialog, board_open }))}
                </nav>
            </header>
            {super::online::panel(online, host)}
            // The hot-seat game stays as it is while the online part is shown.
            <div class="hot-seat" style:display=move || if online.open.get() { "none" } else { "" }>
            {move || notice.get().map(|text| view! {
                <p class="notice" data-testid="notice" role="alert">
                    {text}
                    <button type="button" class="button small" on:click=move |_| notice.set(None)>{move || td_string!(host.locale(), dismiss)}</button>
                </p>
            })}
            {move || offer.get().map(|game| lazy::link_offer(game, offer, host))}
            {move || reviewing.get().then(|| lazy::review_bar(review, host))}
            {move || has_line.get().then(|| lazy::best_line(hints, host))}
            {move || timed.get().then(|| lazy::clock_bar(host))}
            {viewer}
            {move || dialog.get().then(|| lazy::new_game(dialog, host, notice))}
            {move || board_open.get().then(|| lazy::leader_board(board_open, host))}
            {move || rename.get().map(|(player, name)| lazy::rename(player, name, rename, host))}
            </div>
        </main>
    }
}
