//! The viewer's reactive handles, shared by its components through context. The state and
//! its rules are [`ViewerState`] (plain data, tested natively); `Ctx` holds it, mirrors its
//! fields into signals for the views, and carries out the [`Effects`] of each step: events to
//! the host through the [`Transport`], the move animation, announcements, refusals, timers.

use std::rc::Rc;
use std::time::Duration;

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use outflank_engine::{AnyGame, Game, Player, Square};

use super::audio;
use crate::anim::{self, Frame, Step};
use crate::i18n::Locale;
use crate::model;
use crate::protocol::{
    GameView, HostEvent, Preference, Preferences, Speed, ThemePref, ViewerEvent,
};
use crate::sound;
use crate::transport::Transport;
use crate::viewer_state::{Effects, ViewerState};

/// How long a move waits for the host's answer before the board is free again.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a refusal stays on screen.
const REFUSAL_SHOWN: Duration = Duration::from_millis(2500);

/// The viewer's handles (all `Copy`).
#[derive(Clone, Copy)]
pub struct Ctx {
    state: StoredValue<ViewerState>,
    transport: StoredValue<Rc<dyn Transport>, LocalStorage>,
    /// The latest state from the host.
    pub data: RwSignal<Option<GameView>>,
    /// The viewer's player; `None` for a spectator.
    pub player: RwSignal<Option<Player>>,
    /// The history position shown; `None` is the live game.
    pub view: RwSignal<Option<usize>>,
    /// The animation frame shown instead of the game, while a move is animated.
    pub frame: RwSignal<Option<Frame>>,
    /// A move was sent and its answer has not arrived yet.
    pub pending: RwSignal<bool>,
    pub prefs: RwSignal<Preferences>,
    host_dark: RwSignal<bool>,
    /// The players' pictures from the host, by player index.
    pub avatars: RwSignal<Vec<String>>,
    /// The last announcement for screen readers.
    pub announcement: RwSignal<String>,
    /// A visible cue that a click was refused, with why.
    pub refusal: RwSignal<Option<String>>,
    /// The keyboard cursor: index of the cell in reading order.
    pub cursor: RwSignal<usize>,
    pub reduced_motion: bool,
    pub hot_seat: bool,
    /// The page is being rendered to HTML at build time ([`super::Prerendering`]): the board
    /// is shown locked, as the page's code is not there yet to play a click.
    still: bool,
    /// The viewer's pending timers: replacing one cancels it, and all go with the viewer
    /// (a late timer never acts on a viewer that is gone).
    timers: StoredValue<Timers, LocalStorage>,
    /// The game shown: the live game or a history position.
    pub shown: Memo<Option<AnyGame>>,
    /// Pieces placed in the live game (the last history position).
    total: Memo<usize>,
}

impl Ctx {
    pub fn new(transport: Rc<dyn Transport>, hot_seat: bool, reduced_motion: bool) -> Ctx {
        audio::listen_for_gesture();
        let data: RwSignal<Option<GameView>> = RwSignal::new(None);
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
        // Until the host sends preferences, the browser's languages choose the words.
        let mut state = ViewerState::new(hot_seat);
        state.prefs.language = crate::storage::browser_language();
        let prefs = state.prefs;
        Ctx {
            state: StoredValue::new(state),
            transport: StoredValue::new_local(transport),
            data,
            player: RwSignal::new(None),
            view,
            frame: RwSignal::new(None),
            pending: RwSignal::new(false),
            prefs: RwSignal::new(prefs),
            host_dark: RwSignal::new(false),
            avatars: RwSignal::new(Vec::new()),
            announcement: RwSignal::new(String::new()),
            refusal: RwSignal::new(None),
            cursor: RwSignal::new(0),
            reduced_motion,
            hot_seat,
            still: use_context::<super::Prerendering>().is_some(),
            timers: StoredValue::new_local(Timers::default()),
            shown,
            total,
        }
    }

    /// The viewer's language (tracked: words change as soon as it does).
    pub fn locale(&self) -> Locale {
        self.prefs.with(|p| p.language.into())
    }

    /// One step of the reducer: `f` changes the state, the signals follow, the effects run.
    /// (Nothing once the viewer is gone, e.g. from a late timer.)
    fn step(&self, f: impl FnOnce(&mut ViewerState) -> Effects) {
        let Some(fx) = self.state.try_update_value(f) else {
            return;
        };
        self.mirror();
        self.run(fx);
    }

    /// Sets each signal whose value the state changed.
    fn mirror(&self) {
        self.state.with_value(|s| {
            if self.data.with_untracked(|d| d != &s.data) {
                self.data.set(s.data.clone());
            }
            set_if_changed(self.player, s.player);
            set_if_changed(self.view, s.view);
            set_if_changed(self.pending, s.pending.is_some());
            set_if_changed(self.prefs, s.prefs);
            set_if_changed(self.host_dark, s.host_dark);
            if self.avatars.with_untracked(|a| a != &s.avatars) {
                self.avatars.set(s.avatars.clone());
            }
        });
    }

    fn run(&self, fx: Effects) {
        if fx.stop_animation {
            self.cancel_animation();
        }
        if let Some(before) = fx.animate_from {
            let speed = self.speed_untracked();
            let (steps, cues) = self.data.with_untracked(|d| {
                d.as_ref()
                    .map(|d| {
                        (
                            anim::plan(&before, &d.game, speed),
                            sound::cues(&before, &d.game, speed),
                        )
                    })
                    .unwrap_or_default()
            });
            self.animate(steps);
            let (on, volume) = self.prefs.with_untracked(|p| (p.sound, p.volume));
            if on {
                audio::play(&cues, volume);
            }
        }
        if fx.reset_cursor {
            let n = self
                .data
                .with_untracked(|d| d.as_ref().map_or(8, |d| d.game.size()));
            let mid = usize::from((n - 1) / 2);
            self.cursor.set(mid * usize::from(n) + mid);
        }
        if let Some(line) = fx.announce {
            self.announcement.set(line);
        }
        if let Some(why) = fx.refusal {
            self.refuse(why);
        }
        if let Some(warning) = fx.warning {
            leptos::logging::warn!("outflank: {warning}");
        }
        if fx.wait_for_answer {
            let on = self.state.with_value(|s| s.pending.and_then(|p| p.on));
            let ctx = *self;
            let timer = after(ANSWER_TIMEOUT, move || ctx.step(|s| s.no_answer(on)));
            self.timers.update_value(|t| t.answer = timer);
        }
        for event in fx.send {
            self.send(event);
        }
        if fx.ready {
            // From a macrotask, once this state is in the DOM. Not from an animation frame:
            // a host keeps the frame hidden until `ready`, and a hidden cross-origin frame
            // gets no animation frames, so `ready` would never come.
            let ctx = *self;
            let timer = after(Duration::ZERO, move || ctx.send(ViewerEvent::Ready));
            self.timers.update_value(|t| t.ready = timer);
        }
    }

    fn send(&self, event: ViewerEvent) {
        if let Some(transport) = self.transport.try_get_value() {
            transport.send(event);
        }
    }

    /// A host event.
    pub fn on_host_event(&self, event: HostEvent) {
        self.step(|s| s.on_host_event(event));
    }

    pub fn busy(&self) -> bool {
        self.still || self.frame.with(Option::is_some) || self.pending.get()
    }

    fn animating(&self) -> bool {
        self.frame.with_untracked(Option::is_some)
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

    fn speed_untracked(&self) -> Speed {
        untrack(|| self.speed())
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

    /// The squares the viewer's player may play in the position shown, busy or not (none
    /// while historical): the board marks them legal while it is not busy, and a cell's
    /// label and tooltip say so busy or not, so that they stay put while a move is under way.
    pub fn playable(&self) -> Vec<Square> {
        if !self.my_turn() {
            return Vec::new();
        }
        self.data
            .with(|d| d.as_ref().map(|d| d.game.legal_moves()).unwrap_or_default())
    }

    /// Shows why a click did nothing, for a moment.
    fn refuse(&self, why: String) {
        leptos::logging::log!("outflank: {why}");
        self.refusal.set(Some(why));
        let refusal = self.refusal;
        let timer = after(REFUSAL_SHOWN, move || refusal.set(None));
        self.timers.update_value(|t| t.refusal = timer);
    }

    /// A click (or Enter) on `square`.
    pub fn play(&self, square: Square) {
        let animating = self.animating();
        self.step(|s| s.play(square, animating));
    }

    pub fn concede(&self) {
        let animating = self.animating();
        self.step(|s| s.concede(animating));
    }

    /// Shows history position `ply` (the live game at or past the last move).
    pub fn goto(&self, ply: usize) {
        self.step(|s| s.goto(ply));
    }

    /// A history button or key: "init", "prev", "next", "now".
    pub fn history(&self, key: &str) {
        self.step(|s| s.history(key));
    }

    /// (the history position shown, the last position).
    pub fn position(&self) -> (usize, usize) {
        let total = self.total.get();
        (self.view.get().unwrap_or(total), total)
    }

    pub fn set_preference(&self, preference: Preference) {
        self.step(|s| s.set_preference(preference));
    }

    pub fn player_clicked(&self, player: Player) {
        self.step(|s| s.player_clicked(player));
    }

    fn cancel_animation(&self) {
        self.timers.update_value(|t| t.animation = None);
        if self.frame.with_untracked(Option::is_some) {
            self.frame.set(None);
        }
    }

    fn animate(&self, steps: Vec<Step>) {
        self.cancel_animation();
        if !steps.is_empty() {
            show_frame(*self, Rc::new(steps), 0);
        }
    }
}

/// The viewer's timers (gloo-timers: dropping one cancels it).
#[derive(Default)]
struct Timers {
    /// The next frame of the move animation.
    animation: Option<Timeout>,
    /// The end of the refusal cue.
    refusal: Option<Timeout>,
    /// Giving up on the host's answer to a move.
    answer: Option<Timeout>,
    /// `ready`, once.
    ready: Option<Timeout>,
}

/// A timer running `f` after `delay`; none natively, where the page is only rendered
/// ([`crate::js::IN_BROWSER`]).
fn after(delay: Duration, f: impl FnOnce() + 'static) -> Option<Timeout> {
    crate::js::IN_BROWSER
        .then(|| Timeout::new(u32::try_from(delay.as_millis()).unwrap_or(u32::MAX), f))
}

fn set_if_changed<T: PartialEq + Clone + Send + Sync + 'static>(signal: RwSignal<T>, value: T) {
    if signal.with_untracked(|v| v != &value) {
        signal.set(value);
    }
}

/// Shows frame `i` of an animation, then the next after its hold (the live game at the end).
fn show_frame(ctx: Ctx, steps: Rc<Vec<Step>>, i: usize) {
    let Some(s) = steps.get(i) else {
        ctx.frame.set(None);
        return;
    };
    ctx.frame.set(Some(s.frame.clone()));
    let hold = Duration::from_millis(u64::from(s.hold_ms));
    let timer = after(hold, move || show_frame(ctx, steps, i + 1));
    ctx.timers.update_value(|t| t.animation = timer);
}
