//! Replays a game record and prints, as one JSON object, the legal moves of every position
//! where a disc was placed (after automatic passes), the final scores and whether the game
//! ended. The browser tests check the viewer against it.
//!
//! `cargo run --release -p outflank-engine --example replay -- f5d6c3 [--size N] [--variant bombs]`

use std::process::ExitCode;

use outflank_engine::{Action, Game, Move, Reversi, ReversiOptions, Variant};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut options = ReversiOptions::default();
    let mut record = String::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--size" => options.size = it.next().and_then(|s| s.parse().ok()).unwrap_or(0),
            "--variant" => {
                options.variant = match it.next().map(String::as_str) {
                    Some("bombs") => Variant::Bombs,
                    _ => Variant::Standard,
                }
            }
            other => record.push_str(other),
        }
    }
    let game = match Reversi::from_record(options, &record) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let mut replay = Reversi::new(options).expect("options were accepted above");
    let mut steps = Vec::new();
    for turn in game.turns() {
        if let Action::Place(sq) = turn.action {
            let legal: Vec<String> = replay.legal_moves().iter().map(|s| s.to_string()).collect();
            steps.push(serde_json::json!({
                "toMove": turn.player.index(),
                "legal": legal,
                "played": sq.to_string(),
            }));
            replay
                .play_move(turn.player, Move::Place(sq))
                .expect("the record was accepted above");
        }
    }
    let out = serde_json::json!({
        "steps": steps,
        "final": {
            "toMove": game.to_move().map(|p| p.index()),
            "legal": game.legal_moves().iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        },
        "scores": game.scores(),
        "ended": game.ended(),
        "passes": game.turns().iter().enumerate()
            .filter(|(_, t)| t.action == Action::Pass)
            .map(|(i, t)| serde_json::json!({"turn": i, "player": t.player.index()}))
            .collect::<Vec<_>>(),
    });
    println!("{out}");
    ExitCode::SUCCESS
}
