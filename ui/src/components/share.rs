//! A game's link: copying it (the Copy link button), and opening the game in the page's link,
//! at once over a game with no moves and as an offer over one with moves (this code loads
//! only for a link with a game, [`super::lazy`]).

use leptos::prelude::*;

use crate::backend::HotSeat;
use crate::host::Host;
use crate::i18n::td_string;
use crate::{js, link, model, say};

/// The page's path and query, without the fragment.
fn page_path() -> String {
    let location = window().location();
    format!(
        "{}{}",
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    )
}

/// Copies a link to the game to the clipboard and says whether it worked (the link itself
/// when it did not, to copy by hand).
pub fn copy_link(host: Host, notice: RwSignal<Option<String>>) {
    let url = format!(
        "{}{}#{}",
        window().location().origin().unwrap_or_default(),
        page_path(),
        host.with(|h| link::fragment(h.game()))
    );
    let shown = url.clone();
    js::copy_text(
        &url,
        move || {
            notice.set(Some(
                td_string!(host.locale_untracked(), link_copied).to_string(),
            ))
        },
        move || {
            let text = td_string!(
                host.locale_untracked(),
                link_copy_failed,
                url = shown.clone()
            );
            notice.set(Some(text.to_string()))
        },
    );
}

/// Opens the game in a link's `fragment` ([`link::read`]): at once over a game with no
/// moves, offered (`offer`) over one with moves, since nothing a player did is replaced
/// unasked; a bad link changes nothing and says why (`notice`).
pub fn open_link(
    fragment: &str,
    host: Host,
    notice: RwSignal<Option<String>>,
    offer: RwSignal<Option<HotSeat>>,
) {
    let linked = link::read(fragment, host.locale_untracked());
    if !matches!(linked, Ok(None)) {
        // The game now lives in the autosave: a reload resumes it, not the link.
        if let Ok(history) = window().history() {
            let _ = history.replace_state_with_url(
                &wasm_bindgen::JsValue::NULL,
                "",
                Some(&page_path()),
            );
        }
    }
    match linked {
        Ok(None) => {}
        Ok(Some(game)) if host.with(|h| model::move_count(h.game()) == 0) => {
            host.replace(game);
            notice.set(Some(
                td_string!(host.locale_untracked(), link_opened).to_string(),
            ));
        }
        Ok(Some(game)) => offer.set(Some(game)),
        Err(e) => notice.set(Some(
            td_string!(host.locale_untracked(), link_bad, error = e).to_string(),
        )),
    }
}

/// The offer of a link's `game` over the game on the board, which has moves: open it, or
/// keep the game.
#[component]
pub fn LinkOffer(game: HotSeat, offer: RwSignal<Option<HotSeat>>, host: Host) -> impl IntoView {
    let moves = model::move_count(game.game());
    let kind = game.game().kind();
    let offer_text = move || {
        let l = host.locale();
        let name = say::game_name(l, kind);
        if moves == 1 {
            td_string!(l, link_offer_one, game = name).to_string()
        } else {
            td_string!(l, link_offer_many, game = name, count = moves).to_string()
        }
    };
    view! {
        <p class="notice" data-testid="link-offer" role="alert">
            {offer_text}
            <button
                type="button"
                class="button small"
                data-testid="open-link"
                on:click=move |_| {
                    if let Some(game) = offer.get_untracked() {
                        offer.set(None);
                        host.replace(game);
                    }
                }
            >
                {move || td_string!(host.locale(), open_it)}
            </button>
            <button type="button" class="button small" data-testid="keep-game" on:click=move |_| offer.set(None)>
                {move || td_string!(host.locale(), keep_game)}
            </button>
        </p>
    }
}
