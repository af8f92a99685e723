//! The statistics a host writes out, and the computer's moves.

use super::*;

#[test]
fn stats_names_and_settings() {
    let data = play_all(
        init(Value::Null),
        &["c4", "c3", "c2", "c5", "c6", "d6", "e6", "f6", "g7"],
    );
    let data =
        stored(&api::set_player_meta_data(data, &json!(1), &json!({"name": "Grace"})).unwrap());
    let stats = api::stats(data.clone()).unwrap();
    assert_eq!(stats["game"]["winner"], 0);
    assert_eq!(stats["game"]["ended"], 1);
    only_numbers_and_strings(&stats);
    let gomoku = init(json!({"game": "gomoku", "exactFive": true}));
    let gomoku_stats = api::stats(gomoku).unwrap();
    assert_eq!(gomoku_stats["game"]["exactFive"], 1);
    assert_eq!(gomoku_stats["game"]["ended"], 0);
    assert_eq!(gomoku_stats["game"]["winner"], "none");
    only_numbers_and_strings(&gomoku_stats);
    assert_eq!(stats["game"]["variant"], "standard");
    assert_eq!(stats["game"]["record"], "c4c3c2c5c6d6e6f6g7");
    assert_eq!(stats["players"][1]["name"], "Grace");
    assert_eq!(stats["players"][0]["score"], 13);
    assert_eq!(stats["players"][0]["rank"], 1);
    assert_eq!(stats["players"][0]["moves"], 5);
    assert_eq!(stats["players"][1]["moves"], 4);
    assert!(stats["players"][0]["turnedOver"].as_u64().unwrap() > 0);
    assert_eq!(
        api::messages(data.clone()).unwrap().messages,
        ["Player 1 (Dark) wins, 13 discs to 0."]
    );
    for bad in [
        json!({"name": ""}),
        json!({"name": 5}),
        json!({}),
        json!({"name": "x".repeat(101)}),
    ] {
        assert_eq!(
            code(api::set_player_meta_data(data.clone(), &json!(0), &bad)),
            "bad-argument"
        );
    }
    let data = stored(
        &api::set_player_settings(data, &json!(0), &json!({"sound": false, "hints": 2})).unwrap(),
    );
    let data = stored(&api::set_player_settings(data, &json!(0), &json!({"hints": 3})).unwrap());
    assert_eq!(
        Value::Object(api::player_settings(data.clone(), &json!(0)).unwrap()),
        json!({"sound": false, "hints": 3})
    );
    assert_eq!(
        Value::Object(api::player_settings(data.clone(), &json!(1)).unwrap()),
        json!({})
    );
    assert_eq!(
        stored(&api::strip_secret(data.clone(), &Value::Null).unwrap()),
        data
    );
    assert_eq!(stored(&api::to_save(data.clone()).unwrap()), data);
}

#[test]
fn move_ai_plays_for_the_player_to_move_at_the_chosen_level() {
    let data = stored(
        &api::init(
            &json!(2),
            &json!([]),
            &json!({"game": "tictactoe", "level": 10}),
            &json!("s"),
            &Value::Null,
        )
        .unwrap(),
    );
    assert_eq!(data["level"], 10);
    assert_eq!(code(api::move_ai(data.clone(), &json!(1))), "not-your-turn");
    let mut data = data;
    while !api::ended(data.clone()).unwrap() {
        let p = api::current_player(data.clone()).unwrap().unwrap().index();
        data = stored(&api::move_ai(data, &json!(p)).unwrap());
    }
    assert_eq!(
        api::rankings(data.clone()).unwrap(),
        Some([1, 1]),
        "perfect play draws"
    );
    assert_eq!(code(api::move_ai(data, &json!(0))), "game-over");
    for bad in [json!(0), json!(12), json!("five"), json!(true)] {
        let err = api::init(
            &json!(2),
            &json!([]),
            &json!({"level": bad}),
            &json!("s"),
            &Value::Null,
        )
        .unwrap_err();
        assert_eq!(err.code, "bad-option");
    }
    let reversi = init(json!({"level": 4}));
    let a = api::move_ai(reversi.clone(), &json!(0)).unwrap();
    let b = api::move_ai(reversi, &json!(0)).unwrap();
    assert_eq!(a, b, "the same data gives the same move");
}

/// `stats` is `{game: {..}, players: [{..}, {..}]}` of numbers and strings only (BGS writes
/// CSV files from it).
fn only_numbers_and_strings(stats: &Value) {
    let fields = stats.as_object().unwrap();
    assert_eq!(fields.len(), 2, "{stats}");
    let mut records = vec![&stats["game"]];
    records.extend(stats["players"].as_array().unwrap());
    assert_eq!(records.len(), 3);
    for record in records {
        for (key, value) in record.as_object().unwrap() {
            assert!(
                value.is_string() || value.is_number(),
                "{key}: {value} in {stats}"
            );
        }
    }
}
