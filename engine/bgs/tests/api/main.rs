//! The BGS engine API natively: what a host server sees, call by call, with the data going
//! through JSON text between calls as a host stores it. The helpers below are shared by the
//! modules, one per part of the API.

use outflank_bgs::{api, ApiError, GameData};
use serde_json::{json, Value};

mod log;
mod moves;
mod setup;
mod stats_ai;

/// The data as a host stores it: JSON text and back.
fn stored(data: &GameData) -> Value {
    let text = serde_json::to_string(&data.to_json()).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn init(options: Value) -> Value {
    stored(
        &api::init(
            &json!(2),
            &json!([]),
            &options,
            &json!("seed-1"),
            &Value::Null,
        )
        .unwrap(),
    )
}

fn play(data: &Value, mv: &str, player: u8) -> Value {
    match api::play(data.clone(), &json!(mv), &json!(player)) {
        Ok(d) => stored(&d),
        Err(e) => panic!("{mv} by {player}: {e}"),
    }
}

fn play_all(mut data: Value, moves: &[&str]) -> Value {
    for mv in moves {
        let player = api::current_player(data.clone())
            .unwrap()
            .expect("the game goes on")
            .index() as u8;
        data = play(&data, mv, player);
    }
    data
}

fn code(result: Result<impl std::fmt::Debug, ApiError>) -> &'static str {
    result.expect_err("an error").code
}
