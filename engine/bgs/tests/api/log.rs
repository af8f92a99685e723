//! The log as players see it (slices, passes), the ends of a game (concede, drop,
//! rankings, cancelled) and replays.

use super::*;

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
