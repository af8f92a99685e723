//! The BGS engine API natively: what a host server sees, call by call, with the data going
//! through JSON text between calls as a host stores it.

use outflank_bgs::{api, ApiError, GameData};
use serde_json::{json, Value};

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
    let args = |players: Value, expansions: Value, options: Value, seed: Value, creator: Value| {
        api::init(&players, &expansions, &options, &seed, &creator)
    };
    assert_eq!(
        code(args(
            json!(3),
            json!([]),
            Value::Null,
            json!(""),
            Value::Null
        )),
        "bad-argument"
    );
    assert_eq!(
        code(args(
            json!("2"),
            json!([]),
            Value::Null,
            json!(""),
            Value::Null
        )),
        "bad-argument"
    );
    assert_eq!(
        code(args(
            json!(2),
            json!(["spies"]),
            Value::Null,
            json!(""),
            Value::Null
        )),
        "bad-option"
    );
    for bad in [
        json!({"game": "chess"}),
        json!({"size": 7}),
        json!({"size": "7"}),
        json!({"game": "gomoku", "size": "8"}),
        json!({"variant": "nope"}),
        json!({"game": "gomoku", "exactFive": "yes"}),
        json!({"level": "11"}),
        json!([1, 2]),
    ] {
        assert_eq!(
            code(args(
                json!(2),
                json!([]),
                bad.clone(),
                json!(""),
                Value::Null
            )),
            "bad-option",
            "{bad}"
        );
    }
    assert_eq!(
        code(args(
            json!(2),
            json!([]),
            Value::Null,
            json!({}),
            Value::Null
        )),
        "bad-argument"
    );
    assert_eq!(
        code(args(json!(2), json!([]), Value::Null, json!(""), json!(2))),
        "bad-argument"
    );
}

/// What BGS's creation form sends for the README's declaration: every select as a string,
/// whatever the game; `exactFive` only when checked.
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

#[test]
fn moves_in_both_forms_and_every_kind_of_wrong_move() {
    let data = init(Value::Null);
    let by_point = stored(&api::play(data.clone(), &json!({"x": 5, "y": 4}), &json!(0)).unwrap());
    assert_eq!(by_point, play(&data, "f5", 0));
    let cases = [
        (json!("f5"), json!(1), "not-your-turn"),
        (json!("a1"), json!(0), "not-legal"),
        (json!("d4"), json!(0), "occupied"),
        (json!("i9"), json!(0), "off-board"),
        (json!({"x": 99, "y": 0}), json!(0), "off-board"),
        (json!("f"), json!(0), "bad-move"),
        (json!({"x": -1, "y": 0}), json!(0), "bad-move"),
        (json!(17), json!(0), "bad-move"),
        (Value::Null, json!(0), "bad-move"),
        (json!("f5"), json!(2), "bad-argument"),
        (json!("f5"), json!(0.5), "bad-argument"),
        (json!("concede"), json!(0), "cannot-concede"),
    ];
    for (mv, player, expected) in cases {
        let err = api::play(data.clone(), &mv, &player).unwrap_err();
        assert_eq!(err.code, expected, "{mv} by {player}: {}", err.message);
        assert!(!err.message.is_empty());
    }
    // A finished game takes no more moves.
    let over = play_all(
        data,
        &["c4", "c3", "c2", "c5", "c6", "d6", "e6", "f6", "g7"],
    );
    assert!(api::ended(over.clone()).unwrap());
    assert_eq!(api::current_player(over.clone()).unwrap(), None);
    assert_eq!(code(api::play(over, &json!("a1"), &json!(0))), "game-over");
}

#[test]
fn tampered_data_is_an_error_naming_the_problem() {
    let data = play_all(init(Value::Null), &["f5", "d6"]);
    let tamper = |f: &dyn Fn(&mut Value)| {
        let mut d = data.clone();
        f(&mut d);
        api::ended(d).unwrap_err()
    };
    type Tamper = Box<dyn Fn(&mut Value)>;
    let cases: Vec<(&str, Tamper)> = vec![
        ("board", Box::new(|d| d["board"][0] = json!("X-------"))),
        (
            "log",
            Box::new(|d| {
                d["log"]
                    .as_array_mut()
                    .unwrap()
                    .pop()
                    .map(drop)
                    .unwrap_or(())
            }),
        ),
        (
            "board",
            Box::new(|d| d["state"]["board"][0] = json!("X-------")),
        ),
        ("turn", Box::new(|d| d["state"]["turns"][0] = json!("a1"))),
        ("engine", Box::new(|d| d["engine"] = json!("other"))),
        ("format", Box::new(|d| d["format"] = json!(99))),
        (
            "players",
            Box::new(|d| d["players"] = json!([{"name": "A"}])),
        ),
        ("name", Box::new(|d| d["players"][0]["name"] = json!(""))),
        ("unknown", Box::new(|d| d["extra"] = json!(1))),
        (
            "messagesShown",
            Box::new(|d| d["messagesShown"] = json!(1000)),
        ),
    ];
    for (what, f) in cases {
        let err = tamper(&*f);
        assert_eq!(err.code, "malformed-state", "{what}: {}", err.message);
    }
    assert_eq!(
        api::ended(json!("text")).unwrap_err().code,
        "malformed-state"
    );
    assert_eq!(api::ended(Value::Null).unwrap_err().code, "malformed-state");
}

#[test]
fn log_slices_include_their_end_and_offer_moves_only_to_the_player_to_move() {
    let data = play_all(init(Value::Null), &["f5", "d6", "c3"]);
    assert_eq!(api::log_length(data.clone()).unwrap(), 4);
    let slice = |options: Value| api::log_slice(data.clone(), &options).unwrap();
    let all = slice(json!({"player": 1, "start": 0}));
    assert_eq!(all.log.len(), 4);
    assert_eq!(
        serde_json::to_value(&all.log[0]).unwrap(),
        json!({"kind": "event", "event": "start"})
    );
    assert_eq!(
        serde_json::to_value(&all.log[1]).unwrap(),
        json!({"kind": "move", "player": 0, "move": "f5", "flipped": ["e5"]})
    );
    assert_eq!(all.available_moves, ["d3", "f3", "f4", "g5"]);
    assert_eq!(
        slice(json!({"player": 0, "start": 0})).available_moves,
        Vec::<String>::new()
    );
    assert_eq!(
        slice(json!({"start": 0})).available_moves,
        Vec::<String>::new()
    );
    assert_eq!(slice(json!({"start": 1, "end": 2})).log, all.log[1..=2]);
    assert_eq!(slice(json!({"start": 3})).log, all.log[3..]);
    assert!(slice(json!({"start": 9})).log.is_empty());
    assert_eq!(slice(json!({"start": 2, "end": 99})).log, all.log[2..]);
    assert!(slice(json!({"start": 3, "end": 1})).log.is_empty());
    // Spectators: BGS's GET /log passes -1; internal calls pass undefined.
    for spectator in [
        json!({"player": -1, "start": 0}),
        json!({"player": null}),
        json!({}),
        Value::Null,
    ] {
        let seen = slice(spectator.clone());
        assert_eq!(seen.log, all.log, "{spectator}");
        assert!(seen.available_moves.is_empty(), "{spectator}");
    }
    // Query strings carry numbers as text.
    assert_eq!(slice(json!({"start": "1", "end": "2"})).log, all.log[1..=2]);
    for bad in [
        json!({"start": -1}),
        json!({"start": 1.5}),
        json!({"end": "two"}),
        json!({"end": "-2"}),
        json!({"player": 7}),
        json!({"player": -2}),
        json!(3),
    ] {
        assert_eq!(
            code(api::log_slice(data.clone(), &bad)),
            "bad-argument",
            "{bad}"
        );
    }
}

#[test]
fn a_forced_pass_is_logged_and_announced_once() {
    // Light's c1 leaves dark without a move (engine/tests/data/pass-record.txt).
    let moves = ["d3", "c3", "b3", "b2", "f5", "a3", "a1", "c1"];
    let data = play_all(init(Value::Null), &moves);
    let log = api::log_slice(data.clone(), &json!({"start": 9}))
        .unwrap()
        .log;
    assert_eq!(
        serde_json::to_value(&log).unwrap(),
        json!([{"kind": "event", "event": "pass", "player": 0}])
    );
    assert_eq!(
        api::current_player(data.clone())
            .unwrap()
            .map(|p| p.index()),
        Some(1)
    );
    let data =
        stored(&api::set_player_meta_data(data, &json!(0), &json!({"name": "Ada"})).unwrap());
    let first = api::messages(data).unwrap();
    assert_eq!(first.messages, ["Ada (Dark) has no legal move and passes."]);
    let again = api::messages(stored(&first.data)).unwrap();
    assert!(again.messages.is_empty());
}

#[test]
fn concede_drop_rankings_and_cancelled() {
    // Dark is behind after f5 d6 c3 d3? Count and let the one behind concede.
    let data = play_all(init(Value::Null), &["f5", "f6", "e6", "f4"]);
    let [dark, light] = api::scores(data.clone()).unwrap();
    assert!(dark < light, "{dark} {light}");
    let conceded = stored(&api::play(data.clone(), &json!("concede"), &json!(0)).unwrap());
    assert!(api::ended(conceded.clone()).unwrap());
    assert_eq!(api::rankings(conceded.clone()).unwrap(), Some([2, 1]));
    assert!(!api::cancelled(conceded.clone()).unwrap());
    let log = api::log_slice(conceded, &json!({"start": 5})).unwrap().log;
    assert_eq!(
        serde_json::to_value(&log).unwrap(),
        json!([{"kind": "event", "event": "concede", "player": 0},
               {"kind": "event", "event": "end", "winner": 1, "scores": [dark, light]}])
    );

    let early = stored(&api::drop_player(init(json!({"game": "gomoku"})), &json!(1)).unwrap());
    assert!(api::ended(early.clone()).unwrap());
    assert_eq!(api::rankings(early.clone()).unwrap(), Some([1, 2]));
    assert_eq!(api::scores(early.clone()).unwrap(), [1, 0]);
    assert!(api::cancelled(early.clone()).unwrap());
    assert_eq!(
        api::messages(early.clone()).unwrap().messages,
        [
            "Player 2 (White) left the game.",
            "Player 1 (Black) wins by forfeit."
        ]
    );
    // BGS never drops a player from an ended game; if it did, nothing changes.
    for who in [0, 1] {
        assert_eq!(
            stored(&api::drop_player(early.clone(), &json!(who)).unwrap()),
            early
        );
    }
    assert_eq!(code(api::drop_player(early, &json!(2))), "bad-argument");

    // Dark leaves while ahead on the board: light wins, and the scores say so.
    let ahead = play_all(init(Value::Null), &["f5", "d6", "c3"]);
    let [dark, light] = api::scores(ahead.clone()).unwrap();
    assert!(dark > light);
    let left = stored(&api::drop_player(ahead, &json!(0)).unwrap());
    assert_eq!(api::scores(left.clone()).unwrap(), [0, light]);
    assert_eq!(api::rankings(left.clone()).unwrap(), Some([2, 1]));
    let end = api::log_slice(left.clone(), &json!({"start": 5}))
        .unwrap()
        .log;
    assert_eq!(
        serde_json::to_value(&end).unwrap(),
        json!([{"kind": "event", "event": "end", "winner": 1, "scores": [0, light]}])
    );
    assert_eq!(
        api::messages(left).unwrap().messages,
        [
            "Player 1 (Dark) left the game.",
            "Player 2 (Light) wins by forfeit."
        ]
    );

    let late = play_all(init(json!({"game": "tictactoe"})), &["a1", "b2"]);
    assert_eq!(api::rankings(late.clone()).unwrap(), None);
    let late = stored(&api::drop_player(late, &json!(0)).unwrap());
    assert!(!api::cancelled(late.clone()).unwrap());
    assert_eq!(api::scores(late).unwrap(), [0, 100]);

    let draw = play_all(
        init(json!({"game": "tictactoe"})),
        &["a1", "b2", "c3", "b1", "b3", "a3", "c1", "c2", "a2"],
    );
    assert!(api::ended(draw.clone()).unwrap());
    assert_eq!(api::rankings(draw.clone()).unwrap(), Some([1, 1]));
    assert_eq!(api::scores(draw.clone()).unwrap(), [0, 0]);
    assert_eq!(api::round(draw).unwrap(), 5);
}

#[test]
fn replay_rebuilds_after_an_admin_edit_and_stops_where_asked() {
    let data = play_all(init(Value::Null), &["f5", "d6", "c3", "d3"]);
    // The admin takes back the last two moves and leaves the rest stale.
    let mut edited = data.clone();
    edited["state"]["turns"] = json!(["f5", "d6"]);
    assert_eq!(code(api::ended(edited.clone())), "malformed-state");
    let rebuilt = stored(&api::replay(edited, &Value::Null).unwrap());
    assert_eq!(rebuilt, play_all(init(Value::Null), &["f5", "d6"]));
    // to = log item: 0 is the start, 1 the first move.
    let first = stored(&api::replay(data.clone(), &json!({"to": 1})).unwrap());
    assert_eq!(first, play_all(init(Value::Null), &["f5"]));
    assert_eq!(
        stored(&api::replay(data.clone(), &json!({"to": 99})).unwrap()),
        data
    );
    let mut broken = data.clone();
    broken["state"]["turns"] = json!(["f5", "a1"]);
    let err = api::replay(broken, &Value::Null).unwrap_err();
    assert_eq!(err.code, "malformed-state");
    assert!(err.message.contains("move 2 (a1)"), "{}", err.message);
    assert_eq!(
        stored(&api::replay(data.clone(), &json!({"to": "1"})).unwrap()),
        first
    );
    assert_eq!(code(api::replay(data, &json!({"to": -1}))), "bad-argument");
}

#[test]
fn replay_to_counts_log_items_as_log_slice_does_across_a_pass() {
    // Light's c1 (item 8) leaves dark without a move: item 9 is dark's pass.
    let data = play_all(
        init(Value::Null),
        &["d3", "c3", "b3", "b2", "f5", "a3", "a1", "c1", "e3", "e2"],
    );
    let log = api::log_slice(data.clone(), &json!({})).unwrap().log;
    assert_eq!(
        serde_json::to_value(&log[9]).unwrap(),
        json!({"kind": "event", "event": "pass", "player": 0})
    );
    for k in 0..log.len() {
        let replayed = stored(&api::replay(data.clone(), &json!({"to": k})).unwrap());
        let got = api::log_slice(replayed, &json!({})).unwrap().log;
        // The move that forces a pass brings the pass along: there is no position between.
        let upto = if k == 8 { 9 } else { k };
        assert_eq!(got, log[..=upto], "to {k}");
    }
}

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
    for bad in [json!(0), json!(11), json!("five"), json!(true)] {
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
