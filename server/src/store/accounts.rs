//! Accounts, sessions, sign-in attempts and the leader board.

use super::{Pool, Store};
use crate::now_ms;

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

const USER_COLUMNS: &str =
    "u.id, u.name, u.email, u.password_hash, u.rating, u.wins, u.losses, u.draws, u.disc_diff";

impl Store {
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
