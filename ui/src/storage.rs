//! localStorage: the hot-seat autosave (`outflank:hotseat`) and the preferences
//! (`outflank:prefs`). A missing or unusable store is not an error: nothing is saved.

use crate::backend::HotSeat;
use crate::protocol::Preferences;

const GAME_KEY: &str = "outflank:hotseat";
const PREFS_KEY: &str = "outflank:prefs";

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn get(key: &str) -> Option<String> {
    local_storage()?.get_item(key).ok().flatten()
}

fn set(key: &str, value: &str) {
    if let Some(s) = local_storage() {
        let _ = s.set_item(key, value);
    }
}

/// What loading the saved game found.
pub enum Loaded {
    Nothing,
    Game(Box<HotSeat>),
    /// A saved game that could not be read (the reason): start fresh and say so.
    Corrupt(String),
}

pub fn load_game() -> Loaded {
    let Some(text) = get(GAME_KEY) else {
        return Loaded::Nothing;
    };
    match HotSeat::from_json(&text) {
        Ok(game) => Loaded::Game(Box::new(game)),
        Err(reason) => {
            clear_game();
            Loaded::Corrupt(reason)
        }
    }
}

pub fn save_game(game: &HotSeat) {
    set(GAME_KEY, &game.to_json());
}

pub fn clear_game() {
    if let Some(s) = local_storage() {
        let _ = s.remove_item(GAME_KEY);
    }
}

/// The saved preferences; unreadable entries keep their defaults (with a warning).
pub fn load_prefs() -> Preferences {
    let Some(text) = get(PREFS_KEY) else {
        return Preferences::default();
    };
    let value = serde_json::from_str(&text).unwrap_or(serde_json::Value::Null);
    let (prefs, result) = Preferences::from_value_lenient(&value);
    if let Err(e) = result {
        leptos::logging::warn!(
            "outflank: saved preferences partly unreadable ({e}); defaults used"
        );
    }
    prefs
}

pub fn save_prefs(prefs: &Preferences) {
    if let Ok(text) = serde_json::to_string(prefs) {
        set(PREFS_KEY, &text);
    }
}
