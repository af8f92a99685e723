//! Ends the games whose deadline has passed: a flag fall (no move within the clock) or an
//! abandonment (no move for `--abandon-after` seconds without a clock). Deadlines live in the
//! database, so after a restart the reaper picks up where the last run left off; with several
//! instances each runs one, and the compare-and-set on the state id lets only one end a game.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use tokio::sync::Notify;

use crate::{games, now_ms, Shared};

/// Longest sleep between two looks at the deadlines (they may change on another instance).
const MAX_SLEEP_MS: i64 = 1000;

pub struct Reaper {
    wake: Notify,
    /// When the reaper means to look next (ms since the epoch).
    planned: AtomicI64,
}

impl Default for Reaper {
    fn default() -> Self {
        Reaper::new()
    }
}

impl Reaper {
    pub fn new() -> Reaper {
        Reaper {
            wake: Notify::new(),
            planned: AtomicI64::new(0),
        }
    }

    /// A game's deadline is now `at`: wake the reaper if it would sleep past it.
    pub fn deadline_set(&self, at: i64) {
        if at < self.planned.load(Ordering::Relaxed) {
            self.wake.notify_one();
        }
    }
}

pub async fn run(app: Shared) {
    let mut shutdown = app.shutdown.clone();
    loop {
        let now = now_ms();
        match app.store.due_games(now, 100).await {
            Ok(due) => {
                for id in due {
                    if let Err(e) = games::settle(&app, id).await {
                        tracing::warn!(game = id, "ending a game past its deadline: {e}");
                    }
                }
            }
            Err(e) => tracing::warn!("reading deadlines: {e}"),
        }
        let next = app.store.next_deadline().await.ok().flatten();
        let now = now_ms();
        let at = next.map_or(now + MAX_SLEEP_MS, |d| d.clamp(now, now + MAX_SLEEP_MS));
        app.reaper.planned.store(at, Ordering::Relaxed);
        // Never a busy loop, even when a game past its deadline could not be ended.
        let sleep = Duration::from_millis((at - now).max(10) as u64);
        tokio::select! {
            _ = tokio::time::sleep(sleep) => {}
            _ = app.reaper.wake.notified() => {}
            _ = shutdown.changed() => return,
        }
    }
}
