//! The game as a player and a host use it: errors, passes, concede, undo, statistics,
//! records and JSON round trips.

use outflank_engine::{
    Action, AnyGame, Error, Game, GameOptions, Move, Outcome, Player, Reversi, ReversiOptions,
    Square, Variant,
};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Plays a disc on `square` for the player to move.
fn place(game: &mut Reversi, square: Square) -> Result<(), Error> {
    let player = game.to_move().ok_or(Error::GameOver)?;
    game.play_move(player, Move::Place(square))
}

fn game(record: &str) -> Reversi {
    Reversi::from_record(ReversiOptions::default(), record).unwrap()
}

/// A record with a forced pass (tests/data/pass-record.txt, shared with the browser tests)
/// and the index of the pass in the turn log.
fn pass_record() -> (String, usize) {
    let text = include_str!("data/pass-record.txt");
    let line = text
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .unwrap();
    let mut it = line.split_whitespace();
    (
        it.next().unwrap().to_string(),
        it.next().unwrap().parse().unwrap(),
    )
}

#[test]
fn every_kind_of_illegal_move_is_refused_and_changes_nothing() {
    let start = Reversi::default();
    let cases = [
        ("d4", "occupied"),
        ("a1", "not-legal"),
        ("i1", "off-board"),
        ("a9", "off-board"),
    ];
    for (text, code) in cases {
        let mut g = start.clone();
        let err = place(&mut g, sq(text)).unwrap_err();
        assert_eq!(err.code(), code, "{text}: {err}");
        assert_eq!(g, start, "{text} changed the game");
        let back = start
            .clone()
            .play(Player::First, Move::Place(sq(text)))
            .unwrap_err();
        assert_eq!(*back.game, start);
    }
    let mut g = start.clone();
    let err = g
        .play_move(Player::Second, Move::Place(sq("f5")))
        .unwrap_err();
    assert_eq!(err.code(), "not-your-turn");
    assert_eq!(g, start);
    assert_eq!("zz".parse::<Square>().unwrap_err().code(), "bad-notation");

    let mut over = game("c4c3c2c5c6d6e6f6g7");
    let before = over.clone();
    assert_eq!(place(&mut over, sq("a1")).unwrap_err(), Error::GameOver);
    assert_eq!(over, before);
}

#[test]
fn a_record_illegal_at_move_k_names_k_and_the_square() {
    let err = Reversi::from_record(ReversiOptions::default(), "f5d6c3a1").unwrap_err();
    assert_eq!(err.code(), "bad-record");
    match &err {
        Error::BadRecord {
            index,
            text,
            reason,
        } => {
            assert_eq!(
                (*index, text.as_str(), reason.code()),
                (4, "a1", "not-legal")
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().contains("move 4 (a1)"), "{err}");
    let err = Reversi::from_record(ReversiOptions::default(), "f5?d6").unwrap_err();
    assert!(
        matches!(&err, Error::BadRecord { index: 2, text, .. } if text == "?"),
        "{err:?}"
    );
}

#[test]
fn records_round_trip() {
    let record = "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1";
    assert_eq!(game(record).record(), record);
    assert_eq!(game(" F5 d6,c3").record(), "f5d6c3");
    for size in [6u8, 10] {
        let mut g = Reversi::new(ReversiOptions {
            size,
            variant: Variant::Standard,
            start: None,
        })
        .unwrap();
        while let Some(first) = g.legal_moves().last().copied() {
            place(&mut g, first).unwrap();
        }
        let again = Reversi::from_record(g.options(), &g.record()).unwrap();
        assert_eq!(again, g);
    }
}

#[test]
fn the_shortest_game_ends_with_a_wipe_out() {
    let g = game("c4c3c2c5c6d6e6f6g7");
    assert!(g.ended());
    assert_eq!(g.to_move(), None);
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(g.progression(), 100);
}

#[test]
fn a_forced_pass_is_recorded_and_the_turn_comes_back() {
    let (record, pass_at) = pass_record();
    let g = game(&record);
    let pass = &g.turns()[pass_at];
    assert_eq!(pass.action, Action::Pass);
    let mover = g.turns()[pass_at - 1].player;
    assert_eq!(pass.player, mover.other());
    assert_eq!(g.turns()[pass_at + 1].player, mover);
    assert_eq!(g.stats()[mover.other().index()].passes, 1);
    // The record stays the squares only, and reads back to the same game.
    assert_eq!(game(&g.record()), g);
}

#[test]
fn a_stored_state_that_drops_a_forced_pass_is_refused() {
    let (record, pass_at) = pass_record();
    let mut v = serde_json::to_value(game(&record)).unwrap();
    v["turns"].as_array_mut().unwrap().remove(pass_at);
    let msg = serde_json::from_value::<Reversi>(v)
        .unwrap_err()
        .to_string();
    assert!(msg.contains("should be a forced pass"), "{msg}");
}

#[test]
fn concede_only_on_your_turn_while_behind() {
    let mut g = game("f5");
    // Light to move with 1 disc against 4: behind.
    let before = g.clone();
    assert_eq!(
        g.play_move(Player::First, Move::Concede)
            .unwrap_err()
            .code(),
        "not-your-turn"
    );
    assert_eq!(g, before);
    g.play_move(Player::Second, Move::Concede).unwrap();
    assert!(g.ended());
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(place(&mut g, sq("f6")).unwrap_err(), Error::GameOver);

    let mut level = Reversi::default();
    assert_eq!(
        level
            .play_move(Player::First, Move::Concede)
            .unwrap_err()
            .code(),
        "cannot-concede"
    );
}

#[test]
fn undo_takes_back_the_last_disc_and_its_pass() {
    let (record, pass_at) = pass_record();
    let full = game(&record);
    // The disc that forced the pass is the turn before it.
    let squares: Vec<Square> = full.turns()[..pass_at]
        .iter()
        .filter_map(|t| match t.action {
            Action::Place(s) => Some(s),
            Action::Pass => None,
        })
        .collect();
    let mut g = Reversi::default();
    for s in &squares {
        place(&mut g, *s).unwrap();
    }
    assert_eq!(g.turns().last().map(|t| t.action), Some(Action::Pass));
    g.undo().unwrap();
    let mut expected = Reversi::default();
    for s in &squares[..squares.len() - 1] {
        place(&mut expected, *s).unwrap();
    }
    assert_eq!(g, expected);

    let mut fresh = Reversi::default();
    assert_eq!(fresh.undo().unwrap_err().code(), "nothing-to-undo");
    let mut conceded = game("f5");
    conceded.play_move(Player::Second, Move::Concede).unwrap();
    conceded.undo().unwrap();
    assert_eq!(conceded, game("f5"));
}

#[test]
fn statistics_count_corners_borders_centre_and_turned_over() {
    let g = game("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1");
    let [dark, light] = g.stats();
    assert_eq!(dark.moves + light.moves, 18);
    // What the bombs rule says, square by square.
    let mut expected = [[0u32; 3]; 2];
    for t in g.turns() {
        if let Action::Place(s) = t.action {
            let (c, r) = (s.col(), s.row());
            let edge = |v: u8| v == 0 || v == 7;
            let slot = if edge(c) && edge(r) {
                0
            } else if edge(c) || edge(r) {
                1
            } else if (2..=5).contains(&c) && (2..=5).contains(&r) {
                2
            } else {
                continue;
            };
            expected[t.player.index()][slot] += 1;
        }
    }
    for (p, s) in [dark, light].iter().enumerate() {
        assert_eq!([s.corners, s.borders, s.centre], expected[p], "player {p}");
    }
    // Every disc on the board was placed or turned over: discs = 4 + moves, and the
    // turned-over totals match the replayed flips.
    let mut replay = Reversi::default();
    let mut turned = [0u32; 2];
    for t in g.turns() {
        if let Action::Place(s) = t.action {
            turned[t.player.index()] += replay.flips(s).len() as u32;
            place(&mut replay, s).unwrap();
        }
    }
    assert_eq!([dark.turned_over, light.turned_over], turned);
    assert!(turned[0] > 0 && turned[1] > 0);
}

#[test]
fn progression_grows_from_0_to_100() {
    assert_eq!(Reversi::default().progression(), 0);
    let g = game("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1");
    assert_eq!(g.progression(), (18 * 100 / 60) as u8);
}

#[test]
fn json_round_trips_at_every_step() {
    let mut g = Reversi::new(ReversiOptions {
        size: 8,
        variant: Variant::Bombs,
        start: None,
    })
    .unwrap();
    let mut std = Reversi::default();
    for _ in 0..70 {
        for game in [&mut g, &mut std] {
            let json = serde_json::to_string(&*game).unwrap();
            let back: Reversi = serde_json::from_str(&json).unwrap();
            assert_eq!(&back, &*game, "{json}");
            if let Some(m) = game.legal_moves().first().copied() {
                place(game, m).unwrap();
            }
        }
    }
    assert!(g.ended() && std.ended());
    let mut conceded = game("f5");
    conceded.play_move(Player::Second, Move::Concede).unwrap();
    let json = serde_json::to_value(&conceded).unwrap();
    assert_eq!(json["toMove"], serde_json::Value::Null);
    assert_eq!(serde_json::from_value::<Reversi>(json).unwrap(), conceded);
}

#[test]
fn malformed_json_states_are_errors_not_panics() {
    let good = serde_json::to_value(game("f5d6c3")).unwrap();
    let broken = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        f(&mut v);
        match serde_json::from_value::<Reversi>(v.clone()) {
            Ok(_) => panic!("accepted {v}"),
            Err(e) => e.to_string(),
        }
    };
    type Edit = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, Edit)> = vec![
        (
            "rows",
            Box::new(|v| {
                v["board"]
                    .as_array_mut()
                    .unwrap()
                    .pop()
                    .map(drop)
                    .unwrap_or(())
            }),
        ),
        ("squares", Box::new(|v| v["board"][0] = "-------".into())),
        (
            "only X, O and -",
            Box::new(|v| v["board"][0] = "-------Z".into()),
        ),
        (
            "cannot follow",
            Box::new(|v| v["board"][0] = "X-------".into()),
        ),
        (
            "not the one the turns lead to",
            Box::new(|v| {
                let row = v["board"][4].as_str().unwrap().replace("OX", "XO");
                v["board"][4] = row.into();
            }),
        ),
        ("player to move", Box::new(|v| v["toMove"] = 0.into())),
        ("turn 2", Box::new(|v| v["turns"][1] = "a1".into())),
        ("not a square", Box::new(|v| v["turns"][1] = "pa55".into())),
        (
            "pass that was not forced",
            Box::new(|v| v["turns"].as_array_mut().unwrap().insert(1, "pass".into())),
        ),
        (
            "size: Reversi is played on 6x6, 8x8 or 10x10, not 7x7",
            Box::new(|v| v["options"]["size"] = 7.into()),
        ),
        (
            "options say",
            Box::new(|v| v["options"]["size"] = 10.into()),
        ),
        (
            "unknown field",
            Box::new(|v| v["options"]["colour"] = "red".into()),
        ),
        (
            "player must be 0 or 1",
            Box::new(|v| v["toMove"] = 2.into()),
        ),
        (
            "missing field",
            Box::new(|v| {
                v.as_object_mut().unwrap().remove("turns");
            }),
        ),
    ];
    for (expect, f) in &cases {
        let msg = broken(f.as_ref());
        assert!(msg.contains(expect), "expected {expect:?} in {msg:?}");
    }
}

#[test]
fn bombs_toggle_neighbours_and_a_player_without_discs_loses() {
    let mut g = Reversi::new(ReversiOptions {
        size: 8,
        variant: Variant::Bombs,
        start: None,
    })
    .unwrap();
    // In bombs, any square next to a disc is legal, even one that outflanks nothing.
    assert!(g.is_legal(sq("c3")));
    assert_eq!(g.legal_moves().len(), 12);
    place(&mut g, sq("c3")).unwrap();
    assert_eq!(g.disc(sq("d4")), Some(Player::First));
    assert_eq!(g.scores(), [4, 1]);
    assert_eq!(g.stats()[0].turned_over, 1);
    // e3 toggles d4 (now dark's) and e4 (dark's own): both count as turned over.
    let mut h = Reversi::new(ReversiOptions {
        size: 8,
        variant: Variant::Bombs,
        start: None,
    })
    .unwrap();
    place(&mut h, sq("e3")).unwrap();
    assert_eq!(h.stats()[0].turned_over, 2);
    // Play on until someone is wiped out or the board fills: the outcome follows the rule.
    while g.to_move().is_some() {
        let m = *g.legal_moves().last().unwrap();
        place(&mut g, m).unwrap();
    }
    let [a, b] = g.scores();
    assert!(a + b == 64 || a == 0 || b == 0, "{a} {b}");
    let expected = match a.cmp(&b) {
        std::cmp::Ordering::Greater => Outcome::Win(Player::First),
        std::cmp::Ordering::Less => Outcome::Win(Player::Second),
        std::cmp::Ordering::Equal => Outcome::Draw,
    };
    assert_eq!(g.outcome(), Some(expected));
}

mod garbage {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::{Config, RngSeed};

    fn config() -> Config {
        Config {
            cases: 500,
            rng_seed: RngSeed::Fixed(20261122),
            failure_persistence: None,
            ..Config::default()
        }
    }

    proptest! {
        #![proptest_config(config())]

        /// Any text as a record or a square: a result, never a panic.
        #[test]
        fn any_text_is_a_result(text in "\\PC{0,40}|[a-k0-9 ,]{0,60}") {
            let _ = Reversi::from_record(ReversiOptions::default(), &text);
            let _ = text.parse::<Square>();
        }

        /// Stored states with a field scrambled: an error or a consistent game, never a panic.
        #[test]
        fn scrambled_states_are_rejected_or_consistent(
            record in "[a-h][1-8]{0,1}([a-h][1-8]){0,30}",
            field in 0usize..5,
            junk in "\\PC{0,12}",
            number in any::<i64>(),
        ) {
            let mut game = Reversi::default();
            for part in outflank_engine::notation::split_record(&record) {
                if let Ok(sq) = part.parse::<Square>() {
                    let _ = place(&mut game, sq);
                }
            }
            let mut v = serde_json::to_value(&game).unwrap();
            // Replaces element `i` of an array, or appends when the array is shorter.
            let set = |array: &mut serde_json::Value, i: usize, value: serde_json::Value| {
                let array = array.as_array_mut().unwrap();
                match array.get_mut(i) {
                    Some(slot) => *slot = value,
                    None => array.push(value),
                }
            };
            match field {
                0 => set(&mut v["board"], number.rem_euclid(9) as usize, junk.clone().into()),
                1 => set(&mut v["turns"], 0, junk.clone().into()),
                2 => v["toMove"] = number.into(),
                3 => v["options"]["size"] = number.into(),
                _ => v["options"]["variant"] = junk.clone().into(),
            }
            if let Ok(back) = serde_json::from_value::<Reversi>(v) {
                // Whatever is accepted must be a game that replays to itself.
                let again = Reversi::from_record(back.options(), &back.record()).unwrap();
                prop_assert_eq!(again.position(), back.position());
            }
        }
    }
}

#[test]
fn records_may_write_passes_and_capitals() {
    // Dark cannot move after the 16th disc and passes (as in the browser tests' game.spec).
    let plain = "d3c3b3b2b1a1c4c1c2d2d1e1a2a3f5a4";
    let implied = AnyGame::from_record(&GameOptions::default(), plain).unwrap();
    assert_eq!(implied.to_move(), Some(Player::Second));
    for written in [
        format!("{plain}pass"),
        format!("{} PA", plain.to_uppercase()),
        format!("{plain} -- "),
    ] {
        let g = AnyGame::from_record(&GameOptions::default(), &written).unwrap();
        assert_eq!(g, implied, "{written}");
    }
    // Light moves on after the pass, whether the pass is written or not.
    let next = implied.legal_moves()[0];
    let with = AnyGame::from_record(&GameOptions::default(), &format!("{plain}ps{next}")).unwrap();
    let without = AnyGame::from_record(&GameOptions::default(), &format!("{plain}{next}")).unwrap();
    assert_eq!(with, without);
    // A pass where the player had a move, or one pass too many, is an error.
    let e = AnyGame::from_record(&GameOptions::default(), "f5 pass").unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 2 (pass) of the record: player 1 has a move, so cannot pass"
    );
    assert!(AnyGame::from_record(&GameOptions::default(), &format!("{plain}PAPA")).is_err());
}
