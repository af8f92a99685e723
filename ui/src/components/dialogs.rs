//! The hot-seat page's dialogs: New game (the game, size, variant, a set-up position, names,
//! who starts, a record, the computer's seat and level, the clocks) and a player's name. Both change the game only
//! through the host's reducer.

use leptos::ev;
use leptos::prelude::*;
use outflank_engine::{GameKind, Player};

use super::editor::{say_problem, PositionEditor};
use crate::backend::Action;
use crate::clock::TimeControl;
use crate::host::setup::Setup;
use crate::host::Host;
use crate::i18n::td_string;
use crate::js;
use crate::protocol;

/// Gives the focus back to the control that opened a dialog, once it has closed.
pub(super) fn refocus(testid: String) {
    request_animation_frame(move || {
        let selector = format!("[data-testid=\"{testid}\"]");
        if let Some(el) = document().query_selector(&selector).ok().flatten() {
            if let Ok(el) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el) {
                let _ = el.focus();
            }
        }
    });
}

/// Closes a dialog on Escape.
pub(super) fn escape_closes(close: impl Fn() + 'static) -> impl Fn(ev::KeyboardEvent) {
    move |e: ev::KeyboardEvent| {
        if e.key() == "Escape" {
            e.prevent_default();
            close();
        }
    }
}

#[component]
pub fn NewGameDialog(
    setup: Setup,
    dialog: RwSignal<bool>,
    host: Host,
    notice: RwSignal<Option<String>>,
) -> impl IntoView {
    let s = RwSignal::new(setup);
    let error = RwSignal::new(None::<String>);
    let first = NodeRef::<leptos::html::Select>::new();
    request_animation_frame(move || {
        if let Some(el) = first.get_untracked() {
            let _ = el.focus();
        }
    });
    let close = move || {
        dialog.set(false);
        refocus("new-game".into());
    };
    let start = move |e: ev::SubmitEvent| {
        e.prevent_default();
        // A set-up that cannot start a game says why in the page's language; nothing starts.
        if let Some(problem) = s.with_untracked(Setup::position_problem) {
            error.set(Some(say_problem(host.locale_untracked(), &problem)));
            return;
        }
        match s.with_untracked(|s| s.build(js::now_ms(), host.locale_untracked())) {
            Ok(game) => {
                notice.set(None);
                close();
                host.replace(game);
            }
            Err(why) => error.set(Some(why)),
        }
    };
    let kind = Memo::new(move |_| s.with(|s| s.game));
    let colours = move |i: usize| {
        crate::say::colour(
            host.locale(),
            kind.get(),
            Player::from_index(i).unwrap_or(Player::First),
        )
    };
    let set_game = move |e: ev::Event| {
        let game = match event_target_value(&e).as_str() {
            "gomoku" => GameKind::Gomoku,
            "tictactoe" => GameKind::TicTacToe,
            _ => GameKind::Reversi,
        };
        s.update(|s| {
            s.game = game;
            if !Setup::sizes(game).contains(&s.size) {
                s.size = match game {
                    GameKind::Reversi => 8,
                    GameKind::Gomoku => 19,
                    GameKind::TicTacToe => 3,
                };
            }
        });
    };
    let game_value = move || match kind.get() {
        GameKind::Reversi => "reversi",
        GameKind::Gomoku => "gomoku",
        GameKind::TicTacToe => "tictactoe",
    };
    let name_input = move |i: usize| {
        view! {
            <label>
                {move || if i == 0 {
                    td_string!(host.locale(), first_player_of, colour = colours(i)).to_string()
                } else {
                    td_string!(host.locale(), second_player_of, colour = colours(i)).to_string()
                }}
                <input
                    type="text"
                    data-testid=format!("name-input-{i}")
                    maxlength=protocol::MAX_NAME.to_string()
                    placeholder=move || colours(i)
                    prop:value=move || s.with(|s| s.names[i].clone())
                    on:input=move |e| s.update(|s| s.names[i] = event_target_value(&e))
                />
            </label>
        }
    };
    view! {
        <div class="backdrop">
            <form
                class="dialog"
                role="dialog"
                aria-modal="true"
                aria-labelledby="new-game-title"
                on:submit=start
                on:keydown=escape_closes(close)
            >
                <h2 id="new-game-title">{move || td_string!(host.locale(), new_game)}</h2>
                <label>
                    {move || td_string!(host.locale(), dlg_game)}" "
                    <select node_ref=first data-testid="game-select" prop:value=game_value on:change=set_game>
                        {[GameKind::Reversi, GameKind::Gomoku, GameKind::TicTacToe]
                            .map(|g| {
                                let value = match g {
                                    GameKind::Reversi => "reversi",
                                    GameKind::Gomoku => "gomoku",
                                    GameKind::TicTacToe => "tictactoe",
                                };
                                view! { <option value=value>{move || crate::say::game_name(host.locale(), g)}</option> }
                            })
                            .collect_view()}
                    </select>
                </label>
                <Show when=move || kind.get() != GameKind::TicTacToe>
                    <label>
                        {move || td_string!(host.locale(), dlg_board)}" "
                        <select
                            data-testid="size-select"
                            prop:value=move || s.with(|s| s.size.to_string())
                            on:change=move |e| {
                                if let Ok(n) = event_target_value(&e).parse() {
                                    s.update(|s| s.set_size(n));
                                }
                            }
                        >
                            {move || Setup::sizes(kind.get())
                                .iter()
                                .map(|n| view! { <option value=n.to_string()>{format!("{n} × {n}")}</option> })
                                .collect_view()}
                        </select>
                    </label>
                </Show>
                // A set-up position is played with the standard rules: no choice then.
                <Show when=move || kind.get() == GameKind::Reversi && s.with(|s| s.position.is_none())>
                    <label>
                        {move || td_string!(host.locale(), dlg_rules)}" "
                        <select
                            data-testid="variant-select"
                            prop:value=move || if s.with(|s| s.bombs) { "bombs" } else { "standard" }
                            on:change=move |e| s.update(|s| s.bombs = event_target_value(&e) == "bombs")
                        >
                            <option value="standard">{move || td_string!(host.locale(), rules_standard)}</option>
                            <option value="bombs">{move || td_string!(host.locale(), rules_bombs)}</option>
                        </select>
                    </label>
                </Show>
                <Show when=move || kind.get() == GameKind::Reversi>
                    <label>
                        <input
                            type="checkbox"
                            data-testid="setup-position"
                            prop:checked=move || s.with(|s| s.position.is_some())
                            on:change=move |e| s.update(|s| s.edit_position(event_target_checked(&e)))
                        />
                        " "{move || td_string!(host.locale(), setup_position)}
                    </label>
                </Show>
                <Show when=move || kind.get() == GameKind::Reversi && s.with(|s| s.position.is_some())>
                    <PositionEditor s=s host=host />
                </Show>
                <Show when=move || kind.get() == GameKind::Gomoku>
                    <label>
                        <input
                            type="checkbox"
                            prop:checked=move || s.with(|s| s.exact_five)
                            on:change=move |e| s.update(|s| s.exact_five = event_target_checked(&e))
                        />
                        " "{move || td_string!(host.locale(), exact_five)}
                    </label>
                </Show>
                <label>
                    {move || td_string!(host.locale(), opponent)}" "
                    <select
                        data-testid="opponent-select"
                        prop:value=move || if s.with(|s| s.computer.is_some()) { "computer" } else { "person" }
                        on:change=move |e| s.update(|s| {
                            s.computer = (event_target_value(&e) == "computer").then_some(Player::Second);
                        })
                    >
                        <option value="person">{move || td_string!(host.locale(), opponent_person)}</option>
                        <option value="computer">{move || td_string!(host.locale(), opponent_computer)}</option>
                    </select>
                </label>
                <Show when=move || s.with(|s| s.computer.is_some())>
                    <label>
                        {move || td_string!(host.locale(), you_play)}" "
                        <select
                            data-testid="side-select"
                            prop:value=move || if s.with(|s| s.computer == Some(Player::First)) { "second" } else { "first" }
                            on:change=move |e| s.update(|s| {
                                s.computer = Some(if event_target_value(&e) == "second" { Player::First } else { Player::Second });
                            })
                        >
                            <option value="first">{move || td_string!(host.locale(), you_first, colour = colours(0)).to_string()}</option>
                            <option value="second">{move || td_string!(host.locale(), computer_first, colour = colours(1)).to_string()}</option>
                        </select>
                    </label>
                    <label>
                        {move || td_string!(host.locale(), level)}" "
                        <select
                            data-testid="level-select"
                            prop:value=move || s.with(|s| s.level.to_string())
                            on:change=move |e| {
                                if let Ok(n) = event_target_value(&e).parse() {
                                    s.update(|s| s.level = n);
                                }
                            }
                        >
                            {(1..=11u8)
                                .map(|n| {
                                    let label = match n {
                                        1 => td_string!(host.locale_untracked(), level_beginner).to_string(),
                                        11 => td_string!(host.locale_untracked(), level_expert).to_string(),
                                        n => n.to_string(),
                                    };
                                    view! { <option value=n.to_string()>{label}</option> }
                                })
                                .collect_view()}
                        </select>
                    </label>
                </Show>
                <label>
                    {move || td_string!(host.locale(), clocks)}" "
                    <select
                        data-testid="clock-select"
                        prop:value=move || s.with(|s| s.clock.map(TimeControl::key).unwrap_or_default())
                        on:change=move |e| s.update(|s| s.clock = TimeControl::from_key(&event_target_value(&e)))
                    >
                        <option value="">{move || td_string!(host.locale(), clocks_none)}</option>
                        {TimeControl::CHOICES
                            .into_iter()
                            .map(|c| {
                                let label = match c.increment {
                                    0 => td_string!(host.locale_untracked(), per_player, time = c.label()).to_string(),
                                    _ => td_string!(host.locale_untracked(), per_player_move, time = c.label()).to_string(),
                                };
                                view! { <option value=c.key()>{label}</option> }
                            })
                            .collect_view()}
                    </select>
                </label>
                <Show when=move || s.with(|s| s.clock.is_some())>
                    <label>
                        <input
                            type="checkbox"
                            data-testid="pause-hidden"
                            prop:checked=move || s.with(|s| s.pause_when_hidden)
                            on:change=move |e| s.update(|s| s.pause_when_hidden = event_target_checked(&e))
                        />
                        " "{move || td_string!(host.locale(), pause_hidden)}
                    </label>
                </Show>
                {name_input(0)}
                {name_input(1)}
                <Show when=move || s.with(|s| s.computer.is_none())>
                <label>
                    {move || td_string!(host.locale(), who_starts)}" "
                    <select
                        data-testid="starts-select"
                        prop:value=move || if s.with(|s| s.second_starts) { "second" } else { "first" }
                        on:change=move |e| s.update(|s| s.second_starts = event_target_value(&e) == "second")
                    >
                        <option value="first">
                            {move || s.with(|s| if s.names[0].trim().is_empty() { td_string!(host.locale(), first_player).to_string() } else { s.names[0].clone() })}
                        </option>
                        <option value="second">
                            {move || s.with(|s| if s.names[1].trim().is_empty() { td_string!(host.locale(), second_player).to_string() } else { s.names[1].clone() })}
                        </option>
                    </select>
                </label>
                </Show>
                <label>
                    {move || td_string!(host.locale(), replay_moves)}
                    <textarea
                        data-testid="record-input"
                        rows="2"
                        prop:value=move || s.with(|s| s.record.clone())
                        on:input=move |e| s.update(|s| s.record = event_target_value(&e))
                    ></textarea>
                </label>
                {move || error.get().map(|e| view! { <p class="error" data-testid="new-game-error" role="alert">{e}</p> })}
                <div class="dialog-buttons">
                    <button type="button" class="button" on:click=move |_| close()>{move || td_string!(host.locale(), cancel)}</button>
                    <button type="submit" class="button primary" data-testid="new-game-start">{move || td_string!(host.locale(), start)}</button>
                </div>
            </form>
        </div>
    }
}

#[component]
pub fn RenameDialog(
    player: Player,
    name: String,
    rename: RwSignal<Option<(Player, String)>>,
    host: Host,
) -> impl IntoView {
    let value = RwSignal::new(name);
    let input = NodeRef::<leptos::html::Input>::new();
    request_animation_frame(move || {
        if let Some(el) = input.get_untracked() {
            let _ = el.focus();
            el.select();
        }
    });
    let close = move || {
        rename.set(None);
        refocus(format!("name-{}", player.index()));
    };
    let kind = host.with(|h| h.game().kind());
    let save = move |e: ev::SubmitEvent| {
        e.prevent_default();
        let name = value.get_untracked();
        close();
        if let Err(e) = host.apply(Action::Rename(player, name)) {
            leptos::logging::warn!("outflank: rename: {}", e.reason);
        }
    };
    view! {
        <div class="backdrop">
            <form
                class="dialog"
                role="dialog"
                aria-modal="true"
                aria-labelledby="rename-title"
                on:submit=save
                on:keydown=escape_closes(close)
            >
                <h2 id="rename-title">{move || td_string!(host.locale(), rename_title, colour = crate::say::colour(host.locale(), kind, player).to_lowercase()).to_string()}</h2>
                <label>
                    {move || td_string!(host.locale(), name)}" "
                    <input
                        type="text"
                        node_ref=input
                        data-testid="rename-input"
                        maxlength=protocol::MAX_NAME.to_string()
                        placeholder=move || crate::say::colour(host.locale(), kind, player)
                        prop:value=move || value.get()
                        on:input=move |e| value.set(event_target_value(&e))
                    />
                </label>
                <div class="dialog-buttons">
                    <button type="button" class="button" on:click=move |_| close()>{move || td_string!(host.locale(), cancel)}</button>
                    <button type="submit" class="button primary" data-testid="rename-save">{move || td_string!(host.locale(), save)}</button>
                </div>
            </form>
        </div>
    }
}
