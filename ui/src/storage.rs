//! localStorage: the hot-seat autosave (`outflank:hotseat`), the preferences
//! (`outflank:prefs`) and the leader board (`outflank:leaderboard`). A missing or unusable
//! store is not an error: nothing is saved.

use wasm_bindgen::JsValue;

use crate::backend::{HotSeat, Saved};
use crate::js;
use crate::leaderboard::LeaderBoard;
use crate::protocol::{Language, PreferenceValue, Preferences, PREFERENCE_NAMES};

const GAME_KEY: &str = "outflank:hotseat";
const PREFS_KEY: &str = "outflank:prefs";
const BOARD_KEY: &str = "outflank:leaderboard";

fn local_storage() -> Option<web_sys::Storage> {
    if !js::IN_BROWSER {
        return None;
    }
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

/// Writes `value` as JSON text under `key` (`what` names it in the warning if it cannot be
/// written as text); where there is no store it is not even written out.
fn save(key: &str, value: &impl serde::Serialize, what: &str) {
    if local_storage().is_none() {
        return;
    }
    match js::to_json_text(value) {
        Some(text) => set(key, &text),
        None => leptos::logging::warn!("outflank: {what} could not be saved"),
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
    let saved = js::parse_json_text(&text)
        .and_then(js::from_js::<Saved>)
        .map_err(|_| "not a saved game of this version".to_string());
    match saved.and_then(|s| HotSeat::restore(s, js::now_ms())) {
        Ok(game) => Loaded::Game(Box::new(game)),
        Err(reason) => {
            clear_game();
            Loaded::Corrupt(reason)
        }
    }
}

pub fn save_game(game: &HotSeat) {
    save(GAME_KEY, &game.saved(), "the game");
}

pub fn clear_game() {
    if let Some(s) = local_storage() {
        let _ = s.remove_item(GAME_KEY);
    }
}

/// The saved preferences (an object of preference names and values); unreadable entries
/// keep their defaults (with a warning).
pub fn load_prefs() -> Preferences {
    // Until a language is saved, the browser's languages choose it.
    let mut prefs = Preferences {
        language: browser_language(),
        ..Preferences::default()
    };
    let Some(text) = get(PREFS_KEY) else {
        return prefs;
    };
    let stored = js::parse_json_text(&text).unwrap_or(JsValue::NULL);
    let result = if stored.is_object() {
        let values: Vec<(&str, JsValue)> = PREFERENCE_NAMES
            .iter()
            .filter_map(|name| {
                let value = js_sys::Reflect::get(&stored, &JsValue::from_str(name)).ok()?;
                (!value.is_undefined()).then_some((*name, value))
            })
            .collect();
        let words: Vec<Option<String>> = values.iter().map(|(_, v)| v.as_string()).collect();
        let entries = values.iter().zip(&words).map(|((name, value), word)| {
            let value = match (word, value.as_bool(), value.as_f64()) {
                (Some(word), _, _) => PreferenceValue::Word(word),
                (None, Some(on), _) => PreferenceValue::Flag(on),
                (None, None, Some(n)) => PreferenceValue::Number(n),
                (None, None, None) => PreferenceValue::Other(
                    js_sys::JSON::stringify(value)
                        .ok()
                        .and_then(|s| s.as_string())
                        .unwrap_or_default(),
                ),
            };
            (*name, value)
        });
        Preferences::read(entries).apply_to(&mut prefs)
    } else {
        Err("not an object".to_string())
    };
    if let Err(e) = result {
        leptos::logging::warn!(
            "outflank: saved preferences partly unreadable ({e}); defaults used"
        );
    }
    prefs
}

/// The viewer's language among the browser's (`navigator.languages`), English if none.
pub fn browser_language() -> Language {
    let wanted: Vec<String> = js::IN_BROWSER
        .then(web_sys::window)
        .flatten()
        .map(|w| {
            w.navigator()
                .languages()
                .iter()
                .filter_map(|v| v.as_string())
                .collect()
        })
        .unwrap_or_default();
    Language::pick(&wanted)
}

/// Saves the preferences as an object of names and values.
pub fn save_prefs(prefs: &Preferences) {
    let object = js_sys::Object::new();
    for p in prefs.all() {
        let value = match p.value() {
            PreferenceValue::Word(word) => JsValue::from_str(word),
            PreferenceValue::Flag(on) => JsValue::from_bool(on),
            PreferenceValue::Number(n) => JsValue::from_f64(n),
            PreferenceValue::Other(text) => JsValue::from_str(&text),
        };
        let _ = js_sys::Reflect::set(&object, &JsValue::from_str(p.name()), &value);
    }
    if let Some(text) = js_sys::JSON::stringify(&object)
        .ok()
        .and_then(|s| s.as_string())
    {
        set(PREFS_KEY, &text);
    }
}

/// What the page finds in storage when it starts: the saved game and the leader board.
pub struct Stored {
    pub game: Loaded,
    pub leaderboard: Result<LeaderBoard, String>,
}

impl Stored {
    /// Whether there is anything to read: a first visit has neither entry, and then the
    /// code that reads them need not be loaded (components/lazy.rs).
    pub fn any() -> bool {
        get(GAME_KEY).is_some() || get(BOARD_KEY).is_some()
    }

    pub fn read() -> Stored {
        Stored {
            game: load_game(),
            leaderboard: load_leaderboard(),
        }
    }

    pub fn nothing() -> Stored {
        Stored {
            game: Loaded::Nothing,
            leaderboard: Ok(LeaderBoard::default()),
        }
    }
}

/// The leader board; a corrupt or other-version entry is set aside (the reason given) and
/// the board starts empty.
pub fn load_leaderboard() -> Result<LeaderBoard, String> {
    let Some(text) = get(BOARD_KEY) else {
        return Ok(LeaderBoard::default());
    };
    let board = js::parse_json_text(&text)
        .and_then(js::from_js::<LeaderBoard>)
        .map_err(|_| "not a leader board of this version".to_string())
        .and_then(LeaderBoard::checked);
    if board.is_err() {
        clear_leaderboard();
    }
    board
}

pub fn save_leaderboard(board: &LeaderBoard) {
    save(BOARD_KEY, board, "the leader board");
}

pub fn clear_leaderboard() {
    if let Some(s) = local_storage() {
        let _ = s.remove_item(BOARD_KEY);
    }
}
