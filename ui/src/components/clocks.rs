//! The players' clocks above the board, in a game with a time control. The host keeps the
//! time ([`crate::clock::Clocks`] in the hot-seat backend); this view reads it ten times a
//! second, lights the running clock, shows low time, and tells the host when a flag has
//! fallen ([`Action::Flag`]) and when the page is hidden or shown again ([`Action::Pause`],
//! [`Action::Resume`]: the host pauses only if the players chose so). The faces themselves
//! ([`clock_faces`]) and the low-time cue ([`warn_low_time`]) are an online game's too.

use leptos::ev;
use leptos::prelude::*;
use outflank_engine::{Game, Player};

use crate::backend::Action;
use crate::clock;
use crate::components::audio;
use crate::host::Host;
use crate::i18n::{td_string, Locale};
use crate::js::now_ms;
use crate::model;
use crate::protocol::Preferences;
use crate::sound::{Cue, Timed};

#[component]
pub fn ClockBar(host: Host) -> impl IntoView {
    let now = RwSignal::new(now_ms());
    // Which players' low time has sounded, so it sounds once each time a clock enters it.
    let warned = StoredValue::new([false; 2]);
    let tick = move || {
        let t = now_ms();
        let Some(running) = host.with(|h| h.clocks().and_then(|c| c.running())) else {
            return;
        };
        now.set(t);
        if host.with(|h| h.fallen(t)).is_some() {
            host.stop_thinking();
            let _ = host.apply(Action::Flag);
            return;
        }
        let low = host.with(|h| h.clocks().is_some_and(|c| c.low(running, t)));
        warn_low_time(warned, running, low, &host.prefs());
    };
    let interval = StoredValue::new_local(Some(gloo_timers::callback::Interval::new(100, tick)));
    let visibility = window_event_listener(ev::visibilitychange, move |_| {
        let action = if document().hidden() {
            Action::Pause
        } else {
            Action::Resume
        };
        // Refused when the players did not choose to pause, or nothing runs: nothing to do.
        let _ = host.apply(action);
        now.set(now_ms());
    });
    // A game saved while hidden and paused goes on once the page shows it.
    request_animation_frame(move || {
        if !document().hidden() && host.apply(Action::Resume).is_ok() {
            now.set(now_ms());
        }
    });
    on_cleanup(move || {
        interval.update_value(|i| drop(i.take()));
        visibility.remove();
    });

    let name = move |player: Player| {
        host.version.track();
        host.with(|h| model::name_and_colour(host.locale(), h.data(), player))
    };
    let face = move |player: Player| {
        host.version.track();
        let t = now.get();
        host.with(|h| {
            h.clocks().map(|c| Face {
                left: c.left(player, t),
                running: c.running() == Some(player),
                low: c.low(player, t),
                fallen: matches!(
                    h.game().resigned(),
                    Some(outflank_engine::Resignation::OutOfTime(p)) if p == player
                ),
                paused: c.paused() && h.game().to_move() == Some(player),
            })
        })
    };
    clock_faces(move || host.locale(), name, face)
}

/// What one clock shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Face {
    /// Time left, in ms.
    pub left: u64,
    pub running: bool,
    pub low: bool,
    /// The player lost on time.
    pub fallen: bool,
    pub paused: bool,
}

/// Sounds the low-time cue (if the player hears sounds) once each time `player`'s clock
/// enters low time; `warned` keeps whose clocks have sounded.
pub fn warn_low_time(
    warned: StoredValue<[bool; 2]>,
    player: Player,
    low: bool,
    prefs: &Preferences,
) {
    let sounded = warned.with_value(|w| w[player.index()]);
    warned.update_value(|w| w[player.index()] = low);
    if low && !sounded && prefs.sound {
        audio::play(
            &[Timed {
                at_ms: 0,
                cue: Cue::LowTime,
            }],
            prefs.volume,
        );
    }
}

/// Both players' clocks, each with its player's `name` and its [`Face`] (`None`: no clock),
/// both read for each player and followed as they change.
pub fn clock_faces(
    locale: impl Fn() -> Locale + Copy + Send + Sync + 'static,
    name: impl Fn(Player) -> String + Copy + Send + Sync + 'static,
    face: impl Fn(Player) -> Option<Face> + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let face_of = move |player: Player| {
        let name = move || name(player);
        let part = move |pick: fn(Face) -> bool| move || face(player).is_some_and(pick);
        view! {
            <div
                class="clock"
                data-testid=format!("clock-{}", player.index())
                role="timer"
                aria-label=move || td_string!(locale(), clock_of, who = name()).to_string()
                data-running=move || part(|f| f.running)().to_string()
                data-low=move || part(|f| f.low)().to_string()
                data-flag=move || part(|f| f.fallen)().to_string()
            >
                <span class="clock-name">{name}</span>
                <span class="clock-face" data-testid=format!("clock-face-{}", player.index())>
                    {move || face(player).map(|f| clock::face(f.left)).unwrap_or_default()}
                </span>
                <span class="clock-note">
                    {move || {
                        if part(|f| f.fallen)() {
                            td_string!(locale(), time_up)
                        } else if part(|f| f.paused)() {
                            td_string!(locale(), paused)
                        } else {
                            ""
                        }
                    }}
                </span>
            </div>
        }
    };
    view! {
        <section class="clocks" aria-label=move || td_string!(locale(), clocks) data-testid="clocks">
            {face_of(Player::First)}
            {face_of(Player::Second)}
        </section>
    }
}
