//! The hot-seat autosave in localStorage. A missing or unusable store is not an error:
//! the game simply is not saved.

use crate::backend::HotSeat;

const KEY: &str = "outflank:hotseat";

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// What loading found.
pub enum Loaded {
    Nothing,
    Game(HotSeat),
    /// A saved game that could not be read (the reason): start fresh and say so.
    Corrupt(String),
}

pub fn load() -> Loaded {
    let Some(text) = local_storage().and_then(|s| s.get_item(KEY).ok().flatten()) else {
        return Loaded::Nothing;
    };
    match HotSeat::from_json(&text) {
        Ok(game) => Loaded::Game(game),
        Err(reason) => {
            clear();
            Loaded::Corrupt(reason)
        }
    }
}

pub fn save(game: &HotSeat) {
    if let Some(s) = local_storage() {
        let _ = s.set_item(KEY, &game.to_json());
    }
}

pub fn clear() {
    if let Some(s) = local_storage() {
        let _ = s.remove_item(KEY);
    }
}
