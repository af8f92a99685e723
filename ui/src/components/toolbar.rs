//! The hot-seat page's toolbar: a new game, the link to share, the board's picture, undo and
//! redo, the leader board, the online part's entry, a hint, the review, the move values.
//! Its code is loaded once the page is live (`super::lazy`, `super::start`).

use leptos::prelude::*;

use super::lazy;
use super::online::{self, Online};
use super::share;
use crate::backend::{Action, HotSeat};
use crate::host::hints::HintsHost;
use crate::host::review::ReviewHost;
use crate::host::Host;
use crate::i18n::td_string;

/// What the toolbar's buttons act on (all `Copy`).
#[derive(Clone, Copy)]
pub struct ToolbarHandles {
    pub host: Host,
    pub online: Online,
    pub hints: HintsHost,
    pub review: ReviewHost,
    /// The New game dialog is open.
    pub dialog: RwSignal<bool>,
    /// The leader board is open.
    pub board_open: RwSignal<bool>,
}

#[component]
pub fn Toolbar(handles: ToolbarHandles) -> impl IntoView {
    let ToolbarHandles {
        host,
        online,
        hints,
        review,
        dialog,
        board_open,
    } = handles;
    let notice = host.notice;
    let can_review = Memo::new(move |_| {
        host.version.track();
        !review.running.get() && ReviewHost::can_review(host)
    });
    let (can_hint, can_values) = (hints.can_hint, hints.can_values);
    let ask_hint = move |values: bool| hints.ask(host, values);
    let can_undo = Memo::new(move |_| {
        host.version.track();
        host.with(HotSeat::can_undo)
    });
    let can_redo = Memo::new(move |_| {
        host.version.track();
        host.with(HotSeat::can_redo)
    });
    let take_back = move |action: Action| {
        host.stop_thinking();
        if let Err(e) = host.apply(action) {
            leptos::logging::warn!("outflank: {}", e.reason);
        }
        host.think();
    };
    let open_new = move |_| dialog.set(true);
    // At once, inside the click: a browser may refuse the clipboard outside a gesture.
    let share = move |_| share::copy_link(host, notice);
    // The board as it is now, as an SVG file.
    let save_picture = move |_| {
        let today: String = String::from(js_sys::Date::new_0().to_iso_string())
            .chars()
            .take(10)
            .collect();
        let game = host.with(|h| h.game().clone());
        leptos::task::spawn_local(async move {
            if let Err(error) = lazy::save_picture(game, today).await {
                notice.set(Some(
                    td_string!(host.locale_untracked(), picture_failed, error).to_string(),
                ));
            }
        });
    };

    view! {
        <button class="button" type="button" data-testid="new-game" on:click=open_new>
            {move || td_string!(host.locale(), new_game)}
        </button>
        <button
            class="button"
            type="button"
            data-testid="share"
            title=move || td_string!(host.locale(), copy_link_title)
            on:click=share
        >
            {move || td_string!(host.locale(), copy_link)}
        </button>
        <button
            class="button"
            type="button"
            data-testid="export-svg"
            title=move || td_string!(host.locale(), picture_title)
            on:click=save_picture
        >
            {move || td_string!(host.locale(), picture)}
        </button>
        <button
            class="button"
            type="button"
            data-testid="undo"
            disabled=move || !can_undo.get()
            on:click=move |_| take_back(Action::Undo)
        >
            {move || td_string!(host.locale(), undo)}
        </button>
        <button
            class="button"
            type="button"
            data-testid="redo"
            disabled=move || !can_redo.get()
            on:click=move |_| take_back(Action::Redo)
        >
            {move || td_string!(host.locale(), redo)}
        </button>
        <button
            class="button"
            type="button"
            data-testid="leaderboard"
            on:click=move |_| board_open.set(true)
        >
            {move || td_string!(host.locale(), leader_board)}
        </button>
        {online::button(online, host)}
        <button
            class="button"
            type="button"
            data-testid="hint"
            disabled=move || !can_hint.get()
            on:click=move |_| ask_hint(false)
        >
            {move || td_string!(host.locale(), hint)}
        </button>
        <button
            class="button"
            type="button"
            data-testid="review"
            title=move || td_string!(host.locale(), review_title).to_string()
            disabled=move || !can_review.get()
            on:click=move |_| review.start(host)
        >
            {move || td_string!(host.locale(), review).to_string()}
        </button>
        <Show when=move || hints.values_offered.get()>
            <button
                class="button"
                type="button"
                data-testid="move-values"
                title=move || td_string!(host.locale(), move_values_title).to_string()
                disabled=move || !can_values.get()
                on:click=move |_| ask_hint(true)
            >
                {move || td_string!(host.locale(), move_values)}
            </button>
        </Show>
    }
}
