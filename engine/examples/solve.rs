//! Solves endgame positions exactly and prints the figures.
//!
//! `cargo run --release -p outflank-engine --example solve -- FILE [ID ...]`
//!
//! FILE is in the format of `../shared/data/ffo-01-39.txt`; with IDs, only those positions.
//! Prints `id score best_move nodes seconds` per position (a mismatch with the file's
//! score or best moves is flagged), then `total <positions> <seconds> <nodes>`.

use std::process::ExitCode;
use std::time::Instant;

use outflank_engine::{ffo, search, Square};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: solve FILE [ID ...]");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("solve: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let problems = match ffo::parse(&text) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("solve: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let wanted = &args[1..];
    let (mut total_secs, mut total_nodes, mut count, mut wrong) = (0.0, 0u64, 0, 0);
    for problem in problems.iter().filter(|p| wanted.is_empty() || wanted.contains(&p.id)) {
        let t = Instant::now();
        let solved = search::solve(problem.board(), &search::never).expect("never stopped");
        let secs = t.elapsed().as_secs_f64();
        let best = solved.best.map(|sq| Square::from_index(sq, 8));
        let ok = solved.score == problem.score && best.is_none_or(|b| problem.best_moves.contains(&b));
        let shown = best.map_or("pass".to_string(), |b| b.to_string());
        println!(
            "{} {:+} {} {} {:.3}{}",
            problem.id,
            solved.score,
            shown,
            solved.nodes,
            secs,
            if ok { "" } else { "  MISMATCH" }
        );
        total_secs += secs;
        total_nodes += solved.nodes;
        count += 1;
        wrong += usize::from(!ok);
    }
    println!("total {count} {total_secs:.3} {total_nodes}");
    if wrong > 0 {
        eprintln!("solve: {wrong} position(s) disagree with {file}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
