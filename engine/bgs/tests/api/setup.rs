//! `init`: each game's defaults, the options a creation form sends, and what it refuses.

use super::*;

#[test]
fn init_starts_each_game_with_its_defaults() {
    let reversi = init(Value::Null);
    assert_eq!(reversi["state"]["game"], "reversi");
    assert_eq!(reversi["board"][3], "---OX---");
    assert_eq!(reversi["board"][4], "---XO---");
    assert_eq!(reversi["players"][0]["name"], "Player 1");
    assert_eq!(reversi["seed"], "seed-1");
    assert_eq!(api::scores(reversi.clone()).unwrap(), [2, 2]);
    assert_eq!(
        api::current_player(reversi.clone())
            .unwrap()
            .map(|p| p.index()),
        Some(0)
    );
    assert_eq!(api::log_length(reversi.clone()).unwrap(), 1);
    let gomoku = init(json!({"game": "gomoku"}));
    assert_eq!(gomoku["board"].as_array().unwrap().len(), 19);
    let small = init(json!({"game": "gomoku", "size": 15, "exactFive": true}));
    assert_eq!(small["board"].as_array().unwrap().len(), 15);
    let ttt = init(json!({"game": "tictactoe"}));
    assert_eq!(ttt["board"], json!(["---", "---", "---"]));
    assert_eq!(api::factions(ttt).unwrap(), ["x", "o"]);
}

#[test]
fn init_refuses_what_it_cannot_honour() {
    // (players, expansions, options, seed, creator): each refused with its code.
    let refused = [
        (
            json!(3),
            json!([]),
            Value::Null,
            json!(""),
            Value::Null,
            "bad-argument",
        ),
        (
            json!("2"),
            json!([]),
            Value::Null,
            json!(""),
            Value::Null,
            "bad-argument",
        ),
        (
            json!(2),
            json!(["spies"]),
            Value::Null,
            json!(""),
            Value::Null,
            "bad-option",
        ),
        (
            json!(2),
            json!([]),
            Value::Null,
            json!({}),
            Value::Null,
            "bad-argument",
        ),
        (
            json!(2),
            json!([]),
            Value::Null,
            json!(""),
            json!(2),
            "bad-argument",
        ),
    ];
    for (players, expansions, options, seed, creator, expected) in refused {
        let got = code(api::init(&players, &expansions, &options, &seed, &creator));
        assert_eq!(got, expected, "{players} {expansions} {seed} {creator}");
    }
    for bad in [
        json!({"game": "chess"}),
        json!({"size": 7}),
        json!({"size": "7"}),
        json!({"game": "gomoku", "size": "8"}),
        json!({"variant": "nope"}),
        json!({"game": "gomoku", "exactFive": "yes"}),
        json!({"level": "12"}),
        json!([1, 2]),
    ] {
        let got = code(api::init(
            &json!(2),
            &json!([]),
            &bad,
            &json!(""),
            &Value::Null,
        ));
        assert_eq!(got, "bad-option", "{bad}");
    }
}

/// What BGS's creation form sends for the npm package README's declaration: every select as a
/// string, whatever the game; `exactFive` only when checked.
#[test]
fn init_reads_what_a_creation_form_sends() {
    let form = |options: Value| {
        api::init(&json!(2), &json!([]), &options, &json!("s"), &Value::Null)
            .unwrap_or_else(|e| panic!("{options}: {e}"))
    };
    let defaults = json!({"game": "reversi", "variant": "standard", "reversiSize": "8",
        "gomokuSize": "19", "level": "5"});
    let data = form(defaults.clone());
    assert_eq!(
        data.state,
        outflank_engine::AnyGame::new(&Default::default()).unwrap()
    );
    assert_eq!(data.level, 5);
    let with = |extra: Value| {
        let mut options = defaults.clone();
        options
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        form(options).to_json()
    };
    let bombs = with(json!({"variant": "bombs", "reversiSize": "10", "exactFive": true}));
    assert_eq!(
        bombs["state"]["options"],
        json!({"size": 10, "variant": "bombs"})
    );
    let gomoku = with(json!({"game": "gomoku", "gomokuSize": "15", "exactFive": true}));
    assert_eq!(
        gomoku["state"]["options"],
        json!({"size": 15, "exactFive": true})
    );
    let ttt = with(json!({"game": "tictactoe", "variant": "bombs", "level": "10"}));
    assert_eq!(ttt["state"]["game"], "tictactoe");
    assert_eq!(ttt["level"], 10);
    // The engine's own names and numbers work too, and a single `size` select.
    assert_eq!(
        form(json!({"game": "gomoku", "size": 15, "variant": "standard", "exactFive": "true"}))
            .to_json()["state"]["options"],
        json!({"size": 15, "exactFive": true})
    );
    assert_eq!(
        form(json!({"game": "tictactoe", "size": "8"})).to_json()["state"]["game"],
        "tictactoe"
    );
    // Unknown keys, `$none` and `undefined` are no value.
    assert_eq!(
        form(json!({"colour": "red", "size": "$none", "game": null})).state,
        outflank_engine::AnyGame::new(&Default::default()).unwrap()
    );
    let err = api::init(
        &json!(2),
        &json!([]),
        &json!({"game": "reversi", "size": "7"}),
        &json!("s"),
        &Value::Null,
    )
    .unwrap_err();
    assert_eq!(err.code, "bad-option");
    assert_eq!(
        err.message,
        r#"bad option: size: Reversi is played on 6x6, 8x8 or 10x10, not "7""#
    );
}
