//! The hot-seat page's dialogs: New game (the game, size, variant, names, who starts, a
//! record, the computer's seat and level, the clocks) and a player's name. Both change the game only
//! through the host's reducer.

use leptos::ev;
use leptos::prelude::*;
use outflank_engine::{GameKind, Player};

use crate::backend::Action;
use crate::clock::TimeControl;
use crate::host::setup::Setup;
use crate::host::Host;
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
    dialog: RwSignal<Option<Setup>>,
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
        dialog.set(None);
        refocus("new-game".into());
    };
    let start = move |e: ev::SubmitEvent| {
        e.prevent_default();
        match s.with_untracked(|s| s.build(js::now_ms())) {
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
        kind.get()
            .colour(Player::from_index(i).unwrap_or(Player::First))
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
                {move || format!("{} player ({})", if i == 0 { "First" } else { "Second" }, colours(i))}
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
                <h2 id="new-game-title">"New game"</h2>
                <label>
                    "Game "
                    <select node_ref=first data-testid="game-select" prop:value=game_value on:change=set_game>
                        {[GameKind::Reversi, GameKind::Gomoku, GameKind::TicTacToe]
                            .map(|g| {
                                let value = match g {
                                    GameKind::Reversi => "reversi",
                                    GameKind::Gomoku => "gomoku",
                                    GameKind::TicTacToe => "tictactoe",
                                };
                                view! { <option value=value>{g.name()}</option> }
                            })
                            .collect_view()}
                    </select>
                </label>
                <Show when=move || kind.get() != GameKind::TicTacToe>
                    <label>
                        "Board "
                        <select
                            data-testid="size-select"
                            prop:value=move || s.with(|s| s.size.to_string())
                            on:change=move |e| {
                                if let Ok(n) = event_target_value(&e).parse() {
                                    s.update(|s| s.size = n);
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
                <Show when=move || kind.get() == GameKind::Reversi>
                    <label>
                        "Rules "
                        <select
                            data-testid="variant-select"
                            prop:value=move || if s.with(|s| s.bombs) { "bombs" } else { "standard" }
                            on:change=move |e| s.update(|s| s.bombs = event_target_value(&e) == "bombs")
                        >
                            <option value="standard">"Standard: flip outflanked discs"</option>
                            <option value="bombs">"Bombs: toggle all 8 neighbours"</option>
                        </select>
                    </label>
                </Show>
                <Show when=move || kind.get() == GameKind::Gomoku>
                    <label>
                        <input
                            type="checkbox"
                            prop:checked=move || s.with(|s| s.exact_five)
                            on:change=move |e| s.update(|s| s.exact_five = event_target_checked(&e))
                        />
                        " Exactly five (an overline does not win)"
                    </label>
                </Show>
                <label>
                    "Opponent "
                    <select
                        data-testid="opponent-select"
                        prop:value=move || if s.with(|s| s.computer.is_some()) { "computer" } else { "person" }
                        on:change=move |e| s.update(|s| {
                            s.computer = (event_target_value(&e) == "computer").then_some(Player::Second);
                        })
                    >
                        <option value="person">"A person on this screen (hot-seat)"</option>
                        <option value="computer">"The computer"</option>
                    </select>
                </label>
                <Show when=move || s.with(|s| s.computer.is_some())>
                    <label>
                        "You play "
                        <select
                            data-testid="side-select"
                            prop:value=move || if s.with(|s| s.computer == Some(Player::First)) { "second" } else { "first" }
                            on:change=move |e| s.update(|s| {
                                s.computer = Some(if event_target_value(&e) == "second" { Player::First } else { Player::Second });
                            })
                        >
                            <option value="first">{move || format!("{} (you move first)", colours(0))}</option>
                            <option value="second">{move || format!("{} (the computer moves first)", colours(1))}</option>
                        </select>
                    </label>
                    <label>
                        "Level "
                        <select
                            data-testid="level-select"
                            prop:value=move || s.with(|s| s.level.to_string())
                            on:change=move |e| {
                                if let Ok(n) = event_target_value(&e).parse() {
                                    s.update(|s| s.level = n);
                                }
                            }
                        >
                            {(1..=10u8)
                                .map(|n| {
                                    let label = match n {
                                        1 => "1 (beginner)".to_string(),
                                        10 => "10 (full strength)".to_string(),
                                        n => n.to_string(),
                                    };
                                    view! { <option value=n.to_string()>{label}</option> }
                                })
                                .collect_view()}
                        </select>
                    </label>
                </Show>
                <label>
                    "Clocks "
                    <select
                        data-testid="clock-select"
                        prop:value=move || s.with(|s| s.clock.map(TimeControl::key).unwrap_or_default())
                        on:change=move |e| s.update(|s| s.clock = TimeControl::from_key(&event_target_value(&e)))
                    >
                        <option value="">"None"</option>
                        {TimeControl::CHOICES
                            .into_iter()
                            .map(|c| {
                                let label = match c.increment {
                                    0 => format!("{} per player", c.label()),
                                    _ => format!("{} per player and move", c.label()),
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
                        " Stop the clocks while the page is hidden"
                    </label>
                </Show>
                {name_input(0)}
                {name_input(1)}
                <Show when=move || s.with(|s| s.computer.is_none())>
                <label>
                    "Who starts "
                    <select
                        data-testid="starts-select"
                        prop:value=move || if s.with(|s| s.second_starts) { "second" } else { "first" }
                        on:change=move |e| s.update(|s| s.second_starts = event_target_value(&e) == "second")
                    >
                        <option value="first">
                            {move || s.with(|s| if s.names[0].trim().is_empty() { "First player".to_string() } else { s.names[0].clone() })}
                        </option>
                        <option value="second">
                            {move || s.with(|s| if s.names[1].trim().is_empty() { "Second player".to_string() } else { s.names[1].clone() })}
                        </option>
                    </select>
                </label>
                </Show>
                <label>
                    "Moves to replay (optional: paste a record such as f5d6c3, or a GGF game)"
                    <textarea
                        data-testid="record-input"
                        rows="2"
                        prop:value=move || s.with(|s| s.record.clone())
                        on:input=move |e| s.update(|s| s.record = event_target_value(&e))
                    ></textarea>
                </label>
                {move || error.get().map(|e| view! { <p class="error" data-testid="new-game-error" role="alert">{e}</p> })}
                <div class="dialog-buttons">
                    <button type="button" class="button" on:click=move |_| close()>"Cancel"</button>
                    <button type="submit" class="button primary" data-testid="new-game-start">"Start"</button>
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
                <h2 id="rename-title">{format!("Name of the {} player", kind.colour(player).to_ascii_lowercase())}</h2>
                <label>
                    "Name "
                    <input
                        type="text"
                        node_ref=input
                        data-testid="rename-input"
                        maxlength=protocol::MAX_NAME.to_string()
                        placeholder=kind.colour(player)
                        prop:value=move || value.get()
                        on:input=move |e| value.set(event_target_value(&e))
                    />
                </label>
                <div class="dialog-buttons">
                    <button type="button" class="button" on:click=move |_| close()>"Cancel"</button>
                    <button type="submit" class="button primary" data-testid="rename-save">"Save"</button>
                </div>
            </form>
        </div>
    }
}
