//! The lobby: the form that creates a game, and the games waiting, being played and the
//! player's own, live over the lobby's socket.

use leptos::prelude::*;

use super::players::players_of;
use super::Online;
use crate::host::Host;
use crate::i18n::{td_string, Locale};
use crate::online::{self, Clock, Options, Route, Status, Summary, Variant};
use crate::say;

#[derive(serde::Deserialize)]
struct GameAnswer {
    game: Summary,
}

/// A game's options and clock, in words.
pub(super) fn describe(l: Locale, options: Options, clock: Option<Clock>) -> String {
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

pub(super) fn lobby(online: Online, host: Host) -> impl IntoView {
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
