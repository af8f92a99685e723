//! Moves in both forms, the wrong ones, and data a host has tampered with.

use super::*;

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
