//! The viewer's state and its reducer: what the viewer knows (the game, its player, the
//! history position, a move under way, preferences, the host's theme and pictures) and how
//! each host event and each user action changes it. Plain data, no signals and no DOM: the
//! components hold a [`ViewerState`], call one method per event, mirror the fields into their
//! signals and carry out the [`Effects`] it returns (send events, animate, announce).
//! Tested natively for every protocol event.

use outflank_engine::{AnyGame, Game, Move, Player, Square};

use crate::i18n::{td_string, Locale};
use crate::model;
use crate::protocol::{GameView, HostEvent, LogSlice, Preference, Preferences, ViewerEvent};
use crate::replay;

/// What the viewer knows.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct ViewerState {
    /// The latest state from the host.
    pub data: Option<GameView>,
    /// The viewer's player; `None` for a spectator.
    pub player: Option<Player>,
    /// The history position shown (pieces placed); `None` is the live game.
    pub view: Option<usize>,
    /// A move was sent on the state with this id and its answer has not arrived yet.
    pub pending: Option<Pending>,
    pub prefs: Preferences,
    pub host_dark: bool,
    /// The players' pictures from the host (`avatars`), by player index.
    pub avatars: Vec<String>,
    /// Two people share the screen: the host is the page's own, whose undo goes back.
    pub hot_seat: bool,
}

/// A move sent and not answered yet.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pending {
    /// The state id the move was sent on (`None` when the host's states carry no id).
    pub on: Option<u64>,
}

/// What the view does after a step of the reducer.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Effects {
    /// Events for the host, in order.
    pub send: Vec<ViewerEvent>,
    /// Animate the move from this game to the one now shown.
    pub animate_from: Option<AnyGame>,
    /// Stop any animation (another game, a history step).
    pub stop_animation: bool,
    /// A line for screen readers (and the host's log).
    pub announce: Option<String>,
    /// The first state arrived: send `ready` once it is in the DOM (from a macrotask).
    pub ready: bool,
    /// Another game is shown: the keyboard cursor goes back to the middle.
    pub reset_cursor: bool,
    /// Why a user's action did nothing, shown for a moment.
    pub refusal: Option<String>,
    /// What was wrong with a host event, for the console.
    pub warning: Option<String>,
    /// A move is now waiting for the host: give up after a while ([`ViewerState::no_answer`]).
    pub wait_for_answer: bool,
}

impl Effects {
    fn send(event: ViewerEvent) -> Effects {
        Effects {
            send: vec![event],
            ..Effects::default()
        }
    }

    fn refuse(why: impl Into<String>) -> Effects {
        Effects {
            refusal: Some(why.into()),
            ..Effects::default()
        }
    }

    fn warn(why: impl Into<String>) -> Effects {
        Effects {
            warning: Some(why.into()),
            ..Effects::default()
        }
    }
}

impl ViewerState {
    /// The language of what the viewer says (announcements, refusals).
    fn locale(&self) -> Locale {
        self.prefs.language.into()
    }

    pub fn new(hot_seat: bool) -> ViewerState {
        let mut state = ViewerState {
            hot_seat,
            ..ViewerState::default()
        };
        // Embedded in a platform's page the viewer is silent until its host or the person
        // turns sound on.
        state.prefs.sound = hot_seat;
        state
    }

    pub fn historical(&self) -> bool {
        self.view.is_some()
    }

    /// Pieces placed in the live game.
    pub fn total(&self) -> usize {
        self.data.as_ref().map_or(0, |d| model::move_count(&d.game))
    }

    /// (the history position shown, the last position).
    pub fn position(&self) -> (usize, usize) {
        let total = self.total();
        (self.view.unwrap_or(total), total)
    }

    /// Whether the viewer's own player is to move on the live position.
    pub fn my_turn(&self) -> bool {
        self.player.is_some()
            && !self.historical()
            && self.data.as_ref().and_then(|d| d.game.to_move()) == self.player
    }

    /// One host event.
    pub fn on_host_event(&mut self, event: HostEvent) -> Effects {
        match event {
            HostEvent::State(data) => self.on_state(*data),
            HostEvent::StateUpdated => Effects::send(ViewerEvent::FetchState),
            HostEvent::Gamelog(slice) => self.on_gamelog(slice),
            HostEvent::Player(p) => {
                self.player = p;
                Effects::default()
            }
            HostEvent::Preferences(update) => match update.apply_to(&mut self.prefs) {
                Ok(()) => Effects::default(),
                Err(e) => Effects::warn(format!("preferences: {e}")),
            },
            HostEvent::Avatars(urls) => {
                self.avatars = urls;
                Effects::default()
            }
            HostEvent::ReplayStart => self.goto(0),
            HostEvent::ReplayTo(index) => {
                let Some(d) = &self.data else {
                    return Effects::default();
                };
                let index = index.min(replay::last_index(&d.game));
                let ply = replay::ply_at(&d.game, index);
                self.show(ply, Some(index))
            }
            HostEvent::ReplayEnd => self.goto(usize::MAX),
            HostEvent::Theme { dark } => {
                self.host_dark = dark;
                Effects::default()
            }
            HostEvent::Refused {
                code,
                reason,
                state_id,
            } => self.on_refused(code, reason, state_id),
        }
    }

    /// A new state from the host.
    fn on_state(&mut self, new: GameView) -> Effects {
        // Staleness first: a state older than the one shown changes nothing, not even the
        // move under way (its answer is still to come).
        if let Some(old) = &self.data {
            if is_stale(old, &new, self.hot_seat) {
                return Effects::warn("ignored a state older than the one shown");
            }
        }
        self.pending = None;
        let old = self.data.take();
        if old.as_ref() == Some(&new) {
            self.data = old;
            return Effects::default();
        }
        let mut fx = Effects::default();
        let known = old
            .as_ref()
            .and_then(|o| model::extends(&o.game, &new.game));
        if known.is_some() && self.view.is_none() {
            fx.animate_from = old.as_ref().map(|o| o.game.clone());
        } else {
            fx.stop_animation = true;
        }
        if known.is_none() {
            // Another game (new, undone, loaded, rolled back): leave any history position.
            self.view = None;
            fx.reset_cursor = true;
        }
        fx.announce = known.and_then(|k| model::announce(self.locale(), &new, k));
        if let Some(line) = &fx.announce {
            fx.send.push(ViewerEvent::AddLog(vec![line.clone()]));
        }
        fx.ready = old.is_none();
        self.data = Some(new);
        fx
    }

    /// New log items: played on the game shown when they follow on from it (no round trip),
    /// otherwise the viewer asks for the whole state.
    fn on_gamelog(&mut self, slice: LogSlice) -> Effects {
        let applied = self.data.as_ref().and_then(|d| {
            let game = replay::apply_log(&d.game, slice.start?, &slice.items)?;
            Some(GameView {
                game,
                players: d.players.clone(),
                // The log came after the state with this id: one accepted action or more.
                state_id: None,
            })
        });
        match applied {
            Some(new) => self.on_state(new),
            None => Effects::send(ViewerEvent::FetchState),
        }
    }

    /// The host refused the move under way.
    fn on_refused(&mut self, code: String, reason: String, state_id: Option<u64>) -> Effects {
        let current = self.data.as_ref().and_then(|d| d.state_id);
        if self.pending.is_none() {
            return Effects::warn(format!("a refusal ({code}) with no move under way"));
        }
        self.pending = None;
        let mut fx = Effects::refuse(td_string!(self.locale(), refused, reason).to_string());
        // The host moved on meanwhile: show what it has now.
        if state_id.is_some() && state_id != current {
            fx.send.push(ViewerEvent::FetchState);
        }
        fx
    }

    /// A click (or Enter) on `square`: a move if it is legal for the viewer's player on the
    /// live position and nothing is under way; otherwise why not. `animating`: a move is
    /// still being shown.
    pub fn play(&mut self, square: Square, animating: bool) -> Effects {
        if self.historical() {
            return Effects::refuse(td_string!(self.locale(), refuse_historical));
        }
        if animating || self.pending.is_some() {
            return Effects::refuse(td_string!(self.locale(), refuse_animating));
        }
        let Some(player) = self.player else {
            return Effects::refuse(td_string!(self.locale(), refuse_spectator));
        };
        let Some(d) = &self.data else {
            return Effects::default();
        };
        match d.game.to_move() {
            None => return Effects::refuse(td_string!(self.locale(), refuse_over)),
            Some(p) if p != player => {
                return Effects::refuse(td_string!(self.locale(), refuse_not_your_turn))
            }
            Some(_) => {}
        }
        if !d.game.legal_moves().contains(&square) {
            return if d.game.piece(square).is_none() {
                Effects::refuse(
                    td_string!(self.locale(), not_legal, square = square.to_string()).to_string(),
                )
            } else {
                Effects::default()
            };
        }
        self.send_move(Move::Place(square))
    }

    /// Concede, on the viewer's own turn while behind (Reversi) and nothing under way.
    pub fn concede(&mut self, animating: bool) -> Effects {
        let ok = self.my_turn()
            && !animating
            && self.pending.is_none()
            && self
                .player
                .zip(self.data.as_ref())
                .is_some_and(|(p, d)| model::can_concede(&d.game, p));
        if ok {
            self.send_move(Move::Concede)
        } else {
            Effects::default()
        }
    }

    fn send_move(&mut self, mv: Move) -> Effects {
        let on = self.data.as_ref().and_then(|d| d.state_id);
        self.pending = Some(Pending { on });
        Effects {
            wait_for_answer: true,
            ..Effects::send(ViewerEvent::Move { mv, state_id: on })
        }
    }

    /// The move sent on state `on` got no answer in time: the board is free again.
    pub fn no_answer(&mut self, on: Option<u64>) -> Effects {
        if self.pending == Some(Pending { on }) {
            self.pending = None;
            Effects::refuse(td_string!(self.locale(), refuse_no_answer))
        } else {
            Effects::default()
        }
    }

    /// Shows history position `ply` (the live game at or past the last move).
    pub fn goto(&mut self, ply: usize) -> Effects {
        self.show(ply, None)
    }

    /// A history button or key: "init", "prev", "next", "now".
    pub fn history(&mut self, key: &str) -> Effects {
        let (current, total) = self.position();
        match key {
            "init" => self.goto(0),
            "prev" => self.goto(current.saturating_sub(1)),
            "next" => self.goto(current + 1),
            "now" => self.goto(total),
            _ => Effects::default(),
        }
    }

    /// Shows history position `ply` and tells the host where that is in its log: at `index`
    /// when the host asked for that log item (`replay:to`), else at the position's own.
    fn show(&mut self, ply: usize, index: Option<usize>) -> Effects {
        let Some(d) = &self.data else {
            return Effects::default();
        };
        let total = model::move_count(&d.game);
        self.view = (ply < total).then_some(ply);
        Effects {
            stop_animation: true,
            ..Effects::send(ViewerEvent::ReplayInfo {
                start: 0,
                current: index.unwrap_or_else(|| replay::stop(&d.game, ply.min(total))),
                end: replay::last_index(&d.game),
            })
        }
    }

    /// The user changed a preference in the viewer.
    pub fn set_preference(&mut self, preference: Preference) -> Effects {
        self.prefs.set(preference);
        Effects::send(ViewerEvent::UpdatePreference(preference))
    }

    /// A click on a player's panel.
    pub fn player_clicked(&self, player: Player) -> Effects {
        let name = self
            .data
            .as_ref()
            .map(|d| model::display_name(self.locale(), d, player))
            .unwrap_or_default();
        Effects::send(ViewerEvent::PlayerClicked {
            index: player.index(),
            name,
        })
    }
}

/// Whether `new` is older than `old`, the state shown. With state ids (every accepted action
/// bumps the id) that is all there is to it, so a genuine rollback (an undo, a platform's
/// replay after an admin's edit) carries a newer id and is shown. A platform's states carry
/// none: there a state whose game the one shown extends is older (an out-of-order delivery),
/// except in hot-seat, whose host is the page itself.
fn is_stale(old: &GameView, new: &GameView, hot_seat: bool) -> bool {
    match (old.state_id, new.state_id) {
        (Some(a), Some(b)) => b < a,
        _ => {
            !hot_seat
                && old.game.log().len() > new.game.log().len()
                && model::extends(&new.game, &old.game).is_some()
        }
    }
}

#[cfg(test)]
mod tests;
