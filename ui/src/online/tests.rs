use super::*;
use outflank_engine::Player;

fn summary(id: i64, status: &str, players: Value) -> Summary {
    serde_json::from_value(json!({
        "id": id, "status": status, "options": {"game": "tictactoe"},
        "players": players, "stateId": 1, "toMove": null, "scores": [0, 0],
        "clock": null, "deadline": null, "createdAt": 0, "startedAt": null,
        "finishedAt": null, "result": null, "serverTime": 0
    }))
    .unwrap()
}

#[test]
fn the_lobby_moves_a_game_to_the_list_its_status_says() {
    let ann = json!([{"id": 1, "name": "ann"}, null]);
    let both = json!([{"id": 1, "name": "ann"}, {"id": 2, "name": "bob"}]);
    let mut lobby = Lobby::default();
    lobby.apply(summary(7, "waiting", ann.clone()), Some(1));
    assert_eq!((lobby.waiting.len(), lobby.mine.len()), (1, 1));
    lobby.apply(summary(7, "playing", both.clone()), Some(2));
    assert_eq!(lobby.waiting.len(), 0);
    assert_eq!(lobby.playing[0].name(1), Some("bob"));
    assert_eq!(lobby.mine.len(), 1);
    lobby.apply(summary(7, "finished", both), Some(2));
    assert_eq!(lobby, Lobby::default());
    lobby.apply(summary(8, "waiting", ann), None);
    assert!(lobby.mine.is_empty());
}

#[test]
fn options_and_clocks_are_written_as_the_api_takes_them() {
    let body = create_body(
        Options::CHOICES[3],
        Some(Clock {
            minutes: 5.0,
            increment: 3.0,
        }),
    );
    assert_eq!(
        body,
        json!({"game": "reversi", "size": 8, "variant": "bombs", "clock": {"minutes": 5.0, "increment": 3.0}})
    );
    assert_eq!(
        create_body(Options::Tictactoe, None),
        json!({"game": "tictactoe", "clock": null})
    );
    let gomoku: Options =
        serde_json::from_value(json!({"game": "gomoku", "size": 15, "exactFive": true})).unwrap();
    assert_eq!(gomoku, Options::CHOICES[6]);
}

#[test]
fn socket_messages_become_typed_events() {
    assert_eq!(
        parse(r#"{"event":"player","data":{"index":1}}"#).unwrap(),
        Incoming::Host(HostEvent::Player(Some(Player::Second)))
    );
    assert_eq!(
        parse(r#"{"event":"state:updated","data":null}"#).unwrap(),
        Incoming::Host(HostEvent::StateUpdated)
    );
    assert_eq!(
        parse(r#"{"event":"refused","data":{"code":"stale","message":"Old.","stateId":4}}"#)
            .unwrap(),
        Incoming::Host(HostEvent::Refused {
            code: "stale".into(),
            reason: "Old.".into(),
            state_id: Some(4)
        })
    );
    assert!(matches!(
        parse(r#"{"event":"error","data":{"code":"bad-message","message":"x"}}"#).unwrap(),
        Incoming::Error(ApiError { code, .. }) if code == "bad-message"
    ));
    assert!(matches!(
        parse(r#"{"event":"lobby","data":{"waiting":[],"playing":[],"mine":[]}}"#).unwrap(),
        Incoming::Lobby(_)
    ));
    assert!(parse("nonsense").is_err());
    assert!(parse(r#"{"event":"replay:start"}"#).is_err());
}

#[test]
fn viewer_events_are_written_for_the_server() {
    let mv: outflank_engine::Move = serde_json::from_value(json!("b2")).unwrap();
    let text = encode(&ViewerEvent::Move {
        mv,
        state_id: Some(3),
    })
    .unwrap();
    let value: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["event"], "move");
    assert_eq!(value["data"]["stateId"], 3);
    assert_eq!(value["data"]["move"], serde_json::to_value(mv).unwrap());
    assert_eq!(
        encode(&ViewerEvent::FetchState).unwrap(),
        r#"{"event":"fetchState"}"#
    );
    let log: Value = serde_json::from_str(
        &encode(&ViewerEvent::FetchLog {
            start: 2,
            end: None,
        })
        .unwrap(),
    )
    .unwrap();
    assert_eq!(log, json!({"event": "fetchLog", "data": {"start": 2}}));
    assert_eq!(encode(&ViewerEvent::Ready), None);
}

#[test]
fn the_open_game_is_kept_in_the_address() {
    assert_eq!(game_in_hash(&hash_for(42)), Some(42));
    assert_eq!(game_in_hash("#game=abc"), None);
    assert_eq!(game_in_hash(""), None);
}
