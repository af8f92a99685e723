//! An online game in the viewer: the viewer's events go to the game's WebSocket and the
//! server's come back to its [`Inbox`] ([`crate::online::parse`] reads them, at the socket's
//! edge). The socket reopens when it closes; on each opening the server says the seat, the
//! game and its state again, so a lost connection or a reload shows the game as it is.
//! Above the board, a game with a clock shows both clocks ([`clock_faces`], the hot-seat
//! game's), counting down from the server's last word. The viewer's preferences are the
//! page's: a change made here is saved, and shown in the hot-seat game, as one made there.

use std::rc::{Rc, Weak};

use leptos::prelude::*;
use outflank_engine::Player;

use super::players::players_of;
use super::Online;
use crate::components::app::prefers_dark;
use crate::components::clocks::{clock_faces, warn_low_time, Face};
use crate::components::viewer::Viewer;
use crate::hints::{HintView, Hints};
use crate::host::Host;
use crate::i18n::td_string;
use crate::js::now_ms;
use crate::online::net::{Link, Socket};
use crate::online::{self, Incoming, Status, Summary};
use crate::protocol::{HostEvent, PreferencesUpdate, ViewerEvent};
use crate::review::Reviewed;
use crate::say;
use crate::transport::{Inbox, Transport};

/// The viewer's way to the game's socket, and to the page's preferences.
struct SocketTransport {
    socket: Weak<Socket>,
    host: Host,
}

impl Transport for SocketTransport {
    fn send(&self, event: ViewerEvent) {
        if let ViewerEvent::UpdatePreference(preference) = event {
            // The hot-seat host keeps the page's preferences (it saves them and follows the
            // language); its viewer shows the change too.
            self.host.send(ViewerEvent::UpdatePreference(preference));
            self.host
                .inbox()
                .deliver(HostEvent::Preferences(PreferencesUpdate {
                    set: vec![preference],
                    bad: Vec::new(),
                }));
            return;
        }
        // Replays and the like stay in the page: the server has no use for them.
        if let (Some(socket), Some(text)) = (self.socket.upgrade(), online::encode(&event)) {
            socket.send(&text);
        }
    }
}

/// Game `id` from the server, seen by the logged-in account (a player or a spectator).
#[component]
pub fn OnlineGame(id: i64, online: Online, host: Host) -> impl IntoView {
    // The hot-seat page's hints and review are not this game's.
    provide_context(Hints(RwSignal::new(HintView::default())));
    provide_context(Reviewed(RwSignal::new(None)));
    let me = move || online.user.with(|u| u.as_ref().map(|u| u.id));
    let inbox = Inbox::new();
    inbox.deliver(HostEvent::Preferences(PreferencesUpdate {
        set: host.prefs().all(),
        bad: Vec::new(),
    }));
    inbox.deliver(HostEvent::Theme {
        dark: prefers_dark(),
    });
    let summary = RwSignal::new(None::<Summary>);
    // When the summary came (the clocks count down from then), and the time now.
    let received = RwSignal::new(now_ms());
    let now = RwSignal::new(now_ms());
    let problem = RwSignal::new(None::<String>);
    let deliver = inbox.clone();
    let link = online.link;
    let socket = Rc::new(Socket::open(
        &format!("api/games/{id}/ws"),
        move |text| match online::parse(&text) {
            Ok(Incoming::Host(event)) => deliver.deliver(event),
            Ok(Incoming::Game(game)) => {
                let t = now_ms();
                received.try_set(t);
                now.try_set(t);
                let ended = game.status == Status::Finished
                    && summary
                        .try_with_untracked(|s| s.as_ref().map(|s| s.status))
                        .flatten()
                        .is_some_and(|before| before != Status::Finished);
                let seated = online
                    .user
                    .try_with_untracked(|u| u.as_ref().is_some_and(|u| game.has_player(u.id)))
                    .unwrap_or(false);
                summary.try_set(Some(*game));
                // The account's rating and record changed.
                if ended && seated {
                    online.refresh_me();
                }
            }
            Ok(Incoming::Error(e)) => {
                problem.try_set(Some(e.message));
            }
            Ok(Incoming::Lobby(_)) => {}
            Err(e) => leptos::logging::warn!("outflank: a message from the server: {e}"),
        },
        move |state| {
            link.try_set(match state {
                Link::Up => None,
                Link::Down { retry_ms } => Some(retry_ms),
            });
        },
    ));
    let transport: Rc<dyn Transport> = Rc::new(SocketTransport {
        socket: Rc::downgrade(&socket),
        host,
    });
    let kept = StoredValue::new_local(Some(socket));
    on_cleanup(move || {
        kept.update_value(|s| drop(s.take()));
        link.try_set(None);
    });

    // The clocks: each player's time as the server last said it, the running one less the
    // time since.
    let face = move |player: Player| {
        let t = now.get();
        summary.with(|s| {
            let s = s.as_ref()?;
            let clock = s.clock.as_ref()?;
            let seat = player.index();
            let left = clock.left(t.saturating_sub(received.get()))[seat];
            Some(Face {
                left,
                running: clock.running.map(usize::from) == Some(seat),
                low: s.status == Status::Playing && left < clock.low_ms(),
                fallen: s.result.as_ref().is_some_and(|r| {
                    r.reason == "timeout" && r.winner.map(usize::from) != Some(seat)
                }),
                paused: false,
            })
        })
    };
    let running = Memo::new(move |_| {
        summary.with(|s| {
            s.as_ref()
                .and_then(|s| s.clock.as_ref()?.running)
                .and_then(|p| Player::from_index(usize::from(p)))
        })
    });
    let warned = StoredValue::new([false; 2]);
    let tick = move || {
        let Some(player) = running.get_untracked() else {
            return;
        };
        now.set(now_ms());
        let low = face(player).is_some_and(|f| f.low);
        warn_low_time(warned, player, low, &host.prefs());
    };
    let interval = StoredValue::new_local(Some(gloo_timers::callback::Interval::new(100, tick)));
    on_cleanup(move || interval.update_value(|i| drop(i.take())));
    let timed = Memo::new(move |_| summary.with(|s| s.as_ref().is_some_and(|s| s.clock.is_some())));
    let clock_name = move |player: Player| {
        let l = host.locale();
        summary.with(|s| {
            let Some(s) = s else { return String::new() };
            let colour = say::colour(l, s.options.kind(), player);
            match s.name(player.index()) {
                Some(name) => format!("{name} ({colour})"),
                None => colour,
            }
        })
    };

    let heading = move || {
        let l = host.locale();
        summary.with(|s| match s {
            None => td_string!(l, online_game_number, id).into_any(),
            Some(s) => view! {
                {say::game_name(l, s.options.kind())}
                " · "
                {players_of(l, s)}
            }
            .into_any(),
        })
    };
    let note = move || {
        let l = host.locale();
        summary.with(|s| {
            let s = s.as_ref()?;
            let seated = me().is_some_and(|me| s.has_player(me));
            Some(match s.status {
                Status::Waiting if seated => td_string!(l, online_game_waiting).to_string(),
                _ if !seated => td_string!(l, online_watching).to_string(),
                _ => return None,
            })
        })
    };

    view! {
        <section class="online-game" data-testid="online-game" data-game-id=id.to_string()
            data-status=move || summary.with(|s| s.as_ref().map(|s| format!("{:?}", s.status).to_lowercase()))>
            <h3 data-testid="online-game-title">{heading}</h3>
            <p class="hint" data-testid="online-game-note">{note}</p>
            {move || problem.get().map(|text| view! { <p class="notice" role="alert">{text}</p> })}
            {move || timed.get().then(|| clock_faces(move || host.locale(), clock_name, face))}
            <Viewer transport=transport inbox=inbox />
        </section>
    }
}
