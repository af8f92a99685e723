//! The local hot-seat backend (seed 003's local.ts): the host's side of the viewer
//! protocol, inside the page. It owns the game and the players' names, answers
//! `fetchState`, applies `move`, sends `gamelog` / `state:updated`, and sets `player` to
//! whoever is to move, so two people can share one screen. Plain data, no DOM: every
//! handler returns the host events to emit, in order, and is tested natively.

use std::cell::RefCell;
use std::rc::Rc;

use outflank_engine::{AnyGame, Error, Game, GameOptions, LogItem, Move, Player, Square};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::emitter::Emitter;
use crate::model::game_from_record;
use crate::protocol::{self, clean_name, host, viewer, GameData, PlayerMeta};

/// A host event to emit: (name, payload).
pub type Out = (&'static str, Value);

/// What handling a viewer event produced.
#[derive(Debug, Default, PartialEq)]
pub struct Reply {
    pub events: Vec<Out>,
    /// A refused or malformed request, for the console (the game is unchanged).
    pub warning: Option<String>,
}

/// The computer's seat in a game against it: the player it plays, at which level (1-10).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Opponent {
    pub player: Player,
    pub level: u8,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HotSeat {
    data: GameData,
    /// Set in a game against the computer; its moves come from [`HotSeat::play_computer`].
    computer: Option<Opponent>,
}

impl Default for HotSeat {
    fn default() -> HotSeat {
        // The default options always make a game.
        let game = AnyGame::new(&GameOptions::default()).unwrap_or_else(|_| unreachable!());
        HotSeat {
            data: GameData::new(game),
            computer: None,
        }
    }
}

/// The autosave format (localStorage), versioned: anything else is an old or corrupt
/// entry and starts a fresh game.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    version: u32,
    data: Value,
    /// A game against the computer (absent in hot-seat games and older saves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    computer: Option<Opponent>,
}

const SAVE_VERSION: u32 = 2;

impl HotSeat {
    /// A new game with `options`, the players named (blank names show the colours), and
    /// optionally the moves of a record already played.
    pub fn new(options: &GameOptions, names: [&str; 2], record: &str) -> Result<HotSeat, Error> {
        let game = game_from_record(options, record)?;
        let players = names
            .iter()
            .map(|n| PlayerMeta {
                name: clean_name(n),
            })
            .collect();
        Ok(HotSeat {
            data: GameData { game, players },
            computer: None,
        })
    }

    /// The same game against the computer (or hot-seat again with `None`).
    pub fn with_computer(mut self, computer: Option<Opponent>) -> Result<HotSeat, Error> {
        if let Some(c) = computer {
            outflank_engine::search::Level::new(c.level)?;
        }
        self.computer = computer;
        Ok(self)
    }

    pub fn computer(&self) -> Option<Opponent> {
        self.computer
    }

    /// The computer, when it is its turn.
    pub fn computer_to_move(&self) -> Option<Opponent> {
        self.computer
            .filter(|c| self.game().to_move() == Some(c.player))
    }

    /// Plays the computer's move (from its worker): the same events as a host's move.
    pub fn play_computer(&mut self, square: Square) -> Result<Vec<Out>, Error> {
        let c = self.computer_to_move().ok_or(Error::GameOver)?;
        let before_end = self.log_end();
        self.data.game.play_move(c.player, Move::Place(square))?;
        Ok(self.played(before_end))
    }

    /// Where new log items will start (the end event is replaced by what follows it).
    fn log_end(&self) -> usize {
        self.game().log().len() - usize::from(self.game().ended())
    }

    /// The events after a move: who plays now, and the new log items.
    fn played(&self, before_end: usize) -> Vec<Out> {
        let log = self.game().log();
        let new_items = &log[before_end.min(log.len())..];
        vec![
            self.player_event(),
            (
                host::GAMELOG,
                json!({ "start": before_end, "data": new_items }),
            ),
        ]
    }

    pub fn data(&self) -> &GameData {
        &self.data
    }

    pub fn game(&self) -> &AnyGame {
        &self.data.game
    }

    /// The viewer's player: the person against the computer, else whoever is to move (the
    /// last mover once the game is over).
    pub fn seat(&self) -> Player {
        if let Some(c) = self.computer {
            return c.player.other();
        }
        self.game().to_move().unwrap_or_else(|| {
            self.game()
                .log()
                .iter()
                .rev()
                .find_map(|i| match i {
                    LogItem::Move { player, .. } => Some(*player),
                    _ => None,
                })
                .unwrap_or(Player::First)
        })
    }

    fn player_event(&self) -> Out {
        (host::PLAYER, json!({ "index": self.seat().index() }))
    }

    /// What a host sends a freshly mounted viewer.
    pub fn start_events(&self) -> Vec<Out> {
        vec![self.player_event(), (host::STATE, self.data.to_value())]
    }

    /// Handles one viewer event.
    pub fn handle(&mut self, name: &str, payload: &Value) -> Reply {
        match name {
            viewer::FETCH_STATE => Reply {
                events: vec![(host::STATE, self.data.to_value())],
                warning: None,
            },
            viewer::MOVE => self.on_move(payload),
            viewer::FETCH_LOG => {
                let log = self.game().log();
                let start = payload.get("start").and_then(Value::as_u64).unwrap_or(0) as usize;
                // `end` is included, as in the engine package's logSlice and BGS's docs.
                let end = payload
                    .get("end")
                    .and_then(Value::as_u64)
                    .map_or(log.len(), |e| (e as usize).saturating_add(1));
                let slice: Vec<&LogItem> = log.iter().take(end).skip(start).collect();
                Reply {
                    events: vec![(host::GAMELOG, json!({ "start": start, "data": slice }))],
                    warning: None,
                }
            }
            _ => Reply::default(),
        }
    }

    fn on_move(&mut self, payload: &Value) -> Reply {
        let refused = |this: &HotSeat, why: String| Reply {
            // The viewer waits for an answer: send the unchanged state back.
            events: vec![this.player_event(), (host::STATE, this.data.to_value())],
            warning: Some(format!("move refused: {why}")),
        };
        let mv: Move = match protocol::parse_move(payload) {
            Ok(mv) => mv,
            Err(e) => return refused(self, e),
        };
        let before_end = self.log_end();
        if let Err(e) = self.data.game.play_move(self.seat(), mv) {
            return refused(self, e.to_string());
        }
        Reply {
            events: self.played(before_end),
            warning: None,
        }
    }

    /// Takes back the last move (hot-seat only).
    /// Against the computer, its reply is taken back too: the person is to move again.
    pub fn undo(&mut self) -> Result<Vec<Out>, Error> {
        self.data.game.undo()?;
        // An undo that fails changes nothing: the person's first move stays undone alone.
        while self.computer_to_move().is_some() && self.data.game.undo().is_ok() {}
        Ok(self.changed())
    }

    pub fn can_undo(&self) -> bool {
        self.game().clone().undo().is_ok()
    }

    /// Renames a player; a blank name shows the colour again.
    pub fn rename(&mut self, player: Player, name: &str) -> Vec<Out> {
        while self.data.players.len() < 2 {
            self.data.players.push(PlayerMeta::default());
        }
        self.data.players[player.index()].name = clean_name(name);
        self.changed()
    }

    /// Replaces the whole game (new game, loaded record).
    pub fn replace(&mut self, other: HotSeat) -> Vec<Out> {
        *self = other;
        self.changed()
    }

    fn changed(&self) -> Vec<Out> {
        vec![self.player_event(), (host::STATE_UPDATED, Value::Null)]
    }

    /// The autosave text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&Saved {
            version: SAVE_VERSION,
            data: self.data.to_value(),
            computer: self.computer,
        })
        .unwrap_or_default()
    }

    /// Reads an autosave; an old format, bad JSON or an inconsistent game is an error.
    pub fn from_json(text: &str) -> Result<HotSeat, String> {
        let saved: Saved = serde_json::from_str(text)
            .map_err(|_| "not a saved game of this version".to_string())?;
        if saved.version != SAVE_VERSION {
            return Err(format!(
                "saved by version {}, this is {SAVE_VERSION}",
                saved.version
            ));
        }
        let data = GameData::from_value(&saved.data)?;
        HotSeat {
            data,
            computer: None,
        }
        .with_computer(saved.computer)
        .map_err(|e| format!("the computer's seat: {e}"))
    }
}

/// Puts the backend on `emitter` as the host: it answers the viewer's `move`, `fetchState`
/// and `fetchLog`. `after(backend, event)` runs once the backend has handled an event (to
/// autosave, say), before its answers are emitted; warnings go to `warn`. The backend is
/// never borrowed while events are delivered, so listeners may call back in.
pub fn attach(
    emitter: &Emitter,
    backend: Rc<RefCell<HotSeat>>,
    after: impl Fn(&HotSeat, &str) + 'static,
    warn: impl Fn(&str) + 'static,
) {
    let after = Rc::new(after);
    let warn = Rc::new(warn);
    for name in [viewer::MOVE, viewer::FETCH_STATE, viewer::FETCH_LOG] {
        let (e, backend, after, warn) = (
            emitter.clone(),
            backend.clone(),
            after.clone(),
            warn.clone(),
        );
        emitter.on(name, move |payload| {
            let Reply { events, warning } = backend.borrow_mut().handle(name, payload);
            after(&backend.borrow(), name);
            if let Some(w) = warning {
                warn(&w);
            }
            for (event, payload) in events {
                e.emit(event, &payload);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::HostEvent;
    use outflank_engine::{GameKind, Square};

    fn names(events: &[Out]) -> Vec<&'static str> {
        events.iter().map(|(n, _)| *n).collect()
    }

    fn state_of(events: &[Out]) -> GameData {
        let (_, v) = events.iter().find(|(n, _)| *n == host::STATE).unwrap();
        GameData::from_value(v).unwrap()
    }

    #[test]
    fn answers_fetch_state_and_applies_moves_for_whoever_is_to_move() {
        let mut h = HotSeat::default();
        assert_eq!(names(&h.start_events()), ["player", "state"]);
        let r = h.handle("move", &json!("f5"));
        assert_eq!(r.warning, None);
        assert_eq!(names(&r.events), ["player", "gamelog"]);
        assert_eq!(r.events[0].1, json!({"index": 1}));
        let HostEvent::Gamelog(slice) = HostEvent::parse("gamelog", &r.events[1].1).unwrap() else {
            panic!()
        };
        assert_eq!(slice.start, Some(1));
        assert_eq!(slice.items.len(), 1);
        let r = h.handle("fetchState", &Value::Null);
        assert_eq!(state_of(&r.events).game.record(), "f5");
        // Light is to move now; "f5" again is refused, the state is resent unchanged.
        let before = h.clone();
        let r = h.handle("move", &json!("f5"));
        assert!(r.warning.unwrap().contains("occupied"));
        assert_eq!(state_of(&r.events).game, before.game().clone());
        assert_eq!(h, before);
        assert!(h
            .handle("move", &json!({"nonsense": true}))
            .warning
            .is_some());
        assert_eq!(h, before);
        assert_eq!(h.handle("ready", &Value::Null), Reply::default());
    }

    #[test]
    fn concede_undo_rename_and_fetch_log() {
        let o = GameOptions::default();
        let mut h = HotSeat::new(&o, ["Ann", "Bo"], "f5d6c3").unwrap();
        assert_eq!(h.seat(), Player::Second);
        let r = h.handle("move", &json!("concede"));
        assert_eq!(r.warning, None);
        assert!(h.game().ended());
        assert_eq!(h.seat(), Player::First, "the last mover once over");
        assert!(h.can_undo());
        assert_eq!(names(&h.undo().unwrap()), ["player", "state:updated"]);
        assert!(!h.game().ended());
        h.undo().unwrap();
        assert_eq!(h.game().record(), "f5d6");
        let r = h.handle("fetchLog", &json!({"start": 1}));
        let HostEvent::Gamelog(slice) = HostEvent::parse("gamelog", &r.events[0].1).unwrap() else {
            panic!()
        };
        assert_eq!(slice.items.len(), 2);
        // `end` included, as the engine package counts it.
        let r = h.handle("fetchLog", &json!({"start": 0, "end": 1}));
        let HostEvent::Gamelog(slice) = HostEvent::parse("gamelog", &r.events[0].1).unwrap() else {
            panic!()
        };
        assert_eq!((slice.start, slice.items.len()), (Some(0), 2));
        h.rename(Player::First, "  Cy  ");
        assert_eq!(h.data().name(Player::First).as_deref(), Some("Cy"));
        assert_eq!(h.data().name(Player::Second).as_deref(), Some("Bo"));
        let mut fresh = HotSeat::default();
        assert!(!fresh.can_undo());
        assert!(fresh.undo().is_err());
    }

    #[test]
    fn saves_and_restores_every_game() {
        for (game, size, record) in [
            (GameKind::Reversi, Some(6), ""),
            (GameKind::Gomoku, Some(15), "h8h9"),
            (GameKind::TicTacToe, None, "b2"),
        ] {
            let o = GameOptions {
                game,
                size,
                ..GameOptions::default()
            };
            let mut h = HotSeat::new(&o, ["A", ""], record).unwrap();
            let first = h.game().legal_moves()[0].to_string();
            assert_eq!(h.handle("move", &json!(first)).warning, None);
            let back = HotSeat::from_json(&h.to_json()).unwrap();
            assert_eq!(back, h);
            assert_eq!(
                back.game().piece(Square::new(0, 0)),
                h.game().piece(Square::new(0, 0))
            );
        }
    }

    #[test]
    fn old_or_corrupt_saves_are_errors() {
        for bad in [
            "{not json",
            r#"{"options":{"size":8},"record":"f5"}"#,
            r#"{"version":1,"data":{}}"#,
            r#"{"version":2,"data":{"game":"reversi"}}"#,
            r#"{"version":2,"data":{"game":"tictactoe","options":{},"moves":["b2","b2"]}}"#,
        ] {
            assert!(HotSeat::from_json(bad).is_err(), "{bad}");
        }
        assert!(HotSeat::new(&GameOptions::default(), ["", ""], "f5f5").is_err());
    }

    /// A stand-in for the viewer, as seed 003's wrapper behaves: it fetches the state on
    /// `gamelog` and `state:updated`, and keeps the last state and player.
    struct FakeViewer {
        seen: Rc<RefCell<Vec<String>>>,
        state: Rc<RefCell<Option<GameData>>>,
        player: Rc<RefCell<Option<Player>>>,
    }

    fn fake_viewer(emitter: &Emitter) -> FakeViewer {
        let v = FakeViewer {
            seen: Default::default(),
            state: Default::default(),
            player: Default::default(),
        };
        for name in host::ALL {
            let (e, seen, state, player) = (
                emitter.clone(),
                v.seen.clone(),
                v.state.clone(),
                v.player.clone(),
            );
            emitter.on(name, move |payload| {
                seen.borrow_mut().push(name.to_string());
                match HostEvent::parse(name, payload).unwrap() {
                    HostEvent::State(d) => *state.borrow_mut() = Some(*d),
                    HostEvent::Player(p) => *player.borrow_mut() = p,
                    HostEvent::Gamelog(_) | HostEvent::StateUpdated => {
                        e.emit(viewer::FETCH_STATE, &Value::Null);
                    }
                    _ => {}
                }
            });
        }
        v
    }

    #[test]
    fn the_protocol_loop_through_an_emitter() {
        let emitter = Emitter::new();
        let backend = Rc::new(RefCell::new(HotSeat::default()));
        let saved = Rc::new(RefCell::new(Vec::new()));
        let warnings = Rc::new(RefCell::new(Vec::new()));
        let (s, w) = (saved.clone(), warnings.clone());
        attach(
            &emitter,
            backend.clone(),
            move |b, name| s.borrow_mut().push(format!("{name}:{}", b.game().record())),
            move |m| w.borrow_mut().push(m.to_string()),
        );
        let v = fake_viewer(&emitter);
        for (name, payload) in backend.borrow().start_events() {
            emitter.emit(name, &payload);
        }
        assert_eq!(*v.player.borrow(), Some(Player::First));
        // The viewer plays f5 as Dark: the host answers, the viewer fetches the new state.
        emitter.emit(viewer::MOVE, &json!("f5"));
        assert_eq!(
            *v.seen.borrow(),
            ["player", "state", "player", "gamelog", "state"]
        );
        assert_eq!(v.state.borrow().as_ref().unwrap().game.record(), "f5");
        assert_eq!(*v.player.borrow(), Some(Player::Second));
        assert_eq!(*saved.borrow(), ["move:f5", "fetchState:f5"]);
        // A refused move: a warning, the unchanged state resent, nothing else.
        emitter.emit(viewer::MOVE, &json!("a1"));
        assert_eq!(warnings.borrow().len(), 1);
        assert!(warnings.borrow()[0].contains("a1"));
        assert_eq!(v.state.borrow().as_ref().unwrap().game.record(), "f5");
        // Host-side changes reach the viewer as state:updated, then a fetch.
        let events = backend.borrow_mut().undo().unwrap();
        for (name, payload) in events {
            emitter.emit(name, &payload);
        }
        assert_eq!(v.state.borrow().as_ref().unwrap().game.record(), "");
        assert_eq!(*v.player.borrow(), Some(Player::First));
    }

    #[test]
    fn against_the_computer_the_person_keeps_their_seat() {
        let computer = Some(Opponent {
            player: Player::Second,
            level: 3,
        });
        let mut h = HotSeat::default().with_computer(computer).unwrap();
        assert_eq!(h.seat(), Player::First);
        assert_eq!(h.computer_to_move(), None);
        assert!(h.handle(viewer::MOVE, &json!("f5")).warning.is_none());
        assert_eq!(h.computer_to_move(), computer);
        // The person cannot play the computer's move.
        let refused = h.handle(viewer::MOVE, &json!("d6"));
        assert!(refused.warning.is_some());
        assert_eq!(h.seat(), Player::First);
        let events = h.play_computer("d6".parse().unwrap()).unwrap();
        assert_eq!(names(&events), ["player", "gamelog"]);
        assert_eq!(events[0].1, json!({ "index": 0 }));
        assert_eq!(h.game().log().len(), 3);
        assert!(
            h.play_computer("c3".parse().unwrap()).is_err(),
            "not the computer's turn"
        );
        // Saved and restored with its seat.
        let back = HotSeat::from_json(&h.to_json()).unwrap();
        assert_eq!(back, h);
        // Undo takes back the computer's reply with the person's move.
        h.undo().unwrap();
        assert_eq!(h.game().log().len(), 1);
        assert_eq!(h.computer_to_move(), None);
        assert!(HotSeat::default()
            .with_computer(Some(Opponent {
                player: Player::First,
                level: 11
            }))
            .is_err());
    }
}
