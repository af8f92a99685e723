//! The JavaScript edge read and written as boardgamers.space's wrapper does: every event
//! name and payload shape, and the malformed ones refused with a reason.

use super::*;
use crate::protocol::{Skin, Speed, ThemePref};
use outflank_engine::{Game, GameKind, GameOptions, Square};

fn reversi() -> AnyGame {
    AnyGame::new(&GameOptions::default()).unwrap()
}

#[test]
fn game_data_round_trips_with_and_without_players() {
    let mut game = reversi();
    game.play_move(Player::First, Move::Place("f5".parse().unwrap()))
        .unwrap();
    let bare = GameView::new(game.clone());
    let value = bare.to_value();
    assert!(value.get("players").is_none());
    assert_eq!(GameView::from_value(&value).unwrap(), bare);
    // A bare engine state (what a BGS engine stores) is game data too.
    let engine = serde_json::to_value(&game).unwrap();
    assert_eq!(GameView::from_value(&engine).unwrap(), bare);

    let named = GameView {
        state_id: Some(7),
        game,
        players: vec![
            PlayerMeta {
                name: "  Ann   Lee ".into(),
            },
            PlayerMeta { name: "".into() },
        ],
    };
    let back = GameView::from_value(&named.to_value()).unwrap();
    assert_eq!(back, named);
    assert_eq!(back.name(Player::First).as_deref(), Some("Ann Lee"));
    assert_eq!(back.name(Player::Second), None);
}

#[test]
fn the_bgs_packages_game_data_is_read_too() {
    let mut game = reversi();
    game.play_move(Player::First, Move::Place("f5".parse().unwrap()))
        .unwrap();
    let mut stored = outflank_bgs::GameData::new(game.clone(), "s".into(), None, 5);
    stored.players[0].name = "Ann".into();
    stored.players[1].name = "Bo".into();
    stored.players[1].settings.insert("x".into(), json!(1));
    let data = stored.to_json();
    let read = GameView::from_value(&data).unwrap();
    assert_eq!(read.game, game);
    assert_eq!(read.name(Player::Second).as_deref(), Some("Bo"));
    let mut other = data.clone();
    other["engine"] = json!("chess");
    assert!(GameView::from_value(&other).is_err());
    let mut broken = data;
    broken["state"]["turns"] = json!(["a1"]);
    assert!(GameView::from_value(&broken).is_err());
}

#[test]
fn malformed_states_are_errors() {
    for bad in [
        json!(null),
        json!([1, 2]),
        json!({"game": "chess"}),
        json!({"game": "tictactoe", "options": {}, "moves": ["b2", "b2"]}),
        json!({"game": "tictactoe", "options": {}, "moves": ["b2"], "players": 3}),
    ] {
        assert!(HostEvent::parse(host::STATE, &bad).is_err(), "{bad}");
    }
    let ok = json!({"game": "tictactoe", "options": {}, "moves": ["b2"]});
    let HostEvent::State(data) = HostEvent::parse(host::STATE, &ok).unwrap() else {
        panic!()
    };
    assert_eq!(data.game.kind(), GameKind::TicTacToe);
    assert_eq!(data.game.piece(Square::new(1, 1)), Some(Player::First));
}

#[test]
fn player_events() {
    let p = |v: Value| HostEvent::parse(host::PLAYER, &v);
    assert_eq!(
        p(json!({"index": 1})),
        Ok(HostEvent::Player(Some(Player::Second)))
    );
    assert_eq!(
        p(json!({"index": 0})),
        Ok(HostEvent::Player(Some(Player::First)))
    );
    assert_eq!(p(json!({})), Ok(HostEvent::Player(None)));
    assert_eq!(p(json!({"index": null})), Ok(HostEvent::Player(None)));
    assert!(p(json!({"index": 2})).is_err());
    assert!(p(json!({"index": "0"})).is_err());
    assert!(p(json!(5)).is_err());
}

#[test]
fn gamelog_in_every_shape_hosts_send() {
    let items = json!([{"kind": "event", "event": "start"}, {"kind": "move", "player": 0, "move": "f5", "flipped": ["e5"]}]);
    let slice = json!({"log": items, "availableMoves": ["d6"]});
    let parse = |v: Value| match HostEvent::parse(host::GAMELOG, &v) {
        Ok(HostEvent::Gamelog(s)) => Ok(s),
        Ok(other) => panic!("{other:?}"),
        Err(e) => Err(e),
    };
    // boardgamers.space after a move: {start, data: logSlice(...)}.
    let bgs = parse(json!({"start": 0, "data": slice})).unwrap();
    // With an end, as a log fetch answers.
    let ranged = parse(json!({"start": 0, "end": 1, "data": slice})).unwrap();
    // The items in data, or bare.
    let items_in_data = parse(json!({"start": 0, "data": items})).unwrap();
    let bare_slice = parse(slice.clone()).unwrap();
    let array = parse(items.clone()).unwrap();
    for s in [&bgs, &ranged, &items_in_data, &bare_slice, &array] {
        assert_eq!(s.items.len(), 2);
        // Without a start, a slice that begins with the start event starts at 0.
        assert_eq!(s.start, Some(0));
    }
    let tail = parse(json!({"log": [items[1]], "availableMoves": []})).unwrap();
    assert_eq!(tail.start, None);
    let later = parse(json!({"start": 1, "data": {"log": [items[1]]}})).unwrap();
    assert_eq!(later.start, Some(1));
    for bad in [
        json!({"data": [{"kind": "dance"}]}),
        json!("log"),
        json!({"start": "x", "data": []}),
        json!({"start": 0, "data": {"availableMoves": []}}),
        json!({"start": 0}),
    ] {
        assert!(parse(bad.clone()).is_err(), "{bad}");
    }
}

#[test]
fn other_host_events() {
    assert_eq!(
        HostEvent::parse("replay:to", &json!(4)),
        Ok(HostEvent::ReplayTo(4))
    );
    assert_eq!(
        HostEvent::parse("replay:to", &json!({"to": 2})),
        Ok(HostEvent::ReplayTo(2))
    );
    assert!(HostEvent::parse("replay:to", &json!("x")).is_err());
    assert_eq!(
        HostEvent::parse("theme", &json!({"dark": true})),
        Ok(HostEvent::Theme { dark: true })
    );
    assert!(HostEvent::parse("theme", &json!({})).is_err());
    assert!(HostEvent::parse("avatars", &json!(["a.png"])).is_ok());
    assert!(HostEvent::parse("avatars", &json!([1])).is_err());
    assert!(HostEvent::parse("explode", &json!({})).is_err());
    for name in host::ALL {
        // Every known name parses with some payload.
        let payload = match name {
            "state" => serde_json::to_value(reversi()).unwrap(),
            "gamelog" => json!({"start": 0, "data": []}),
            "replay:to" => json!(0),
            "theme" => json!({"dark": false}),
            "avatars" => json!([]),
            _ => json!({}),
        };
        assert!(HostEvent::parse(name, &payload).is_ok(), "{name}");
    }
}

#[test]
fn viewer_events_are_json() {
    let m = ViewerEvent::Move {
        mv: Move::Place("f5".parse().unwrap()),
        state_id: Some(3),
    };
    assert_eq!((m.name(), m.payload()), ("move", json!("f5")));
    assert_eq!(
        parse_move(&m.payload()),
        Ok(Move::Place("f5".parse().unwrap()))
    );
    let concede = ViewerEvent::Move {
        mv: Move::Concede,
        state_id: None,
    };
    assert_eq!(concede.payload(), json!("concede"));
    assert!(parse_move(&json!({"x": "a"})).is_err());
    let p = ViewerEvent::UpdatePreference(Preference::Skin(Skin::Wooden));
    assert_eq!(p.payload(), json!({"name": "skin", "value": "wooden"}));
    let c = ViewerEvent::PlayerClicked {
        index: 1,
        name: "Bo".into(),
    };
    assert_eq!(c.payload(), json!({"index": 1, "name": "Bo"}));
    assert_eq!(
        ViewerEvent::ReplayInfo {
            start: 0,
            current: 3,
            end: 9
        }
        .payload(),
        json!({"start": 0, "current": 3, "end": 9})
    );
    assert_eq!(
        ViewerEvent::FetchLog {
            start: 2,
            end: None
        }
        .payload(),
        json!({"start": 2})
    );
}

#[test]
fn preferences_events_apply_known_keys_and_report_bad_values() {
    let prefs = |v: Value| match HostEvent::parse(host::PREFERENCES, &v) {
        Ok(HostEvent::Preferences(update)) => update,
        other => panic!("{other:?}"),
    };
    let mut p = Preferences::default();
    let good = prefs(json!({"skin": "wooden", "speed": "fast", "other": 1}));
    assert_eq!(good.apply_to(&mut p), Ok(()));
    assert_eq!(
        (p.skin, p.speed, p.highlights),
        (Skin::Wooden, Speed::Fast, true)
    );
    let mixed = prefs(json!({"highlights": "yes", "theme": "dark", "speed": 3}));
    assert_eq!(
        mixed.apply_to(&mut p),
        Err(
            "preference highlights: \"yes\" is not allowed; preference speed: 3 is not allowed"
                .into()
        )
    );
    assert_eq!(
        (p.highlights, p.theme, p.speed),
        (true, ThemePref::Dark, Speed::Fast)
    );
    assert!(HostEvent::parse(host::PREFERENCES, &json!("x")).is_err());
    for q in p.all() {
        let event = ViewerEvent::UpdatePreference(q);
        let payload = event.payload();
        assert_eq!(payload["name"], q.name());
        // What the viewer sends, a host can send back.
        let back = prefs(json!({ q.name(): payload["value"] }));
        assert_eq!(back.set, [q]);
    }
    assert_eq!(
        ViewerEvent::UpdatePreference(Preference::Highlights(false)).payload(),
        json!({"name": "highlights", "value": false})
    );
}
