//! The three games behind AnyGame: options, players who leave, the log a game keeps and
//! replays, and JSON round trips.

use outflank_engine::{
    AnyGame, Game, GameKind, GameOptions, LogEvent, LogItem, Move, Outcome, Player, Square, Variant,
};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn a_dropped_player_loses_every_game() {
    for game in [GameKind::Reversi, GameKind::Gomoku, GameKind::TicTacToe] {
        let mut g = AnyGame::new(&GameOptions {
            game,
            ..Default::default()
        })
        .unwrap();
        g.drop_player(Player::First).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::Second)), "{game:?}");
        assert_eq!(g.to_move(), None);
        assert_eq!(g.rankings(), Some([2, 1]));
        let log = g.log();
        assert_eq!(
            log[1],
            LogItem::Event(LogEvent::Drop {
                player: Player::First
            })
        );
        assert!(matches!(
            log[2],
            LogItem::Event(LogEvent::End {
                winner: Some(Player::Second),
                ..
            })
        ));
        let back: AnyGame = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
        assert_eq!(back, g);
    }
}

#[test]
fn options_pick_the_game_and_reject_what_does_not_apply() {
    let parse = |json: &str| serde_json::from_str::<GameOptions>(json);
    let g = AnyGame::new(&parse("{}").unwrap()).unwrap();
    assert_eq!((g.kind(), g.size()), (GameKind::Reversi, 8));
    let g =
        AnyGame::new(&parse(r#"{"game":"reversi","size":10,"variant":"bombs"}"#).unwrap()).unwrap();
    assert_eq!(g.options().variant, Some(Variant::Bombs));
    let g =
        AnyGame::new(&parse(r#"{"game":"gomoku","size":15,"exactFive":true}"#).unwrap()).unwrap();
    assert_eq!((g.kind(), g.size()), (GameKind::Gomoku, 15));
    assert_eq!(
        AnyGame::new(&parse(r#"{"game":"tictactoe"}"#).unwrap())
            .unwrap()
            .size(),
        3
    );
    for bad in [
        r#"{"game":"chess"}"#,
        r#"{"colour":"red"}"#,
        r#"{"size":"big"}"#,
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }
    for bad in [
        r#"{"game":"gomoku","size":13}"#,
        r#"{"game":"gomoku","variant":"bombs"}"#,
        r#"{"game":"reversi","exactFive":true}"#,
        r#"{"game":"reversi","size":9}"#,
        r#"{"game":"tictactoe","size":4}"#,
    ] {
        let err = AnyGame::new(&parse(bad).unwrap()).unwrap_err();
        assert_eq!(err.code(), "bad-option", "{bad}");
    }
    let message = |json: &str| AnyGame::new(&parse(json).unwrap()).unwrap_err().to_string();
    assert_eq!(
        message(r#"{"size":9}"#),
        "bad option: size: Reversi is played on 6x6, 8x8 or 10x10, not 9x9"
    );
    assert_eq!(
        message(r#"{"game":"gomoku","size":8}"#),
        "bad option: size: Gomoku is played on 15x15 or 19x19, not 8x8"
    );
    assert_eq!(
        message(r#"{"game":"gomoku","variant":"bombs"}"#),
        "bad option: variant: Gomoku has no such option"
    );
    assert_eq!(
        message(r#"{"game":"tictactoe","exactFive":false}"#),
        "bad option: exactFive: Tic-Tac-Toe has no such option"
    );
    // Tic-Tac-Toe's one board may be named.
    assert_eq!(
        AnyGame::new(&parse(r#"{"game":"tictactoe","size":3}"#).unwrap())
            .unwrap()
            .size(),
        3
    );
}

#[test]
fn one_table_says_which_option_applies_to_which_game() {
    use outflank_engine::GameOption::{ExactFive, Size, Variant as V};
    assert!(
        GameKind::Reversi.takes(Size)
            && GameKind::Reversi.takes(V)
            && !GameKind::Reversi.takes(ExactFive)
    );
    assert!(
        GameKind::Gomoku.takes(Size)
            && !GameKind::Gomoku.takes(V)
            && GameKind::Gomoku.takes(ExactFive)
    );
    assert!(
        !GameKind::TicTacToe.takes(Size)
            && !GameKind::TicTacToe.takes(V)
            && !GameKind::TicTacToe.takes(ExactFive)
    );
    for kind in GameKind::ALL {
        assert_eq!(GameKind::from_id(kind.id()), Some(kind));
        assert_eq!(serde_json::to_value(kind).unwrap(), kind.id());
        assert!(kind.sizes().contains(&kind.default_size()));
        // Every size a game takes makes a game of that size; the default is the default.
        for &size in kind.sizes() {
            let g = AnyGame::new(&GameOptions {
                game: kind,
                size: Some(size),
                ..Default::default()
            })
            .unwrap();
            assert_eq!(g.size(), size);
        }
        assert_eq!(
            AnyGame::new(&GameOptions {
                game: kind,
                ..Default::default()
            })
            .unwrap()
            .size(),
            kind.default_size()
        );
    }
    for v in Variant::ALL {
        assert_eq!(Variant::from_id(v.id()), Some(v));
        assert_eq!(serde_json::to_value(v).unwrap(), v.id());
    }
}

/// Plays a game of `options` to its end, choosing moves by a fixed rule.
fn some_game(options: GameOptions) -> AnyGame {
    let mut g = AnyGame::new(&options).unwrap();
    let mut k = 0usize;
    while let Some(player) = g.to_move() {
        let moves = g.legal_moves();
        let m = moves[(k * 7 + 3) % moves.len()];
        g.play_move(player, Move::Place(m)).unwrap();
        k += 1;
    }
    g
}

fn all_kinds_of_game() -> Vec<GameOptions> {
    let mut out = Vec::new();
    for size in [6, 8, 10] {
        for variant in Variant::ALL {
            out.push(GameOptions {
                size: Some(size),
                variant: Some(variant),
                ..Default::default()
            });
        }
    }
    out.push(GameOptions {
        game: GameKind::Gomoku,
        size: Some(15),
        ..Default::default()
    });
    out.push(GameOptions {
        game: GameKind::TicTacToe,
        ..Default::default()
    });
    out
}

/// A player who leaves, and one whose clock ran out, lose and score 0.
#[test]
fn a_player_who_leaves_scores_0_and_the_scores_agree_with_the_result() {
    for options in all_kinds_of_game() {
        let full = some_game(options);
        let squares: Vec<Square> = full
            .log()
            .iter()
            .filter_map(|item| match item {
                LogItem::Move { square, .. } => Some(*square),
                _ => None,
            })
            .collect();
        let mut g = AnyGame::new(&options).unwrap();
        for (k, &m) in squares.iter().enumerate() {
            for (leaver, how) in Player::BOTH
                .into_iter()
                .flat_map(|p| [(p, "leaves"), (p, "runs out of time")])
            {
                let mut left = g.clone();
                if how == "leaves" {
                    left.drop_player(leaver).unwrap();
                } else {
                    left.time_out(leaver).unwrap();
                }
                let stayer = leaver.other();
                let scores = left.scores();
                let at = format!(
                    "{options:?} after {k} moves, player {} {how}",
                    leaver.index()
                );
                assert_eq!(left.outcome(), Some(Outcome::Win(stayer)), "{at}");
                assert_eq!(scores[leaver.index()], 0, "{at}");
                assert!(scores[stayer.index()] > 0, "{at}");
                let ranks = Game::rankings(&left).unwrap();
                assert_eq!(
                    (ranks[stayer.index()], ranks[leaver.index()]),
                    (1, 2),
                    "{at}"
                );
                assert_eq!(
                    left.log().last(),
                    Some(&LogItem::Event(LogEvent::End {
                        winner: Some(stayer),
                        scores
                    })),
                    "{at}"
                );
                let back: AnyGame =
                    serde_json::from_str(&serde_json::to_string(&left).unwrap()).unwrap();
                assert_eq!(back.scores(), scores, "{at}");
                assert_eq!(back.resigned(), left.resigned(), "{at}");
                assert!(
                    left.clone().time_out(stayer).is_err(),
                    "{at}: an ended game has no clock"
                );
                if let AnyGame::Reversi(r) = &left {
                    assert_eq!(
                        scores[stayer.index()],
                        r.discs()[stayer.index()].max(1),
                        "{at}"
                    );
                }
            }
            let player = g.to_move().unwrap();
            g.play_move(player, Move::Place(m)).unwrap();
        }
        assert_eq!(g, full);
    }
}

/// The log a game keeps as it is played (and undone) is the one its JSON replays to: every
/// move, pass, concession, departure and undo of whole games of every kind.
#[test]
fn the_kept_log_is_the_log_a_replay_builds() {
    let replayed = |g: &AnyGame| -> AnyGame {
        serde_json::from_value(serde_json::to_value(g).unwrap()).unwrap()
    };
    type Resign = fn(&mut AnyGame, Player) -> Result<(), outflank_engine::Error>;
    let resignations: [(&str, Resign); 3] = [
        ("concedes", |g, p| g.play_move(p, Move::Concede)),
        ("leaves", |g, p| g.drop_player(p)),
        ("runs out of time", |g, p| g.time_out(p)),
    ];
    for options in all_kinds_of_game() {
        let full = some_game(options);
        let mut g = AnyGame::new(&options).unwrap();
        for (k, item) in full.log().iter().enumerate() {
            let LogItem::Move { player, square, .. } = item else {
                continue;
            };
            for (how, resign) in resignations {
                let mut ended = g.clone();
                // Concessions only while behind, in Reversi.
                if resign(&mut ended, *player).is_ok() {
                    assert_eq!(
                        ended.log(),
                        replayed(&ended).log(),
                        "{options:?} {k}: {how}"
                    );
                    ended.undo().unwrap();
                    assert_eq!(ended, g, "{options:?} {k}: the undo after the player {how}");
                }
            }
            let before = g.clone();
            g.play_move(*player, Move::Place(*square)).unwrap();
            assert_eq!(g.log(), &full.log()[..g.log().len()], "{options:?} {k}");
            assert_eq!(g.log(), replayed(&g).log(), "{options:?} {k}");
            let mut undone = g.clone();
            undone.undo().unwrap();
            assert_eq!(undone, before, "{options:?} {k}: undo");
        }
        assert_eq!(g, full);
    }
}

#[test]
fn a_reversi_player_who_leaves_while_ahead_loses_and_scores_0() {
    let mut g = AnyGame::from_record(&GameOptions::default(), "f5d6c3").unwrap();
    let AnyGame::Reversi(r) = &g else {
        unreachable!()
    };
    let discs = r.discs();
    assert!(discs[0] > discs[1], "{discs:?}");
    g.drop_player(Player::First).unwrap();
    assert_eq!(g.scores(), [0, discs[1]]);
    assert_eq!(Game::rankings(&g), Some([2, 1]));
    let AnyGame::Reversi(r) = &g else {
        unreachable!()
    };
    assert_eq!(r.discs(), discs, "the board is as it was");
}

#[test]
fn replay_to_counts_log_items_across_a_pass() {
    let mut g = AnyGame::new(&GameOptions::default()).unwrap();
    // The pass record: light's c1 (item 8) leaves dark without a move (item 9).
    for (k, m) in ["d3", "c3", "b3", "b2", "f5", "a3", "a1", "c1", "e3", "e2"]
        .iter()
        .enumerate()
    {
        let player = match k {
            8 => Player::Second,
            9 => Player::First,
            _ => Player::from_index(k % 2).unwrap(),
        };
        g.play_move(player, Move::Place(sq(m))).unwrap();
    }
    g.drop_player(Player::Second).unwrap();
    let log = g.log();
    assert_eq!(
        log[9],
        LogItem::Event(LogEvent::Pass {
            player: Player::First
        })
    );
    for k in 0..log.len() + 2 {
        let replayed = g.replay_to(k).unwrap();
        let replayed = replayed.log();
        let exact = &log[..(k + 1).min(log.len())];
        assert_eq!(&replayed[..exact.len()], exact, "to {k}");
        // Beyond item k only what follows from it by itself: a forced pass, the end.
        for extra in &replayed[exact.len()..] {
            assert!(
                matches!(
                    extra,
                    LogItem::Event(LogEvent::Pass { .. } | LogEvent::End { .. })
                ),
                "to {k}: {extra:?}"
            );
        }
        if !matches!(
            log.get(k + 1),
            Some(LogItem::Event(LogEvent::Pass { .. } | LogEvent::End { .. }))
        ) {
            assert_eq!(replayed, exact, "to {k}");
        }
    }
}

#[test]
fn the_reversi_log_has_flips_passes_and_the_end() {
    let mut g = AnyGame::new(&GameOptions::default()).unwrap();
    // The pass record: light's c1 leaves dark without a move.
    for (k, m) in ["d3", "c3", "b3", "b2", "f5", "a3", "a1", "c1", "e3"]
        .iter()
        .enumerate()
    {
        let player = if k == 8 {
            Player::Second
        } else {
            Player::from_index(k % 2).unwrap()
        };
        g.play_move(player, Move::Place(sq(m))).unwrap();
    }
    let log = g.log();
    assert_eq!(log[0], LogItem::Event(LogEvent::Start));
    assert_eq!(
        log[1],
        LogItem::Move {
            player: Player::First,
            square: sq("d3"),
            flipped: vec![sq("d4")]
        }
    );
    assert_eq!(
        log[9],
        LogItem::Event(LogEvent::Pass {
            player: Player::First
        })
    );
    let json = serde_json::to_value(&log[1]).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"kind":"move","player":0,"move":"d3","flipped":["d4"]})
    );
    assert_eq!(
        serde_json::to_value(&log[9]).unwrap(),
        serde_json::json!({"kind":"event","event":"pass","player":0})
    );
    // Replaying to any log item gives the game as it was then.
    let at_c1 = g.replay_to(8).unwrap();
    assert_eq!(at_c1.record(), "d3c3b3b2f5a3a1c1");
    assert_eq!(
        at_c1.to_move(),
        Some(Player::Second),
        "dark's pass is automatic"
    );
    assert_eq!(
        g.replay_to(0).unwrap(),
        AnyGame::new(&GameOptions::default()).unwrap()
    );
    assert_eq!(g.replay_to(usize::MAX).unwrap(), g);
}

#[test]
fn full_games_end_with_an_end_event_and_round_trip() {
    for (options, record) in [
        (GameOptions::default(), "c4c3c2c5c6d6e6f6g7"),
        (
            GameOptions {
                game: GameKind::Gomoku,
                ..Default::default()
            },
            "a1a2b1b2c1c2d1d2e1",
        ),
        (
            GameOptions {
                game: GameKind::TicTacToe,
                ..Default::default()
            },
            "a1b1b2c1c3",
        ),
    ] {
        let mut g = AnyGame::new(&options).unwrap();
        let moves: Vec<Square> = outflank_engine::notation::split_record(record)
            .map(sq)
            .collect();
        for &m in &moves {
            let player = g.to_move().unwrap();
            g.play_move(player, Move::Place(m)).unwrap();
        }
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)), "{record}");
        assert_eq!(g.record(), record);
        let log = g.log();
        assert_eq!(log.len(), moves.len() + 2);
        assert!(matches!(
            log.last(),
            Some(LogItem::Event(LogEvent::End {
                winner: Some(Player::First),
                ..
            }))
        ));
        let json = serde_json::to_string(&g).unwrap();
        assert_eq!(serde_json::from_str::<AnyGame>(&json).unwrap(), g, "{json}");
        let stats = serde_json::to_value(g.stats()).unwrap();
        assert_eq!(stats.as_array().unwrap().len(), 2);
        g.undo().unwrap();
        assert_eq!(g.outcome(), None);
        assert_eq!(g.record().len(), record.len() - 2);
    }
}

#[test]
fn tampered_grid_states_are_errors() {
    let g = AnyGame::new(&GameOptions {
        game: GameKind::TicTacToe,
        ..Default::default()
    })
    .unwrap();
    let mut v = serde_json::to_value(&g).unwrap();
    v["moves"] = serde_json::json!(["a1", "a1"]);
    let err = serde_json::from_value::<AnyGame>(v.clone())
        .unwrap_err()
        .to_string();
    assert!(err.contains("occupied"), "{err}");
    v["moves"] = serde_json::json!(["a1", "b1", "a2", "b2", "a3", "c3"]);
    let err = serde_json::from_value::<AnyGame>(v.clone())
        .unwrap_err()
        .to_string();
    assert!(err.contains("game is over"), "{err}");
    v["moves"] = serde_json::json!([]);
    v["dropped"] = serde_json::json!(0);
    v["conceded"] = serde_json::json!(1);
    assert!(serde_json::from_value::<AnyGame>(v).is_err());
    assert!(serde_json::from_str::<AnyGame>(r#"{"game":"go","moves":[]}"#).is_err());
}
