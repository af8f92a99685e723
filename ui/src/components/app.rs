//! The hot-seat page: the host's part (seed 003's local.ts) around the viewer. It owns the
//! local backend, wires it to the viewer's emitter, autosaves, and offers what only a host
//! can do: a new game (or a pasted record), undo, renaming players.

use leptos::ev;
use leptos::prelude::*;
use outflank_engine::{Game, GameKind, GameOptions, Player, Variant};
use serde_json::{json, Value};

use super::hints::{exact_label, HintView, Hints};
use super::viewer::Viewer;
use std::cell::RefCell;
use std::rc::Rc;

use crate::ai::{Request, Response};
use crate::ai_worker::AiWorker;
use crate::backend::{self, HotSeat, Opponent, Out};
use crate::emitter::Emitter;
use crate::model::{colour_name, game_title};
use crate::protocol::{self, host, viewer};
use crate::storage::{self, Loaded};

/// The host's handles (all `Copy`).
#[derive(Clone, Copy)]
struct Host {
    backend: StoredValue<Rc<RefCell<HotSeat>>, LocalStorage>,
    emitter: StoredValue<Emitter, LocalStorage>,
    /// Bumped whenever the backend changes, for the host's own controls.
    version: RwSignal<u64>,
    /// The computer opponent's worker, and whether it is thinking now.
    ai: StoredValue<AiWorker, LocalStorage>,
    thinking: RwSignal<bool>,
    notice: RwSignal<Option<String>>,
}

impl Host {
    fn send(&self, events: Vec<Out>) {
        let emitter = self.emitter.get_value();
        for (name, payload) in events {
            emitter.emit(name, &payload);
        }
    }

    /// Runs `f` on the backend, saves, then sends what it returned.
    fn change(&self, f: impl FnOnce(&mut HotSeat) -> Vec<Out>) {
        let mut events = Vec::new();
        self.backend.with_value(|b| {
            let mut b = b.borrow_mut();
            events = f(&mut b);
            storage::save_game(&b);
        });
        self.version.update(|v| *v += 1);
        self.send(events);
    }

    fn with<T>(&self, f: impl FnOnce(&HotSeat) -> T) -> T {
        self.backend.with_value(|b| f(&b.borrow()))
    }

    /// If it is the computer's turn, asks its worker for a move and plays it when it comes
    /// (then looks again: the person may have to pass). The page stays live meanwhile.
    fn think(self) {
        let Some(Opponent { level, .. }) = self.with(HotSeat::computer_to_move) else {
            self.thinking.set(false);
            return;
        };
        if self.ai.with_value(AiWorker::busy) {
            return;
        }
        let game = self.with(|h| h.game().clone());
        let seed = game.log().len() as u64;
        self.thinking.set(true);
        self.ai.get_value().ask(
            move |id| Request::Move {
                id,
                game,
                level,
                seed,
            },
            move |answer| {
                self.thinking.set(false);
                match answer {
                    Response::Move { square, .. } => {
                        let mut failed = None;
                        self.change(|b| {
                            b.play_computer(square).unwrap_or_else(|e| {
                                failed = Some(e.to_string());
                                Vec::new()
                            })
                        });
                        match failed {
                            None => self.think(),
                            Some(e) => leptos::logging::warn!(
                                "outflank: the computer's move {square}: {e}"
                            ),
                        }
                    }
                    Response::Error { message, .. } => {
                        self.notice
                            .set(Some(format!("The computer could not move: {message}")));
                    }
                    Response::Exact { .. } => {}
                }
            },
        );
    }

    /// Stops the computer's search (a new game, an undo).
    fn stop_thinking(self) {
        self.ai.with_value(AiWorker::cancel);
        self.thinking.set(false);
    }
}

/// What the New game dialog edits.
#[derive(Clone, PartialEq, Debug)]
struct Setup {
    game: GameKind,
    size: u8,
    bombs: bool,
    exact_five: bool,
    names: [String; 2],
    /// The second name's player moves first (the names swap seats).
    second_starts: bool,
    record: String,
    /// Against the computer: which player it is, and its level.
    computer: Option<Player>,
    level: u8,
}

impl Setup {
    fn of(h: &HotSeat) -> Setup {
        let o = h.game().options();
        Setup {
            game: o.game,
            size: o.size.unwrap_or(3),
            bombs: o.variant == Some(Variant::Bombs),
            exact_five: o.exact_five.unwrap_or(false),
            names: [0, 1].map(|i| {
                h.data()
                    .players
                    .get(i)
                    .map(|p| p.name.clone())
                    .unwrap_or_default()
            }),
            second_starts: false,
            record: String::new(),
            computer: h.computer().map(|c| c.player),
            level: h.computer().map_or(5, |c| c.level),
        }
    }

    fn sizes(game: GameKind) -> &'static [u8] {
        match game {
            GameKind::Reversi => &[6, 8, 10],
            GameKind::Gomoku => &[15, 19],
            GameKind::TicTacToe => &[3],
        }
    }

    fn options(&self) -> GameOptions {
        match self.game {
            GameKind::Reversi => GameOptions {
                game: self.game,
                size: Some(self.size),
                variant: Some(if self.bombs {
                    Variant::Bombs
                } else {
                    Variant::Standard
                }),
                exact_five: None,
            },
            GameKind::Gomoku => GameOptions {
                game: self.game,
                size: Some(self.size),
                variant: None,
                exact_five: Some(self.exact_five),
            },
            GameKind::TicTacToe => GameOptions {
                game: self.game,
                ..GameOptions::default()
            },
        }
    }

    fn build(&self) -> Result<HotSeat, String> {
        let [a, b] = &self.names;
        let mut names = if self.second_starts && self.computer.is_none() {
            [b.to_string(), a.to_string()]
        } else {
            [a.to_string(), b.to_string()]
        };
        if let Some(c) = self.computer {
            if names[c.index()].trim().is_empty() {
                names[c.index()] = format!("Computer (level {})", self.level);
            }
        }
        let computer = self.computer.map(|player| Opponent {
            player,
            level: self.level,
        });
        HotSeat::new(
            &self.options(),
            [names[0].as_str(), names[1].as_str()],
            &self.record,
        )
        .and_then(|h| h.with_computer(computer))
        .map_err(|e| e.to_string())
    }
}

fn prefers_dark() -> bool {
    window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

#[component]
pub fn App() -> impl IntoView {
    let (initial, notice) = match storage::load_game() {
        Loaded::Nothing => (HotSeat::default(), None),
        Loaded::Game(game) => (game, None),
        Loaded::Corrupt(reason) => {
            leptos::logging::warn!("outflank: the saved game could not be read ({reason})");
            (
                HotSeat::default(),
                Some("The saved game could not be read: a new game was started.".to_string()),
            )
        }
    };
    let emitter = Emitter::new();
    let notice = RwSignal::new(notice);
    let host = Host {
        backend: StoredValue::new_local(Rc::new(RefCell::new(initial))),
        emitter: StoredValue::new_local(emitter.clone()),
        version: RwSignal::new(0),
        ai: StoredValue::new_local(AiWorker::new()),
        thinking: RwSignal::new(false),
        notice,
    };
    let dialog = RwSignal::new(None::<Setup>);
    let rename = RwSignal::new(None::<(Player, String)>);
    let prefs = StoredValue::new(storage::load_prefs());

    // The backend's side of the protocol; every move is saved.
    backend::attach(
        &emitter,
        host.backend.get_value(),
        move |b, name| {
            if name == viewer::MOVE {
                storage::save_game(b);
                host.version.update(|v| *v += 1);
                // The person's move is in: the computer's turn, perhaps (after the events).
                request_animation_frame(move || host.think());
            }
        },
        |w| leptos::logging::warn!("outflank: {w}"),
    );
    emitter.on(
        viewer::UPDATE_PREFERENCE,
        move |payload| match protocol::parse_preference(payload) {
            Ok((name, value)) => prefs.update_value(|p| {
                if p.set(&name, &value).is_ok() {
                    storage::save_prefs(p);
                }
            }),
            Err(e) => leptos::logging::warn!("outflank: {e}"),
        },
    );
    emitter.on(viewer::PLAYER_CLICKED, move |payload| {
        if let Ok(player) = protocol::parse_player_clicked(payload) {
            let name = host.with(|h| h.data().name(player).unwrap_or_default());
            rename.set(Some((player, name)));
        }
    });

    // Hints: the host asks its own worker (the computer's stays free) and the board shows
    // the answer until the game changes.
    let hints = RwSignal::new(HintView::default());
    provide_context(Hints(hints));
    let hint_ai = StoredValue::new_local(AiWorker::new());
    let hint_busy = RwSignal::new(false);
    let hint_text = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        host.version.track();
        hint_ai.with_value(AiWorker::cancel);
        hint_busy.set(false);
        hints.set(HintView::default());
        hint_text.set(None);
    });
    let can_hint = Memo::new(move |_| {
        host.version.track();
        let mine = host.with(|h| h.computer_to_move().is_none() && !h.game().ended());
        mine && !host.thinking.get() && !hint_busy.get()
    });
    let can_exact = Memo::new(move |_| {
        host.version.track();
        can_hint.get()
            && host.with(|h| match h.game() {
                outflank_engine::AnyGame::Reversi(r) => {
                    r.options().variant == Variant::Standard
                        && r.position().board().empty().count_ones() <= crate::ai::EXACT_FROM
                }
                _ => false,
            })
    });
    let ask_hint = move |exact: bool| {
        let game = host.with(|h| h.game().clone());
        hint_busy.set(true);
        hint_text.set(Some(
            if exact {
                "Solving the endgame…"
            } else {
                "Looking for the best move…"
            }
            .to_string(),
        ));
        hint_ai.get_value().ask(
            move |id| {
                if exact {
                    Request::Exact { id, game }
                } else {
                    Request::Hint { id, game }
                }
            },
            move |answer| {
                hint_busy.set(false);
                match answer {
                    Response::Move {
                        square,
                        score,
                        exact,
                        ..
                    } => {
                        let how = if exact {
                            format!("exactly {}", exact_label(score / 100))
                        } else {
                            format!("about {:+.1} discs", f64::from(score) / 100.0)
                        };
                        hint_text.set(Some(format!("Best move: {square} ({how})")));
                        hints.set(HintView {
                            best: Some(square),
                            exact: Vec::new(),
                        });
                    }
                    Response::Exact { scores, .. } => {
                        let list: Vec<String> = scores
                            .iter()
                            .map(|(sq, v)| format!("{sq} {}", exact_label(*v)))
                            .collect();
                        hint_text.set(Some(format!("Exact final scores: {}", list.join(", "))));
                        hints.set(HintView {
                            best: scores.first().map(|(sq, _)| *sq),
                            exact: scores,
                        });
                    }
                    Response::Error { message, .. } => {
                        hint_text.set(Some(format!("No hint: {message}")))
                    }
                }
            },
        );
    };

    let viewer = view! { <Viewer emitter=emitter.clone() hot_seat=true /> };

    // What a host sends a freshly mounted viewer.
    host.send(vec![
        (
            host::PREFERENCES,
            serde_json::to_value(prefs.get_value()).unwrap_or(Value::Null),
        ),
        (host::THEME, json!({ "dark": prefers_dark() })),
    ]);
    host.send(host.with(HotSeat::start_events));
    // A game saved while the computer was to move goes on.
    host.think();

    let can_undo = Memo::new(move |_| {
        host.version.track();
        host.with(HotSeat::can_undo)
    });
    let undo = move |_| {
        if host.with(HotSeat::can_undo) {
            host.stop_thinking();
            host.change(|b| b.undo().unwrap_or_default());
            host.think();
        }
    };
    let thinking_name = move || {
        host.version.track();
        host.with(|h| {
            h.computer()
                .and_then(|c| h.data().name(c.player))
                .unwrap_or_else(|| "The computer".to_string())
        })
    };
    let open_new = move |_| dialog.set(Some(host.with(Setup::of)));

    view! {
        <main class="page">
            <header class="top">
                <h1 class="title">"Outflank"</h1>
                // The computer's and the hints' news, in the header's free space (no layout shift).
                <div class="host-status">
                    <p class="thinking" data-testid="thinking" role="status" aria-live="polite">
                        {move || host.thinking.get().then(|| format!("{} is thinking…", thinking_name()))}
                    </p>
                    <p class="hint-text" data-testid="hint-text" role="status" aria-live="polite">
                        {move || hint_text.get()}
                    </p>
                </div>
                <nav class="host-controls" aria-label="Game">
                    <button class="button" type="button" data-testid="new-game" on:click=open_new>
                        "New game"
                    </button>
                    <button
                        class="button"
                        type="button"
                        data-testid="undo"
                        disabled=move || !can_undo.get()
                        on:click=undo
                    >
                        "Undo"
                    </button>
                    <button
                        class="button"
                        type="button"
                        data-testid="hint"
                        disabled=move || !can_hint.get()
                        on:click=move |_| ask_hint(false)
                    >
                        "Hint"
                    </button>
                    <Show when=move || can_exact.get() || hints.with(|h| !h.exact.is_empty())>
                        <button
                            class="button"
                            type="button"
                            data-testid="exact-scores"
                            disabled=move || !can_exact.get()
                            on:click=move |_| ask_hint(true)
                        >
                            "Exact scores"
                        </button>
                    </Show>
                </nav>
            </header>
            {move || notice.get().map(|text| view! {
                <p class="notice" data-testid="notice" role="alert">
                    {text}
                    <button type="button" class="button small" on:click=move |_| notice.set(None)>"Dismiss"</button>
                </p>
            })}
            {viewer}
            {move || dialog.get().map(|setup| view! { <NewGameDialog setup=setup dialog=dialog host=host notice=notice /> })}
            {move || rename.get().map(|(player, name)| view! { <RenameDialog player=player name=name rename=rename host=host /> })}
        </main>
    }
}

/// Gives the focus back to the control that opened a dialog, once it has closed.
fn refocus(testid: String) {
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
fn escape_closes(close: impl Fn() + 'static) -> impl Fn(ev::KeyboardEvent) {
    move |e: ev::KeyboardEvent| {
        if e.key() == "Escape" {
            e.prevent_default();
            close();
        }
    }
}

#[component]
fn NewGameDialog(
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
        match s.with_untracked(Setup::build) {
            Ok(game) => {
                notice.set(None);
                close();
                host.stop_thinking();
                host.change(|b| b.replace(game));
                host.think();
            }
            Err(why) => error.set(Some(why)),
        }
    };
    let kind = Memo::new(move |_| s.with(|s| s.game));
    let colours =
        move |i: usize| colour_name(kind.get(), Player::from_index(i).unwrap_or(Player::First));
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
                                view! { <option value=value>{game_title(g)}</option> }
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
                    "Moves to replay (optional: paste a record such as f5d6c3)"
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
fn RenameDialog(
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
        host.change(|b| b.rename(player, &name));
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
                <h2 id="rename-title">{format!("Name of the {} player", colour_name(kind, player).to_lowercase())}</h2>
                <label>
                    "Name "
                    <input
                        type="text"
                        node_ref=input
                        data-testid="rename-input"
                        maxlength=protocol::MAX_NAME.to_string()
                        placeholder=colour_name(kind, player)
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
