//! `GameData` around games from set-up positions (`options.start`): stored as JSON text, read
//! back and rebuilt from its moves, it is the same data.

use outflank_bgs::GameData;
use outflank_engine::{AnyGame, Game, GameOptions, Move, Player, StartPosition};

/// FFO endgame #1: dark to move, 14 empty squares.
const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
/// 6x6: light to move has no move but dark has (e4): the game starts with light's pass.
const LIGHT_PASSES: &str = "XXXXXX XXXXXX XXXOXX XXXX-- XXXXXX XXXXX- O";
/// Only dark discs, in the centre: neither side can move.
const NO_MOVES: &str = "---------------------------XX------XX--------------------------- O";

fn game(start: &str, moves: &[&str]) -> AnyGame {
    let start: StartPosition = start.parse().unwrap();
    let options = GameOptions {
        size: Some(start.size()),
        start: Some(start),
        ..GameOptions::default()
    };
    let mut game = AnyGame::new(&options).unwrap();
    for mv in moves {
        let player = game.to_move().unwrap();
        game.play_move(player, Move::Place(mv.parse().unwrap()))
            .unwrap();
    }
    game
}

#[test]
fn data_around_a_set_up_game_round_trips_and_rebuilds() {
    for game in [
        game(FFO_1, &[]),
        game(FFO_1, &["g8", "h8"]),
        game(LIGHT_PASSES, &[]),
        game(LIGHT_PASSES, &["e4"]),
        game(NO_MOVES, &[]),
    ] {
        let data = GameData::new(game, "seed".into(), Some(Player::Second), 3);
        let value: serde_json::Value =
            serde_json::from_str(&serde_json::to_string(&data).unwrap()).unwrap();
        assert_eq!(GameData::from_json(value.clone()).unwrap(), data);
        assert_eq!(GameData::rebuild(value).unwrap(), data);
    }
}
