//! Fan-out between instances on one PostgreSQL database, through PostgreSQL itself
//! (LISTEN/NOTIFY on the channel `outflank`).
//!
//! After its commit, a change is handed to this instance's hub at once (messages written
//! once, no read) and queued for the other instances: a task sends the queue, in order and in
//! batches, as `NOTIFY outflank, '<game id> <state id> <g|l> <origin>'` (`g`: the game
//! changed; `l`: the game entered, moved between or left the lobby's lists; the origin is the
//! instance's name). Each instance's [`PgFanout::listen`] task follows the channel: for a
//! change made elsewhere, it reads the game once and hands the news to its hub, whose sockets
//! send it on.
//!
//! The notifications are sent after the commit, not within it: PostgreSQL serialises the
//! commits of all transactions that NOTIFY, each holding a lock until its commit is flushed to
//! the disk, which would let one game's move wait for every other game's. Sent apart (a
//! connection whose commits do not wait for the disk: a notification is news, not data), they
//! cost the moves nothing. The price: an instance that dies between a commit and its
//! notification leaves the others unaware; so every second each instance compares the games
//! its sockets follow with the database ([`PgFanout::follow`]), and a game found newer is
//! announced then.

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgConnection, PgListener};
use sqlx::ConnectOptions;
use tokio::sync::{mpsc, watch};

use super::{Announcer, GameNews, Hub, LobbyNews};
use crate::games::view::news;
use crate::games::Cache;
use crate::now_ms;
use crate::store::Store;

/// The channel of the announcements.
pub const CHANNEL: &str = "outflank";

/// Lobby news remembered per game (see [`PgFanout::lobby_seen`]); past that it starts again.
const SEEN_MAX: usize = 50_000;
/// Notifications sent in one statement at most.
const BATCH: usize = 512;
/// How often the games followed here are compared with the database.
const FOLLOW_EVERY: Duration = Duration::from_secs(1);

/// The announcer of an instance on PostgreSQL, and its listener.
pub struct PgFanout {
    hub: Arc<Hub>,
    store: Store,
    /// This instance's copy of the games being played: a game read for its sockets is kept
    /// there too, so that their next move needs no read.
    cache: Arc<Cache>,
    /// This instance's name: announcements that carry it are its own.
    instance: String,
    /// The database's URL, for the connection that sends the notifications.
    url: String,
    /// Notifications waiting to be sent.
    outbox: mpsc::UnboundedSender<String>,
    outbox_rx: Mutex<Option<mpsc::UnboundedReceiver<String>>>,
    /// The newest state of each game sent to the lobby: the listener reads games in parallel,
    /// so an older read may finish after a newer one, and is then dropped.
    lobby_seen: Mutex<HashMap<i64, i64>>,
}

impl Announcer for PgFanout {
    fn game_changed(&self, news: GameNews) {
        self.queue(news.game_id, news.state_id, Kind::Game);
        self.hub.deliver_game(news);
    }

    fn lobby_changed(&self, news: LobbyNews) {
        self.queue(news.game_id, 0, Kind::Lobby);
        self.hub.deliver_lobby(news);
    }
}

/// What an announcement is about.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    /// The game changed: its sockets hear of it.
    Game,
    /// The lobby's lists changed by the game.
    Lobby,
}

/// One announcement.
#[derive(Debug, PartialEq)]
struct Notice<'a> {
    game_id: i64,
    state_id: i64,
    kind: Kind,
    origin: &'a str,
}

fn payload(game_id: i64, state_id: i64, kind: Kind, origin: &str) -> String {
    let kind = match kind {
        Kind::Game => 'g',
        Kind::Lobby => 'l',
    };
    format!("{game_id} {state_id} {kind} {origin}")
}

fn parse(payload: &str) -> Option<Notice<'_>> {
    let mut parts = payload.splitn(4, ' ');
    Some(Notice {
        game_id: parts.next()?.parse().ok()?,
        state_id: parts.next()?.parse().ok()?,
        kind: match parts.next()? {
            "g" => Kind::Game,
            "l" => Kind::Lobby,
            _ => return None,
        },
        origin: parts.next().unwrap_or(""),
    })
}

impl PgFanout {
    pub fn new(
        hub: Arc<Hub>,
        store: Store,
        cache: Arc<Cache>,
        instance: String,
        url: String,
    ) -> PgFanout {
        let (outbox, rx) = mpsc::unbounded_channel();
        PgFanout {
            hub,
            store,
            cache,
            instance,
            url,
            outbox,
            outbox_rx: Mutex::new(Some(rx)),
            lobby_seen: Mutex::new(HashMap::new()),
        }
    }

    fn queue(&self, game_id: i64, state_id: i64, kind: Kind) {
        let _ = self
            .outbox
            .send(payload(game_id, state_id, kind, &self.instance));
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

    /// Starts the tasks: the sender of this instance's notifications, the listener to the
    /// others' (on `listener`, from [`PgFanout::subscribe`]) and the follower; until
    /// `shutdown`.
    pub fn start(self: &Arc<Self>, listener: PgListener, shutdown: watch::Receiver<bool>) {
        if let Some(rx) = self
            .outbox_rx
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
        {
            tokio::spawn(self.clone().send(rx));
        }
        tokio::spawn(self.clone().listen(listener, shutdown.clone()));
        tokio::spawn(self.clone().follow(shutdown));
    }

    /// Sends the queued notifications, in order, many in one statement when they come fast.
    async fn send(self: Arc<Self>, mut rx: mpsc::UnboundedReceiver<String>) {
        let mut conn: Option<PgConnection> = None;
        let mut batch = Vec::with_capacity(BATCH);
        while rx.recv_many(&mut batch, BATCH).await > 0 {
            for attempt in 0..3 {
                if conn.is_none() {
                    conn = match self.notifier().await {
                        Ok(c) => Some(c),
                        Err(e) => {
                            tracing::warn!("connecting to send announcements: {e}");
                            tokio::time::sleep(Duration::from_millis(100 << attempt)).await;
                            continue;
                        }
                    };
                }
                let Some(c) = conn.as_mut() else { continue };
                let sent = sqlx::query("SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p")
                    .bind(CHANNEL)
                    .bind(&batch)
                    .execute(&mut *c)
                    .await;
                match sent {
                    Ok(_) => break,
                    Err(e) => {
                        tracing::warn!("sending announcements: {e}");
                        conn = None;
                    }
                }
            }
            // Sent, or given up on: the other instances' followers catch up within a second.
            batch.clear();
        }
    }

    /// The connection that sends notifications: its commits do not wait for the disk.
    async fn notifier(&self) -> Result<PgConnection, sqlx::Error> {
        PgConnectOptions::from_str(&self.url)?
            .application_name(&self.instance)
            .options([("synchronous_commit", "off")])
            .connect()
            .await
    }

    /// Hands the other instances' announcements to this instance's hub until `shutdown`.
    /// When the connection breaks, it connects again and every socket reads its game (and
    /// the lobby its lists) again: what was announced in between is not lost.
    async fn listen(
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
    /// socket here follows it, or for the lobby) and handed to the hub.
    fn heard(self: Arc<Self>, payload: &str) {
        let Some(n) = parse(payload) else {
            tracing::warn!("an announcement not understood: {payload:?}");
            return;
        };
        if n.origin == self.instance {
            return;
        }
        let watched = n.kind == Kind::Game && self.hub.is_watched(n.game_id);
        if n.kind == Kind::Game && !watched {
            return;
        }
        let (game_id, state_id, kind) = (n.game_id, n.state_id, n.kind);
        // Each read in its own task: one slow read holds up no other game.
        tokio::spawn(async move { self.read_and_deliver(game_id, state_id, kind).await });
    }

    async fn read_and_deliver(&self, game_id: i64, state_id: i64, kind: Kind) {
        let row = match self.store.game(game_id, kind == Kind::Game).await {
            Ok(Some(row)) => row,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(game = game_id, "reading an announced game: {e}");
                if kind == Kind::Game {
                    // The game's sockets read it themselves.
                    self.hub.deliver_game(GameNews {
                        game_id,
                        state_id,
                        players: [None, None],
                        messages: None,
                    });
                }
                return;
            }
        };
        let (game, lobby_news) = news(&row, now_ms());
        let state_id = row.state_id;
        match kind {
            Kind::Game => {
                self.cache.put(Arc::new(row));
                if let Some(game) = game {
                    self.hub.deliver_game(game);
                }
            }
            Kind::Lobby => {
                if self.newer_for_lobby(game_id, state_id) {
                    self.hub.deliver_lobby(lobby_news);
                }
            }
        }
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

    /// Every second, the games that sockets here follow are compared with the database; one
    /// that moved on without news (its instance died before sending it) is announced here.
    async fn follow(self: Arc<Self>, mut shutdown: watch::Receiver<bool>) {
        let mut tick = tokio::time::interval(FOLLOW_EVERY);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = shutdown.changed() => return,
            }
            let watched = self.hub.watched();
            if watched.is_empty() {
                continue;
            }
            let ids: Vec<i64> = watched.iter().map(|(id, _)| *id).collect();
            let now = match self.store.states(&ids).await {
                Ok(now) => now,
                Err(e) => {
                    tracing::warn!("comparing the games followed here: {e}");
                    continue;
                }
            };
            let announced: HashMap<i64, i64> = watched.into_iter().collect();
            for (id, state_id) in now {
                // -1 (no news since the first socket came and read the game itself) reads
                // the game once more: the price of never missing one.
                if announced.get(&id).is_some_and(|a| *a < state_id) {
                    self.read_and_deliver(id, state_id, Kind::Game).await;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announcements_read_back() {
        assert_eq!(
            parse(&payload(123, 7, Kind::Lobby, "outflank-abc")),
            Some(Notice {
                game_id: 123,
                state_id: 7,
                kind: Kind::Lobby,
                origin: "outflank-abc"
            })
        );
        assert_eq!(
            parse("5 0 g").map(|n| (n.kind, n.origin)),
            Some((Kind::Game, ""))
        );
        assert_eq!(parse("x 1 g a"), None);
        assert_eq!(parse("1 2 x a"), None);
        assert_eq!(parse("1"), None);
    }
}
