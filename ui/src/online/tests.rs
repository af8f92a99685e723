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
            increment: 3,
        }),
    );
    assert_eq!(
        body,
        json!({"game": "reversi", "size": 8, "variant": "bombs", "clock": {"minutes": 5.0, "increment": 3}})
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
fn the_online_views_are_kept_in_the_address() {
    for route in [
        Route::Lobby,
        Route::Game(42),
        Route::Board,
        Route::Player("ann.b-2_".into()),
    ] {
        assert_eq!(Route::from_hash(&route.hash()), Some(route.clone()));
        assert_eq!(
            Route::from_hash(route.hash().trim_start_matches('#')),
            Some(route)
        );
    }
    for other in [
        "",
        "#",
        "#game=abc",
        "#online=x",
        "#player=a",
        "#player=<b>",
        "#player=-ab",
        "#onlinex",
    ] {
        assert_eq!(Route::from_hash(other), None, "{other}");
    }
}

#[test]
fn sockets_wait_longer_after_each_failure_up_to_half_a_minute() {
    let delays: Vec<u32> = (0..8).map(retry_delay_ms).collect();
    assert_eq!(
        delays,
        [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]
    );
    assert_eq!(retry_delay_ms(u32::MAX), 30_000);
}

#[test]
fn clocks_count_down_from_the_summary_for_the_running_player_only() {
    let game = |running: Value| -> Summary {
        let mut v = serde_json::to_value(json!({
            "id": 1, "status": "playing", "options": {"game": "reversi", "size": 8, "variant": "standard"},
            "players": [{"id": 1, "name": "ann"}, {"id": 2, "name": "bob"}], "stateId": 3,
            "toMove": 1, "scores": [3, 2], "deadline": null, "createdAt": 0, "startedAt": 0,
            "finishedAt": null, "result": null, "serverTime": 5,
            "clock": {"minutes": 0.5, "increment": 0, "remainingMs": [28000, 29500], "running": 1}
        }))
        .unwrap();
        v["clock"]["running"] = running;
        serde_json::from_value(v).unwrap()
    };
    let clock = game(json!(1)).clock.unwrap();
    assert_eq!(clock.left(0), [28_000, 29_500]);
    assert_eq!(clock.left(1_500), [28_000, 28_000]);
    assert_eq!(clock.left(60_000), [28_000, 0]);
    assert_eq!(
        game(Value::Null).clock.unwrap().left(60_000),
        [28_000, 29_500]
    );
    assert_eq!(clock.low_ms(), 10_000);
    assert_eq!(
        game(json!(1)).control(),
        Some(Clock {
            minutes: 0.5,
            increment: 0
        })
    );
}

#[test]
fn a_finished_game_is_won_lost_or_drawn_by_each_seat() {
    let mut game = summary(
        3,
        "finished",
        json!([{"id": 1, "name": "Ann"}, {"id": 2, "name": "bob"}]),
    );
    assert_eq!(game.seat_of("ann"), Some(0));
    assert_eq!(game.seat_of("BOB"), Some(1));
    assert_eq!(game.seat_of("eve"), None);
    assert_eq!(game.verdict(0), None);
    game.result = serde_json::from_value(
        json!({"winner": 1, "reason": "conceded", "ratingChanges": [-16.0, 16.0]}),
    )
    .unwrap();
    assert_eq!(
        (game.verdict(0), game.verdict(1)),
        (Some(Verdict::Lost), Some(Verdict::Won))
    );
    assert_eq!(
        game.result.as_ref().unwrap().rating_changes,
        Some([-16.0, 16.0])
    );
    game.result.as_mut().unwrap().winner = None;
    assert_eq!(game.verdict(1), Some(Verdict::Drawn));
}

#[test]
fn a_sentence_is_cut_around_the_names_it_holds() {
    let [a, b] = NAME_MARKS;
    assert_eq!(
        pieces(&format!("{a} against {b}")),
        [
            Piece::Name(0),
            Piece::Text(" against ".into()),
            Piece::Name(1)
        ]
    );
    assert_eq!(
        pieces(&format!("créée par {a}")),
        [Piece::Text("créée par ".into()), Piece::Name(0)]
    );
    assert_eq!(pieces("no names"), [Piece::Text("no names".into())]);
}

#[test]
fn a_player_page_reads_the_record_and_the_games() {
    let page: PlayerPage = serde_json::from_value(json!({
        "player": {"id": 1, "name": "ann", "rating": 1516.0, "wins": 1, "losses": 0, "draws": 0,
                   "discDiff": 12, "games": 1},
        "games": [],
        "rule": {"system": "Elo", "start": 1500, "k": 32}
    }))
    .unwrap();
    assert_eq!(
        (page.player.name.as_str(), page.player.games),
        ("ann", Some(1))
    );
}
