//! The viewer: everything inside `[data-outflank-viewer]`. It knows the game only from
//! the host's events on its [`Emitter`] and answers only with viewer events (`move`,
//! `fetchState`, `ready`, ...), so the hot-seat page and an embedding host drive the same
//! code.

use std::rc::Rc;
use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;
use outflank_engine::{AnyGame, Game, Move, Player, Square};
use serde_json::Value;

use super::board::Board;
use super::panels::PlayerPanel;
use super::side::{HistoryBar, MoveList, PrefsPanel, StatsPanel};
use crate::anim::{self, Frame, Step};
use crate::emitter::Emitter;
use crate::model;
use crate::protocol::{
    host, GameData, HostEvent, LogSlice, Preferences, Speed, ThemePref, ViewerEvent,
};
use crate::replay;

/// The viewer's reactive state, shared by its components (all handles are `Copy`).
#[derive(Clone, Copy)]
pub struct Ctx {
    /// The latest state from the host.
    pub data: RwSignal<Option<GameData>>,
    /// The viewer's player; `None` for a spectator.
    pub player: RwSignal<Option<Player>>,
    /// The history position shown; `None` is the live game.
    pub view: RwSignal<Option<usize>>,
    /// The animation frame shown instead of the game, while a move is animated.
    pub frame: RwSignal<Option<Frame>>,
    /// A move was sent and its new state has not arrived yet.
    pub pending: RwSignal<bool>,
    pub prefs: RwSignal<Preferences>,
    pub host_dark: RwSignal<bool>,
    /// The players' pictures from the host (`avatars`), by player index.
    pub avatars: RwSignal<Vec<String>>,
    /// The last announcement for screen readers.
    pub announcement: RwSignal<String>,
    /// A visible cue that a click was refused, with why.
    pub refusal: RwSignal<Option<String>>,
    /// The keyboard cursor: index of the cell in reading order.
    pub cursor: RwSignal<usize>,
    pub reduced_motion: bool,
    pub hot_seat: bool,
    emitter: StoredValue<Emitter, LocalStorage>,
    /// Bumped to cancel the steps of an animation that is no longer wanted.
    generation: StoredValue<u64>,
    refusal_generation: StoredValue<u64>,
    /// The game shown: the live game or a history position.
    pub shown: Memo<Option<AnyGame>>,
    /// Pieces placed in the live game (the last history position).
    total: Memo<usize>,
}

impl Ctx {
    fn new(emitter: Emitter, hot_seat: bool, reduced_motion: bool) -> Ctx {
        let data: RwSignal<Option<GameData>> = RwSignal::new(None);
        let view: RwSignal<Option<usize>> = RwSignal::new(None);
        let shown = Memo::new(move |_| {
            let ply = view.get();
            data.with(|d| {
                let d = d.as_ref()?;
                match ply {
                    None => Some(d.game.clone()),
                    Some(k) => model::game_at(&d.game, k).ok(),
                }
            })
        });
        let total =
            Memo::new(move |_| data.with(|d| d.as_ref().map_or(0, |d| model::move_count(&d.game))));
        Ctx {
            total,
            data,
            player: RwSignal::new(None),
            view,
            frame: RwSignal::new(None),
            pending: RwSignal::new(false),
            prefs: RwSignal::new(Preferences::default()),
            host_dark: RwSignal::new(false),
            avatars: RwSignal::new(Vec::new()),
            announcement: RwSignal::new(String::new()),
            refusal: RwSignal::new(None),
            cursor: RwSignal::new(0),
            reduced_motion,
            hot_seat,
            emitter: StoredValue::new_local(emitter),
            generation: StoredValue::new(0),
            refusal_generation: StoredValue::new(0),
            shown,
        }
    }

    /// Emits a viewer event (nothing once the viewer is gone, e.g. from a late timer).
    pub fn emit(&self, event: ViewerEvent) {
        if let Some(emitter) = self.emitter.try_get_value() {
            emitter.emit(event.name(), &event.payload());
        }
    }

    pub fn busy(&self) -> bool {
        self.frame.with(Option::is_some) || self.pending.get()
    }

    pub fn historical(&self) -> bool {
        self.view.with(Option::is_some)
    }

    /// The animation speed in force (`prefers-reduced-motion` turns it off).
    pub fn speed(&self) -> Speed {
        if self.reduced_motion {
            Speed::Off
        } else {
            self.prefs.with(|p| p.speed)
        }
    }

    pub fn dark(&self) -> bool {
        match self.prefs.with(|p| p.theme) {
            ThemePref::Auto => self.host_dark.get(),
            ThemePref::Dark => true,
            ThemePref::Light => false,
        }
    }

    /// Whether the viewer's own player may act on the live position now.
    pub fn my_turn(&self) -> bool {
        let player = self.player.get();
        player.is_some()
            && !self.historical()
            && self
                .data
                .with(|d| d.as_ref().and_then(|d| d.game.to_move()))
                == player
    }

    /// The squares the viewer's player may play right now (none while busy or historical).
    pub fn legal(&self) -> Vec<Square> {
        if !self.my_turn() || self.busy() {
            return Vec::new();
        }
        self.data
            .with(|d| d.as_ref().map(|d| d.game.legal_moves()).unwrap_or_default())
    }

    /// Shows why a click did nothing, for a moment.
    pub fn refuse(&self, why: impl Into<String>) {
        let why = why.into();
        leptos::logging::log!("outflank: {why}");
        self.refusal.set(Some(why));
        let generation = self.refusal_generation.get_value() + 1;
        self.refusal_generation.set_value(generation);
        let (refusal, gen) = (self.refusal, self.refusal_generation);
        set_timeout(
            move || {
                if gen.try_get_value() == Some(generation) {
                    refusal.set(None);
                }
            },
            Duration::from_millis(2500),
        );
    }

    /// A click (or Enter) on `square`: a move if it is legal for the viewer's player on the
    /// live position and nothing is under way; otherwise a visible refusal.
    pub fn play(&self, square: Square) {
        if self.historical() {
            return self.refuse("Historical view: go to the current position (End) to play.");
        }
        if self.busy() {
            return self.refuse("Wait: the last move is still being shown.");
        }
        let Some(player) = self.player.get_untracked() else {
            return self.refuse("You are watching: spectators cannot play.");
        };
        let Some((to_move, legal, piece)) = self.data.with_untracked(|d| {
            d.as_ref().map(|d| {
                (
                    d.game.to_move(),
                    d.game.legal_moves().contains(&square),
                    d.game.piece(square),
                )
            })
        }) else {
            return;
        };
        if to_move.is_none() {
            return self.refuse("The game is over.");
        }
        if to_move != Some(player) {
            return self.refuse("It is not your turn.");
        }
        if !legal {
            if piece.is_none() {
                self.refuse(format!("{square} is not a legal move."));
            }
            return;
        }
        self.send_move(Move::Place(square));
    }

    /// Emits a move and waits for the host's new state (busy meanwhile); a host that
    /// never answers frees the board again after a while, with a visible notice.
    fn send_move(&self, mv: Move) {
        self.pending.set(true);
        let generation = self.generation.get_value();
        let ctx = *self;
        set_timeout(
            move || {
                if ctx.pending.try_get_untracked() == Some(true)
                    && ctx.generation.try_get_value() == Some(generation)
                {
                    ctx.pending.set(false);
                    ctx.refuse("The move got no answer from the game host.");
                }
            },
            Duration::from_secs(10),
        );
        self.emit(ViewerEvent::Move(mv));
    }

    pub fn concede(&self) {
        let Some(player) = self.player.get_untracked() else {
            return;
        };
        let ok = self.my_turn()
            && !self.busy()
            && self.data.with_untracked(|d| {
                d.as_ref()
                    .is_some_and(|d| model::can_concede(&d.game, player))
            });
        if ok {
            self.send_move(Move::Concede);
        }
    }

    /// Shows history position `ply` (the live game at or past the last move).
    pub fn goto(&self, ply: usize) {
        self.show(ply, None);
    }

    /// Shows history position `ply` and tells the host where that is in its log: at `index`
    /// when the host asked for that log item (`replay:to`), else at the position's own.
    fn show(&self, ply: usize, index: Option<usize>) {
        let total = self
            .data
            .with_untracked(|d| d.as_ref().map_or(0, |d| model::move_count(&d.game)));
        self.cancel_animation();
        let view = (ply < total).then_some(ply);
        if self.view.get_untracked() != view {
            self.view.set(view);
        }
        // A host counts positions in log indexes (see `replay`).
        let info = self.data.with_untracked(|d| {
            d.as_ref().map(|d| ViewerEvent::ReplayInfo {
                start: 0,
                current: index.unwrap_or_else(|| replay::stop(&d.game, ply.min(total))),
                end: replay::last_index(&d.game),
            })
        });
        if let Some(info) = info {
            self.emit(info);
        }
    }

    /// (the history position shown, the last position).
    pub fn position(&self) -> (usize, usize) {
        let total = self.total.get();
        (self.view.get().unwrap_or(total), total)
    }

    pub fn history(&self, key: &str) {
        let (current, total) = self.position();
        match key {
            "init" => self.goto(0),
            "prev" => self.goto(current.saturating_sub(1)),
            "next" => self.goto(current + 1),
            "now" => self.goto(total),
            _ => {}
        }
    }

    fn cancel_animation(&self) {
        self.generation.set_value(self.generation.get_value() + 1);
        if self.frame.with_untracked(Option::is_some) {
            self.frame.set(None);
        }
    }

    fn run(&self, steps: Vec<Step>) {
        self.cancel_animation();
        if steps.is_empty() {
            return;
        }
        let generation = self.generation.get_value();
        step(*self, Rc::new(steps), 0, generation);
    }

    pub fn set_preference(&self, name: &str, value: Value) {
        let mut prefs = self.prefs.get_untracked();
        match prefs.set(name, &value) {
            Ok(()) => {
                self.prefs.set(prefs);
                self.emit(ViewerEvent::UpdatePreference {
                    name: name.to_string(),
                    value,
                });
            }
            Err(e) => leptos::logging::warn!("outflank: {e}"),
        }
    }

    /// A new state from the host.
    fn on_state(&self, new: GameData) {
        self.pending.set(false);
        let old = self.data.get_untracked();
        if old.as_ref() == Some(&new) {
            return;
        }
        // A platform's states only move forward: an earlier state of the game on show arrived
        // out of order, and the newer position stays. (The hot-seat page's undo is the one
        // host that goes back.)
        if !self.hot_seat {
            if let Some(o) = &old {
                if o.game.log().len() > new.game.log().len()
                    && model::extends(&new.game, &o.game).is_some()
                {
                    leptos::logging::warn!("outflank: ignored a state older than the one shown");
                    return;
                }
            }
        }
        let first = old.is_none();
        let known = old
            .as_ref()
            .and_then(|o| model::extends(&o.game, &new.game));
        let steps = match (&old, self.view.get_untracked()) {
            (Some(o), None) if known.is_some() => anim::plan(&o.game, &new.game, self.speed()),
            _ => Vec::new(),
        };
        if known.is_none() {
            // Another game (new, undone, loaded): leave any history position.
            self.view.set(None);
        }
        let line = known.and_then(|k| model::announce(&new, k));
        if first || known.is_none() {
            let n = new.game.size();
            self.cursor
                .set(usize::from((n - 1) / 2) * usize::from(n) + usize::from((n - 1) / 2));
        }
        self.data.set(Some(new));
        self.run(steps);
        if let Some(line) = line {
            self.announcement.set(line.clone());
            self.emit(ViewerEvent::AddLog(vec![line]));
        }
        if first {
            // From a macrotask, once this state is in the DOM. Not from an animation frame:
            // a host keeps the frame hidden until `ready`, and a hidden cross-origin frame
            // gets no animation frames, so `ready` would never come.
            let ctx = *self;
            set_timeout(move || ctx.emit(ViewerEvent::Ready), Duration::ZERO);
        }
    }

    /// New log items from the host: played on the game on show when they follow on from
    /// it (no round trip); otherwise the viewer asks for the whole state.
    fn on_gamelog(&self, slice: LogSlice) {
        let applied = self.data.with_untracked(|d| {
            let d = d.as_ref()?;
            let game = replay::apply_log(&d.game, slice.start?, &slice.items)?;
            Some(GameData {
                game,
                players: d.players.clone(),
            })
        });
        match applied {
            Some(new) => self.on_state(new),
            None => self.emit(ViewerEvent::FetchState),
        }
    }

    fn on_event(&self, event: HostEvent) {
        match event {
            HostEvent::State(data) => self.on_state(*data),
            HostEvent::StateUpdated => self.emit(ViewerEvent::FetchState),
            HostEvent::Gamelog(slice) => self.on_gamelog(slice),
            HostEvent::Player(p) => {
                if self.player.get_untracked() != p {
                    self.player.set(p);
                }
            }
            HostEvent::Preferences(value) => {
                let mut prefs = self.prefs.get_untracked();
                if let Err(e) = prefs.merge(&value) {
                    leptos::logging::warn!("outflank: preferences: {e}");
                }
                self.prefs.set(prefs);
            }
            HostEvent::Avatars(urls) => self.avatars.set(urls),
            HostEvent::ReplayStart => self.goto(0),
            HostEvent::ReplayTo(index) => {
                let at = self.data.with_untracked(|d| {
                    d.as_ref().map(|d| {
                        let index = index.min(replay::last_index(&d.game));
                        (replay::ply_at(&d.game, index), index)
                    })
                });
                if let Some((ply, index)) = at {
                    self.show(ply, Some(index));
                }
            }
            HostEvent::ReplayEnd => self.goto(usize::MAX),
            HostEvent::Theme { dark } => self.host_dark.set(dark),
        }
    }
}

fn step(ctx: Ctx, steps: Rc<Vec<Step>>, i: usize, generation: u64) {
    if ctx.generation.try_get_value() != Some(generation) {
        return;
    }
    let Some(s) = steps.get(i) else {
        ctx.frame.set(None);
        return;
    };
    ctx.frame.set(Some(s.frame.clone()));
    let hold = s.hold_ms;
    set_timeout(
        move || step(ctx, steps, i + 1, generation),
        Duration::from_millis(u64::from(hold)),
    );
}

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
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// The viewer, driven through `emitter`. `hot_seat` words the status line for two people
/// sharing the screen ("Dark must play a disc" rather than "You must play a disc").
#[component]
pub fn Viewer(emitter: Emitter, #[prop(optional)] hot_seat: bool) -> impl IntoView {
    let ctx = Ctx::new(emitter.clone(), hot_seat, prefers_reduced_motion());
    provide_context(ctx);

    let mut ids = Vec::new();
    for name in host::ALL {
        ids.push(
            emitter.on(name, move |payload| match HostEvent::parse(name, payload) {
                Ok(event) => ctx.on_event(event),
                Err(e) => leptos::logging::warn!("outflank: ignored host event: {e}"),
            }),
        );
    }
    // Cleanups run before the owner's stored values are dropped.
    on_cleanup(move || {
        if let Some(emitter) = ctx.emitter.try_get_value() {
            for id in ids {
                emitter.off(id);
            }
        }
    });

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
                return "Waiting for the game…".to_string();
            };
            if ctx.historical() {
                return format!("Historical view: move {current} of {total}");
            }
            model::status(d, &d.game, ctx.player.get(), ctx.hot_seat)
        })
    };
    let ended = Memo::new(move |_| {
        ctx.data
            .with(|d| d.as_ref().is_some_and(|d| d.game.ended()))
    });
    let can_concede = Memo::new(move |_| {
        let Some(p) = ctx.player.get() else {
            return false;
        };
        ctx.my_turn()
            && !busy.get()
            && ctx
                .data
                .with(|d| d.as_ref().is_some_and(|d| model::can_concede(&d.game, p)))
    });
    let title = move || {
        ctx.data.with(|d| {
            d.as_ref()
                .map(|d| model::game_title(d.game.kind()))
                .unwrap_or("Game")
        })
    };

    view! {
        <div
            class=root_class
            style=style
            node_ref=root
            data-outflank-viewer=""
            data-busy=move || if busy.get() { "true" } else { "false" }
            data-game=move || ctx.data.with(|d| d.as_ref().map(|d| format!("{:?}", d.game.kind()).to_lowercase()))
        >
            <h2 class="sr-only">{title}</h2>
            <section class="players" aria-label="Players">
                <PlayerPanel player=Player::First />
                <PlayerPanel player=Player::Second />
            </section>
            <p class="status" data-testid="status">{status}</p>
            {move || ctx.refusal.get().map(|why| view! {
                <p class="refusal" data-testid="refusal" role="alert">{why}</p>
            })}
            <div class="play-area">
                <Board />
                <aside class="side">
                    <HistoryBar />
                    <div class="actions">
                        <button
                            type="button"
                            class="button"
                            data-testid="concede"
                            disabled=move || !can_concede.get()
                            title="Give up the game (on your turn, while behind)"
                            on:click=move |_| ctx.concede()
                        >
                            "Concede"
                        </button>
                        <PrefsPanel />
                    </div>
                    <MoveList />
                </aside>
            </div>
            <Show when=move || ended.get() && !ctx.historical() && !busy.get()>
                <StatsPanel />
            </Show>
            <p class="sr-only" aria-live="polite" data-testid="announcer">{move || ctx.announcement.get()}</p>
        </div>
    }
}
