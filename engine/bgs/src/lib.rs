//! Outflank's engine behind the boardgamers.space (BGS) engine API.
//!
//! A platform that embeds Outflank runs the rules on its server through this API and stores
//! the returned `data` ([`GameData`]) as JSON between calls. [`api`] is the API in plain Rust
//! over JSON values (tested natively); on `wasm32`, with the default feature `wasm-api`, the
//! same functions are exported to JavaScript with wasm-bindgen (the npm package
//! `outflank-engine`, built by `cargo xtask package`). A Rust program that only reads or
//! writes the data (the viewer) depends on this crate with `default-features = false`.
//!
//! ```
//! use outflank_bgs::api;
//! use serde_json::{json, Value};
//!
//! let data = api::init(&json!(2), &json!([]), &json!({"game": "tictactoe"}), &json!("seed"), &Value::Null)?;
//! let data = api::play(data.to_json(), &json!("b2"), &json!(0))?;
//! assert_eq!(api::current_player(data.to_json())?.map(|p| p.index()), Some(1));
//! // A wrong move is an error with a stable code, and changes nothing.
//! let err = api::play(data.to_json(), &json!("b2"), &json!(1)).unwrap_err();
//! assert_eq!(err.code, "occupied");
//! # Ok::<(), outflank_bgs::ApiError>(())
//! ```

pub mod api;
mod game_data;
pub mod options;
#[cfg(all(target_arch = "wasm32", feature = "wasm-api"))]
mod wasm;

pub use game_data::{GameData, PlayerInfo};

use std::fmt;

/// Why a call failed: a stable `code` for programs and a `message` for people.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ApiError {
    pub code: &'static str,
    pub message: String,
}

impl ApiError {
    pub fn new(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            code,
            message: message.into(),
        }
    }

    /// The `data` argument is not Outflank's data, or contradicts itself.
    pub fn data(reason: impl fmt::Display) -> ApiError {
        ApiError::new("malformed-state", format!("malformed data: {reason}"))
    }

    /// Another argument (a player, an option object) has the wrong type or value.
    pub fn argument(reason: impl fmt::Display) -> ApiError {
        ApiError::new("bad-argument", reason.to_string())
    }
}

impl From<outflank_engine::Error> for ApiError {
    fn from(e: outflank_engine::Error) -> ApiError {
        match e {
            // The engine finds a stored state malformed only in the `data` a host passed.
            outflank_engine::Error::MalformedState { reason } => ApiError::data(reason.to_string()),
            e => ApiError::new(e.code(), e.to_string()),
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ApiError {}
