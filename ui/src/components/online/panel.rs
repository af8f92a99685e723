//! The online part's section: the account form or the logged-in account, the lobby's socket,
//! and the view the address names.

use leptos::prelude::*;

use super::game::OnlineGame;
use super::lobby::lobby;
use super::players::{board, player_page, with_names};
use super::{forget, storage, Online, UserAnswer, LOGGED_IN};
use crate::host::Host;
use crate::i18n::td_string;
use crate::online::net::{Link, Socket};
use crate::online::{self, Incoming, Route, NAME_MARKS};

/// The online part's section: the account, the view the address names, the lobby's socket
/// while the lobby is shown.
pub(super) fn section(online: Online, host: Host) -> AnyView {
    let l = move || host.locale();
    let me = Signal::derive(move || online.me());
    // The lobby's socket, while the lobby is shown; opened again when the account changes
    // (a socket keeps the account it was opened with).
    let lobby_socket = StoredValue::new_local(None::<Socket>);
    Effect::new(move |_| {
        let wanted = online.open.get() && online.route.with(|r| *r == Route::Lobby);
        let account = me.get();
        lobby_socket.update_value(|s| drop(s.take()));
        online.link.set(None);
        if wanted {
            let lobby = online.lobby;
            let socket = Socket::open(
                "api/lobby/ws",
                move |text| match online::parse(&text) {
                    Ok(Incoming::Lobby(l)) => {
                        lobby.try_set(*l);
                    }
                    Ok(Incoming::Game(g)) => {
                        lobby.try_update(|l| l.apply(*g, account));
                    }
                    _ => {}
                },
                move |link| {
                    online.link.try_set(match link {
                        Link::Up => None,
                        Link::Down { retry_ms } => Some(retry_ms),
                    });
                },
            );
            lobby_socket.set_value(Some(socket));
        }
    });
    on_cleanup(move || lobby_socket.update_value(|s| drop(s.take())));
    // The leader board and a player's page are read each time they are shown.
    Effect::new(move |_| {
        online.reload.track();
        if !online.open.get() {
            return;
        }
        let route = online.route.get();
        match route {
            Route::Board => online.board.set(None),
            Route::Player(_) => online.player.set(None),
            _ => return,
        }
        online.load(route);
    });
    view! {
        <section class="online" data-testid="online-panel" aria-labelledby="online-title">
            <header class="online-top">
                <h2 id="online-title">{move || td_string!(l(), online_title)}</h2>
                <nav class="online-nav" aria-label=move || td_string!(l(), online_title)>
                    <button class="button" type="button" data-testid="online-lobby"
                        aria-current=move || online.route.with(|r| (*r == Route::Lobby).then_some("page"))
                        on:click=move |_| online.go(Route::Lobby)>
                        {move || td_string!(l(), online_lobby)}
                    </button>
                    <button class="button" type="button" data-testid="online-board"
                        aria-current=move || online.route.with(|r| (*r == Route::Board).then_some("page"))
                        on:click=move |_| online.go(Route::Board)>
                        {move || td_string!(l(), leader_board)}
                    </button>
                    <button class="button" type="button" data-testid="online-close" on:click=move |_| online.close()>
                        {move || td_string!(l(), online_back)}
                    </button>
                </nav>
            </header>
            {account(online, host)}
            {move || online.link.get().map(|retry_ms| view! {
                <p class="notice online-link" role="status" data-testid="online-reconnecting" data-retry-ms=retry_ms.to_string()>
                    {td_string!(l(), online_reconnecting)}
                </p>
            })}
            {move || online.error.get().map(|text| view! { <p class="notice" role="alert" data-testid="online-error">{text}</p> })}
            {move || match online.route.get() {
                Route::Game(id) => view! { <OnlineGame id=id online=online host=host /> }.into_any(),
                Route::Board => board(online, host).into_any(),
                Route::Player(_) => player_page(online, host).into_any(),
                Route::Lobby => lobby(online, host).into_any(),
            }}
        </section>
    }
    .into_any()
}

fn account(online: Online, host: Host) -> impl IntoView {
    let l = move || host.locale();
    let name = RwSignal::new(String::new());
    let password = RwSignal::new(String::new());
    let email = RwSignal::new(String::new());
    let logged_in = move |answer: UserAnswer| {
        if let Some(s) = storage() {
            let _ = s.set_item(LOGGED_IN, &answer.user.name);
        }
        password.set(String::new());
        online.user.set(Some(answer.user));
    };
    let submit = move |register: bool| {
        let mut body = serde_json::json!({ "name": name.get_untracked(), "password": password.get_untracked() });
        let email = email.get_untracked();
        if register && !email.trim().is_empty() {
            body["email"] = email.trim().into();
        }
        let path = if register {
            "api/accounts"
        } else {
            "api/session"
        };
        online.run("POST", path.into(), Some(body), logged_in);
    };
    let log_out = move |_| {
        forget();
        online.run(
            "DELETE",
            "api/session".into(),
            None,
            move |_: serde_json::Value| {
                online.user.set(None);
            },
        );
    };
    view! {
        {move || match online.user.get() {
            Some(user) => view! {
                <p class="online-account" data-testid="online-user">
                    {with_names(
                        td_string!(l(), online_logged_in, name = NAME_MARKS[0], rating = user.rating.round()).to_string(),
                        [Some(user.name.clone()), None],
                    )}
                    " "
                    <button class="button small" type="button" data-testid="online-logout" on:click=log_out>
                        {td_string!(l(), online_logout)}
                    </button>
                </p>
            }.into_any(),
            None => view! {
                <form class="online-account" data-testid="online-account" on:submit=move |e| { e.prevent_default(); submit(false); }>
                    <label>{td_string!(l(), online_name)}" "
                        <input data-testid="online-name" autocomplete="username" bind:value=name /></label>
                    <label>{td_string!(l(), online_password)}" "
                        <input data-testid="online-password" type="password" autocomplete="current-password" bind:value=password /></label>
                    <label>{td_string!(l(), online_email)}" "
                        <input data-testid="online-email" type="email" autocomplete="email" bind:value=email /></label>
                    <button class="button primary" type="submit" data-testid="online-login">{td_string!(l(), online_login)}</button>
                    <button class="button" type="button" data-testid="online-register" on:click=move |_| submit(true)>{td_string!(l(), online_register)}</button>
                </form>
            }.into_any(),
        }}
    }
}
