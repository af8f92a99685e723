//! The online part of the page, shown only when the Outflank server serves it: an account
//! (register, log in, log out), the lobby (live over its socket), creating, cancelling and
//! joining games, an open game ([`super::online_game`]) and the server's leader board. The
//! hot-seat game stays as it was underneath. This component holds signals and views; the
//! data is [`crate::online`].

use leptos::prelude::*;

use super::online_game::OnlineGame;
use crate::host::Host;
use crate::i18n::{td_string, Locale};
use crate::online::net::{self, Socket};
use crate::online::{
    self, ApiError, Board, Clock, Incoming, Lobby, Options, Summary, User, Variant,
};
use crate::say;

/// Where the page remembers that it logged in, so a visitor who never did is not asked
/// (the server's "not logged in" answer would show as an error in the console).
const LOGGED_IN: &str = "outflank:online";

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// The online part's handles (all `Copy`).
#[derive(Clone, Copy)]
pub struct Online {
    /// The page is served by the Outflank server.
    pub available: RwSignal<bool>,
    /// The online part is shown (over the hot-seat game).
    pub open: RwSignal<bool>,
    pub user: RwSignal<Option<User>>,
    /// The online game shown, kept in the address (`#online=ID`).
    pub game: RwSignal<Option<i64>>,
    pub board: RwSignal<Option<Board>>,
    pub lobby: RwSignal<Lobby>,
    pub error: RwSignal<Option<String>>,
}

impl Online {
    /// Asks whether the server is there; if so, who is logged in and which game the
    /// address names.
    pub fn start() -> Online {
        let online = Online {
            available: RwSignal::new(false),
            open: RwSignal::new(false),
            user: RwSignal::new(None),
            game: RwSignal::new(None),
            board: RwSignal::new(None),
            lobby: RwSignal::new(Lobby::default()),
            error: RwSignal::new(None),
        };
        leptos::task::spawn_local(async move {
            if !net::served_by_server().await {
                return;
            }
            online.available.set(true);
            let remembered = storage().and_then(|s| s.get_item(LOGGED_IN).ok().flatten());
            if remembered.is_some() {
                match net::call::<serde_json::Value>("GET", "api/me", None).await {
                    Ok(v) => online
                        .user
                        .set(serde_json::from_value(v["user"].clone()).ok()),
                    Err(_) => forget(),
                }
            }
            let hash = window().location().hash().unwrap_or_default();
            if let Some(id) = online::game_in_hash(&hash) {
                online.open.set(true);
                online.game.set(Some(id));
            }
        });
        online
    }

    fn me(&self) -> Option<i64> {
        self.user.with(|u| u.as_ref().map(|u| u.id))
    }

    /// Shows game `id` (and keeps it in the address for a reload).
    fn show_game(&self, id: i64) {
        self.board.set(None);
        self.game.set(Some(id));
        let _ = window().location().set_hash(&online::hash_for(id));
    }

    /// Back to the lobby (the address names no game).
    fn leave_game(&self) {
        self.game.set(None);
        let location = window().location();
        let path = location.pathname().unwrap_or_default() + &location.search().unwrap_or_default();
        if let Ok(history) = window().history() {
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
        }
    }

    /// Back to the hot-seat game: the online game closes (a reload then opens the hot-seat
    /// game, not the online one).
    fn close(&self) {
        self.leave_game();
        self.board.set(None);
        self.open.set(false);
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

#[derive(serde::Deserialize)]
struct GameAnswer {
    game: Summary,
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
                on:click=move |_| if online.open.get_untracked() { online.close() } else { online.open.set(true) }
            >
                {move || td_string!(host.locale(), online)}
            </button>
        </Show>
    }
}

/// The online part: shown while `online.open`.
pub fn panel(online: Online, host: Host) -> impl IntoView {
    let l = move || host.locale();
    let me = Signal::derive(move || online.me());
    // The lobby's socket, while the lobby is shown; opened again when the account changes
    // (a socket keeps the account it was opened with).
    let lobby_socket = StoredValue::new_local(None::<Socket>);
    Effect::new(move |_| {
        let wanted = online.open.get() && online.game.get().is_none();
        let account = me.get();
        lobby_socket.update_value(|s| drop(s.take()));
        if wanted {
            let lobby = online.lobby;
            let socket = Socket::open(
                "api/lobby/ws",
                || {},
                move |text| match online::parse(&text) {
                    Ok(Incoming::Lobby(l)) => {
                        lobby.try_set(*l);
                    }
                    Ok(Incoming::Game(g)) => {
                        lobby.try_update(|l| l.apply(*g, account));
                    }
                    _ => {}
                },
            );
            lobby_socket.set_value(Some(socket));
        }
    });
    view! {
        <Show when=move || online.open.get()>
            <section class="online" data-testid="online-panel" aria-labelledby="online-title">
                <header class="online-top">
                    <h2 id="online-title">{move || td_string!(l(), online_title)}</h2>
                    <button class="button" type="button" data-testid="online-lobby" on:click=move |_| { online.leave_game(); online.board.set(None); }>
                        {move || td_string!(l(), online_lobby)}
                    </button>
                    <button class="button" type="button" data-testid="online-board" on:click=move |_| {
                        online.run("GET", "api/leaderboard".into(), None, move |b: Board| {
                                online.leave_game();
                                online.board.set(Some(b));
                            });
                    }>
                        {move || td_string!(l(), leader_board)}
                    </button>
                    <button class="button" type="button" data-testid="online-close" on:click=move |_| online.close()>
                        {move || td_string!(l(), online_back)}
                    </button>
                </header>
                {account(online, host)}
                {move || online.error.get().map(|text| view! { <p class="notice" role="alert" data-testid="online-error">{text}</p> })}
                {move || match (online.game.get(), online.board.with(Option::is_some)) {
                    (Some(id), _) => view! { <OnlineGame id=id me=me host=host /> }.into_any(),
                    (None, true) => board(online, host).into_any(),
                    (None, false) => lobby(online, host).into_any(),
                }}
            </section>
        </Show>
    }
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
                    {td_string!(l(), online_logged_in, name = user.name.clone(), rating = user.rating.round())}
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

/// A game's options and clock, in words.
fn describe(l: Locale, options: Options, clock: Option<Clock>) -> String {
    let mut text = say::game_name(l, options.kind());
    match options {
        Options::Reversi { size, variant } => {
            text += &format!(" {size}×{size}");
            if variant == Variant::Bombs {
                text += &format!(", {}", td_string!(l, online_bombs));
            }
        }
        Options::Gomoku { size, exact_five } => {
            text += &format!(" {size}×{size}");
            if exact_five {
                text += &format!(", {}", td_string!(l, online_exact_five));
            }
        }
        Options::Tictactoe => {}
    }
    text += " · ";
    text += &match clock {
        None => td_string!(l, online_no_clock).to_string(),
        Some(c) => td_string!(
            l,
            online_clock,
            minutes = c.minutes,
            increment = c.increment
        )
        .to_string(),
    };
    text
}

/// The clocks the form offers.
const CLOCKS: [Option<Clock>; 4] = [
    None,
    Some(Clock {
        minutes: 1.0,
        increment: 0.0,
    }),
    Some(Clock {
        minutes: 5.0,
        increment: 3.0,
    }),
    Some(Clock {
        minutes: 15.0,
        increment: 10.0,
    }),
];

fn lobby(online: Online, host: Host) -> impl IntoView {
    let l = move || host.locale();
    let choice = RwSignal::new(0usize);
    let clock = RwSignal::new(0usize);
    let create = move |_| {
        let body = online::create_body(
            Options::CHOICES[choice.get_untracked()],
            CLOCKS[clock.get_untracked()],
        );
        online.run(
            "POST",
            "api/games".into(),
            Some(body),
            move |a: GameAnswer| online.show_game(a.game.id),
        );
    };
    let row = move |game: Summary, list: &'static str| {
        let id = game.id;
        let me = online.me();
        let mine = me.is_some_and(|me| game.has_player(me));
        let creator = game.name(0).unwrap_or("?").to_string();
        let players = match game.name(1) {
            Some(other) => td_string!(l(), online_vs, dark = creator, light = other).to_string(),
            None => td_string!(l(), online_by, name = creator).to_string(),
        };
        let action = match (list, mine) {
            ("waiting", false) if me.is_some() => {
                Some(("online-join", td_string!(l(), online_join).to_string()))
            }
            ("waiting", _) if !mine => None,
            ("playing", false) => Some(("online-watch", td_string!(l(), online_watch).to_string())),
            _ => Some(("online-open", td_string!(l(), online_resume).to_string())),
        };
        let cancellable = list == "mine" && game.status == online::Status::Waiting;
        view! {
            <li data-testid="lobby-game" data-game-id=id.to_string()>
                <span class="online-game-options">{describe(l(), game.options, game.clock)}</span>
                " · "
                <span class="online-game-players">{players}</span>
                " "
                {action.map(|(testid, text)| view! {
                    <button class="button small" type="button" data-testid=testid on:click=move |_| {
                        if testid == "online-join" {
                            online.run("POST", format!("api/games/{id}/join"), Some(serde_json::json!({})), move |_: GameAnswer| online.show_game(id));
                        } else {
                            online.show_game(id);
                        }
                    }>{text}</button>
                })}
                {cancellable.then(|| view! {
                    <button class="button small" type="button" data-testid="online-cancel" on:click=move |_| {
                        online.run("POST", format!("api/games/{id}/cancel"), None, move |a: GameAnswer| {
                            online.lobby.update(|lobby| lobby.apply(a.game, online.me()));
                        });
                    }>{td_string!(l(), online_cancel)}</button>
                })}
            </li>
        }
    };
    let list = move |list: &'static str, title: String| {
        let games = online.lobby.with(|lobby| match list {
            "waiting" => lobby.waiting.clone(),
            "playing" => lobby.playing.clone(),
            _ => lobby.mine.clone(),
        });
        view! {
            <section class="online-list" data-testid=format!("lobby-{list}")>
                <h3>{title}</h3>
                {if games.is_empty() {
                    view! { <p class="hint">{td_string!(l(), online_none)}</p> }.into_any()
                } else {
                    view! { <ul>{games.into_iter().map(|g| row(g, list)).collect_view()}</ul> }.into_any()
                }}
            </section>
        }
    };
    view! {
        {move || if online.user.with(Option::is_some) {
            view! {
                <form class="online-create" data-testid="online-create-form" on:submit=move |e| { e.prevent_default(); create(()); }>
                    <label>{td_string!(l(), game)}" "
                        <select data-testid="online-game-choice" on:change=move |e| choice.set(event_target_value(&e).parse().unwrap_or(0))>
                            {Options::CHOICES.iter().enumerate().map(|(k, o)| view! {
                                <option value=k.to_string() selected=move || choice.get() == k>{describe(l(), *o, None).split(" · ").next().unwrap_or_default().to_string()}</option>
                            }).collect_view()}
                        </select>
                    </label>
                    " "
                    <label>{td_string!(l(), online_clock_label)}" "
                        <select data-testid="online-clock-choice" on:change=move |e| clock.set(event_target_value(&e).parse().unwrap_or(0))>
                            {CLOCKS.iter().enumerate().map(|(k, c)| view! {
                                <option value=k.to_string() selected=move || clock.get() == k>{match c {
                                    None => td_string!(l(), online_no_clock).to_string(),
                                    Some(c) => td_string!(l(), online_clock, minutes = c.minutes, increment = c.increment).to_string(),
                                }}</option>
                            }).collect_view()}
                        </select>
                    </label>
                    " "
                    <button class="button primary" type="submit" data-testid="online-create">{td_string!(l(), online_create)}</button>
                </form>
            }.into_any()
        } else {
            view! { <p class="hint">{td_string!(l(), online_login_first)}</p> }.into_any()
        }}
        {move || online.user.with(Option::is_some).then(|| list("mine", td_string!(l(), online_mine).to_string()))}
        {move || list("waiting", td_string!(l(), online_waiting).to_string())}
        {move || list("playing", td_string!(l(), online_playing).to_string())}
    }
}

fn board(online: Online, host: Host) -> impl IntoView {
    let l = move || host.locale();
    move || {
        online.board.get().map(|b| {
            let rule = td_string!(l(), online_rule, system = b.rule.system.clone(), start = b.rule.start, k = b.rule.k).to_string();
            view! {
                <section class="online-board leaderboard" data-testid="online-leaderboard">
                    <h3>{td_string!(l(), leader_board)}</h3>
                    <p class="hint" data-testid="online-rule">{rule}</p>
                    {if b.players.is_empty() {
                        view! { <p>{td_string!(l(), online_board_empty)}</p> }.into_any()
                    } else {
                        view! {
                            <table data-testid="online-board-table">
                                <thead><tr>
                                    <th scope="col">"#"</th>
                                    <th scope="col">{td_string!(l(), player)}</th>
                                    <th scope="col">{td_string!(l(), online_rating)}</th>
                                    <th scope="col">{td_string!(l(), lb_games)}</th>
                                    <th scope="col"><abbr title=td_string!(l(), lb_won)>{td_string!(l(), lb_won_short)}</abbr></th>
                                    <th scope="col"><abbr title=td_string!(l(), lb_drawn)>{td_string!(l(), lb_drawn_short)}</abbr></th>
                                    <th scope="col"><abbr title=td_string!(l(), lb_lost)>{td_string!(l(), lb_lost_short)}</abbr></th>
                                    <th scope="col"><abbr title=td_string!(l(), lb_differential)>"±"</abbr></th>
                                </tr></thead>
                                <tbody>
                                    {b.players.into_iter().map(|p| view! {
                                        <tr data-testid="online-board-row" data-player=p.name.clone()>
                                            <td>{p.rank.unwrap_or_default()}</td>
                                            <th scope="row">{p.name.clone()}</th>
                                            <td data-testid="online-board-rating">{p.rating.round()}</td>
                                            <td>{p.games.unwrap_or(p.wins + p.losses + p.draws)}</td>
                                            <td>{p.wins}</td>
                                            <td>{p.draws}</td>
                                            <td>{p.losses}</td>
                                            <td>{p.disc_diff}</td>
                                        </tr>
                                    }).collect_view()}
                                </tbody>
                            </table>
                        }.into_any()
                    }}
                </section>
            }
        })
    }
}
