//! This instance's copy of the games being played.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::store::GameRow;

/// The games being played as this instance last stored or read them, so that a move made on
/// the state held here needs no read from the database. It is only a shortcut: a move made
/// on any other state id reads the database, and the store's compare-and-set refuses a
/// change to a state that another instance has already moved on from.
pub struct Cache {
    rows: Mutex<HashMap<i64, Arc<GameRow>>>,
}

/// Games kept at most; past that the cache starts again empty.
const CACHE_MAX: usize = 20_000;

impl Default for Cache {
    fn default() -> Self {
        Cache::new()
    }
}

impl Cache {
    pub fn new() -> Cache {
        Cache {
            rows: Mutex::new(HashMap::new()),
        }
    }

    pub(super) fn get(&self, id: i64) -> Option<Arc<GameRow>> {
        self.rows.lock().ok()?.get(&id).cloned()
    }

    /// Keeps `row` if its game is being played (with its data), forgets it otherwise; unless
    /// a newer state of the game is kept already (reads and commits of one game may finish
    /// in any order).
    pub fn put(&self, row: Arc<GameRow>) {
        let Ok(mut rows) = self.rows.lock() else {
            return;
        };
        if rows.get(&row.id).is_some_and(|r| r.state_id > row.state_id) {
            return;
        }
        if row.status != "playing" || row.data.is_none() {
            rows.remove(&row.id);
            return;
        }
        if rows.len() >= CACHE_MAX && !rows.contains_key(&row.id) {
            rows.clear();
        }
        rows.insert(row.id, row);
    }
}
