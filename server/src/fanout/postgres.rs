//! Fan-out between instances on one PostgreSQL database, through PostgreSQL itself.
//!
//! The database announces: a trigger on `games` (migrations/postgres/0002_announce.sql) sends
//! `NOTIFY outflank, '<game id> <state id> <lobby> <origin>'` for every change, delivered when
//! and only when its transaction commits, so a change that committed is announced even if the
//! instance that made it dies at once. [`PgFanout`] hands this instance's own changes straight
//! to its hub (messages written once, no read), and its [`PgFanout::listen`] task follows the
//! channel: for a change made elsewhere, it reads the game once and hands the news to the hub
//! of this instance, whose sockets send it on.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::watch;

use super::{Announcer, GameNews, Hub, LobbyNews};
use crate::games::view::news;
use crate::games::Cache;
use crate::now_ms;
use crate::store::Store;

/// The channel of the trigger's announcements.
pub const CHANNEL: &str = "outflank";

/// Lobby news remembered per game (see [`PgFanout::lobby_seen`]); past that it starts again.
const SEEN_MAX: usize = 50_000;

/// The announcer of an instance on PostgreSQL, and its listener.
pub struct PgFanout {
    hub: Arc<Hub>,
    store: Store,
    /// This instance's copy of the games being played: a game read for its sockets is kept
    /// there too, so that their next move needs no read.
    cache: Arc<Cache>,
    /// This instance's connection name: announcements that carry it are its own.
    instance: String,
    /// The newest state of each game sent to the lobby: the listener reads games in parallel,
    /// so an older read may finish after a newer one, and is then dropped.
    lobby_seen: Mutex<HashMap<i64, i64>>,
}

impl Announcer for PgFanout {
    fn game_changed(&self, news: GameNews) {
        self.hub.deliver_game(news);
    }

    fn lobby_changed(&self, news: LobbyNews) {
        self.hub.deliver_lobby(news);
    }
}

/// One announcement of the trigger.
#[derive(Debug, PartialEq)]
struct Notice<'a> {
    game_id: i64,
    state_id: i64,
    lobby: bool,
    origin: &'a str,
}

fn parse(payload: &str) -> Option<Notice<'_>> {
    let mut parts = payload.splitn(4, ' ');
    Some(Notice {
        game_id: parts.next()?.parse().ok()?,
        state_id: parts.next()?.parse().ok()?,
        lobby: parts.next()? == "1",
        origin: parts.next().unwrap_or(""),
    })
}

impl PgFanout {
    pub fn new(hub: Arc<Hub>, store: Store, cache: Arc<Cache>, instance: String) -> PgFanout {
        PgFanout {
            hub,
            store,
            cache,
            instance,
            lobby_seen: Mutex::new(HashMap::new()),
        }
    }

    /// A connection that LISTENs on the channel; made before the instance accepts sockets,
    /// so that no socket can read a game before its instance hears of the game's changes.
    pub async fn subscribe(&self) -> Result<PgListener, sqlx::Error> {
        let pool = self.store.postgres().ok_or_else(|| {
            sqlx::Error::Configuration("the fan-out through PostgreSQL needs PostgreSQL".into())
        })?;
        let mut listener = PgListener::connect_with(pool).await?;
        listener.listen(CHANNEL).await?;
        Ok(listener)
    }

    /// Hands the other instances' announcements to this instance's hub until `shutdown`.
    /// When the connection breaks, it connects again and every socket reads its game (and
    /// the lobby its lists) again: what was announced in between is not lost.
    pub async fn listen(
        self: Arc<Self>,
        mut listener: PgListener,
        mut shutdown: watch::Receiver<bool>,
    ) {
        loop {
            let notice = tokio::select! {
                n = listener.try_recv() => n,
                _ = shutdown.changed() => return,
            };
            match notice {
                Ok(Some(n)) => self.clone().heard(n.payload()),
                // The connection broke; the next try_recv connects and listens again.
                Ok(None) => {
                    tracing::warn!("the database's announcements were interrupted; catching up");
                    self.hub.resync();
                }
                Err(e) => {
                    tracing::warn!("listening for the database's announcements: {e}");
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                        _ = shutdown.changed() => return,
                    }
                    match self.subscribe().await {
                        Ok(l) => {
                            listener = l;
                            self.hub.resync();
                        }
                        Err(e) => tracing::warn!("listening again: {e}"),
                    }
                }
            }
        }
    }

    /// One announcement: unless it is this instance's own, the game is read once (if a
    /// socket here follows it, or the lobby should hear of it) and handed to the hub.
    fn heard(self: Arc<Self>, payload: &str) {
        let Some(n) = parse(payload) else {
            tracing::warn!("an announcement not understood: {payload:?}");
            return;
        };
        if n.origin == self.instance {
            return;
        }
        let watched = self.hub.is_watched(n.game_id);
        if !watched && !n.lobby {
            return;
        }
        let (game_id, state_id, lobby) = (n.game_id, n.state_id, n.lobby);
        // Each read in its own task: one slow read holds up no other game.
        tokio::spawn(async move {
            let row = match self.store.game(game_id, watched).await {
                Ok(Some(row)) => row,
                Ok(None) => return,
                Err(e) => {
                    tracing::warn!(game = game_id, "reading an announced game: {e}");
                    // The game's sockets read it themselves.
                    self.hub.deliver_game(GameNews {
                        game_id,
                        state_id,
                        players: [None, None],
                        messages: None,
                    });
                    return;
                }
            };
            let (game, lobby_news) = news(&row, now_ms());
            let state_id = row.state_id;
            if watched {
                self.cache.put(Arc::new(row));
            }
            if let Some(game) = game {
                self.hub.deliver_game(game);
            }
            if lobby && self.newer_for_lobby(game_id, state_id) {
                self.hub.deliver_lobby(lobby_news);
            }
        });
    }

    fn newer_for_lobby(&self, game_id: i64, state_id: i64) -> bool {
        let mut seen = self.lobby_seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen.get(&game_id).is_some_and(|s| *s >= state_id) {
            return false;
        }
        if seen.len() >= SEEN_MAX {
            seen.clear();
        }
        seen.insert(game_id, state_id);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announcements_read_back() {
        assert_eq!(
            parse("123 7 1 outflank-abc"),
            Some(Notice {
                game_id: 123,
                state_id: 7,
                lobby: true,
                origin: "outflank-abc"
            })
        );
        assert_eq!(
            parse("5 0 0").map(|n| (n.lobby, n.origin)),
            Some((false, ""))
        );
        assert_eq!(parse("x 1 1 a"), None);
        assert_eq!(parse("1"), None);
    }
}
