//! The online part of the page, shown only when the Outflank server serves it: an account
//! (register, log in, log out), the lobby (live over its socket), creating, cancelling and
//! joining games, an open game ([`super::online_game`]), the server's leader board and each
//! player's page. Each view has its address ([`Route`]: `#online`, `#online=ID`,
//! `#online-board`, `#player=NAME`), so a reload reopens it and the browser's Back button
//! goes back through them. The hot-seat game stays as it was underneath. This component
//! holds signals and views; the data is [`crate::online`].

use leptos::ev;
use leptos::prelude::*;

use super::online_game::OnlineGame;
use crate::host::Host;
use crate::i18n::{td_string, Locale};
use crate::online::net::{self, Link, Socket};
use crate::online::{
    self, ApiError, Board, Clock, Incoming, Lobby, Options, Piece, PlayerPage, Route, Status,
    Summary, User, Variant, Verdict, NAME_MARKS,
};
use crate::say;

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
    /// Asks whether the server is there; if so, who is logged in and which view the
    /// address names. The view then follows the address (links, Back and Forward).
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
            online.follow_address();
        });
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

    fn me(&self) -> Option<i64> {
        self.user.with(|u| u.as_ref().map(|u| u.id))
    }

    /// Reads the logged-in account again (its rating and record change when a game ends).
    pub(super) fn refresh_me(self) {
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

/// A link to `name`'s page.
pub(super) fn player_link(name: String) -> impl IntoView {
    let href = Route::Player(name.clone()).hash();
    view! {
        <a class="online-player" data-testid="player-link" href=href>
            {name}
        </a>
    }
}

/// A sentence made with [`NAME_MARKS`] in place of `names`, each name a link to its page.
pub(super) fn with_names(text: String, names: [Option<String>; 2]) -> impl IntoView {
    online::pieces(&text)
        .into_iter()
        .map(|piece| match piece {
            Piece::Text(words) => words.into_any(),
            Piece::Name(n) => match names.get(n).cloned().flatten() {
                Some(name) => player_link(name).into_any(),
                None => "?".into_any(),
            },
        })
        .collect_view()
}

/// "ann against bob", or "created by ann" while nobody has joined, with links.
pub(super) fn players_of(l: Locale, game: &Summary) -> impl IntoView {
    let [a, b] = NAME_MARKS;
    let text = match game.name(1) {
        Some(_) => td_string!(l, online_vs, dark = a, light = b).to_string(),
        None => td_string!(l, online_by, name = a).to_string(),
    };
    let names = [0, 1].map(|i| game.name(i).map(str::to_string));
    with_names(text, names)
}

/// The online part: shown while `online.open`.
pub fn panel(online: Online, host: Host) -> impl IntoView {
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
        <Show when=move || online.open.get()>
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
        increment: 0,
    }),
    Some(Clock {
        minutes: 5.0,
        increment: 3,
    }),
    Some(Clock {
        minutes: 15.0,
        increment: 10,
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
            move |a: GameAnswer| online.go(Route::Game(a.game.id)),
        );
    };
    let row = move |game: Summary, list: &'static str| {
        let id = game.id;
        let me = online.me();
        let mine = me.is_some_and(|me| game.has_player(me));
        let action = match (list, mine) {
            ("waiting", false) if me.is_some() => {
                Some(("online-join", td_string!(l(), online_join).to_string()))
            }
            ("waiting", _) if !mine => None,
            ("playing", false) => Some(("online-watch", td_string!(l(), online_watch).to_string())),
            _ => Some(("online-open", td_string!(l(), online_resume).to_string())),
        };
        let cancellable = list == "mine" && game.status == Status::Waiting;
        view! {
            <li data-testid="lobby-game" data-game-id=id.to_string()>
                <span class="online-game-options">{describe(l(), game.options, game.control())}</span>
                " · "
                <span class="online-game-players">{players_of(l(), &game)}</span>
                " "
                {action.map(|(testid, text)| view! {
                    <button class="button small" type="button" data-testid=testid on:click=move |_| {
                        if testid == "online-join" {
                            online.run("POST", format!("api/games/{id}/join"), Some(serde_json::json!({})), move |_: GameAnswer| online.go(Route::Game(id)));
                        } else {
                            online.go(Route::Game(id));
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
                                            <th scope="row">{player_link(p.name.clone())}</th>
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

/// How a game on a player's page stands for that player: won, lost or drawn (and how), or
/// waiting, being played, cancelled.
fn standing(l: Locale, game: &Summary, seat: Option<usize>) -> String {
    let verdict = seat.and_then(|s| game.verdict(s));
    let mut text = match (game.status, verdict) {
        (Status::Waiting, _) => td_string!(l, online_waiting).to_string(),
        (Status::Playing, _) => td_string!(l, online_playing).to_string(),
        (Status::Cancelled, _) => td_string!(l, online_cancelled).to_string(),
        (Status::Finished, Some(Verdict::Won)) => td_string!(l, online_won).to_string(),
        (Status::Finished, Some(Verdict::Lost)) => td_string!(l, online_lost).to_string(),
        (Status::Finished, _) => td_string!(l, online_drawn).to_string(),
    };
    if let Some(result) = &game.result {
        let how = match result.reason.as_str() {
            "conceded" => Some(td_string!(l, online_reason_conceded)),
            "timeout" => Some(td_string!(l, online_reason_timeout)),
            "abandoned" => Some(td_string!(l, online_reason_abandoned)),
            _ => None,
        };
        if let Some(how) = how {
            text += &format!(" ({how})");
        }
        if matches!(game.options, Options::Reversi { .. }) && game.scores.len() == 2 {
            text += &format!(" {}-{}", game.scores[0], game.scores[1]);
        }
        if let (Some(changes), Some(seat)) = (result.rating_changes, seat) {
            text += &format!(" · {:+}", changes[seat]);
        }
    }
    text
}

fn player_page(online: Online, host: Host) -> impl IntoView {
    let l = move || host.locale();
    move || {
        online.player.get().map(|page| {
            let user = page.player;
            let name = user.name.clone();
            let record = td_string!(
                l(),
                online_record,
                wins = user.wins,
                draws = user.draws,
                losses = user.losses,
                diff = user.disc_diff
            )
            .to_string();
            let row = move |game: Summary| {
                let id = game.id;
                let seat = game.seat_of(&name);
                let open = match game.status {
                    Status::Finished => Some(td_string!(l(), online_replay)),
                    Status::Playing => Some(td_string!(l(), online_watch)),
                    Status::Waiting => Some(td_string!(l(), online_resume)),
                    Status::Cancelled => None,
                };
                view! {
                    <li data-testid="player-game" data-game-id=id.to_string() data-status=format!("{:?}", game.status).to_lowercase()>
                        <span class="online-game-options">{describe(l(), game.options, game.control())}</span>
                        " · "
                        <span class="online-game-players">{players_of(l(), &game)}</span>
                        " · "
                        <span data-testid="player-game-standing">{standing(l(), &game, seat)}</span>
                        " "
                        {open.map(|text| view! {
                            <button class="button small" type="button" data-testid="player-game-open" on:click=move |_| online.go(Route::Game(id))>
                                {text}
                            </button>
                        })}
                    </li>
                }
            };
            let games = page.games;
            view! {
                <section class="online-player-page online-list" data-testid="online-player" data-player=user.name.clone()>
                    <h3>{user.name.clone()}</h3>
                    <p data-testid="player-rating">{td_string!(l(), online_player_rating, rating = user.rating.round())}</p>
                    <p data-testid="player-record">{record}</p>
                    <h4>{td_string!(l(), lb_games)}</h4>
                    {if games.is_empty() {
                        view! { <p class="hint">{td_string!(l(), online_none)}</p> }.into_any()
                    } else {
                        view! { <ul>{games.into_iter().map(row).collect_view()}</ul> }.into_any()
                    }}
                </section>
            }
        })
    }
}
