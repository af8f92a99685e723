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

use crate::Shared;

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

// Declared after `on!`, which they use.
mod accounts;
mod games;

pub use accounts::UserRow;
pub use games::{Change, Committed, Finish, GameRow, NewGame};

/// Connections of an instance to PostgreSQL (besides its listener's): a move is one short
/// statement, so a few serve hundreds of moves a second.
const PG_CONNECTIONS: u32 = 16;

/// Whether `url` names a PostgreSQL database.
pub fn is_postgres_url(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
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
            include_str!("../../migrations/sqlite/0001_online.sql"),
            include_str!("../../migrations/postgres/0001_online.sql"),
            "the tables are made by the same SQL on both databases"
        );
    }
}
