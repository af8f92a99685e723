//! An online game in the viewer: the viewer's events go to the game's WebSocket and the
//! server's come back to its [`Inbox`] ([`crate::online::parse`] reads them, at the socket's
//! edge). The socket reopens when it closes; on each opening the server says the seat, the
//! game and its state again, so a lost connection or a reload shows the game as it is.

use std::rc::{Rc, Weak};

use leptos::prelude::*;

use super::app::prefers_dark;
use super::viewer::Viewer;
use crate::hints::{HintView, Hints};
use crate::host::Host;
use crate::i18n::td_string;
use crate::online::net::Socket;
use crate::online::{self, Incoming, Status, Summary};
use crate::protocol::{HostEvent, PreferencesUpdate, ViewerEvent};
use crate::review::Reviewed;
use crate::say;
use crate::transport::{Inbox, Transport};

/// The viewer's way to the game's socket.
struct SocketTransport(Weak<Socket>);

impl Transport for SocketTransport {
    fn send(&self, event: ViewerEvent) {
        // Preferences, replays and the like stay in the page: the server has no use for them.
        if let (Some(socket), Some(text)) = (self.0.upgrade(), online::encode(&event)) {
            socket.send(&text);
        }
    }
}

/// Game `id` from the server, seen by the account `me` (a player or a spectator).
#[component]
pub fn OnlineGame(id: i64, me: Signal<Option<i64>>, host: Host) -> impl IntoView {
    // The hot-seat page's hints and review are not this game's.
    provide_context(Hints(RwSignal::new(HintView::default())));
    provide_context(Reviewed(RwSignal::new(None)));
    let inbox = Inbox::new();
    inbox.deliver(HostEvent::Preferences(PreferencesUpdate {
        set: host.prefs().all(),
        bad: Vec::new(),
    }));
    inbox.deliver(HostEvent::Theme {
        dark: prefers_dark(),
    });
    let summary = RwSignal::new(None::<Summary>);
    let problem = RwSignal::new(None::<String>);
    let deliver = inbox.clone();
    let socket = Rc::new(Socket::open(
        &format!("api/games/{id}/ws"),
        || {},
        move |text| match online::parse(&text) {
            Ok(Incoming::Host(event)) => deliver.deliver(event),
            Ok(Incoming::Game(game)) => {
                summary.try_set(Some(*game));
            }
            Ok(Incoming::Error(e)) => {
                problem.try_set(Some(e.message));
            }
            Ok(Incoming::Lobby(_)) => {}
            Err(e) => leptos::logging::warn!("outflank: a message from the server: {e}"),
        },
    ));
    let transport: Rc<dyn Transport> = Rc::new(SocketTransport(Rc::downgrade(&socket)));
    let kept = StoredValue::new_local(Some(socket));
    on_cleanup(move || kept.update_value(|s| drop(s.take())));

    let heading = move || {
        let l = host.locale();
        summary.with(|s| match s {
            None => td_string!(l, online_game_number, id).to_string(),
            Some(s) => {
                let name = |i| s.name(i).unwrap_or("?").to_string();
                format!(
                    "{} · {}",
                    say::game_name(l, s.options.kind()),
                    td_string!(l, online_vs, dark = name(0), light = name(1))
                )
            }
        })
    };
    let note = move || {
        let l = host.locale();
        summary.with(|s| {
            let s = s.as_ref()?;
            let seated = me.get().is_some_and(|me| s.has_player(me));
            Some(match s.status {
                Status::Waiting if seated => td_string!(l, online_game_waiting).to_string(),
                _ if !seated => td_string!(l, online_watching).to_string(),
                _ => return None,
            })
        })
    };

    view! {
        <section class="online-game" data-testid="online-game" data-game-id=id.to_string()>
            <h2 data-testid="online-game-title">{heading}</h2>
            <p class="hint" data-testid="online-game-note">{note}</p>
            {move || problem.get().map(|text| view! { <p class="notice" role="alert">{text}</p> })}
            <Viewer transport=transport inbox=inbox />
        </section>
    }
}
