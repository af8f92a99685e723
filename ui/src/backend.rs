//! The local hot-seat host (seed 003's local.ts): the host's side of the viewer protocol,
//! inside the page. It owns the game and the players' names, and changes them only through
//! one reducer, [`HotSeat::apply`] over named [`Action`]s (a move, the computer's move, undo,
//! redo, rename, a new game); every accepted action bumps the state id. [`HotSeat::answer`]
//! answers the viewer's typed events with typed host events: a move with the new state (and
//! the player to move: two people share one screen) or a refusal with a stable code. It keeps
//! the players' clocks too ([`Clocks`]), reading the time each action is applied at. Plain
//! data, no DOM, tested natively.

use outflank_engine::{AnyGame, Error, Game, GameOptions, LogItem, Move, Player, Square};
use serde::{Deserialize, Serialize};

use crate::clock::{Clocks, TimeControl};
use crate::leaderboard::Finished;
use crate::model;
use crate::protocol::{clean_name, GameData, HostEvent, LogSlice, PlayerMeta, ViewerEvent};

/// The computer's seat in a game against it: the player it plays, at which level (1-10).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Opponent {
    pub player: Player,
    pub level: u8,
}

/// What the hot-seat host can be asked to do.
#[derive(Clone, PartialEq, Debug)]
pub enum Action {
    /// The viewer's move for the player whose seat it is, made on state `on`.
    Move {
        mv: Move,
        on: Option<u64>,
    },
    /// The computer's move (from its worker).
    Computer(Square),
    /// Take back the last move (and the computer's reply to it).
    Undo,
    /// Put back what Undo took back.
    Redo,
    Rename(Player, String),
    /// A new game, or a loaded record.
    Replace(Box<HotSeat>),
    /// The host's timer says the running clock's flag has fallen: the game ends on time.
    /// Refused if the clock shows time left.
    Flag,
    /// The page was hidden: the running clock stops (if the players chose so).
    Pause,
    /// The page is shown again: the paused clock goes on.
    Resume,
}

/// A refused action: a stable code and why; nothing changed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Refusal {
    /// "stale" (the move was made on an older state), "not-legal", "occupied", ... (the
    /// engine's error codes), "nothing-to-undo", "nothing-to-redo".
    pub code: &'static str,
    pub reason: String,
}

impl From<Error> for Refusal {
    fn from(e: Error) -> Refusal {
        Refusal {
            code: e.code(),
            reason: e.to_string(),
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HotSeat {
    data: GameData,
    /// Set in a game against the computer; its moves come as [`Action::Computer`].
    computer: Option<Opponent>,
    /// What Undo took back, the latest last: Redo puts it back.
    undone: Vec<AnyGame>,
    /// Which game this is, for the leader board: when it was started (milliseconds since
    /// 1970; the page sets it), 0 if unknown.
    id: u64,
    /// The players' clocks, in a game with a time control.
    clocks: Option<Clocks>,
}

impl Default for HotSeat {
    fn default() -> HotSeat {
        // The default options always make a game.
        let game = AnyGame::new(&GameOptions::default()).unwrap_or_else(|_| unreachable!());
        HotSeat::around(GameData::new(game))
    }
}

/// The autosave format (localStorage), versioned: anything else is an old or corrupt
/// entry and starts a fresh game.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    version: u32,
    data: GameData,
    /// A game against the computer (absent in hot-seat games and older saves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    computer: Option<Opponent>,
    /// The game's id (absent in older saves).
    #[serde(default, skip_serializing_if = "is_zero")]
    id: u64,
    /// The clocks, in a game with a time control (absent otherwise and in older saves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clocks: Option<Clocks>,
}

fn is_zero(id: &u64) -> bool {
    *id == 0
}

const SAVE_VERSION: u32 = 2;

impl HotSeat {
    fn around(mut data: GameData) -> HotSeat {
        data.state_id = Some(data.state_id.unwrap_or(0));
        HotSeat {
            data,
            computer: None,
            undone: Vec::new(),
            id: 0,
            clocks: None,
        }
    }

    /// A new game with `options`, the players named (blank names show the colours), and
    /// optionally the moves of a record already played.
    pub fn new(options: &GameOptions, names: [&str; 2], record: &str) -> Result<HotSeat, Error> {
        let game = AnyGame::from_record(options, record)?;
        let players = names
            .iter()
            .map(|n| PlayerMeta {
                name: clean_name(n),
            })
            .collect();
        Ok(HotSeat::around(GameData {
            game,
            players,
            state_id: None,
        }))
    }

    /// The same game against the computer (or hot-seat again with `None`).
    pub fn with_computer(mut self, computer: Option<Opponent>) -> Result<HotSeat, Error> {
        if let Some(c) = computer {
            outflank_engine::search::Level::new(c.level)?;
        }
        self.computer = computer;
        Ok(self)
    }

    /// The same game with clocks, starting `now` for the player to move (or none).
    pub fn with_clocks(
        mut self,
        control: Option<TimeControl>,
        pause_when_hidden: bool,
        now: u64,
    ) -> HotSeat {
        let turn = self.game().to_move();
        self.clocks = control.map(|c| Clocks::new(c, pause_when_hidden, turn, now));
        self
    }

    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    pub fn computer(&self) -> Option<Opponent> {
        self.computer
    }

    /// The computer, when it is its turn.
    pub fn computer_to_move(&self) -> Option<Opponent> {
        self.computer
            .filter(|c| self.game().to_move() == Some(c.player))
    }

    pub fn data(&self) -> &GameData {
        &self.data
    }

    pub fn game(&self) -> &AnyGame {
        &self.data.game
    }

    pub fn state_id(&self) -> u64 {
        self.data.state_id.unwrap_or(0)
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

    pub fn can_undo(&self) -> bool {
        self.game().clone().undo().is_ok()
    }

    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// The one way the game changes, at `now` (milliseconds since 1970, the clocks' time).
    /// An accepted action bumps the state id; a refused one changes nothing.
    pub fn apply(&mut self, action: Action, now: u64) -> Result<(), Refusal> {
        // A move after the mover's flag fell is too late, whether or not the host's timer
        // has said so yet.
        if matches!(action, Action::Move { .. } | Action::Computer(_)) && self.fallen(now).is_some()
        {
            return Err(Refusal {
                code: "out-of-time",
                reason: "the player's time has run out".into(),
            });
        }
        let mut mover = None;
        match action {
            Action::Move { mv, on } => {
                if on.is_some_and(|on| on != self.state_id()) {
                    return Err(Refusal {
                        code: "stale",
                        reason: "the game has changed since that position".into(),
                    });
                }
                let seat = self.seat();
                self.data.game.play_move(seat, mv)?;
                self.undone.clear();
                mover = Some(seat).filter(|_| matches!(mv, Move::Place(_)));
            }
            Action::Computer(square) => {
                let c = self.computer_to_move().ok_or(Error::GameOver)?;
                self.data.game.play_move(c.player, Move::Place(square))?;
                self.undone.clear();
                mover = Some(c.player);
            }
            Action::Undo => {
                let before = self.game().clone();
                self.data.game.undo().map_err(|_| Refusal {
                    code: "nothing-to-undo",
                    reason: "there is no move to take back".into(),
                })?;
                // Against the computer its reply goes too: the person is to move again.
                // An undo that fails changes nothing: the person's first move stays undone.
                while self.computer_to_move().is_some() && self.data.game.undo().is_ok() {}
                self.undone.push(before);
            }
            Action::Redo => {
                let game = self.undone.pop().ok_or(Refusal {
                    code: "nothing-to-redo",
                    reason: "there is nothing to put back".into(),
                })?;
                self.data.game = game;
            }
            Action::Rename(player, name) => {
                while self.data.players.len() < 2 {
                    self.data.players.push(PlayerMeta::default());
                }
                self.data.players[player.index()].name = clean_name(&name);
            }
            Action::Replace(other) => {
                let next = self.state_id();
                *self = *other;
                self.undone.clear();
                self.data.state_id = Some(next);
            }
            Action::Flag => {
                let player = self.fallen(now).ok_or(Refusal {
                    code: "time-left",
                    reason: "the running clock has time left".into(),
                })?;
                self.data.game.time_out(player)?;
            }
            Action::Pause | Action::Resume => {
                let clocks = self.clocks.as_mut().filter(|c| c.pause_when_hidden);
                let changed = clocks.is_some_and(|c| match action {
                    Action::Pause => c.pause(now),
                    _ => c.resume(now),
                });
                if !changed {
                    return Err(Refusal {
                        code: "no-clock",
                        reason: "no clock to pause or resume".into(),
                    });
                }
            }
        }
        let next = self.game().to_move();
        if let Some(clocks) = &mut self.clocks {
            match mover {
                Some(mover) => clocks.moved(mover, next, now),
                None => clocks.turn_to(next, now),
            }
        }
        self.data.state_id = Some(self.state_id() + 1);
        Ok(())
    }

    /// The player whose flag has fallen at `now`, while the game goes on.
    pub fn fallen(&self, now: u64) -> Option<Player> {
        self.clocks
            .as_ref()
            .and_then(|c| c.fallen(now))
            .filter(|_| !self.game().ended())
    }

    /// What the viewer is told after any change, and when it mounts: its player (the seat
    /// of whoever is to move), then the state.
    pub fn news(&self) -> Vec<HostEvent> {
        vec![
            HostEvent::Player(Some(self.seat())),
            HostEvent::State(Box::new(self.data.clone())),
        ]
    }

    /// Answers one viewer event; `Err` when a move was refused (the answer says so too).
    /// Events that are the page's business (preferences, clicks, log lines) get no answer.
    pub fn answer(
        &mut self,
        event: &ViewerEvent,
        now: u64,
    ) -> (Vec<HostEvent>, Result<bool, Refusal>) {
        match event {
            ViewerEvent::Move { mv, state_id } => {
                match self.apply(
                    Action::Move {
                        mv: *mv,
                        on: *state_id,
                    },
                    now,
                ) {
                    Ok(()) => (self.news(), Ok(true)),
                    Err(r) => (
                        vec![HostEvent::Refused {
                            code: r.code.to_string(),
                            reason: r.reason.clone(),
                            state_id: Some(self.state_id()),
                        }],
                        Err(r),
                    ),
                }
            }
            ViewerEvent::FetchState => (self.news(), Ok(false)),
            ViewerEvent::FetchLog { start, end } => {
                // `end` is included, as in the engine package's logSlice and BGS's docs.
                let log = self.game().log();
                let stop = end.map_or(log.len(), |e| e.saturating_add(1).min(log.len()));
                let items = log.get(*start..stop).map(<[_]>::to_vec).unwrap_or_default();
                (
                    vec![HostEvent::Gamelog(LogSlice {
                        start: Some(*start),
                        items,
                    })],
                    Ok(false),
                )
            }
            _ => (Vec::new(), Ok(false)),
        }
    }

    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn with_id(mut self, id: u64) -> HotSeat {
        self.id = id;
        self
    }

    /// The game's result for the leader board, once it has ended: the names as shown (the
    /// computer as "Computer, level N"), the winner, and the discs in Reversi.
    pub fn finished(&self) -> Option<Finished> {
        let game = self.game();
        let outcome = game.outcome()?;
        let names = Player::BOTH.map(|p| match self.computer {
            Some(c) if c.player == p => format!("Computer, level {}", c.level),
            // The board keeps names as recorded, whatever the page's language.
            _ => model::display_name(crate::i18n::Locale::en, &self.data, p),
        });
        let discs = match game {
            AnyGame::Reversi(r) => r.discs(),
            _ => [0, 0],
        };
        Some(Finished {
            id: self.id,
            kind: game.kind(),
            names,
            winner: outcome.winner(),
            discs,
        })
    }

    /// What the autosave keeps.
    pub fn saved(&self) -> Saved {
        Saved {
            version: SAVE_VERSION,
            data: self.data.clone(),
            computer: self.computer,
            id: self.id,
            clocks: self.clocks.clone(),
        }
    }

    /// Restores an autosave read at `now`; another version is an error. (A save that does
    /// not read as [`Saved`], an inconsistent game included, never gets here.)
    pub fn restore(saved: Saved, now: u64) -> Result<HotSeat, String> {
        if saved.version != SAVE_VERSION {
            return Err(format!(
                "saved by version {}, this is {SAVE_VERSION}",
                saved.version
            ));
        }
        let to_move = saved.data.game.to_move();
        let clocks = match saved.clocks {
            Some(clocks) => Some(
                clocks
                    .checked(to_move, now)
                    .map_err(|e| format!("the clocks: {e}"))?,
            ),
            None => None,
        };
        let mut h = HotSeat::around(saved.data)
            .with_computer(saved.computer)
            .map_err(|e| format!("the computer's seat: {e}"))?
            .with_id(saved.id);
        h.clocks = clocks;
        Ok(h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outflank_engine::{GameKind, Square};

    /// The autosave as localStorage keeps it: JSON text, read back.
    fn through_json(h: &HotSeat) -> Result<HotSeat, String> {
        let text = serde_json::to_string(&h.saved()).unwrap();
        from_json(&text)
    }

    fn from_json(text: &str) -> Result<HotSeat, String> {
        serde_json::from_str::<Saved>(text)
            .map_err(|e| e.to_string())
            .and_then(|s| HotSeat::restore(s, 0))
    }

    fn mv(s: &str) -> ViewerEvent {
        ViewerEvent::Move {
            mv: Move::Place(s.parse().unwrap()),
            state_id: None,
        }
    }

    fn state_of(events: &[HostEvent]) -> GameData {
        events
            .iter()
            .find_map(|e| match e {
                HostEvent::State(d) => Some((**d).clone()),
                _ => None,
            })
            .unwrap()
    }

    #[test]
    fn a_move_for_whoever_is_to_move_answered_with_the_state_or_a_refusal() {
        let mut h = HotSeat::default();
        assert!(matches!(
            h.news().as_slice(),
            [HostEvent::Player(Some(Player::First)), HostEvent::State(_)]
        ));
        let (events, result) = h.answer(&mv("f5"), 0);
        assert_eq!(result, Ok(true));
        assert_eq!(events[0], HostEvent::Player(Some(Player::Second)));
        let state = state_of(&events);
        assert_eq!(state.game.record(), "f5");
        assert_eq!(state.state_id, Some(1));
        // Light is to move; f5 again is refused with a code, and nothing changes.
        let before = h.clone();
        let (events, result) = h.answer(&mv("f5"), 0);
        assert_eq!(result.unwrap_err().code, "occupied");
        assert!(
            matches!(events.as_slice(), [HostEvent::Refused { code, state_id: Some(1), .. }] if code == "occupied")
        );
        assert_eq!(h, before);
        // A move made on an older state is stale, even if it would be legal now.
        let (_, result) = h.answer(
            &ViewerEvent::Move {
                mv: Move::Place("d6".parse().unwrap()),
                state_id: Some(0),
            },
            0,
        );
        assert_eq!(result.unwrap_err().code, "stale");
        assert_eq!(h, before);
        assert_eq!(h.answer(&ViewerEvent::Ready, 0), (Vec::new(), Ok(false)));
        assert_eq!(
            state_of(&h.answer(&ViewerEvent::FetchState, 0).0)
                .game
                .record(),
            "f5"
        );
    }

    #[test]
    fn concede_undo_redo_rename_and_fetch_log() {
        let o = GameOptions::default();
        let mut h = HotSeat::new(&o, ["Ann", "Bo"], "f5d6c3").unwrap();
        assert_eq!(h.seat(), Player::Second);
        let (_, result) = h.answer(
            &ViewerEvent::Move {
                mv: Move::Concede,
                state_id: Some(0),
            },
            0,
        );
        assert_eq!(result, Ok(true));
        assert!(h.game().ended());
        assert_eq!(h.seat(), Player::First, "the last mover once over");
        assert!(h.can_undo());
        h.apply(Action::Undo, 0).unwrap();
        assert!(!h.game().ended());
        h.apply(Action::Undo, 0).unwrap();
        assert_eq!(h.game().record(), "f5d6");
        // Redo puts back what undo took, in order; a new move forgets it.
        assert!(h.can_redo());
        h.apply(Action::Redo, 0).unwrap();
        assert_eq!(h.game().record(), "f5d6c3");
        h.apply(Action::Redo, 0).unwrap();
        assert!(h.game().ended());
        assert_eq!(
            h.apply(Action::Redo, 0).unwrap_err().code,
            "nothing-to-redo"
        );
        h.apply(Action::Undo, 0).unwrap();
        h.apply(Action::Undo, 0).unwrap();
        assert_eq!(h.answer(&mv("c3"), 0).1, Ok(true));
        assert!(!h.can_redo());
        let id = h.state_id();
        assert_eq!(id, 8, "every accepted action bumped the id");
        let (events, _) = h.answer(
            &ViewerEvent::FetchLog {
                start: 1,
                end: None,
            },
            0,
        );
        let [HostEvent::Gamelog(slice)] = events.as_slice() else {
            panic!()
        };
        assert_eq!((slice.start, slice.items.len()), (Some(1), 3));
        // `end` included, as the engine package counts it.
        let (events, _) = h.answer(
            &ViewerEvent::FetchLog {
                start: 0,
                end: Some(1),
            },
            0,
        );
        let [HostEvent::Gamelog(slice)] = events.as_slice() else {
            panic!()
        };
        assert_eq!((slice.start, slice.items.len()), (Some(0), 2));
        h.apply(Action::Rename(Player::First, "  Cy  ".into()), 0)
            .unwrap();
        assert_eq!(h.data().name(Player::First).as_deref(), Some("Cy"));
        assert_eq!(h.data().name(Player::Second).as_deref(), Some("Bo"));
        let mut fresh = HotSeat::default();
        assert!(!fresh.can_undo());
        assert_eq!(
            fresh.apply(Action::Undo, 0).unwrap_err().code,
            "nothing-to-undo"
        );
        assert_eq!(fresh.state_id(), 0);
        // A new game keeps counting: the viewer tells it from an older state.
        h.apply(Action::Replace(Box::new(fresh)), 0).unwrap();
        assert_eq!(h.state_id(), id + 2);
        assert_eq!(h.game().record(), "");
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
            assert_eq!(h.answer(&mv(&first), 0).1, Ok(true));
            let back = through_json(&h).unwrap();
            assert_eq!(back, h);
            assert_eq!(back.state_id(), 1);
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
            r#"{"version":2,"data":{"game":"tictactoe","options":{},"moves":[],"stateId":-1}}"#,
        ] {
            assert!(from_json(bad).is_err(), "{bad}");
        }
        // A save from before state ids starts counting at 0.
        let old = r#"{"version":2,"data":{"game":"tictactoe","options":{},"moves":["b2"]}}"#;
        assert_eq!(from_json(old).unwrap().state_id(), 0);
        assert!(HotSeat::new(&GameOptions::default(), ["", ""], "f5f5").is_err());
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
        assert_eq!(h.answer(&mv("f5"), 0).1, Ok(true));
        assert_eq!(h.computer_to_move(), computer);
        // The person cannot play the computer's move.
        assert!(h.answer(&mv("d6"), 0).1.is_err());
        assert_eq!(h.seat(), Player::First);
        h.apply(Action::Computer("d6".parse().unwrap()), 0).unwrap();
        assert_eq!(h.news()[0], HostEvent::Player(Some(Player::First)));
        assert_eq!(h.game().log().len(), 3);
        assert!(
            h.apply(Action::Computer("c3".parse().unwrap()), 0).is_err(),
            "not the computer's turn"
        );
        // Saved and restored with its seat.
        let back = through_json(&h).unwrap();
        assert_eq!(back.computer(), h.computer());
        assert_eq!(back.data(), h.data());
        // Undo takes back the computer's reply with the person's move; redo both.
        h.apply(Action::Undo, 0).unwrap();
        assert_eq!(h.game().log().len(), 1);
        assert_eq!(h.computer_to_move(), None);
        h.apply(Action::Redo, 0).unwrap();
        assert_eq!(h.game().log().len(), 3);
        assert!(HotSeat::default()
            .with_computer(Some(Opponent {
                player: Player::First,
                level: 11
            }))
            .is_err());
    }

    #[test]
    fn the_host_keeps_the_clocks_and_a_flag_ends_the_game_on_time() {
        const T0: u64 = 1_800_000_000_000;
        let mut h = HotSeat::default().with_clocks(Some(TimeControl::new(60, 2)), true, T0);
        let left = |h: &HotSeat, p, now| h.clocks().unwrap().left(p, now);
        assert_eq!(h.clocks().unwrap().running(), Some(Player::First));
        assert_eq!(h.answer(&mv("f5"), T0 + 20_000).1, Ok(true));
        assert_eq!(
            left(&h, Player::First, T0 + 30_000),
            42_000,
            "20 s spent, 2 s back"
        );
        assert_eq!(left(&h, Player::Second, T0 + 30_000), 50_000);
        // Saved and restored later: light's clock went on running meanwhile.
        let text = serde_json::to_string(&h.saved()).unwrap();
        let back = HotSeat::restore(serde_json::from_str(&text).unwrap(), T0 + 30_000).unwrap();
        assert_eq!(back, h);
        assert_eq!(left(&back, Player::Second, T0 + 30_000), 50_000);
        // Paused (the page hidden), no time passes; resumed, it does.
        h.apply(Action::Pause, T0 + 30_000).unwrap();
        assert_eq!(
            h.apply(Action::Pause, T0 + 31_000).unwrap_err().code,
            "no-clock"
        );
        h.apply(Action::Resume, T0 + 90_000).unwrap();
        assert_eq!(left(&h, Player::Second, T0 + 90_000), 50_000);
        // The timer fires early: refused, nothing changes.
        let before = h.clone();
        assert_eq!(
            h.apply(Action::Flag, T0 + 139_999).unwrap_err().code,
            "time-left"
        );
        assert_eq!(h, before);
        // A move after the flag fell is too late, even before the timer says so.
        let late = h.answer(&mv("d6"), T0 + 140_000).1.unwrap_err();
        assert_eq!(late.code, "out-of-time");
        assert_eq!(h, before);
        h.apply(Action::Flag, T0 + 140_000).unwrap();
        assert!(h.game().ended());
        assert_eq!(
            h.game().outcome(),
            Some(outflank_engine::Outcome::Win(Player::First))
        );
        assert_eq!(
            h.game().resigned(),
            Some(outflank_engine::Resignation::OutOfTime(Player::Second))
        );
        assert_eq!(
            h.clocks().unwrap().running(),
            None,
            "no clock runs once it is over"
        );
        assert_eq!(left(&h, Player::Second, T0 + 999_000), 0);
        let finished = h.finished().unwrap();
        assert_eq!(finished.winner, Some(Player::First));
        // A save whose clock runs for the player not to move is corrupt.
        let mut wrong = serde_json::to_value(back.saved()).unwrap();
        wrong["clocks"]["turn"] = serde_json::json!(0);
        assert!(HotSeat::restore(serde_json::from_value(wrong).unwrap(), T0 + 30_000).is_err());
        // Without the players' choice, hiding the page pauses nothing.
        let mut free = HotSeat::default().with_clocks(Some(TimeControl::new(60, 0)), false, T0);
        assert_eq!(free.apply(Action::Pause, T0).unwrap_err().code, "no-clock");
    }
}
