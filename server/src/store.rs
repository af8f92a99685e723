//! Every SQL statement of the server, in the dialect SQLite and PostgreSQL share (`$1`
//! placeholders, `ON CONFLICT`, no `RETURNING`-only logic, BIGINT and TEXT columns): each is
//! written once and runs on whichever database the server was given ([`on!`] types it for
//! both pools), so nothing above this module knows which one it is.
//!
//! A game changes only by a compare-and-set on its `state_id` ([`Store::commit`]): whoever
//! read the state it acts on wins, anyone else is told the state moved on. That is what keeps
//! two tabs, a move racing a flag fall, or several server instances from both changing a game.
//!
//! The tables are made by the migrations of each database (`migrations/sqlite`,
//! `migrations/postgres`): the same tables, and on PostgreSQL a storage setting for moves.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;

use crate::{now_ms, Shared};

/// The database behind the server.
#[derive(Clone)]
pub struct Store {
    pool: Pool,
}

#[derive(Clone)]
enum Pool {
    /// An SQLite file: one instance.
    Sqlite(SqlitePool),
    /// A PostgreSQL database, which several instances may share.
    Postgres(PgPool),
}

/// Runs `$body` with `$pool` bound to the store's pool, whichever database it is: the body is
/// compiled once for each, so every statement is checked against both drivers' types.
macro_rules! on {
    ($store:expr, $pool:ident => $body:expr) => {
        match &$store.pool {
            Pool::Sqlite($pool) => $body,
            Pool::Postgres($pool) => $body,
        }
    };
}

/// Connections of an instance to PostgreSQL (besides its listener's): a move is one short
/// statement, so a few serve hundreds of moves a second.
const PG_CONNECTIONS: u32 = 16;

/// Whether `url` names a PostgreSQL database.
pub fn is_postgres_url(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

#[derive(sqlx::FromRow, Clone, Debug)]
pub struct UserRow {
    pub id: i64,
    pub name: String,
    pub email: Option<String>,
    pub password_hash: String,
    pub rating: f64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
    pub disc_diff: i64,
}

/// A game as the lobby and the sockets see it; `data` (the GameData JSON) only when asked.
/// Instances on PostgreSQL hand each other a changed row as JSON (`fanout::postgres`).
#[derive(sqlx::FromRow, Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct GameRow {
    pub id: i64,
    pub status: String,
    pub options: String,
    pub player0_id: i64,
    pub player1_id: Option<i64>,
    pub player0_name: String,
    pub player1_name: Option<String>,
    pub state_id: i64,
    pub to_move: Option<i64>,
    pub score0: i64,
    pub score1: i64,
    pub clock_ms: Option<i64>,
    pub increment_ms: Option<i64>,
    pub time0_ms: Option<i64>,
    pub time1_ms: Option<i64>,
    pub turn_started_at: Option<i64>,
    pub deadline: Option<i64>,
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    pub end_reason: Option<String>,
    pub winner: Option<i64>,
    pub rating0_change: Option<f64>,
    pub rating1_change: Option<f64>,
    #[sqlx(default)]
    pub data: Option<String>,
}

const GAME_COLUMNS: &str = "g.id, g.status, g.options, g.player0_id, g.player1_id, \
     u0.name AS player0_name, u1.name AS player1_name, g.state_id, g.to_move, g.score0, \
     g.score1, g.clock_ms, g.increment_ms, g.time0_ms, g.time1_ms, g.turn_started_at, \
     g.deadline, g.created_at, g.started_at, g.finished_at, g.end_reason, g.winner, \
     g.rating0_change, g.rating1_change";

const GAME_FROM: &str =
    "FROM games g JOIN users u0 ON u0.id = g.player0_id LEFT JOIN users u1 ON u1.id = g.player1_id";

const USER_COLUMNS: &str =
    "u.id, u.name, u.email, u.password_hash, u.rating, u.wins, u.losses, u.draws, u.disc_diff";

/// A new game, as created in the lobby.
pub struct NewGame {
    pub id: i64,
    pub options: String,
    pub creator: i64,
    pub data: String,
    pub clock_ms: Option<i64>,
    pub increment_ms: Option<i64>,
    pub now: i64,
}

/// A change to a game, applied only if the game is still at `from_state`.
#[derive(Clone, Debug)]
pub struct Change {
    pub game_id: i64,
    pub from_state: i64,
    pub to_state: i64,
    pub status: &'static str,
    pub data: String,
    pub to_move: Option<i64>,
    pub scores: [i64; 2],
    pub times: [Option<i64>; 2],
    pub turn_started_at: Option<i64>,
    pub deadline: Option<i64>,
    /// Set when the change seats the second player (a join).
    pub join: Option<(i64, i64)>,
    pub finish: Option<Finish>,
    /// When the change happened.
    pub at: i64,
}

/// How a game ended, for the games row and the leader board.
#[derive(Clone, Debug)]
pub struct Finish {
    pub reason: &'static str,
    /// The winner's seat, None on a draw.
    pub winner: Option<usize>,
    pub players: [i64; 2],
    /// Player 0's discs minus player 1's (Reversi; 0 for the other games).
    pub diff0: i64,
}

/// What [`Store::commit`] did.
#[derive(Clone, Debug, PartialEq)]
pub enum Committed {
    /// The game had moved on (or does not exist): nothing changed.
    Stale,
    /// Stored; when the game ended, each player's rating change.
    Done { rating_changes: Option<[f64; 2]> },
}

impl Store {
    /// Opens the database: PostgreSQL at `database` when it is a `postgres://` URL (its
    /// connections named `instance`, which the announcements carry), else
    /// `outflank.sqlite3` in `dir` (created if needed); then brings its tables up to date.
    pub async fn open(
        database: Option<&str>,
        dir: &Path,
        sync: &str,
        instance: &str,
    ) -> Result<Store, sqlx::Error> {
        match database {
            Some(url) if is_postgres_url(url) => Store::open_postgres(url, instance).await,
            Some(other) => Err(sqlx::Error::Configuration(
                format!("not a postgres:// URL: {other:?} (SQLite is the default: --data DIR)")
                    .into(),
            )),
            None => Store::open_sqlite(dir, sync).await,
        }
    }

    /// Opens (creating it if needed) `outflank.sqlite3` in `dir` and runs the migrations.
    pub async fn open_sqlite(dir: &Path, sync: &str) -> Result<Store, sqlx::Error> {
        std::fs::create_dir_all(dir).map_err(sqlx::Error::Io)?;
        let options = SqliteConnectOptions::new()
            .filename(dir.join("outflank.sqlite3"))
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::from_str(sync).unwrap_or(SqliteSynchronous::Full))
            // Writers queue on SQLite's lock; a commit never waits this long in practice.
            .busy_timeout(Duration::from_secs(10))
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations/sqlite").run(&pool).await?;
        Ok(Store {
            pool: Pool::Sqlite(pool),
        })
    }

    /// Connects to PostgreSQL at `url` and runs the migrations (several instances starting
    /// at once take turns: the migrator holds an advisory lock).
    pub async fn open_postgres(url: &str, instance: &str) -> Result<Store, sqlx::Error> {
        let options = PgConnectOptions::from_str(url)?.application_name(instance);
        let pool = PgPoolOptions::new()
            .max_connections(PG_CONNECTIONS)
            // No ping before each statement (a round trip of its own); a broken connection
            // fails its statement, which fails that one request, and the pool replaces it.
            .test_before_acquire(false)
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations/postgres").run(&pool).await?;
        Ok(Store {
            pool: Pool::Postgres(pool),
        })
    }

    /// The PostgreSQL pool, if that is the database.
    pub fn postgres(&self) -> Option<&PgPool> {
        match &self.pool {
            Pool::Postgres(pool) => Some(pool),
            Pool::Sqlite(_) => None,
        }
    }

    /// `"sqlite"` or `"postgres"`.
    pub fn kind(&self) -> &'static str {
        match &self.pool {
            Pool::Sqlite(_) => "sqlite",
            Pool::Postgres(_) => "postgres",
        }
    }

    pub async fn close(&self) {
        on!(self, pool => pool.close().await)
    }

    // ---- accounts and sessions ----

    /// Inserts an account; false if the name (in any case) is taken.
    pub async fn insert_user(
        &self,
        id: i64,
        name: &str,
        email: Option<&str>,
        password_hash: &str,
    ) -> Result<bool, sqlx::Error> {
        let done = on!(self, pool => sqlx::query(
            "INSERT INTO users (id, name, name_key, email, password_hash, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name_key) DO NOTHING",
        )
        .bind(id)
        .bind(name)
        .bind(name.to_lowercase())
        .bind(email)
        .bind(password_hash)
        .bind(now_ms())
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    pub async fn user_by_name(&self, name: &str) -> Result<Option<UserRow>, sqlx::Error> {
        on!(self, pool => sqlx::query_as(&format!(
            "SELECT {USER_COLUMNS} FROM users u WHERE u.name_key = $1"
        ))
        .bind(name.to_lowercase())
        .fetch_optional(pool)
        .await)
    }

    pub async fn name_taken(&self, name: &str) -> Result<bool, sqlx::Error> {
        let row: Option<(i64,)> = on!(self, pool => sqlx::query_as("SELECT id FROM users WHERE name_key = $1")
            .bind(name.to_lowercase())
            .fetch_optional(pool)
            .await)?;
        Ok(row.is_some())
    }

    pub async fn insert_session(
        &self,
        token_hash: &str,
        user: i64,
        expires_at: i64,
    ) -> Result<(), sqlx::Error> {
        on!(self, pool => sqlx::query(
            "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash)
        .bind(user)
        .bind(now_ms())
        .bind(expires_at)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(())
    }

    /// The account of a live session.
    pub async fn session_user(&self, token_hash: &str) -> Result<Option<UserRow>, sqlx::Error> {
        on!(self, pool => sqlx::query_as(&format!(
            "SELECT {USER_COLUMNS} FROM sessions s JOIN users u ON u.id = s.user_id \
             WHERE s.token_hash = $1 AND s.expires_at > $2"
        ))
        .bind(token_hash)
        .bind(now_ms())
        .fetch_optional(pool)
        .await)
    }

    pub async fn delete_session(&self, token_hash: &str) -> Result<(), sqlx::Error> {
        on!(self, pool => sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(pool)
            .await
            .map(|r| r.rows_affected()))?;
        Ok(())
    }

    /// Attempts under `key` since `since`.
    pub async fn count_attempts(&self, key: &str, since: i64) -> Result<i64, sqlx::Error> {
        let (n,): (i64,) = on!(self, pool => sqlx::query_as("SELECT COUNT(*) FROM attempts WHERE attempt_key = $1 AND at > $2")
                .bind(key)
                .bind(since)
                .fetch_one(pool)
                .await)?;
        Ok(n)
    }

    /// The oldest attempt under `key` since `since` (when the window frees up).
    pub async fn oldest_attempt(&self, key: &str, since: i64) -> Result<Option<i64>, sqlx::Error> {
        let (at,): (Option<i64>,) = on!(self, pool => sqlx::query_as("SELECT MIN(at) FROM attempts WHERE attempt_key = $1 AND at > $2")
                .bind(key)
                .bind(since)
                .fetch_one(pool)
                .await)?;
        Ok(at)
    }

    pub async fn add_attempts(&self, keys: &[&str]) -> Result<(), sqlx::Error> {
        let now = now_ms();
        for key in keys {
            on!(self, pool => sqlx::query("INSERT INTO attempts (attempt_key, at) VALUES ($1, $2)")
                .bind(*key)
                .bind(now)
                .execute(pool)
                .await
                .map(|r| r.rows_affected()))?;
        }
        Ok(())
    }

    pub async fn clear_attempts(&self, key: &str) -> Result<(), sqlx::Error> {
        on!(self, pool => sqlx::query("DELETE FROM attempts WHERE attempt_key = $1")
            .bind(key)
            .execute(pool)
            .await
            .map(|r| r.rows_affected()))?;
        Ok(())
    }

    /// Forgets attempts older than an hour and expired sessions.
    pub async fn prune(&self) -> Result<(), sqlx::Error> {
        let now = now_ms();
        on!(self, pool => sqlx::query("DELETE FROM attempts WHERE at < $1")
            .bind(now - 3_600_000)
            .execute(pool)
            .await
            .map(|r| r.rows_affected()))?;
        on!(self, pool => sqlx::query("DELETE FROM sessions WHERE expires_at < $1")
            .bind(now)
            .execute(pool)
            .await
            .map(|r| r.rows_affected()))?;
        Ok(())
    }

    // ---- games ----

    pub async fn count_waiting(&self, user: i64) -> Result<i64, sqlx::Error> {
        let (n,): (i64,) = on!(self, pool => sqlx::query_as(
            "SELECT COUNT(*) FROM games WHERE player0_id = $1 AND status = 'waiting'",
        )
        .bind(user)
        .fetch_one(pool)
        .await)?;
        Ok(n)
    }

    pub async fn insert_game(&self, game: &NewGame) -> Result<(), sqlx::Error> {
        on!(self, pool => sqlx::query(
            "INSERT INTO games (id, status, options, player0_id, state_id, data, to_move, \
             clock_ms, increment_ms, time0_ms, time1_ms, created_at) \
             VALUES ($1, 'waiting', $2, $3, 0, $4, 0, $5, $6, $5, $5, $7)",
        )
        .bind(game.id)
        .bind(&game.options)
        .bind(game.creator)
        .bind(&game.data)
        .bind(game.clock_ms)
        .bind(game.increment_ms)
        .bind(game.now)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(())
    }

    /// One game; with its GameData when `with_data`.
    pub async fn game(&self, id: i64, with_data: bool) -> Result<Option<GameRow>, sqlx::Error> {
        let data = if with_data { ", g.data" } else { "" };
        on!(self, pool => sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS}{data} {GAME_FROM} WHERE g.id = $1"
        ))
        .bind(id)
        .fetch_optional(pool)
        .await)
    }

    /// Games in `status`, the newest first.
    pub async fn games_with_status(
        &self,
        status: &str,
        limit: i64,
    ) -> Result<Vec<GameRow>, sqlx::Error> {
        on!(self, pool => sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} {GAME_FROM} WHERE g.status = $1 \
             ORDER BY g.created_at DESC, g.id LIMIT $2"
        ))
        .bind(status)
        .bind(limit)
        .fetch_all(pool)
        .await)
    }

    /// A player's games: waiting and playing ones when `open_only`, else every one but the
    /// cancelled; the newest first.
    pub async fn games_of(
        &self,
        user: i64,
        open_only: bool,
        limit: i64,
    ) -> Result<Vec<GameRow>, sqlx::Error> {
        let statuses = if open_only {
            "('waiting', 'playing')"
        } else {
            "('waiting', 'playing', 'finished')"
        };
        on!(self, pool => sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} {GAME_FROM} \
             WHERE (g.player0_id = $1 OR g.player1_id = $1) AND g.status IN {statuses} \
             ORDER BY g.created_at DESC, g.id LIMIT $2"
        ))
        .bind(user)
        .bind(limit)
        .fetch_all(pool)
        .await)
    }

    /// Cancels a waiting game of `creator`; false if it is not one (any more).
    pub async fn cancel_game(&self, id: i64, creator: i64) -> Result<bool, sqlx::Error> {
        let done = on!(self, pool => sqlx::query(
            "UPDATE games SET status = 'cancelled', finished_at = $1, to_move = NULL, \
             state_id = state_id + 1 \
             WHERE id = $2 AND player0_id = $3 AND status = 'waiting'",
        )
        .bind(now_ms())
        .bind(id)
        .bind(creator)
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Applies `change` if the game is still at `change.from_state`, and, when it ends the
    /// game, the leader board with it, in one transaction. A change that does not end the
    /// game is a single UPDATE: one round trip to the database for each move.
    pub async fn commit(&self, change: &Change) -> Result<Committed, sqlx::Error> {
        // The rating update is itself a compare-and-set (portable: no SELECT ... FOR
        // UPDATE); SQLite's single writer never loses it, PostgreSQL's concurrent
        // transactions may, and then the whole change is tried again.
        for _ in 0..5 {
            if let Some(done) = self.try_commit(change).await? {
                return Ok(done);
            }
        }
        Err(sqlx::Error::Protocol(
            "the ratings kept changing under a game's end".into(),
        ))
    }

    async fn try_commit(&self, c: &Change) -> Result<Option<Committed>, sqlx::Error> {
        on!(self, pool => {
            let finish = c.finish.as_ref();
            let update = sqlx::query(
                "UPDATE games SET state_id = $1, status = $2, data = $3, to_move = $4, \
                 score0 = $5, score1 = $6, time0_ms = $7, time1_ms = $8, turn_started_at = $9, \
                 deadline = $10, player1_id = COALESCE($11, player1_id), \
                 started_at = COALESCE($12, started_at), finished_at = $13, end_reason = $14, \
                 winner = $15 \
                 WHERE id = $16 AND state_id = $17",
            )
            .bind(c.to_state)
            .bind(c.status)
            .bind(&c.data)
            .bind(c.to_move)
            .bind(c.scores[0])
            .bind(c.scores[1])
            .bind(c.times[0])
            .bind(c.times[1])
            .bind(c.turn_started_at)
            .bind(c.deadline)
            .bind(c.join.map(|(user, _)| user))
            .bind(c.join.map(|(_, at)| at))
            .bind(finish.map(|_| c.at))
            .bind(finish.map(|f| f.reason))
            .bind(finish.and_then(|f| f.winner.map(|w| w as i64)))
            .bind(c.game_id)
            .bind(c.from_state);
            let Some(f) = finish else {
                let done = update.execute(pool).await?;
                return Ok(Some(if done.rows_affected() == 1 {
                    Committed::Done {
                        rating_changes: None,
                    }
                } else {
                    Committed::Stale
                }));
            };
            let mut tx = pool.begin().await?;
            // The first statement writes, so SQLite takes its write lock before anything is read
            // (a read first could not be upgraded once another writer had committed).
            if update.execute(&mut *tx).await?.rows_affected() != 1 {
                return Ok(Some(Committed::Stale));
            }
            {
                let mut ratings = [0.0f64; 2];
                for (seat, user) in f.players.iter().enumerate() {
                    let (r,): (f64,) = sqlx::query_as("SELECT rating FROM users WHERE id = $1")
                        .bind(user)
                        .fetch_one(&mut *tx)
                        .await?;
                    ratings[seat] = r;
                }
                let s0 = match f.winner {
                    Some(0) => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                let new = crate::board::elo(ratings, s0);
                for seat in 0..2 {
                    let won = f.winner == Some(seat);
                    let lost = f.winner.is_some() && !won;
                    let diff = if seat == 0 { f.diff0 } else { -f.diff0 };
                    let updated = sqlx::query(
                        "UPDATE users SET rating = $1, wins = wins + $2, losses = losses + $3, \
                         draws = draws + $4, disc_diff = disc_diff + $5 \
                         WHERE id = $6 AND rating = $7",
                    )
                    .bind(new[seat])
                    .bind(i64::from(won))
                    .bind(i64::from(lost))
                    .bind(i64::from(f.winner.is_none()))
                    .bind(diff)
                    .bind(f.players[seat])
                    .bind(ratings[seat])
                    .execute(&mut *tx)
                    .await?;
                    if updated.rows_affected() != 1 {
                        tx.rollback().await?;
                        return Ok(None);
                    }
                }
                let changes = [new[0] - ratings[0], new[1] - ratings[1]];
                sqlx::query("UPDATE games SET rating0_change = $1, rating1_change = $2 WHERE id = $3")
                    .bind(changes[0])
                    .bind(changes[1])
                    .bind(c.game_id)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                Ok(Some(Committed::Done {
                    rating_changes: Some(changes),
                }))
            }
        })
    }

    /// The state id of each of the games `ids` (those that exist).
    pub async fn states(&self, ids: &[i64]) -> Result<Vec<(i64, i64)>, sqlx::Error> {
        let mut states = Vec::with_capacity(ids.len());
        // A list of placeholders, as both databases take it; in chunks, under their limits
        // on parameters.
        for chunk in ids.chunks(500) {
            let list = (1..=chunk.len())
                .map(|i| format!("${i}"))
                .collect::<Vec<_>>()
                .join(", ");
            let sql = format!("SELECT id, state_id FROM games WHERE id IN ({list})");
            let rows: Vec<(i64, i64)> = on!(self, pool => {
                // Not prepared for keeps: the list's length varies from call to call.
                let mut q = sqlx::query_as(&sql).persistent(false);
                for id in chunk {
                    q = q.bind(*id);
                }
                q.fetch_all(pool).await
            })?;
            states.extend(rows);
        }
        Ok(states)
    }

    /// Games being played whose deadline has passed at `now`.
    pub async fn due_games(&self, now: i64, limit: i64) -> Result<Vec<i64>, sqlx::Error> {
        let rows: Vec<(i64,)> = on!(self, pool => sqlx::query_as(
            "SELECT id FROM games WHERE status = 'playing' AND deadline <= $1 \
             ORDER BY deadline LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(pool)
        .await)?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// The earliest deadline of a game being played.
    pub async fn next_deadline(&self) -> Result<Option<i64>, sqlx::Error> {
        let (at,): (Option<i64>,) = on!(self, pool => sqlx::query_as("SELECT MIN(deadline) FROM games WHERE status = 'playing'")
                .fetch_one(pool)
                .await)?;
        Ok(at)
    }

    // ---- the leader board ----

    /// Players with at least one finished game, best first.
    pub async fn leaders(&self, limit: i64) -> Result<Vec<UserRow>, sqlx::Error> {
        on!(self, pool => sqlx::query_as(&format!(
            "SELECT {USER_COLUMNS} FROM users u WHERE u.wins + u.losses + u.draws > 0 \
             ORDER BY u.rating DESC, u.wins DESC, u.name_key LIMIT $1"
        ))
        .bind(limit)
        .fetch_all(pool)
        .await)
    }
}

/// Every ten minutes, forgets what no longer matters (old attempts, expired sessions).
pub async fn prune_forever(app: Shared) {
    let mut tick = tokio::time::interval(Duration::from_secs(600));
    loop {
        tick.tick().await;
        if let Err(e) = app.store.prune().await {
            tracing::warn!("pruning: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn both_databases_have_the_same_tables() {
        assert_eq!(
            include_str!("../migrations/sqlite/0001_online.sql"),
            include_str!("../migrations/postgres/0001_online.sql"),
            "the tables are made by the same SQL on both databases"
        );
    }
}
