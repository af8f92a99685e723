//! The hot-seat host's tests: its reducer, its answers to the viewer, the autosave.

use super::*;
use outflank_engine::{GameKind, Square};

/// The autosave as localStorage keeps it: JSON text, read back.
fn through_json(h: &HotSeat) -> Result<HotSeat, String> {
    let text = serde_json::to_string(&h.saved()).unwrap();
    from_json(&text)
}

fn from_json(text: &str) -> Result<HotSeat, String> {
    serde_json::from_str::<Saved>(text)
        .map_err(|e| e.to_string())
        .and_then(|s| HotSeat::restore(s, 0))
}

fn mv(s: &str) -> ViewerEvent {
    ViewerEvent::Move {
        mv: Move::Place(s.parse().unwrap()),
        state_id: None,
    }
}

fn state_of(events: &[HostEvent]) -> GameView {
    events
        .iter()
        .find_map(|e| match e {
            HostEvent::State(d) => Some((**d).clone()),
            _ => None,
        })
        .unwrap()
}

#[test]
fn a_move_for_whoever_is_to_move_answered_with_the_state_or_a_refusal() {
    let mut h = HotSeat::default();
    assert!(matches!(
        h.news().as_slice(),
        [HostEvent::Player(Some(Player::First)), HostEvent::State(_)]
    ));
    let (events, result) = h.answer(&mv("f5"), 0);
    assert_eq!(result, Ok(true));
    assert_eq!(events[0], HostEvent::Player(Some(Player::Second)));
    let state = state_of(&events);
    assert_eq!(state.game.record(), "f5");
    assert_eq!(state.state_id, Some(1));
    // Light is to move; f5 again is refused with a code, and nothing changes.
    let before = h.clone();
    let (events, result) = h.answer(&mv("f5"), 0);
    assert_eq!(result.unwrap_err().code, "occupied");
    assert!(
        matches!(events.as_slice(), [HostEvent::Refused { code, state_id: Some(1), .. }] if code == "occupied")
    );
    assert_eq!(h, before);
    // A move made on an older state is stale, even if it would be legal now.
    let (_, result) = h.answer(
        &ViewerEvent::Move {
            mv: Move::Place("d6".parse().unwrap()),
            state_id: Some(0),
        },
        0,
    );
    assert_eq!(result.unwrap_err().code, "stale");
    assert_eq!(h, before);
    assert_eq!(h.answer(&ViewerEvent::Ready, 0), (Vec::new(), Ok(false)));
    assert_eq!(
        state_of(&h.answer(&ViewerEvent::FetchState, 0).0)
            .game
            .record(),
        "f5"
    );
}

#[test]
fn concede_undo_redo_rename_and_fetch_log() {
    let o = GameOptions::default();
    let mut h = HotSeat::new(&o, ["Ann", "Bo"], "f5d6c3").unwrap();
    assert_eq!(h.seat(), Player::Second);
    let (_, result) = h.answer(
        &ViewerEvent::Move {
            mv: Move::Concede,
            state_id: Some(0),
        },
        0,
    );
    assert_eq!(result, Ok(true));
    assert!(h.game().ended());
    assert_eq!(h.seat(), Player::First, "the last mover once over");
    assert!(h.can_undo());
    h.apply(Action::Undo, 0).unwrap();
    assert!(!h.game().ended());
    h.apply(Action::Undo, 0).unwrap();
    assert_eq!(h.game().record(), "f5d6");
    // Redo puts back what undo took, in order; a new move forgets it.
    assert!(h.can_redo());
    h.apply(Action::Redo, 0).unwrap();
    assert_eq!(h.game().record(), "f5d6c3");
    h.apply(Action::Redo, 0).unwrap();
    assert!(h.game().ended());
    assert_eq!(
        h.apply(Action::Redo, 0).unwrap_err().code,
        "nothing-to-redo"
    );
    h.apply(Action::Undo, 0).unwrap();
    h.apply(Action::Undo, 0).unwrap();
    assert_eq!(h.answer(&mv("c3"), 0).1, Ok(true));
    assert!(!h.can_redo());
    let id = h.state_id();
    assert_eq!(id, 8, "every accepted action bumped the id");
    let (events, _) = h.answer(
        &ViewerEvent::FetchLog {
            start: 1,
            end: None,
        },
        0,
    );
    let [HostEvent::Gamelog(slice)] = events.as_slice() else {
        panic!()
    };
    assert_eq!((slice.start, slice.items.len()), (Some(1), 3));
    // `end` included, as the engine package counts it.
    let (events, _) = h.answer(
        &ViewerEvent::FetchLog {
            start: 0,
            end: Some(1),
        },
        0,
    );
    let [HostEvent::Gamelog(slice)] = events.as_slice() else {
        panic!()
    };
    assert_eq!((slice.start, slice.items.len()), (Some(0), 2));
    h.apply(Action::Rename(Player::First, "  Cy  ".into()), 0)
        .unwrap();
    assert_eq!(h.data().name(Player::First).as_deref(), Some("Cy"));
    assert_eq!(h.data().name(Player::Second).as_deref(), Some("Bo"));
    let mut fresh = HotSeat::default();
    assert!(!fresh.can_undo());
    assert_eq!(
        fresh.apply(Action::Undo, 0).unwrap_err().code,
        "nothing-to-undo"
    );
    assert_eq!(fresh.state_id(), 0);
    // A new game keeps counting: the viewer tells it from an older state.
    h.apply(Action::Replace(Box::new(fresh)), 0).unwrap();
    assert_eq!(h.state_id(), id + 2);
    assert_eq!(h.game().record(), "");
}

#[test]
fn saves_and_restores_every_game() {
    for (game, size, record) in [
        (GameKind::Reversi, Some(6), ""),
        (GameKind::Gomoku, Some(15), "h8h9"),
        (GameKind::TicTacToe, None, "b2"),
    ] {
        let o = GameOptions {
            game,
            size,
            ..GameOptions::default()
        };
        let mut h = HotSeat::new(&o, ["A", ""], record).unwrap();
        let first = h.game().legal_moves()[0].to_string();
        assert_eq!(h.answer(&mv(&first), 0).1, Ok(true));
        let back = through_json(&h).unwrap();
        assert_eq!(back, h);
        assert_eq!(back.state_id(), 1);
        assert_eq!(
            back.game().piece(Square::new(0, 0)),
            h.game().piece(Square::new(0, 0))
        );
    }
}

#[test]
fn old_or_corrupt_saves_are_errors() {
    for bad in [
        "{not json",
        r#"{"options":{"size":8},"record":"f5"}"#,
        r#"{"version":1,"data":{}}"#,
        r#"{"version":2,"data":{"game":"reversi"}}"#,
        r#"{"version":2,"data":{"game":"tictactoe","options":{},"moves":["b2","b2"]}}"#,
        r#"{"version":2,"data":{"game":"tictactoe","options":{},"moves":[],"stateId":-1}}"#,
    ] {
        assert!(from_json(bad).is_err(), "{bad}");
    }
    // A save from before state ids starts counting at 0.
    let old = r#"{"version":2,"data":{"game":"tictactoe","options":{},"moves":["b2"]}}"#;
    assert_eq!(from_json(old).unwrap().state_id(), 0);
    assert!(HotSeat::new(&GameOptions::default(), ["", ""], "f5f5").is_err());
}

#[test]
fn against_the_computer_the_person_keeps_their_seat() {
    let computer = Some(Opponent {
        player: Player::Second,
        level: 3,
    });
    let mut h = HotSeat::default().with_computer(computer).unwrap();
    assert_eq!(h.seat(), Player::First);
    assert_eq!(h.computer_to_move(), None);
    assert_eq!(h.answer(&mv("f5"), 0).1, Ok(true));
    assert_eq!(h.computer_to_move(), computer);
    // The person cannot play the computer's move.
    assert!(h.answer(&mv("d6"), 0).1.is_err());
    assert_eq!(h.seat(), Player::First);
    h.apply(Action::Computer("d6".parse().unwrap()), 0).unwrap();
    assert_eq!(h.news()[0], HostEvent::Player(Some(Player::First)));
    assert_eq!(h.game().log().len(), 3);
    assert!(
        h.apply(Action::Computer("c3".parse().unwrap()), 0).is_err(),
        "not the computer's turn"
    );
    // Saved and restored with its seat.
    let back = through_json(&h).unwrap();
    assert_eq!(back.computer(), h.computer());
    assert_eq!(back.data(), h.data());
    // Undo takes back the computer's reply with the person's move; redo both.
    h.apply(Action::Undo, 0).unwrap();
    assert_eq!(h.game().log().len(), 1);
    assert_eq!(h.computer_to_move(), None);
    h.apply(Action::Redo, 0).unwrap();
    assert_eq!(h.game().log().len(), 3);
    assert!(HotSeat::default()
        .with_computer(Some(Opponent {
            player: Player::First,
            level: 12
        }))
        .is_err());
}

#[test]
fn the_host_keeps_the_clocks_and_a_flag_ends_the_game_on_time() {
    const T0: u64 = 1_800_000_000_000;
    let mut h = HotSeat::default().with_clocks(Some(TimeControl::new(60, 2)), true, T0);
    let left = |h: &HotSeat, p, now| h.clocks().unwrap().left(p, now);
    assert_eq!(h.clocks().unwrap().running(), Some(Player::First));
    assert_eq!(h.answer(&mv("f5"), T0 + 20_000).1, Ok(true));
    assert_eq!(
        left(&h, Player::First, T0 + 30_000),
        42_000,
        "20 s spent, 2 s back"
    );
    assert_eq!(left(&h, Player::Second, T0 + 30_000), 50_000);
    // Saved and restored later: light's clock went on running meanwhile.
    let text = serde_json::to_string(&h.saved()).unwrap();
    let back = HotSeat::restore(serde_json::from_str(&text).unwrap(), T0 + 30_000).unwrap();
    assert_eq!(back, h);
    assert_eq!(left(&back, Player::Second, T0 + 30_000), 50_000);
    // Paused (the page hidden), no time passes; resumed, it does.
    h.apply(Action::Pause, T0 + 30_000).unwrap();
    assert_eq!(
        h.apply(Action::Pause, T0 + 31_000).unwrap_err().code,
        "no-clock"
    );
    h.apply(Action::Resume, T0 + 90_000).unwrap();
    assert_eq!(left(&h, Player::Second, T0 + 90_000), 50_000);
    // The timer fires early: refused, nothing changes.
    let before = h.clone();
    assert_eq!(
        h.apply(Action::Flag, T0 + 139_999).unwrap_err().code,
        "time-left"
    );
    assert_eq!(h, before);
    // A move after the flag fell is too late, even before the timer says so.
    let late = h.answer(&mv("d6"), T0 + 140_000).1.unwrap_err();
    assert_eq!(late.code, "out-of-time");
    assert_eq!(h, before);
    h.apply(Action::Flag, T0 + 140_000).unwrap();
    assert!(h.game().ended());
    assert_eq!(
        h.game().outcome(),
        Some(outflank_engine::Outcome::Win(Player::First))
    );
    assert_eq!(
        h.game().resigned(),
        Some(outflank_engine::Resignation::OutOfTime(Player::Second))
    );
    assert_eq!(
        h.clocks().unwrap().running(),
        None,
        "no clock runs once it is over"
    );
    assert_eq!(left(&h, Player::Second, T0 + 999_000), 0);
    let finished = h.finished().unwrap();
    assert_eq!(finished.winner, Some(Player::First));
    // A save whose clock runs for the player not to move is corrupt.
    let mut wrong = serde_json::to_value(back.saved()).unwrap();
    wrong["clocks"]["turn"] = serde_json::json!(0);
    assert!(HotSeat::restore(serde_json::from_value(wrong).unwrap(), T0 + 30_000).is_err());
    // Without the players' choice, hiding the page pauses nothing.
    let mut free = HotSeat::default().with_clocks(Some(TimeControl::new(60, 0)), false, T0);
    assert_eq!(free.apply(Action::Pause, T0).unwrap_err().code, "no-clock");
}
