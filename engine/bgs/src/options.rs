//! `init`'s options as a platform's creation form sends them.
//!
//! BGS builds the options from the game's declared form: every `select` is always sent, as
//! the item's name (a string: `{"game": "gomoku", "variant": "standard", "level": "5"}`),
//! whatever game is chosen; a checked checkbox is `true` and an unchecked one is absent. So
//! this reader is lenient where the engine's own [`GameOptions`] is strict:
//!
//! - numbers may be given as numbers or as strings of digits (`8` or `"8"`), a checkbox as
//!   `true`/`false` or `"true"`/`"false"`;
//! - an option the chosen game does not take is ignored, unread ([`GameKind::takes`] says
//!   which game takes which option: the one home of that rule);
//! - unknown keys, `null` (JavaScript's `undefined`) and BGS's `"$none"` are ignored;
//! - a value that is really wrong for an option that applies is an error naming the option
//!   and what it allows: `bad option: size: Reversi is played on 6x6, 8x8 or 10x10, not "7"`.
//!
//! `reversiSize` and `gomokuSize` are `size` for one game each, so a form can offer both
//! boards and every combination it can send makes a game (the declaration in the npm package's README).

use serde_json::{Map, Value};

use outflank_engine::search::Level;
use outflank_engine::{Error, GameKind, GameOption, GameOptions, Variant};

use crate::{ApiError, GameData};

/// A key `init` reads for a game option, and the game it is limited to, if any.
struct FormKey {
    key: &'static str,
    option: GameOption,
    only: Option<GameKind>,
}

/// Every key `init` reads besides `game` and `level`, in the order they are checked.
const FORM_KEYS: [FormKey; 5] = [
    FormKey {
        key: "size",
        option: GameOption::Size,
        only: None,
    },
    FormKey {
        key: "reversiSize",
        option: GameOption::Size,
        only: Some(GameKind::Reversi),
    },
    FormKey {
        key: "gomokuSize",
        option: GameOption::Size,
        only: Some(GameKind::Gomoku),
    },
    FormKey {
        key: "variant",
        option: GameOption::Variant,
        only: None,
    },
    FormKey {
        key: "exactFive",
        option: GameOption::ExactFive,
        only: None,
    },
];

/// What `init`'s options say: the game's options and the computer's level.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct InitOptions {
    pub game: GameOptions,
    /// 1-11, for `moveAI`.
    pub level: u8,
}

fn bad(key: &str, reason: impl std::fmt::Display) -> ApiError {
    Error::BadOption {
        reason: format!("{key}: {reason}").into(),
    }
    .into()
}

/// A whole number given as a number or as a string of digits (as a form or a query string
/// carries it).
pub(crate) fn whole(value: &Value) -> Option<u64> {
    match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s)
            if !s.is_empty() && s.len() <= 20 && s.bytes().all(|b| b.is_ascii_digit()) =>
        {
            s.parse().ok()
        }
        _ => None,
    }
}

/// `"a", "b" or "c"`.
fn one_of(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}

/// Reads `init`'s `options` argument (`null` is `{}`).
pub fn read(options: &Value) -> Result<InitOptions, ApiError> {
    let empty = Map::new();
    let fields = match options {
        Value::Null => &empty,
        Value::Object(fields) => fields,
        other => {
            return Err(ApiError::new(
                "bad-option",
                format!("options must be an object, not {other}"),
            ))
        }
    };
    // Absent, `undefined` and BGS's "no value" are all no value.
    let get = |key: &str| {
        fields
            .get(key)
            .filter(|v| !v.is_null() && v.as_str() != Some("$none"))
    };

    let kind = match get("game") {
        None => GameKind::default(),
        Some(v) => v.as_str().and_then(GameKind::from_id).ok_or_else(|| {
            let ids: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
            bad("game", format!("the games are {}, not {v}", one_of(&ids)))
        })?,
    };
    let mut game = GameOptions {
        game: kind,
        ..GameOptions::default()
    };
    // The key that set the size, and its value as given, to name both in a disagreement.
    let mut size_from: Option<(&str, &Value)> = None;
    for FormKey { key, option, only } in &FORM_KEYS {
        let applies = kind.takes(*option) && only.is_none_or(|g| g == kind);
        let Some(value) = get(key).filter(|_| applies) else {
            continue;
        };
        match option {
            GameOption::Size => {
                let size = whole(value)
                    .and_then(|n| u8::try_from(n).ok())
                    .filter(|n| kind.sizes().contains(n))
                    .ok_or_else(|| bad(key, format!("{}, not {value}", kind.sizes_text())))?;
                if let (Some(earlier), Some((earlier_key, earlier_value))) = (game.size, size_from)
                {
                    if earlier != size {
                        return Err(bad(
                            key,
                            format!("{value} disagrees with {earlier_key}: {earlier_value}"),
                        ));
                    }
                }
                game.size = Some(size);
                size_from = Some((key, value));
            }
            GameOption::Variant => {
                game.variant =
                    Some(value.as_str().and_then(Variant::from_id).ok_or_else(|| {
                        let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
                        bad(
                            key,
                            format!(
                                "{}'s variants are {}, not {value}",
                                kind.name(),
                                one_of(&ids)
                            ),
                        )
                    })?);
            }
            GameOption::ExactFive => {
                game.exact_five = Some(match value {
                    Value::Bool(b) => *b,
                    Value::String(s) if s == "true" => true,
                    Value::String(s) if s == "false" => false,
                    other => return Err(bad(key, format!("true or false, not {other}"))),
                });
            }
        }
    }

    let level = match get("level") {
        None => GameData::DEFAULT_LEVEL,
        Some(v) => whole(v)
            .and_then(|n| u8::try_from(n).ok())
            .filter(|n| Level::new(*n).is_ok())
            .ok_or_else(|| bad("level", format!("the computer's level is 1 to 11, not {v}")))?,
    };
    Ok(InitOptions { game, level })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn message(options: Value) -> String {
        read(&options).expect_err("an error").message
    }

    #[test]
    fn a_forms_strings_read_as_the_engines_options() {
        let read = |v: Value| read(&v).unwrap();
        let o = read(
            json!({"game": "reversi", "variant": "bombs", "reversiSize": "6",
            "gomokuSize": "19", "level": "3"}),
        );
        assert_eq!(o.game.size, Some(6));
        assert_eq!(o.game.variant, Some(Variant::Bombs));
        assert_eq!(o.game.exact_five, None);
        assert_eq!(o.level, 3);
        let o = read(
            json!({"game": "gomoku", "variant": "bombs", "reversiSize": "10",
            "gomokuSize": "15", "exactFive": true}),
        );
        assert_eq!(
            (o.game.size, o.game.variant, o.game.exact_five),
            (Some(15), None, Some(true))
        );
        let o = read(
            json!({"game": "tictactoe", "size": "8", "variant": "bombs", "exactFive": "true"}),
        );
        assert_eq!(
            o.game,
            GameOptions {
                game: GameKind::TicTacToe,
                ..GameOptions::default()
            }
        );
        assert_eq!(
            read(json!({"size": 10, "level": 7, "colour": "red", "$x": [1]}))
                .game
                .size,
            Some(10)
        );
        assert_eq!(
            read(json!({"game": "$none", "size": "$none", "level": null})),
            InitOptions {
                game: GameOptions::default(),
                level: GameData::DEFAULT_LEVEL
            }
        );
        assert_eq!(
            read(json!({"size": "8", "reversiSize": "8"})).game.size,
            Some(8)
        );
        assert_eq!(
            read(json!({"game": "gomoku", "exactFive": "false"}))
                .game
                .exact_five,
            Some(false)
        );
    }

    #[test]
    fn wrong_values_of_options_that_apply_name_the_option_and_what_it_allows() {
        assert_eq!(
            message(json!({"size": "7"})),
            r#"bad option: size: Reversi is played on 6x6, 8x8 or 10x10, not "7""#
        );
        assert_eq!(
            message(json!({"game": "gomoku", "size": 8})),
            "bad option: size: Gomoku is played on 15x15 or 19x19, not 8"
        );
        assert_eq!(
            message(json!({"game": "gomoku", "gomokuSize": "17"})),
            r#"bad option: gomokuSize: Gomoku is played on 15x15 or 19x19, not "17""#
        );
        assert_eq!(
            message(json!({"level": "12"})),
            r#"bad option: level: the computer's level is 1 to 11, not "12""#
        );
        assert_eq!(
            message(json!({"game": "chess"})),
            r#"bad option: game: the games are "reversi", "gomoku" or "tictactoe", not "chess""#
        );
        assert_eq!(
            message(json!({"variant": "nope"})),
            r#"bad option: variant: Reversi's variants are "standard" or "bombs", not "nope""#
        );
        assert_eq!(
            message(json!({"game": "gomoku", "exactFive": "maybe"})),
            r#"bad option: exactFive: true or false, not "maybe""#
        );
        assert_eq!(
            message(json!({"size": "8", "reversiSize": "10"})),
            r#"bad option: reversiSize: "10" disagrees with size: "8""#
        );
        for bad in [
            json!({"size": "8.0"}),
            json!({"size": " 8"}),
            json!({"size": -8}),
            json!({"size": 8.5}),
            json!({"size": true}),
            json!({"level": "0"}),
            json!({"level": ""}),
            json!({"game": 1}),
            json!({"game": "Reversi"}),
            json!([]),
            json!("reversi"),
        ] {
            assert_eq!(read(&bad).unwrap_err().code, "bad-option", "{bad}");
        }
    }
}
