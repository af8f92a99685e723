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
use crate::lobby::LIST_MAX;
use crate::now_ms;
use crate::store::{GameRow, Store};

/// The channel of the announcements.
pub const CHANNEL: &str = "outflank";

/// Lobby news remembered per game (see [`PgFanout::lobby_seen`]); past that it starts again.
const SEEN_MAX: usize = 50_000;
/// Notifications sent in one statement at most.
const BATCH: usize = 512;
/// The longest notification PostgreSQL takes is 7999 bytes.
const PAYLOAD_MAX: usize = 7999;
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
    /// The newest state of each game sent to the lobby, and its status then: the listener
    /// reads games in parallel, so an older read may finish after a newer one, and is then
    /// dropped; and the follower compares the lobby's lists with it.
    lobby_seen: Mutex<HashMap<i64, Seen>>,
}

impl Announcer for PgFanout {
    fn changed(&self, row: &GameRow, game: Option<GameNews>, lobby: Option<LobbyNews>) {
        let kinds = Kinds {
            game: game.is_some(),
            lobby: lobby.is_some(),
        };
        if kinds.game || kinds.lobby {
            let _ = self.outbox.send(payload(row, kinds, &self.instance));
        }
        if let Some(news) = game {
            self.hub.deliver_game(news);
        }
        if let Some(news) = lobby {
            self.newer_for_lobby(row);
            self.hub.deliver_lobby(news);
        }
    }
}

/// What an announcement is about.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Kinds {
    /// The game changed: its sockets hear of it.
    game: bool,
    /// The lobby's lists changed by the game.
    lobby: bool,
}

/// What the lobby's sockets of this instance were last told of a game.
#[derive(Debug, Clone, PartialEq)]
struct Seen {
    state_id: i64,
    status: String,
}

/// One announcement.
#[derive(Debug, PartialEq)]
struct Notice<'a> {
    game_id: i64,
    state_id: i64,
    kinds: Kinds,
    origin: &'a str,
    /// The row as committed (JSON), when it fitted in the notification.
    row: Option<&'a str>,
}

/// `<game id> <state id> <g|l|gl> <origin>`, then the committed row's JSON on a line of its
/// own when the whole stays under PostgreSQL's limit (8000 bytes): the other instances then
/// announce the change without reading the game back. JSON written by serde has no raw line
/// breaks.
fn payload(row: &GameRow, kinds: Kinds, origin: &str) -> String {
    let kinds = match (kinds.game, kinds.lobby) {
        (true, true) => "gl",
        (true, false) => "g",
        _ => "l",
    };
    let head = format!("{} {} {kinds} {origin}", row.id, row.state_id);
    match serde_json::to_string(row) {
        Ok(json) if head.len() + 1 + json.len() <= PAYLOAD_MAX => format!("{head}\n{json}"),
        _ => head,
    }
}

fn parse(payload: &str) -> Option<Notice<'_>> {
    let (head, row) = match payload.split_once('\n') {
        Some((head, row)) => (head, Some(row)),
        None => (payload, None),
    };
    let mut parts = head.splitn(4, ' ');
    Some(Notice {
        game_id: parts.next()?.parse().ok()?,
        state_id: parts.next()?.parse().ok()?,
        kinds: match parts.next()? {
            "g" => Kinds {
                game: true,
                lobby: false,
            },
            "l" => Kinds {
                game: false,
                lobby: true,
            },
            "gl" => Kinds {
                game: true,
                lobby: true,
            },
            _ => return None,
        },
        origin: parts.next().unwrap_or(""),
        row,
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

    /// One announcement: unless it is this instance's own, the news is written from the row
    /// it carries, or else the game is read once (if a socket here follows it, or for the
    /// lobby), and handed to the hub.
    fn heard(self: Arc<Self>, payload: &str) {
        let Some(n) = parse(payload) else {
            tracing::warn!("an announcement not understood: {payload:?}");
            return;
        };
        if n.origin == self.instance {
            return;
        }
        let watched = n.kinds.game && self.hub.is_watched(n.game_id);
        if !watched && !n.kinds.lobby {
            return;
        }
        let kinds = Kinds {
            game: watched,
            lobby: n.kinds.lobby,
        };
        match n.row.map(serde_json::from_str::<GameRow>) {
            Some(Ok(row)) => self.deliver(row, kinds),
            Some(Err(e)) => {
                tracing::warn!(game = n.game_id, "an announced row not understood: {e}")
            }
            None => {
                let (game_id, state_id) = (n.game_id, n.state_id);
                // Each read in its own task: one slow read holds up no other game.
                tokio::spawn(async move { self.read_and_deliver(game_id, state_id, kinds).await });
            }
        }
    }

    async fn read_and_deliver(&self, game_id: i64, state_id: i64, kinds: Kinds) {
        match self.store.game(game_id, kinds.game).await {
            Ok(Some(row)) => self.deliver(row, kinds),
            Ok(None) => {}
            Err(e) => {
                tracing::warn!(game = game_id, "reading an announced game: {e}");
                if kinds.game {
                    // The game's sockets read it themselves.
                    self.hub.deliver_game(GameNews {
                        game_id,
                        state_id,
                        players: [None, None],
                        messages: None,
                    });
                }
            }
        }
    }

    /// `row`, made elsewhere, to this instance's sockets: the game's (kept in the cache for
    /// their next move) and the lobby's.
    fn deliver(&self, row: GameRow, kinds: Kinds) {
        let (game, lobby_news) = news(&row, now_ms());
        if kinds.lobby && self.newer_for_lobby(&row) {
            self.hub.deliver_lobby(lobby_news);
        }
        if kinds.game {
            self.cache.put(Arc::new(row));
            if let Some(game) = game {
                self.hub.deliver_game(game);
            }
        }
    }

    /// Whether `row` is newer than what the lobby's sockets were told of its game; if so it
    /// is remembered as told.
    fn newer_for_lobby(&self, row: &GameRow) -> bool {
        let mut seen = self.lobby_seen.lock().unwrap_or_else(|e| e.into_inner());
        if seen
            .get(&row.id)
            .is_some_and(|s| s.state_id >= row.state_id)
        {
            return false;
        }
        if seen.len() >= SEEN_MAX {
            seen.clear();
        }
        let status = row.status.clone();
        seen.insert(
            row.id,
            Seen {
                state_id: row.state_id,
                status,
            },
        );
        true
    }

    /// The status the lobby's sockets were last told of game `id`.
    fn seen_status(&self, id: i64) -> Option<String> {
        let seen = self.lobby_seen.lock().unwrap_or_else(|e| e.into_inner());
        seen.get(&id).map(|s| s.status.clone())
    }

    /// Every second, what this instance's sockets follow is compared with the database
    /// (the games, and the lobby's lists): news lost with an
    /// instance that died between its commit and its notification is announced then.
    async fn follow(self: Arc<Self>, mut shutdown: watch::Receiver<bool>) {
        let mut tick = tokio::time::interval(FOLLOW_EVERY);
        // The lobby's lists at the last tick (None: not read yet). They are followed whether
        // or not a lobby socket is open here, so that one opening finds them current.
        let mut lists: Option<HashMap<i64, String>> = None;
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                _ = shutdown.changed() => return,
            }
            self.follow_games().await;
            if let Some(now) = self.follow_lobby(lists.as_ref()).await {
                lists = Some(now);
            }
        }
    }

    /// The games that sockets here follow: one that moved on without news is read.
    async fn follow_games(&self) {
        let watched = self.hub.watched();
        if watched.is_empty() {
            return;
        }
        let ids: Vec<i64> = watched.iter().map(|(id, _)| *id).collect();
        let now = match self.store.states(&ids).await {
            Ok(now) => now,
            Err(e) => {
                tracing::warn!("comparing the games followed here: {e}");
                return;
            }
        };
        let announced: HashMap<i64, i64> = watched.into_iter().collect();
        for (id, state_id) in now {
            // -1 (no news since the first socket came and read the game itself) reads
            // the game once more: the price of never missing one.
            if announced.get(&id).is_some_and(|a| *a < state_id) {
                let kinds = Kinds {
                    game: true,
                    lobby: false,
                };
                self.read_and_deliver(id, state_id, kinds).await;
            }
        }
    }

    /// The lobby's lists as the database has them now (each game's status), compared with
    /// what the lobby's sockets were told: a game in a list under a status they were not
    /// told of, and a game gone from a list (`before`, the last tick's) whose leaving they
    /// were not told of, is announced. The first tick (`before` None) only remembers.
    async fn follow_lobby(
        &self,
        before: Option<&HashMap<i64, String>>,
    ) -> Option<HashMap<i64, String>> {
        let mut now = HashMap::new();
        for status in ["waiting", "playing"] {
            let rows = match self.store.games_with_status(status, LIST_MAX).await {
                Ok(rows) => rows,
                Err(e) => {
                    tracing::warn!("comparing the lobby's lists: {e}");
                    return None;
                }
            };
            for row in rows {
                now.insert(row.id, row.status.clone());
                let told = self.seen_status(row.id);
                if before.is_none() {
                    if told.is_none() {
                        self.newer_for_lobby(&row);
                    }
                } else if told.as_deref() != Some(row.status.as_str()) {
                    self.deliver(
                        row,
                        Kinds {
                            game: false,
                            lobby: true,
                        },
                    );
                }
            }
        }
        for (&id, status) in before.into_iter().flatten() {
            // Gone from its list, and the sockets still think it is there: read it (most
            // often it only fell below the list's newest games).
            if !now.contains_key(&id) && self.seen_status(id).as_deref() == Some(status) {
                match self.store.game(id, false).await {
                    Ok(Some(row)) if row.status != *status => self.deliver(
                        row,
                        Kinds {
                            game: false,
                            lobby: true,
                        },
                    ),
                    Ok(_) => {}
                    Err(e) => tracing::warn!(game = id, "reading a game gone from the lobby: {e}"),
                }
            }
        }
        Some(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(data: Option<String>) -> GameRow {
        GameRow {
            id: 123,
            status: "playing".into(),
            options: r#"{"game":"reversi"}"#.into(),
            player0_id: 1,
            player1_id: Some(2),
            player0_name: "ann".into(),
            player1_name: Some("bob".into()),
            state_id: 7,
            to_move: Some(1),
            score0: 4,
            score1: 1,
            clock_ms: None,
            increment_ms: None,
            time0_ms: None,
            time1_ms: None,
            turn_started_at: Some(1_700_000_000_000),
            deadline: None,
            created_at: 1_699_999_999_000,
            started_at: Some(1_700_000_000_000),
            finished_at: None,
            end_reason: None,
            winner: None,
            rating0_change: None,
            rating1_change: None,
            data,
        }
    }

    #[test]
    fn announcements_carry_the_row_when_it_fits() {
        let both = Kinds {
            game: true,
            lobby: true,
        };
        let sent = payload(
            &row(Some(r#"{"state":"x\ny"}"#.into())),
            both,
            "outflank-abc",
        );
        let n = parse(&sent).unwrap();
        assert_eq!(
            (n.game_id, n.state_id, n.kinds, n.origin),
            (123, 7, both, "outflank-abc")
        );
        let back: GameRow = serde_json::from_str(n.row.unwrap()).unwrap();
        assert_eq!(back.data.as_deref(), Some(r#"{"state":"x\ny"}"#));
        assert_eq!((back.player1_name, back.score0), (Some("bob".into()), 4));

        // Over PostgreSQL's limit: the header alone, and the others read the game.
        let big = payload(&row(Some("x".repeat(PAYLOAD_MAX))), both, "outflank-abc");
        assert!(big.len() < PAYLOAD_MAX);
        assert_eq!(parse(&big).unwrap().row, None);
    }

    #[test]
    fn announcements_read_back() {
        let n = parse("5 0 g").unwrap();
        assert_eq!(
            (n.kinds.game, n.kinds.lobby, n.origin, n.row),
            (true, false, "", None)
        );
        assert_eq!(parse("5 3 l b").map(|n| n.kinds.lobby), Some(true));
        assert_eq!(parse("x 1 g a"), None);
        assert_eq!(parse("1 2 x a"), None);
        assert_eq!(parse("1"), None);
    }
}
