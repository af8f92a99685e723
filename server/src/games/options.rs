//! What a game may be: the options of `POST /api/games` (the games offered online, their
//! sizes and variants) and its clock.

use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::ApiError;

/// Shortest and longest clock, in minutes per player.
pub const CLOCK_MIN_MINUTES: f64 = 0.05;
pub const CLOCK_MAX_MINUTES: f64 = 180.0;
/// Largest increment, in seconds per move.
pub const INCREMENT_MAX: u32 = 60;

/// `POST /api/games`'s body.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CreateGame {
    pub game: String,
    #[serde(default)]
    pub size: Option<u32>,
    #[serde(default)]
    pub variant: Option<String>,
    #[serde(default)]
    pub exact_five: Option<bool>,
    #[serde(default)]
    pub clock: Option<ClockOption>,
}

#[derive(Deserialize, Debug, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct ClockOption {
    /// Minutes per player.
    pub minutes: f64,
    /// Seconds added after each of a player's moves.
    #[serde(default)]
    pub increment: u32,
}

pub(super) fn bad_option(message: impl Into<String>) -> ApiError {
    ApiError::bad_request("bad-option", message)
}

/// The options as the lobby shows them and `init` takes them; an error for anything that is
/// not one of the games offered online.
pub fn lobby_options(req: &CreateGame) -> Result<Value, ApiError> {
    let only = |what: &str, given: bool| {
        if given {
            Err(bad_option(format!("{} has no option {what}.", req.game)))
        } else {
            Ok(())
        }
    };
    match req.game.as_str() {
        "reversi" => {
            only("exactFive", req.exact_five.is_some())?;
            let size = req.size.unwrap_or(8);
            if ![6, 8, 10].contains(&size) {
                return Err(bad_option("Reversi is played on 6x6, 8x8 or 10x10."));
            }
            let variant = req.variant.as_deref().unwrap_or("standard");
            if !["standard", "bombs"].contains(&variant) {
                return Err(bad_option("Reversi's variants are standard and bombs."));
            }
            Ok(json!({"game": "reversi", "size": size, "variant": variant}))
        }
        "gomoku" => {
            only("variant", req.variant.is_some())?;
            let size = req.size.unwrap_or(19);
            if ![15, 19].contains(&size) {
                return Err(bad_option("Gomoku is played on 15x15 or 19x19."));
            }
            Ok(
                json!({"game": "gomoku", "size": size, "exactFive": req.exact_five.unwrap_or(false)}),
            )
        }
        "tictactoe" => {
            only("variant", req.variant.is_some())?;
            only("exactFive", req.exact_five.is_some())?;
            if req.size.is_some_and(|s| s != 3) {
                return Err(bad_option("Tic-Tac-Toe is played on 3x3."));
            }
            Ok(json!({"game": "tictactoe"}))
        }
        _ => Err(bad_option("The games are reversi, gomoku and tictactoe.")),
    }
}

/// The clock in milliseconds: each player's time and the increment (None: no clock).
pub(super) fn clock_ms(clock: Option<ClockOption>) -> Result<(Option<i64>, Option<i64>), ApiError> {
    let Some(c) = clock else {
        return Ok((None, None));
    };
    if !c.minutes.is_finite() || !(CLOCK_MIN_MINUTES..=CLOCK_MAX_MINUTES).contains(&c.minutes) {
        return Err(bad_option(format!(
            "A clock has {CLOCK_MIN_MINUTES} to {CLOCK_MAX_MINUTES} minutes."
        )));
    }
    if c.increment > INCREMENT_MAX {
        return Err(bad_option(format!(
            "An increment is 0 to {INCREMENT_MAX} seconds."
        )));
    }
    Ok((
        Some((c.minutes * 60_000.0).round() as i64),
        Some(i64::from(c.increment) * 1000),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(v: Value) -> CreateGame {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn online_options() {
        assert_eq!(
            lobby_options(&req(json!({"game": "reversi"}))).unwrap(),
            json!({"game": "reversi", "size": 8, "variant": "standard"})
        );
        assert_eq!(
            lobby_options(&req(
                json!({"game": "gomoku", "size": 15, "exactFive": true})
            ))
            .unwrap(),
            json!({"game": "gomoku", "size": 15, "exactFive": true})
        );
        assert!(lobby_options(&req(json!({"game": "reversi", "size": 7}))).is_err());
        assert!(lobby_options(&req(json!({"game": "gomoku", "variant": "bombs"}))).is_err());
        assert!(lobby_options(&req(json!({"game": "chess"}))).is_err());
        assert!(serde_json::from_value::<CreateGame>(json!({"game": "reversi", "x": 1})).is_err());
    }

    #[test]
    fn clocks() {
        let c = |m: f64, i: u32| {
            clock_ms(Some(ClockOption {
                minutes: m,
                increment: i,
            }))
        };
        assert_eq!(c(5.0, 3).unwrap(), (Some(300_000), Some(3000)));
        assert!(c(0.0, 0).is_err());
        assert!(c(f64::NAN, 0).is_err());
        assert!(c(5.0, 61).is_err());
    }
}
