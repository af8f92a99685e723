//! The online part of the page, shown only when the Outflank server serves it: an account
//! (register, log in, log out; [`mod@panel`]), the lobby (live over its socket), creating,
//! cancelling and joining games ([`lobby`]), an open game ([`game`]), the server's leader
//! board and each player's page ([`players`]). Each view has its address ([`Route`]:
//! `#online`, `#online=ID`, `#online-board`, `#player=NAME`), so a reload reopens it and the
//! browser's Back button goes back through them. The hot-seat game stays as it was underneath.
//! These components hold signals and views; the data is [`crate::online`].
//!
//! This module holds the online part's handles ([`Online`]), which follow the address, and the
//! toolbar's button.

mod game;
mod lobby;
mod panel;
mod players;

use leptos::ev;
use leptos::prelude::*;

use crate::host::Host;
use crate::i18n::td_string;
use crate::online::net;
use crate::online::{ApiError, Board, Lobby, PlayerPage, Route, User};

/// Where the page remembers that it logged in, so a visitor who never did is not asked
/// (the server's "not logged in" answer would show as an error in the console).
const LOGGED_IN: &str = "outflank:online";

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

fn current_hash() -> String {
    window().location().hash().unwrap_or_default()
}

/// The online part's handles (all `Copy`).
#[derive(Clone, Copy)]
pub struct Online {
    /// The page is served by the Outflank server.
    pub available: RwSignal<bool>,
    /// The online part is shown (over the hot-seat game).
    pub open: RwSignal<bool>,
    pub user: RwSignal<Option<User>>,
    /// The view shown, kept in the address.
    pub route: RwSignal<Route>,
    /// Asks the shown leader board or player's page to be read again.
    reload: RwSignal<u32>,
    pub board: RwSignal<Option<Board>>,
    pub player: RwSignal<Option<PlayerPage>>,
    pub lobby: RwSignal<Lobby>,
    pub error: RwSignal<Option<String>>,
    /// The shown socket's connection is lost: the next try's delay (ms).
    pub link: RwSignal<Option<u32>>,
}

impl Online {
    /// The online part's handles, shown once [`Online::probe`] finds the server. The view
    /// then follows the address (links, Back and Forward).
    pub fn start() -> Online {
        let online = Online {
            available: RwSignal::new(false),
            open: RwSignal::new(false),
            user: RwSignal::new(None),
            route: RwSignal::new(Route::Lobby),
            reload: RwSignal::new(0),
            board: RwSignal::new(None),
            player: RwSignal::new(None),
            lobby: RwSignal::new(Lobby::default()),
            error: RwSignal::new(None),
            link: RwSignal::new(None),
        };
        // A link to a player (`<a href="#player=...">`) changes the fragment; Back and
        // Forward also cross entries that history.pushState made, which only popstate tells.
        let hashchange = window_event_listener(ev::hashchange, move |_| online.follow_address());
        let popstate = window_event_listener(ev::popstate, move |_| online.follow_address());
        on_cleanup(move || {
            hashchange.remove();
            popstate.remove();
        });
        online
    }

    /// Asks whether the server is there; if so, who is logged in, and shows the view the
    /// address names.
    pub(in crate::components) async fn probe(self) {
        if !net::served_by_server().await {
            return;
        }
        self.available.set(true);
        let remembered = storage().and_then(|s| s.get_item(LOGGED_IN).ok().flatten());
        if remembered.is_some() {
            match net::call::<UserAnswer>("GET", "api/me", None).await {
                Ok(answer) => self.user.set(Some(answer.user)),
                Err(_) => forget(),
            }
        }
        self.follow_address();
    }

    fn me(&self) -> Option<i64> {
        self.user.with(|u| u.as_ref().map(|u| u.id))
    }

    /// Reads the logged-in account again (its rating and record change when a game ends).
    fn refresh_me(self) {
        if self.user.with_untracked(Option::is_none) {
            return;
        }
        leptos::task::spawn_local(async move {
            if let Ok(answer) = net::call::<UserAnswer>("GET", "api/me", None).await {
                self.user.try_set(Some(answer.user));
            }
        });
    }

    /// Shows what the address names, or the hot-seat game if it names no online view.
    fn follow_address(&self) {
        if !self.available.get_untracked() {
            return;
        }
        match Route::from_hash(&current_hash()) {
            Some(route) => {
                if !self.open.get_untracked() {
                    self.open.set(true);
                }
                if self.route.get_untracked() != route {
                    self.error.set(None);
                    self.route.set(route);
                }
            }
            None => {
                if self.open.get_untracked() {
                    self.open.set(false);
                }
            }
        }
    }

    /// Shows `route` and keeps it in the address (a new history entry, for Back). Asked
    /// for the view already shown, reads it again (the leader board, a player's page).
    fn go(&self, route: Route) {
        self.error.set(None);
        self.open.set(true);
        if self.route.get_untracked() == route {
            self.reload.update(|n| *n += 1);
        } else {
            self.route.set(route.clone());
        }
        if current_hash() != route.hash() {
            let _ = window().location().set_hash(&route.hash());
        }
    }

    /// Back to the hot-seat game: the address names no online view (so a reload opens the
    /// hot-seat game), in a new history entry, so Back returns to the online view.
    fn close(&self) {
        self.open.set(false);
        let location = window().location();
        let path = location.pathname().unwrap_or_default() + &location.search().unwrap_or_default();
        if let Ok(history) = window().history() {
            let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
        }
    }

    /// Runs an API call; its error is shown.
    fn run<T: serde::de::DeserializeOwned + 'static>(
        self,
        method: &'static str,
        path: String,
        body: Option<serde_json::Value>,
        then: impl FnOnce(T) + 'static,
    ) {
        self.error.set(None);
        leptos::task::spawn_local(async move {
            match net::call::<T>(method, &path, body).await {
                Ok(answer) => then(answer),
                Err(ApiError { message, .. }) => self.error.set(Some(message)),
            }
        });
    }

    /// Reads the leader board or the player's page that `route` names, if it still is the
    /// one shown when the answer comes.
    fn load(self, route: Route) {
        let path = match &route {
            Route::Board => "api/leaderboard".to_string(),
            Route::Player(name) => format!("api/players/{name}"),
            _ => return,
        };
        let still = move |r: &Route| self.route.with_untracked(|now| now == r);
        match route {
            Route::Board => self.run("GET", path, None, move |b: Board| {
                if still(&Route::Board) {
                    self.board.set(Some(b));
                }
            }),
            shown => self.run("GET", path, None, move |p: PlayerPage| {
                if still(&shown) {
                    self.player.set(Some(p));
                }
            }),
        }
    }
}

fn forget() {
    if let Some(s) = storage() {
        let _ = s.remove_item(LOGGED_IN);
    }
}

#[derive(serde::Deserialize)]
struct UserAnswer {
    user: User,
}

/// The toolbar's entry, shown when the server is there.
pub fn button(online: Online, host: Host) -> impl IntoView {
    view! {
        <Show when=move || online.available.get()>
            <button
                class="button"
                type="button"
                data-testid="online"
                aria-pressed=move || online.open.get().to_string()
                on:click=move |_| {
                    if online.open.get_untracked() {
                        online.close();
                    } else {
                        let route = online.route.get_untracked();
                        online.go(route);
                    }
                }
            >
                {move || td_string!(host.locale(), online)}
            </button>
        </Show>
    }
}

/// The online part's section ([`mod@panel`]), built by code loaded when it is first shown
/// (`super::lazy`).
pub(in crate::components) fn section(online: Online, host: Host) -> AnyView {
    panel::section(online, host)
}

/// The online part: shown while `online.open`.
pub fn panel(online: Online, host: Host) -> impl IntoView {
    view! {
        <Show when=move || online.open.get()>
            {super::lazy::online_section(online, host)}
        </Show>
    }
}
