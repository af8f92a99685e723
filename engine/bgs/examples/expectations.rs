//! Plays seeded random games of every game with the native engine and prints, as JSON,
//! what the BGS package must answer at every step: the Node tests (tests/engine-api/)
//! replay the same moves through the package and compare.
//!
//! ```text
//! cargo run -p outflank-bgs --example expectations -- [seed] [games-per-setup] > expectations.json
//! ```

use outflank_engine::{AnyGame, Game, GameOptions, Move, Player};
use serde_json::{json, Value};

/// xorshift64*: a few lines, deterministic, good enough to pick moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

const SETUPS: [&str; 8] = [
    r#"{"game": "reversi"}"#,
    r#"{"game": "reversi", "size": 6}"#,
    r#"{"game": "reversi", "size": 10}"#,
    r#"{"game": "reversi", "variant": "bombs"}"#,
    r#"{"game": "gomoku", "size": 15}"#,
    r#"{"game": "gomoku", "exactFive": true}"#,
    r#"{"game": "tictactoe"}"#,
    r#"{}"#,
];

fn main() {
    let mut args = std::env::args().skip(1);
    let seed: u64 = args
        .next()
        .map_or(Ok(20261122), |s| s.parse())
        .unwrap_or_else(|e| {
            eprintln!("expectations: the seed must be a number: {e}");
            std::process::exit(2);
        });
    let per_setup: usize = args
        .next()
        .map_or(Ok(3), |s| s.parse())
        .unwrap_or_else(|e| {
            eprintln!("expectations: games per setup must be a number: {e}");
            std::process::exit(2);
        });
    let mut rng = Rng(seed | 1);
    let mut games = Vec::new();
    for setup in SETUPS {
        let options: Value = serde_json::from_str(setup).expect("the setups are valid JSON");
        for _ in 0..per_setup {
            games.push(play_out(&options, &mut rng));
        }
    }
    let out = json!({ "seed": seed, "games": games });
    println!("{out}");
}

/// What a host sees after each step.
fn snapshot(game: &AnyGame) -> Value {
    let moves = |p: Player| -> Vec<String> {
        if game.to_move() == Some(p) {
            game.legal_moves().iter().map(ToString::to_string).collect()
        } else {
            Vec::new()
        }
    };
    json!({
        "currentPlayer": game.to_move().map(Player::index),
        "ended": game.ended(),
        "scores": game.scores(),
        "availableMoves": [moves(Player::First), moves(Player::Second)],
        "logLength": game.log().len(),
    })
}

fn play_out(options: &Value, rng: &mut Rng) -> Value {
    let parsed: GameOptions = serde_json::from_value(options.clone()).expect("valid options");
    let mut game = AnyGame::new(&parsed).expect("valid options");
    let mut steps = Vec::new();
    while let Some(player) = game.to_move() {
        let legal = game.legal_moves();
        let square = legal[rng.below(legal.len())];
        game.play_move(player, Move::Place(square))
            .expect("a legal move plays");
        steps.push(json!({ "player": player.index(), "move": square.to_string(), "after": snapshot(&game) }));
    }
    json!({
        "options": options,
        "steps": steps,
        "final": {
            "scores": game.scores(),
            "rankings": game.rankings(),
            "log": game.log(),
            "stats": game.stats(),
            "record": game.record(),
        }
    })
}
