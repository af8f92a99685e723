//! The JavaScript exports: each converts its arguments to JSON values, calls [`crate::api`],
//! and converts the answer back; a failure becomes a thrown `Error` with a `code` property.
//!
//! Arguments are read through `JSON.stringify`, so the engine sees exactly what a host's
//! `JSON.parse(JSON.stringify(data))` would keep, never a live object: the caller's data is
//! never changed, and values JSON cannot hold (BigInt, cycles) are clear errors, not traps.

use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

use crate::{api, ApiError};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A player: 0 moves first (dark in Reversi, black in Gomoku, X in Tic-Tac-Toe). */
export type Player = 0 | 1;
/** A move: a square in notation ("f5"), zero-based coordinates, or a concession. */
export type Move = string | { x: number; y: number } | "concede";
/**
 * Options of `init`, as a creation form sends them: numbers as numbers or strings ("8"), an
 * option the chosen game does not take is ignored, and so are unknown keys, `undefined` and
 * "$none"; a wrong value of an option that applies throws (code "bad-option").
 */
export interface GameOptions {
  game?: "reversi" | "gomoku" | "tictactoe";
  /** The board of the chosen game: Reversi 6, 8 (default) or 10; Gomoku 15 or 19 (default); ignored for Tic-Tac-Toe. */
  size?: number | string;
  /** Reversi's board (6, 8 or 10), ignored for the other games. */
  reversiSize?: number | string;
  /** Gomoku's board (15 or 19), ignored for the other games. */
  gomokuSize?: number | string;
  /** Reversi only. */
  variant?: "standard" | "bombs";
  /** Gomoku only: an overline (six or more) does not win. */
  exactFive?: boolean | "true" | "false";
  /** The computer's level for moveAI: 1 (beginner) to 11 (expert); default 5. */
  level?: number | string;
  [key: string]: unknown;
}
export type LogItem =
  | { kind: "event"; event: "start" }
  | { kind: "move"; player: Player; move: string; flipped?: string[] }
  | { kind: "event"; event: "pass"; player: Player }
  | { kind: "event"; event: "concede"; player: Player }
  | { kind: "event"; event: "drop"; player: Player }
  | { kind: "event"; event: "timeout"; player: Player }
  | { kind: "event"; event: "end"; winner: Player | null; scores: [number, number] };
/** Everything a host stores: plain JSON, safe through JSON.parse(JSON.stringify(data)). */
export interface GameData {
  engine: "outflank";
  format: 1;
  players: [PlayerInfo, PlayerInfo];
  seed: string;
  creator: Player | null;
  /** The game: its options and moves, and what they lead to (checked on every call). */
  state: { game: "reversi" | "gomoku" | "tictactoe"; options: Record<string, unknown>; [key: string]: unknown };
  /** The board now: one string per row, row 1 first; X = player 0, O = player 1, - = empty. */
  board: string[];
  log: LogItem[];
  messagesShown: number;
  /** The computer's level for moveAI (1-11). */
  level: number;
}
export interface PlayerInfo { name: string; settings: Record<string, unknown> }
export interface LogSlice { log: LogItem[]; availableMoves: string[] }
/** Thrown by every function on bad input; the data passed in is unchanged. */
export interface EngineError extends Error {
  /** Stable: occupied, not-legal, not-your-turn, game-over, off-board, bad-move, bad-option,
   * cannot-concede, malformed-state, bad-argument, ... */
  code: string;
}
"#;

type JsResult = Result<JsValue, JsValue>;

/// A JavaScript value as the JSON it stands for; `undefined` (and functions) are `null`.
fn json(value: &JsValue, what: &str) -> Result<Value, ApiError> {
    if value.is_undefined() {
        return Ok(Value::Null);
    }
    let text = js_sys::JSON::stringify(value).map_err(|e| {
        let why = e
            .dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_default();
        ApiError::argument(format!("{what} cannot be converted to JSON: {why}"))
    })?;
    match text.as_string() {
        None => Ok(Value::Null),
        Some(text) => serde_json::from_str(&text)
            .map_err(|e| ApiError::argument(format!("{what} is not valid JSON data: {e}"))),
    }
}

fn thrown(e: ApiError) -> JsValue {
    let error = js_sys::Error::new(&e.message);
    // Setting a property on a fresh Error cannot fail.
    let _ = js_sys::Reflect::set(
        &error,
        &JsValue::from_str("code"),
        &JsValue::from_str(e.code),
    );
    error.into()
}

fn out(value: &impl Serialize) -> JsResult {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| {
            thrown(ApiError::new(
                "internal",
                format!("cannot return the result: {e}"),
            ))
        })
}

fn answer<T: Serialize>(result: Result<T, ApiError>) -> JsResult {
    result.map_err(thrown).and_then(|v| out(&v))
}

#[wasm_bindgen(unchecked_return_type = "GameData")]
pub fn init(
    #[wasm_bindgen(unchecked_param_type = "number")] players: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[]")] expansions: JsValue,
    #[wasm_bindgen(unchecked_param_type = "GameOptions | undefined")] options: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] seed: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number")] creator: JsValue,
) -> JsResult {
    answer((|| {
        api::init(
            &json(&players, "players")?,
            &json(&expansions, "expansions")?,
            &json(&options, "options")?,
            &json(&seed, "seed")?,
            &json(&creator, "creator")?,
        )
    })())
}

#[wasm_bindgen(js_name = "move", unchecked_return_type = "GameData")]
pub fn play(
    #[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue,
    #[wasm_bindgen(js_name = "move", unchecked_param_type = "Move")] mv: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
) -> JsResult {
    answer((|| {
        api::play(
            json(&data, "data")?,
            &json(&mv, "move")?,
            &json(&player, "player")?,
        )
    })())
}

/// The computer plays `player`'s move at `options.level` (1-11, default 5) of `init`.
#[wasm_bindgen(js_name = "moveAI", unchecked_return_type = "GameData")]
pub fn move_ai(
    #[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
) -> JsResult {
    answer((|| {
        api::move_ai(json(&data, "data")?, &json(&player, "player")?)
    })())
}

#[wasm_bindgen(unchecked_return_type = "boolean")]
pub fn ended(#[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue) -> JsResult {
    answer(json(&data, "data").and_then(api::ended))
}

#[wasm_bindgen(unchecked_return_type = "[number, number]")]
pub fn scores(#[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue) -> JsResult {
    answer(json(&data, "data").and_then(api::scores))
}

/// The player leaves: the other wins, and the leaver scores 0. An ended game comes back
/// unchanged.
#[wasm_bindgen(js_name = "dropPlayer", unchecked_return_type = "GameData")]
pub fn drop_player(
    #[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
) -> JsResult {
    answer((|| {
        api::drop_player(json(&data, "data")?, &json(&player, "player")?)
    })())
}

/// `undefined` once the game has ended.
#[wasm_bindgen(
    js_name = "currentPlayer",
    unchecked_return_type = "Player | undefined"
)]
pub fn current_player(
    #[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue,
) -> JsResult {
    match json(&data, "data").and_then(api::current_player) {
        Ok(Some(p)) => Ok(JsValue::from(p.index() as u32)),
        Ok(None) => Ok(JsValue::UNDEFINED),
        Err(e) => Err(thrown(e)),
    }
}

#[wasm_bindgen(js_name = "logLength", unchecked_return_type = "number")]
pub fn log_length(#[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue) -> JsResult {
    answer(json(&data, "data").and_then(api::log_length))
}

/// Log items `start` to `end`, both included (from the first without `start`, to the last
/// without `end`), and the legal moves of `player` if it is their turn (none for a
/// spectator: `player` -1 or absent).
#[wasm_bindgen(js_name = "logSlice", unchecked_return_type = "LogSlice")]
pub fn log_slice(
    #[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue,
    #[wasm_bindgen(
        unchecked_param_type = "{ player?: Player | -1 | null; start?: number | string; end?: number | string }"
    )]
    options: JsValue,
) -> JsResult {
    answer((|| {
        api::log_slice(json(&data, "data")?, &json(&options, "options")?)
    })())
}

/// 1 for the winner, 2 for the loser, 1 each on a draw; `undefined` while the game goes on.
#[wasm_bindgen(unchecked_return_type = "[number, number] | undefined")]
pub fn rankings(#[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue) -> JsResult {
    match json(&data, "data").and_then(api::rankings) {
        Ok(Some(ranks)) => out(&ranks),
        Ok(None) => Ok(JsValue::UNDEFINED),
        Err(e) => Err(thrown(e)),
    }
}

/// The data rebuilt from its moves, up to log item `to` (as `logSlice` counts: 0 is the
/// start, 1 the first move; a forced pass or the end comes along with the item before it).
#[wasm_bindgen(unchecked_return_type = "GameData")]
pub fn replay(
    #[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "{ to?: number | string }")] options: JsValue,
) -> JsResult {
    answer((|| {
        api::replay(json(&data, "data")?, &json(&options, "options")?)
    })())
}

#[wasm_bindgen(
    unchecked_return_type = "{ game: Record<string, number | string>; players: Record<string, number | string>[] }"
)]
pub fn stats(#[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue) -> JsResult {
    answer(json(&data, "data").and_then(api::stats))
}

#[wasm_bindgen(js_name = "setPlayerMetaData", unchecked_return_type = "GameData")]
pub fn set_player_meta_data(
    #[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
    #[wasm_bindgen(js_name = "metaData", unchecked_param_type = "{ name: string }")] meta: JsValue,
) -> JsResult {
    answer((|| {
        api::set_player_meta_data(
            json(&data, "data")?,
            &json(&player, "player")?,
            &json(&meta, "metaData")?,
        )
    })())
}

#[wasm_bindgen(js_name = "setPlayerSettings", unchecked_return_type = "GameData")]
pub fn set_player_settings(
    #[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] settings: JsValue,
) -> JsResult {
    answer((|| {
        api::set_player_settings(
            json(&data, "data")?,
            &json(&player, "player")?,
            &json(&settings, "settings")?,
        )
    })())
}

#[wasm_bindgen(
    js_name = "playerSettings",
    unchecked_return_type = "Record<string, unknown>"
)]
pub fn player_settings(
    #[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Player")] player: JsValue,
) -> JsResult {
    answer((|| {
        api::player_settings(json(&data, "data")?, &json(&player, "player")?)
    })())
}

#[wasm_bindgen(unchecked_return_type = "[string, string]")]
pub fn factions(#[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue) -> JsResult {
    answer(json(&data, "data").and_then(api::factions))
}

#[wasm_bindgen(unchecked_return_type = "number")]
pub fn round(#[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue) -> JsResult {
    answer(json(&data, "data").and_then(api::round))
}

#[wasm_bindgen(unchecked_return_type = "boolean")]
pub fn cancelled(#[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue) -> JsResult {
    answer(json(&data, "data").and_then(api::cancelled))
}

#[wasm_bindgen(unchecked_return_type = "{ messages: string[]; data: GameData }")]
pub fn messages(#[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue) -> JsResult {
    answer(json(&data, "data").and_then(api::messages))
}

#[wasm_bindgen(js_name = "stripSecret", unchecked_return_type = "GameData")]
pub fn strip_secret(
    #[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Player | -1")] player: JsValue,
) -> JsResult {
    answer((|| {
        api::strip_secret(json(&data, "data")?, &json(&player, "player")?)
    })())
}

#[wasm_bindgen(js_name = "toSave", unchecked_return_type = "GameData")]
pub fn to_save(#[wasm_bindgen(unchecked_param_type = "GameData")] data: JsValue) -> JsResult {
    answer(json(&data, "data").and_then(api::to_save))
}
