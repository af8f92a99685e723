//! Who hears of a change. A change is announced only after its transaction has committed,
//! through an [`Announcer`]; the sockets of this instance listen on the [`Hub`].
//!
//! With one instance the announcer is [`LocalAnnouncer`]: it hands the news straight to the
//! hub, with the messages already written. With several instances on PostgreSQL,
//! [`postgres::PgFanout`] does the same for its own sockets and tells the other instances
//! through PostgreSQL (`NOTIFY outflank`, carrying the changed row when it fits); each
//! instance's LISTEN task writes the news from that row (or reads the game once) and hands it
//! to its own hub. A socket that missed news (it fell behind, or the
//! listener lost its connection) reads the game from the database. Nothing else changes.

pub mod postgres;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::broadcast;

use crate::store::GameRow;

/// A game changed: it is now at `state_id`.
#[derive(Clone, Debug)]
pub struct GameNews {
    pub game_id: i64,
    pub state_id: i64,
    /// The accounts seated now (a join seats player 1).
    pub players: [Option<i64>; 2],
    /// The `game` and `state` messages as sent on a game's socket, written once for every
    /// listener; None when the news came from elsewhere (then each socket reads the game).
    pub messages: Option<Arc<GameMessages>>,
}

/// The two messages that tell a socket about a game's new state.
#[derive(Debug)]
pub struct GameMessages {
    /// `{"event":"game","data":<summary>}`
    pub game: String,
    /// `{"event":"state","data":<GameData with stateId>}`
    pub state: String,
}

/// A game appeared in, moved within or left the lobby's lists (created, joined, cancelled,
/// finished).
#[derive(Clone, Debug)]
pub struct LobbyNews {
    /// The game; 0 when any game may have changed (news from other instances was missed):
    /// then the lists are read again.
    pub game_id: i64,
    /// `{"event":"game","data":<summary>}`, or None: read it from the database.
    pub message: Option<Arc<String>>,
}

/// Tells every instance's sockets that something changed. Called after the commit.
pub trait Announcer: Send + Sync {
    /// `row` was just committed: its game's sockets hear `game` (None when the row was read
    /// without its data), and the lobby's hear `lobby` when the game entered, moved between
    /// or left the lobby's lists.
    fn changed(&self, row: &GameRow, game: Option<GameNews>, lobby: Option<LobbyNews>);
}

/// How many announcements a socket may fall behind before it is told to catch up (a game
/// has a few moves a second at most; a lobby can be busier).
const GAME_BACKLOG: usize = 16;
const LOBBY_BACKLOG: usize = 256;

/// The broadcast channels of this instance: one per game being watched, one for the lobby.
pub struct Hub {
    games: Mutex<HashMap<i64, Channel>>,
    lobby: broadcast::Sender<LobbyNews>,
}

/// A game's channel, and the newest state announced on it.
struct Channel {
    tx: broadcast::Sender<GameNews>,
    newest: i64,
}

impl Default for Hub {
    fn default() -> Self {
        Hub::new()
    }
}

impl Hub {
    pub fn new() -> Hub {
        Hub {
            games: Mutex::new(HashMap::new()),
            lobby: broadcast::channel(LOBBY_BACKLOG).0,
        }
    }

    /// Listens to one game until the subscription is dropped.
    pub fn subscribe_game(self: &Arc<Hub>, game_id: i64) -> GameSubscription {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        let rx = games
            .entry(game_id)
            .or_insert_with(|| Channel {
                tx: broadcast::channel(GAME_BACKLOG).0,
                newest: -1,
            })
            .tx
            .subscribe();
        GameSubscription {
            rx,
            hub: self.clone(),
            game_id,
        }
    }

    pub fn subscribe_lobby(&self) -> broadcast::Receiver<LobbyNews> {
        self.lobby.subscribe()
    }

    /// Hands `news` to this instance's sockets on that game (none: nothing to do).
    pub fn deliver_game(&self, news: GameNews) {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(channel) = games.get_mut(&news.game_id) {
            if news.state_id != i64::MAX {
                channel.newest = channel.newest.max(news.state_id);
            }
            let _ = channel.tx.send(news);
        }
    }

    pub fn deliver_lobby(&self, news: LobbyNews) {
        let _ = self.lobby.send(news);
    }

    /// Whether a socket of this instance follows game `game_id`.
    pub fn is_watched(&self, game_id: i64) -> bool {
        let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games.contains_key(&game_id)
    }

    /// Tells every socket that it may have missed news: each game's sockets read their game
    /// again, the lobby's read the lists again.
    pub fn resync(&self) {
        let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        for (&game_id, channel) in games.iter() {
            let _ = channel.tx.send(GameNews {
                game_id,
                // Newer than anything a socket has: it reads the game.
                state_id: i64::MAX,
                players: [None, None],
                messages: None,
            });
        }
        let _ = self.lobby.send(LobbyNews {
            game_id: 0,
            message: None,
        });
    }

    /// The games with a socket here, each with the newest state announced to them (-1: none
    /// since the first socket came, which read the game itself).
    pub fn watched(&self) -> Vec<(i64, i64)> {
        let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        games.iter().map(|(&id, c)| (id, c.newest)).collect()
    }

    /// Games with at least one socket listening.
    pub fn watched_games(&self) -> usize {
        self.games.lock().map(|g| g.len()).unwrap_or(0)
    }
}

/// A socket's subscription to a game; the game's channel goes when its last one does.
pub struct GameSubscription {
    pub rx: broadcast::Receiver<GameNews>,
    hub: Arc<Hub>,
    game_id: i64,
}

impl Drop for GameSubscription {
    fn drop(&mut self) {
        let mut games = self.hub.games.lock().unwrap_or_else(|e| e.into_inner());
        // Our own receiver is still alive here (fields drop after this): it is the last one
        // when the count is 1. New subscribers take the same lock, so none slips in.
        if games
            .get(&self.game_id)
            .is_some_and(|c| c.tx.receiver_count() <= 1)
        {
            games.remove(&self.game_id);
        }
    }
}

/// One instance: announcements go straight to its own hub.
pub struct LocalAnnouncer {
    hub: Arc<Hub>,
}

impl LocalAnnouncer {
    pub fn new(hub: Arc<Hub>) -> LocalAnnouncer {
        LocalAnnouncer { hub }
    }
}

impl Announcer for LocalAnnouncer {
    fn changed(&self, _row: &GameRow, game: Option<GameNews>, lobby: Option<LobbyNews>) {
        if let Some(news) = game {
            self.hub.deliver_game(news);
        }
        if let Some(news) = lobby {
            self.hub.deliver_lobby(news);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_channel_goes_with_its_last_listener() {
        let hub = Arc::new(Hub::new());
        let a = hub.subscribe_game(7);
        let mut b = hub.subscribe_game(7);
        assert_eq!(hub.watched_games(), 1);
        drop(a);
        assert_eq!(hub.watched_games(), 1);
        hub.deliver_game(GameNews {
            game_id: 7,
            state_id: 3,
            players: [Some(1), None],
            messages: None,
        });
        assert_eq!(b.rx.try_recv().unwrap().state_id, 3);
        drop(b);
        assert_eq!(hub.watched_games(), 0);
    }
}
