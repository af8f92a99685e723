//! Solves endgame positions exactly and prints the figures (the same as `outflank solve`).
//!
//! `cargo run --release -p outflank-engine --example solve -- FILE [ID ...] [--threads N]`
//! (with N above 1, the threads share one table and split the work below the root; built for
//! wasm32-wasip1-threads, they run in Node through `tests/wasi-run.mjs`)
//!
//! FILE is in the format of `../shared/data/ffo-01-39.txt`; with IDs, only those positions.
//! Prints `id score best_move nodes seconds` per position (a mismatch with the file's
//! score or best moves is flagged), then `total <positions> <seconds> <nodes>`.

use std::process::ExitCode;

use outflank_engine::{ffo, report};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: solve FILE [ID ...]");
        return ExitCode::from(2);
    };
    let problems = match std::fs::read_to_string(file)
        .map_err(|e| e.to_string())
        .and_then(|t| ffo::parse(&t).map_err(|e| e.to_string()))
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("solve: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut threads = 1;
    let mut wanted = Vec::new();
    let mut rest = args[1..].iter();
    while let Some(arg) = rest.next() {
        if arg == "--threads" {
            match rest
                .next()
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|n| (1..=64).contains(n))
            {
                Some(n) => threads = n,
                None => {
                    eprintln!("solve: --threads needs a number from 1 to 64");
                    return ExitCode::from(2);
                }
            }
        } else {
            wanted.push(arg.clone());
        }
    }
    let chosen: Vec<_> = problems
        .into_iter()
        .filter(|p| wanted.is_empty() || wanted.contains(&p.id))
        .collect();
    match report::solve(&mut std::io::stdout().lock(), &chosen, threads) {
        Ok(0) => ExitCode::SUCCESS,
        Ok(wrong) => {
            eprintln!("solve: {wrong} position(s) disagree with {file}");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("solve: {e}");
            ExitCode::FAILURE
        }
    }
}
