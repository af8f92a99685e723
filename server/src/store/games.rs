//! Games: the lobby's lists, a game's row, and the compare-and-set that changes one.

use super::{Pool, Store};
use crate::now_ms;

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
}
