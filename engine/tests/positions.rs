//! Games that start from a set-up position (`options.start`): everything a game from the
//! standard start does, from the set-up.

use outflank_engine::{
    AnyGame, Error, Game, GameKind, GameOptions, LogEvent, LogItem, Move, Outcome, Player, Reversi,
    ReversiOptions, StartPosition, Variant,
};

/// FFO endgame #1: dark to move, 14 empty squares, best move g8.
const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
/// 6x6: light to move has no move but dark has (e4): the game starts with light's pass.
const LIGHT_PASSES: &str = "XXXXXX XXXXXX XXXOXX XXXX-- XXXXXX XXXXX- O";
/// Only dark discs, in the centre: neither side can move.
const NO_MOVES: &str = "---------------------------XX------XX--------------------------- O";

fn options(start: &str) -> GameOptions {
    let start: StartPosition = start.parse().unwrap();
    GameOptions {
        size: Some(start.size()),
        start: Some(start),
        ..GameOptions::default()
    }
}

fn reversi(game: &AnyGame) -> &Reversi {
    match game {
        AnyGame::Reversi(r) => r,
        other => panic!("not Reversi: {other:?}"),
    }
}

/// The JSON round trip of a game (the BGS package's tests store set-up games in its data).
fn round_trips(game: &AnyGame) {
    let json = serde_json::to_string(game).unwrap();
    assert_eq!(
        &serde_json::from_str::<AnyGame>(&json).unwrap(),
        game,
        "{json}"
    );
}

#[test]
fn a_game_plays_from_a_set_up_position_and_undoes_back_to_it() {
    let mut game = AnyGame::new(&options(FFO_1)).unwrap();
    let start = game.clone();
    assert_eq!(game.to_move(), Some(Player::First));
    assert_eq!(game.scores(), [27, 23]);
    let legal: Vec<String> = game.legal_moves().iter().map(|s| s.to_string()).collect();
    assert_eq!(legal, ["b1", "h1", "a2", "g2", "a3", "a4", "h7", "g8"]);
    assert_eq!(game.log(), [LogItem::Event(LogEvent::Start)]);
    assert_eq!(game.progression(), 0);
    round_trips(&game);

    game.play_move(Player::First, Move::Place("g8".parse().unwrap()))
        .unwrap();
    game.play_move(Player::Second, Move::Place("h8".parse().unwrap()))
        .unwrap();
    assert_eq!(game.record(), "g8h8");
    assert_eq!(
        game.options(),
        start.options(),
        "the options keep the set-up"
    );
    assert_eq!(game.progression(), 14, "2 of the 14 empty squares filled");
    let stats = reversi(&game).stats();
    assert_eq!(
        (stats[0].moves, stats[1].moves, stats[1].corners),
        (1, 1, 1)
    );
    round_trips(&game);
    // History: log item 0 is the set-up.
    assert_eq!(game.replay_to(0).unwrap(), start);
    assert_eq!(game.replay_to(1).unwrap().record(), "g8");
    assert_eq!(game.replay_to(99).unwrap(), game);
    // The game's own record replays from the set-up too.
    assert_eq!(
        AnyGame::from_record(&start.options(), "g8h8").unwrap(),
        game
    );

    game.undo().unwrap();
    game.undo().unwrap();
    assert_eq!(game, start);
    assert_eq!(game.undo(), Err(Error::NothingToUndo));
    assert_eq!(game, start);
}

#[test]
fn a_set_up_where_the_side_to_move_cannot_move_starts_with_the_pass() {
    let mut game = AnyGame::new(&options(LIGHT_PASSES)).unwrap();
    assert_eq!(game.to_move(), Some(Player::First));
    assert_eq!(
        game.log(),
        [
            LogItem::Event(LogEvent::Start),
            LogItem::Event(LogEvent::Pass {
                player: Player::Second
            })
        ]
    );
    assert_eq!(reversi(&game).stats()[1].passes, 1);
    assert_eq!(reversi(&game).start().to_move(), Player::Second);
    round_trips(&game);
    let json = serde_json::to_value(&game).unwrap();
    assert_eq!(json["turns"], serde_json::json!(["pass"]));
    assert_eq!(
        json["options"]["start"],
        "XXXXXXXXXXXXXXXOXXXXXX--XXXXXXXXXXX-O"
    );
    assert_eq!(game.undo(), Err(Error::NothingToUndo));

    game.play_move(Player::First, Move::Place("e4".parse().unwrap()))
        .unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(game.scores(), [34, 0]);
    round_trips(&game);
    game.undo().unwrap();
    assert_eq!(game, AnyGame::new(&options(LIGHT_PASSES)).unwrap());
}

#[test]
fn a_set_up_with_no_move_for_either_side_is_a_finished_game() {
    let game = AnyGame::new(&options(NO_MOVES)).unwrap();
    assert!(game.ended());
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!((game.scores(), game.progression()), ([4, 0], 100));
    assert!(game.legal_moves().is_empty());
    assert_eq!(
        game.log().last(),
        Some(&LogItem::Event(LogEvent::End {
            winner: Some(Player::First),
            scores: [4, 0]
        }))
    );
    let mut again = game.clone();
    assert_eq!(
        again.play_move(Player::Second, Move::Place("c3".parse().unwrap())),
        Err(Error::GameOver)
    );
    assert_eq!(again.undo(), Err(Error::NothingToUndo));
    round_trips(&game);
}

#[test]
fn the_standard_start_written_out_is_a_plain_game() {
    let written = "---------------------------OX------XO--------------------------- X";
    let game = AnyGame::new(&options(written)).unwrap();
    assert_eq!(game, AnyGame::new(&GameOptions::default()).unwrap());
    assert_eq!(game.options().start, None);
    // Light to move in the same discs is a set-up.
    let light = AnyGame::new(&options(&written.replace(" X", " O"))).unwrap();
    assert!(light.options().start.is_some());
    assert_eq!(light.to_move(), Some(Player::Second));
}

#[test]
fn a_set_up_that_cannot_start_a_game_is_an_option_error() {
    let bad = |options: GameOptions, says: &str| {
        let e = AnyGame::new(&options).unwrap_err();
        assert_eq!(e.code(), "bad-option", "{e}");
        assert!(e.to_string().contains(says), "{e}");
    };
    bad(
        GameOptions {
            variant: Some(Variant::Bombs),
            ..options(FFO_1)
        },
        "standard rules",
    );
    bad(
        GameOptions {
            size: Some(10),
            ..options(FFO_1)
        },
        "the position is 8x8 but the board is 10x10",
    );
    bad(
        GameOptions {
            game: GameKind::Gomoku,
            size: Some(15),
            ..options(FFO_1)
        },
        "Gomoku has no set-up",
    );
    bad(
        options(&NO_MOVES.replace("XX------XX", "-X------XX")),
        "d4 is empty",
    );
    let e = Reversi::new(ReversiOptions {
        start: Some(
            NO_MOVES
                .replace('X', "-")
                .replacen('-', "X", 1)
                .parse()
                .unwrap(),
        ),
        ..ReversiOptions::default()
    })
    .unwrap_err();
    assert!(e.to_string().contains("d4, e4, d5, e5 are empty"), "{e}");
    // In JSON, a bad position names the field.
    let json = r#"{"game":"reversi","options":{"start":"XO"},"turns":[],"board":[],"toMove":0}"#;
    let e = serde_json::from_str::<AnyGame>(json)
        .unwrap_err()
        .to_string();
    assert!(e.contains("start: the position has 1 squares"), "{e}");
}

#[test]
fn stored_data_must_agree_with_its_set_up() {
    let mut game = AnyGame::new(&options(FFO_1)).unwrap();
    game.play_move(Player::First, Move::Place("g8".parse().unwrap()))
        .unwrap();
    let json = serde_json::to_value(&game).unwrap();
    // The same moves and board claimed from another set-up, or from the standard start.
    let mut other = json.clone();
    other["options"]["start"] = serde_json::json!(FFO_1.replace("--X", "-XX").replace(' ', ""));
    assert!(serde_json::from_value::<AnyGame>(other).is_err());
    let mut plain = json.clone();
    plain["options"].as_object_mut().unwrap().remove("start");
    let e = serde_json::from_value::<AnyGame>(plain)
        .unwrap_err()
        .to_string();
    assert!(e.contains("discs"), "{e}");
    // A pass at the start that the set-up does not force.
    let mut forged = json;
    forged["turns"] = serde_json::json!(["pass", "g8"]);
    assert!(serde_json::from_value::<AnyGame>(forged).is_err());
}
