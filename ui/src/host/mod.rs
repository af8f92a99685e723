//! The hot-seat page's host: the game's owner inside the page, around the viewer. It keeps
//! the [`HotSeat`] reducer, answers the viewer by direct calls (it is the viewer's
//! [`Transport`]; no event names, no JSON), tells the viewer through its [`Inbox`], saves the
//! game after every change (one effect), and runs the computer opponent ([`opponent`]) and
//! the hints ([`hints`]). The New game form's settings are [`setup`], its board editor
//! [`editor`].
//!
//! A click's path: `Cell` -> `Ctx::play` -> `ViewerState::play` (legal? the viewer's turn?)
//! -> `Transport::send(ViewerEvent::Move)` -> `Host::send` -> `HotSeat::answer` ->
//! `HotSeat::apply(Action::Move)` (the engine) -> `Inbox::deliver(HostEvent::State)` ->
//! `ViewerState::on_host_event` -> the animation.

pub mod editor;
pub mod hints;
pub mod opponent;
pub mod review;
pub mod setup;

use leptos::prelude::*;
use outflank_engine::Player;

use crate::ai_worker::AiWorker;
use crate::backend::{Action, HotSeat, Refusal};
use crate::i18n::Locale;
use crate::js::now_ms;
use crate::leaderboard::LeaderBoard;
use crate::protocol::{
    HostEvent, Language, Preference, Preferences, PreferencesUpdate, ViewerEvent,
};
use crate::storage;
use crate::transport::{Inbox, Transport};

/// The host's handles (all `Copy`).
#[derive(Clone, Copy)]
pub struct Host {
    backend: StoredValue<HotSeat>,
    inbox: StoredValue<Inbox, LocalStorage>,
    /// Bumped whenever the game changes: the page's controls and the autosave follow it.
    pub version: RwSignal<u64>,
    /// The computer opponent's worker, and whether it is thinking now.
    ai: StoredValue<AiWorker, LocalStorage>,
    pub thinking: RwSignal<bool>,
    /// A message for the person (a corrupt save, the computer's failure).
    pub notice: RwSignal<Option<String>>,
    /// The player whose name is being edited (a click on their panel), and the name.
    pub rename: RwSignal<Option<(Player, String)>>,
    prefs: StoredValue<Preferences>,
    /// The page's language (the `language` preference), for the words around the viewer.
    pub language: RwSignal<Language>,
    /// The local leader board: every finished game, kept as each game stands.
    pub leaderboard: RwSignal<LeaderBoard>,
}

impl Host {
    pub fn new(
        game: HotSeat,
        prefs: Preferences,
        leaderboard: LeaderBoard,
        notice: Option<String>,
    ) -> Host {
        // A game from before ids (or a fresh one) is numbered now.
        let game = match game.id() {
            0 => game.with_id(now_ms()),
            _ => game,
        };
        let host = Host {
            backend: StoredValue::new(game),
            inbox: StoredValue::new_local(Inbox::new()),
            version: RwSignal::new(0),
            ai: StoredValue::new_local(AiWorker::new()),
            thinking: RwSignal::new(false),
            notice: RwSignal::new(notice),
            rename: RwSignal::new(None),
            prefs: StoredValue::new(prefs),
            language: RwSignal::new(prefs.language),
            leaderboard: RwSignal::new(leaderboard),
        };
        // The game is saved, and its result put on the leader board, after every change. The
        // game at start, just read or new, is saved by the page once it is live: nothing on
        // screen waits for its writing.
        Effect::new(move |before: Option<()>| {
            host.version.track();
            if before.is_some() {
                host.save();
            }
        });
        host
    }

    /// Saves the game and puts its result, if it has one, on the leader board.
    pub fn save(&self) {
        self.with(storage::save_game);
        let (id, result) = self.with(|h| (h.id(), h.finished()));
        let changed = self
            .leaderboard
            .try_update_untracked(|b| b.update(id, result))
            .unwrap_or(false);
        if changed {
            self.leaderboard.notify();
            self.leaderboard.with_untracked(storage::save_leaderboard);
        }
    }

    /// Where the viewer takes the host's events.
    pub fn inbox(&self) -> Inbox {
        self.inbox.get_value()
    }

    /// The page's language (tracked).
    pub fn locale(&self) -> Locale {
        self.language.get().into()
    }

    /// The page's language, untracked (for views built once).
    pub fn locale_untracked(&self) -> Locale {
        self.language.get_untracked().into()
    }

    pub fn prefs(&self) -> Preferences {
        self.prefs.get_value()
    }

    pub fn with<T>(&self, f: impl FnOnce(&HotSeat) -> T) -> T {
        self.backend.with_value(f)
    }

    /// What the page does to the game (undo, a new game, ...): applied, then the viewer is
    /// told. A refusal changes nothing.
    pub fn apply(&self, action: Action) -> Result<(), Refusal> {
        let result = self
            .backend
            .try_update_value(|b| b.apply(action, now_ms()))
            .unwrap_or(Err(Refusal {
                code: "gone",
                reason: "the page is closing".into(),
            }));
        if result.is_ok() {
            self.changed();
            self.tell(self.with(HotSeat::news));
        }
        result
    }

    /// Another game in place of this one (a new game, a record, a link): the computer
    /// stops thinking about the old one and starts on the new one if it is to move.
    pub fn replace(&self, game: HotSeat) {
        self.stop_thinking();
        // Ids only grow, even for two games started within one millisecond.
        let game = game.with_id(now_ms().max(self.with(HotSeat::id) + 1));
        if let Err(e) = self.apply(Action::Replace(Box::new(game))) {
            leptos::logging::warn!("outflank: a new game: {}", e.reason);
        }
        self.think();
    }

    fn changed(&self) {
        self.version.update(|v| *v += 1);
    }

    fn tell(&self, events: Vec<HostEvent>) {
        let inbox = self.inbox();
        for event in events {
            inbox.deliver(event);
        }
    }

    /// What a freshly mounted viewer is told.
    pub fn start(&self, dark: bool) {
        self.tell(vec![
            HostEvent::Preferences(PreferencesUpdate {
                set: self.prefs().all(),
                bad: Vec::new(),
            }),
            HostEvent::Theme { dark },
        ]);
        self.tell(self.with(HotSeat::news));
    }
}

impl Transport for Host {
    fn send(&self, event: ViewerEvent) {
        match event {
            ViewerEvent::UpdatePreference(preference) => {
                self.prefs.update_value(|p| {
                    p.set(preference);
                    storage::save_prefs(p);
                });
                if let Preference::Language(l) = preference {
                    self.language.set(l);
                }
            }
            ViewerEvent::PlayerClicked { index, .. } => {
                if let Some(player) = Player::from_index(index) {
                    let name = self.with(|h| h.data().name(player).unwrap_or_default());
                    self.rename.set(Some((player, name)));
                }
            }
            event => {
                let Some((events, result)) = self
                    .backend
                    .try_update_value(|b| b.answer(&event, now_ms()))
                else {
                    return;
                };
                match result {
                    Ok(true) => {
                        self.changed();
                        // The person's move is in: the computer's turn, perhaps (after the
                        // viewer has the new state).
                        let host = *self;
                        request_animation_frame(move || host.think());
                    }
                    Ok(false) => {}
                    Err(r) => {
                        leptos::logging::warn!("outflank: move refused ({}): {}", r.code, r.reason)
                    }
                }
                self.tell(events);
            }
        }
    }
}
