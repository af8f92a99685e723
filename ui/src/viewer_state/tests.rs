//! The viewer's reducer against every protocol event and user action.

use super::*;
use crate::protocol::json::host;
use crate::protocol::{Skin, Speed};
use outflank_engine::GameOptions;
use serde_json::json;
use serde_json::Value;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn reversi(record: &str) -> AnyGame {
    AnyGame::from_record(&GameOptions::default(), record).unwrap()
}

fn state(record: &str, id: Option<u64>) -> HostEvent {
    HostEvent::State(Box::new(GameView {
        game: reversi(record),
        players: Vec::new(),
        state_id: id,
    }))
}

fn host(name: &str, payload: Value) -> HostEvent {
    HostEvent::parse(name, &payload).unwrap()
}

/// A viewer that has shown the start position and plays Dark.
fn dark() -> ViewerState {
    let mut v = ViewerState::new(false);
    v.on_host_event(HostEvent::Player(Some(Player::First)));
    let fx = v.on_host_event(state("", Some(1)));
    assert!(fx.ready);
    v
}

fn record(v: &ViewerState) -> String {
    v.data.as_ref().unwrap().game.record()
}

#[test]
fn state_first_then_news_with_an_animation_and_an_announcement() {
    let mut v = dark();
    let fx = v.on_host_event(state("f5", Some(2)));
    assert!(!fx.ready, "ready once");
    assert_eq!(
        fx.animate_from.as_ref().map(|g| g.record()),
        Some(String::new())
    );
    assert_eq!(
        fx.announce.as_deref(),
        Some("Dark plays f5 and turns over 1 disc.")
    );
    assert!(matches!(fx.send.as_slice(), [ViewerEvent::AddLog(_)]));
    // The same state again: nothing.
    assert_eq!(v.on_host_event(state("f5", Some(2))), Effects::default());
}

#[test]
fn state_updated_asks_for_the_state() {
    let mut v = dark();
    assert_eq!(
        v.on_host_event(HostEvent::StateUpdated).send,
        [ViewerEvent::FetchState]
    );
}

#[test]
fn a_gamelog_that_follows_on_is_played_and_anything_else_fetches() {
    let mut v = dark();
    let after = reversi("f5d6");
    let log = after.log();
    let fx = v.on_host_event(host(
        host::GAMELOG,
        json!({"start": 1, "data": {"log": log[1..], "availableMoves": []}}),
    ));
    assert_eq!(record(&v), "f5d6");
    assert!(fx.animate_from.is_some());
    // A gap: ask.
    let later = reversi("f5d6c3d3");
    let fx = v.on_host_event(host(
        host::GAMELOG,
        json!({"start": 4, "data": later.log()[4..]}),
    ));
    assert_eq!(fx.send, [ViewerEvent::FetchState]);
    assert_eq!(record(&v), "f5d6");
}

#[test]
fn a_click_sends_the_move_and_waits_and_a_stale_state_does_not_unlock_the_board() {
    let mut v = dark();
    v.on_host_event(state("f5d6", Some(3)));
    let fx = v.play(sq("c3"), false);
    assert_eq!(
        fx.send,
        [ViewerEvent::Move {
            mv: Move::Place(sq("c3")),
            state_id: Some(3)
        }]
    );
    assert!(fx.wait_for_answer);
    // A second click while waiting is refused.
    assert!(v.play(sq("c3"), false).refusal.is_some());
    // A state older than the one shown arrives meanwhile (out of order): ignored, and
    // the move stays under way.
    let fx = v.on_host_event(state("f5", Some(2)));
    assert!(fx.warning.is_some());
    assert!(v.pending.is_some(), "still waiting for the answer");
    assert_eq!(record(&v), "f5d6");
    // The answer.
    v.on_host_event(state("f5d6c3", Some(4)));
    assert_eq!(v.pending, None);
    assert_eq!(record(&v), "f5d6c3");
}

#[test]
fn without_ids_an_earlier_state_of_the_game_is_ignored_but_a_rollback_with_an_id_is_shown() {
    let mut v = ViewerState::new(false);
    v.on_host_event(state("f5d6", None));
    assert!(v.on_host_event(state("f5", None)).warning.is_some());
    assert_eq!(record(&v), "f5d6");
    // With ids, a newer id wins even when its game is shorter (an admin's replay).
    let mut v = ViewerState::new(false);
    v.on_host_event(state("f5d6", Some(5)));
    let fx = v.on_host_event(state("f5", Some(6)));
    assert_eq!(fx.warning, None);
    assert!(fx.reset_cursor);
    assert_eq!(record(&v), "f5");
}

#[test]
fn refusals_and_timeouts_free_the_board() {
    let mut v = dark();
    v.play(sq("f5"), false);
    let fx = v.on_host_event(HostEvent::Refused {
        code: "stale".into(),
        reason: "the game moved on".into(),
        state_id: Some(9),
    });
    assert!(fx.refusal.is_some());
    assert_eq!(fx.send, [ViewerEvent::FetchState]);
    assert_eq!(v.pending, None);
    v.play(sq("f5"), false);
    assert!(
        v.no_answer(Some(7)).refusal.is_none(),
        "another move's timer"
    );
    assert!(v.no_answer(Some(1)).refusal.is_some());
    assert_eq!(v.pending, None);
}

#[test]
fn what_a_click_cannot_do() {
    let mut v = dark();
    assert!(v
        .play(sq("a1"), false)
        .refusal
        .unwrap()
        .contains("not a legal move"));
    assert!(
        v.play(sq("d4"), false).refusal.is_none(),
        "a disc: silently nothing"
    );
    assert!(v.play(sq("f5"), true).refusal.unwrap().contains("Wait"));
    v.on_host_event(HostEvent::Player(None));
    assert!(v
        .play(sq("f5"), false)
        .refusal
        .unwrap()
        .contains("watching"));
    v.on_host_event(HostEvent::Player(Some(Player::Second)));
    assert!(v
        .play(sq("f5"), false)
        .refusal
        .unwrap()
        .contains("not your turn"));
    v.on_host_event(HostEvent::Player(Some(Player::First)));
    v.on_host_event(state("f5d6", Some(2)));
    v.on_host_event(state("f5d6c3", Some(3)));
    v.history("prev");
    assert!(v
        .play(sq("c3"), false)
        .refusal
        .unwrap()
        .contains("Historical"));
    assert!(v.concede(false).send.is_empty());
}

#[test]
fn history_and_replay_in_log_indexes() {
    // Dark passes after the 16th disc.
    let mut v = ViewerState::new(false);
    v.on_host_event(state("d3c3b3b2b1a1c4c1c2d2d1e1a2a3f5a4", Some(1)));
    let last = replay::last_index(&v.data.as_ref().unwrap().game);
    let info = |fx: Effects| match fx.send.as_slice() {
        [ViewerEvent::ReplayInfo {
            start,
            current,
            end,
        }] => (*start, *current, *end),
        other => panic!("{other:?}"),
    };
    assert_eq!(info(v.on_host_event(HostEvent::ReplayStart)), (0, 0, last));
    assert_eq!(v.view, Some(0));
    assert_eq!(info(v.on_host_event(HostEvent::ReplayTo(3))), (0, 3, last));
    assert_eq!(v.view, Some(3));
    // The pass is the last item: the game as it is, reported at that index.
    assert_eq!(
        info(v.on_host_event(HostEvent::ReplayTo(last))),
        (0, last, last)
    );
    assert_eq!(v.view, None);
    assert_eq!(info(v.on_host_event(HostEvent::ReplayTo(999))).1, last);
    assert_eq!(info(v.on_host_event(HostEvent::ReplayEnd)).1, last);
    // The viewer's own keys report their positions.
    assert_eq!(info(v.history("init")).1, 0);
    assert_eq!(info(v.history("next")).1, 1);
    assert_eq!(v.view, Some(1));
    assert_eq!(info(v.history("now")).1, last);
    assert!(!v.historical());
}

#[test]
fn an_embedded_viewer_starts_silent() {
    assert!(!ViewerState::new(false).prefs.sound);
    assert!(ViewerState::new(true).prefs.sound);
}

#[test]
fn player_preferences_avatars_theme() {
    let mut v = dark();
    v.on_host_event(host(host::PLAYER, json!({})));
    assert_eq!(v.player, None);
    v.on_host_event(host(host::PREFERENCES, json!({"skin": "wooden", "x": 1})));
    assert_eq!(v.prefs.skin, Skin::Wooden);
    assert!(v
        .on_host_event(host(host::PREFERENCES, json!({"speed": "warp"})))
        .warning
        .is_some());
    v.on_host_event(host(host::AVATARS, json!(["a.svg", "b.svg"])));
    assert_eq!(v.avatars, ["a.svg", "b.svg"]);
    v.on_host_event(host(host::THEME, json!({"dark": true})));
    assert!(v.host_dark);
    assert_eq!(
        v.set_preference(Preference::Speed(Speed::Fast)).send,
        [ViewerEvent::UpdatePreference(Preference::Speed(
            Speed::Fast
        ))]
    );
    assert_eq!(v.prefs.speed, Speed::Fast);
    assert_eq!(
        v.player_clicked(Player::Second).send,
        [ViewerEvent::PlayerClicked {
            index: 1,
            name: "Light".into()
        }]
    );
}
