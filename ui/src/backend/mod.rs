//! The local hot-seat host (as boardgamers.space's local.ts): the host's side of the viewer protocol,
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
use crate::protocol::{clean_name, GameView, HostEvent, LogSlice, PlayerMeta, ViewerEvent};

mod saved;
pub use saved::Saved;

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
    data: GameView,
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
        HotSeat::around(GameView::new(game))
    }
}

impl HotSeat {
    fn around(mut data: GameView) -> HotSeat {
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
        Ok(HotSeat::around(GameView {
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

    pub fn data(&self) -> &GameView {
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
}

#[cfg(test)]
mod tests;
