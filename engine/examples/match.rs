//! The strength check: two levels play each other from varied openings, each opening
//! twice (both colours), and the score is printed (the same as `outflank match`).
//!
//! `cargo run --release -p outflank-engine --example match -- <level A> <level B> [pairs] [seed]`
//!
//! Prints one line per game (`opening a-colour result`), then
//! `match A B: wins W draws D losses L (points P of N) disc difference +X`.

use std::process::ExitCode;
use std::time::Instant;

use outflank_engine::search::{arena, Level};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number =
        |k: usize, default: u64| args.get(k).map_or(Some(default), |s| s.parse::<u64>().ok());
    let level = |k: usize| {
        args.get(k)
            .and_then(|s| s.parse::<u8>().ok())
            .and_then(|l| Level::new(l).ok())
    };
    let (Some(a), Some(b), Some(pairs), Some(seed)) =
        (level(0), level(1), number(2, 10), number(3, 1))
    else {
        eprintln!("usage: match <level A 1-11> <level B 1-11> [pairs=10] [seed=1]");
        return ExitCode::from(2);
    };
    let t = Instant::now();
    let openings = arena::openings(pairs as usize, 6, seed);
    let score = arena::run_match(a, b, &openings, seed, |game, _| println!("{game}"));
    println!("{}", score.summary(a, b, t.elapsed().as_secs_f64()));
    ExitCode::SUCCESS
}
