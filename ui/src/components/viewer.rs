//! The viewer: everything inside `[data-outflank-viewer]`. It knows the game only from
//! the host's events delivered to its [`Inbox`] and answers only with viewer events through
//! its [`Transport`] (`move`, `fetchState`, `ready`, ...), so the hot-seat page and an
//! embedding host drive the same code. The rules of what each event does are
//! [`crate::viewer_state`]; the handles the components share are [`Ctx`].

use std::rc::Rc;

use leptos::ev;
use leptos::prelude::*;
use outflank_engine::{Game, Player};

use super::board::Board;
use super::ctx::Ctx;
use super::lazy;
use super::panels::PlayerPanel;
use super::start::{later, Step};
use crate::anim;
use crate::i18n::td_string;
use crate::model;
use crate::review::Reviewed;
use crate::say;
use crate::transport::{Inbox, Transport};

/// Whether a key pressed on `target` is for the viewer at `root`: pressed inside it, or
/// anywhere on a page whose only viewer this is (several viewers each keep to their own).
fn keys_are_mine(root: NodeRef<leptos::html::Div>, target: Option<&web_sys::Element>) -> bool {
    let Some(root) = root.get_untracked() else {
        return false;
    };
    if target.is_some_and(|t| root.contains(Some(t))) {
        return true;
    }
    document()
        .query_selector_all("[data-outflank-viewer]")
        .is_ok_and(|all| all.length() == 1)
}

fn prefers_reduced_motion() -> bool {
    crate::js::IN_BROWSER
        && window()
            .match_media("(prefers-reduced-motion: reduce)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches())
}

/// The viewer: the host delivers to `inbox` and hears from it through `transport`.
/// `hot_seat` words the status line for two people sharing the screen ("Dark must play a
/// disc" rather than "You must play a disc").
#[component]
pub fn Viewer(
    transport: Rc<dyn Transport>,
    inbox: Inbox,
    #[prop(optional)] hot_seat: bool,
) -> impl IntoView {
    let ctx = Ctx::new(transport, hot_seat, prefers_reduced_motion());
    provide_context(ctx);
    inbox.connect(move |event| ctx.on_host_event(event));
    let inbox = StoredValue::new_local(inbox);
    on_cleanup(move || inbox.with_value(Inbox::disconnect));

    // History keys inside this viewer (outside the board and text fields), and anywhere on
    // a page whose only viewer this is; with several viewers on a page each keeps to its own.
    let root = NodeRef::<leptos::html::Div>::new();
    let keys = window_event_listener(ev::keydown, move |e: web_sys::KeyboardEvent| {
        if e.alt_key() || e.ctrl_key() || e.meta_key() || e.default_prevented() {
            return;
        }
        let target: Option<web_sys::Element> = e
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into(t).ok());
        if !keys_are_mine(root, target.as_ref()) {
            return;
        }
        if let Some(t) = &target {
            let tag = t.tag_name().to_ascii_lowercase();
            if matches!(tag.as_str(), "input" | "textarea" | "select")
                || t.closest("[data-board], [role=dialog]")
                    .ok()
                    .flatten()
                    .is_some()
            {
                return;
            }
        }
        let action = match e.key().as_str() {
            "Home" => "init",
            "ArrowLeft" => "prev",
            "ArrowRight" => "next",
            "End" => "now",
            _ => return,
        };
        if ctx.data.with_untracked(Option::is_some) {
            e.prevent_default();
            ctx.history(action);
        }
    });
    on_cleanup(move || keys.remove());

    let busy = Memo::new(move |_| ctx.busy());
    let speed = Memo::new(move |_| ctx.speed());
    let root_class = move || {
        let prefs = ctx.prefs.get();
        let mut class = String::from("outflank-viewer");
        class.push_str(match prefs.skin {
            crate::protocol::Skin::Classic => " skin-classic",
            crate::protocol::Skin::Wooden => " skin-wooden",
        });
        if ctx.dark() {
            class.push_str(" theme-dark");
        }
        if !prefs.highlights {
            class.push_str(" no-highlights");
        }
        if ctx.historical() {
            class.push_str(" historical");
        }
        class
    };
    let style = move || {
        let (land, flip) = anim::durations(speed.get());
        format!("--land-ms: {land}ms; --flip-ms: {flip}ms")
    };
    let status = move || {
        let (current, total) = ctx.position();
        ctx.data.with(|d| {
            let Some(d) = d else {
                return td_string!(ctx.locale(), waiting).to_string();
            };
            if ctx.historical() {
                return td_string!(ctx.locale(), historical_status, current, total).to_string();
            }
            model::status(ctx.locale(), d, &d.game, ctx.player.get(), ctx.hot_seat)
        })
    };
    // The named opening the shown position follows (standard 8x8 Reversi only): its line
    // keeps its height, so a name appearing moves nothing.
    let openings = Memo::new(move |_| {
        ctx.data.with(|d| {
            d.as_ref()
                .map(|d| model::openings(&d.game))
                .unwrap_or_default()
        })
    });
    let named = Memo::new(move |_| {
        ctx.data
            .with(|d| d.as_ref().is_some_and(|d| model::names_openings(&d.game)))
    });
    let opening = move || {
        let shown = ctx.position().0;
        openings.with(|list| {
            model::latest_opening(list, shown)
                .map(|o| td_string!(ctx.locale(), opening, name = o.full_name()).to_string())
        })
    };
    let ended = Memo::new(move |_| {
        ctx.data
            .with(|d| d.as_ref().is_some_and(|d| d.game.ended()))
    });
    // The graph (a reviewed game) and the statistics (an ended game) load their code when
    // first shown (lazy.rs).
    let graph = use_context::<Reviewed>().map(|review| {
        let reviewed = Memo::new(move |_| review.0.with(Option::is_some));
        move || reviewed.get().then(|| lazy::evaluation_graph(review))
    });
    let stats_shown = Memo::new(move |_| ended.get() && !ctx.historical() && !busy.get());
    let title = move || {
        ctx.data
            .with(|d| d.as_ref().map(|d| d.game.kind()))
            .map(|kind| say::game_name(ctx.locale(), kind))
            .unwrap_or_else(|| td_string!(ctx.locale(), game).to_string())
    };

    view! {
        <div
            class=root_class
            style=style
            node_ref=root
            data-outflank-viewer=""
            lang=move || ctx.prefs.with(|p| p.language.key())
            data-busy=move || if busy.get() { "true" } else { "false" }
            data-game=move || ctx.data.with(|d| d.as_ref().map(|d| d.game.kind().key()))
        >
            <h2 class="sr-only">{title}</h2>
            <section class="players" aria-label=move || td_string!(ctx.locale(), players)>
                <PlayerPanel player=Player::First />
                <PlayerPanel player=Player::Second />
            </section>
            <p class="status" data-testid="status">{status}</p>
            <Show when=move || named.get()>
                <p class="opening-line" data-testid="opening">{opening}</p>
            </Show>
            {move || ctx.refusal.get().map(|why| view! {
                <p class="refusal" data-testid="refusal" role="alert">{why}</p>
            })}
            <div class="play-area">
                {later(Step::Board, || view! { <Board /> })}
                <aside class="side">
                    // Built after the board is live (start.rs): on a phone it is below it.
                    {later(Step::Side, lazy::side)}
                </aside>
            </div>
            {graph}
            {move || stats_shown.get().then(lazy::stats_panel)}
            <p class="sr-only" aria-live="polite" data-testid="announcer">{move || ctx.announcement.get()}</p>
        </div>
    }
}
