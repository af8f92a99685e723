//! Times the exact values of every legal move (the viewer's "Move values" near the end:
//! `Computer::analyse` with exact values always, as the browser asks for them; one share,
//! the whole: the browser may share the moves out among several workers).
//!
//! `cargo run --release -p outflank-engine --example values -- RECORD [MOVES]`
//!
//! RECORD is a game in coordinates (`f5d6c3...`); the position after its first MOVES moves
//! (default: all of them) is analysed. Prints each value with the seconds since the start
//! as it is solved, then `all <moves> <seconds>`.

use std::process::ExitCode;
use std::time::Instant;

use outflank_engine::{notation, search, AnyBoard, AnyGame, Computer, Reversi, ReversiOptions};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(record) = args.first() else {
        eprintln!("usage: values RECORD [MOVES]");
        return ExitCode::from(2);
    };
    let moves: Vec<&str> = notation::split_record(record).collect();
    let count = match args.get(1).map(|n| n.parse::<usize>()) {
        None => moves.len(),
        Some(Ok(n)) if n <= moves.len() => n,
        Some(_) => {
            eprintln!("values: MOVES must be a number up to {}", moves.len());
            return ExitCode::from(2);
        }
    };
    let (game, board) =
        match Reversi::from_record(ReversiOptions::default(), &moves[..count].concat()) {
            Ok(g) => {
                let AnyBoard::Eight(board) = g.position().board() else {
                    unreachable!("the default board is 8x8")
                };
                (AnyGame::Reversi(g), board)
            }
            Err(e) => {
                eprintln!("values: {e}");
                return ExitCode::from(2);
            }
        };
    let mut computer = Computer::new();
    let start = Instant::now();
    let analysis = computer.analyse(
        &game,
        u32::MAX,
        0,
        search::Share::WHOLE,
        &search::never,
        &mut |sq, score| {
            println!("{sq} {score:+} {:.3}", start.elapsed().as_secs_f64());
        },
    );
    let Some(analysis) = analysis else {
        eprintln!("values: no legal move to analyse");
        return ExitCode::FAILURE;
    };
    println!(
        "all {} {:.3} {}",
        analysis.scores.len(),
        start.elapsed().as_secs_f64(),
        analysis.nodes
    );
    let start = Instant::now();
    let solved = search::solve(board, &search::never).expect("never stopped");
    println!(
        "solve {:+} {} {:.3}",
        solved.score,
        solved.nodes,
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
