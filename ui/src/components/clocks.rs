//! The players' clocks above the board, in a game with a time control. The host keeps the
//! time ([`crate::clock::Clocks`] in the hot-seat backend); this view reads it ten times a
//! second, lights the running clock, shows low time, and tells the host when a flag has
//! fallen ([`Action::Flag`]) and when the page is hidden or shown again ([`Action::Pause`],
//! [`Action::Resume`]: the host pauses only if the players chose so).

use leptos::ev;
use leptos::prelude::*;
use outflank_engine::{Game, Player};

use crate::backend::Action;
use crate::clock::face;
use crate::components::audio;
use crate::host::Host;
use crate::i18n::td_string;
use crate::js::now_ms;
use crate::model;
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
        let sounded = warned.with_value(|w| w[running.index()]);
        warned.update_value(|w| w[running.index()] = low);
        if low && !sounded {
            let prefs = host.prefs();
            if prefs.sound {
                audio::play(
                    &[Timed {
                        at_ms: 0,
                        cue: Cue::LowTime,
                    }],
                    prefs.volume,
                );
            }
        }
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

    let face_of = move |player: Player| {
        let name = move || {
            host.version.track();
            host.with(|h| model::name_and_colour(host.locale(), h.data(), player))
        };
        // What the clock shows: (time left, running, low, fallen, paused).
        let state = move || {
            host.version.track();
            let t = now.get();
            host.with(|h| {
                h.clocks().map(|c| {
                    let left = c.left(player, t);
                    let lost = matches!(
                        h.game().resigned(),
                        Some(outflank_engine::Resignation::OutOfTime(p)) if p == player
                    );
                    let to_move = h.game().to_move() == Some(player);
                    (
                        left,
                        c.running() == Some(player),
                        c.low(player, t),
                        lost,
                        c.paused() && to_move,
                    )
                })
            })
        };
        let part = move |pick: fn((u64, bool, bool, bool, bool)) -> bool| {
            move || state().is_some_and(pick)
        };
        view! {
            <div
                class="clock"
                data-testid=format!("clock-{}", player.index())
                role="timer"
                aria-label=move || td_string!(host.locale(), clock_of, who = name()).to_string()
                data-running=move || part(|s| s.1)().to_string()
                data-low=move || part(|s| s.2)().to_string()
                data-flag=move || part(|s| s.3)().to_string()
            >
                <span class="clock-name">{name}</span>
                <span class="clock-face" data-testid=format!("clock-face-{}", player.index())>
                    {move || state().map(|s| face(s.0)).unwrap_or_default()}
                </span>
                <span class="clock-note">
                    {move || {
                        if part(|s| s.3)() {
                            td_string!(host.locale(), time_up)
                        } else if part(|s| s.4)() {
                            td_string!(host.locale(), paused)
                        } else {
                            ""
                        }
                    }}
                </span>
            </div>
        }
    };
    view! {
        <section class="clocks" aria-label="Clocks" data-testid="clocks">
            {face_of(Player::First)}
            {face_of(Player::Second)}
        </section>
    }
}
